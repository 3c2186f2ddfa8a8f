package dev.parrow.codec.values;

import dev.parrow.codec.ParquetFormatException;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * INT32/FLOAT (width 4) or INT64/DOUBLE (width 8) values written straight into Arrow memory, densely, in
 * Parquet's little-endian layout: value j at byte j * width of the target (normally the data buffer of
 * the vector being filled). PLAIN pages land there in one bulk copy; dictionary-encoded values are
 * gathered in a Java array first and copied in bulk.
 */
public final class DirectFixedValues extends GrowableValues implements DenseValues {
  private final int width;
  private ArrowBuf target;
  private java.util.function.LongFunction<ArrowBuf> grow;
  private int[] ints = new int[0];
  private long[] longs = new long[0];

  public DirectFixedValues(int width) {
    if (width != 4 && width != 8) {
      throw new IllegalArgumentException("width must be 4 or 8, not " + width);
    }
    this.width = width;
  }

  public int width() {
    return width;
  }

  /** Where the next batch's values go (from byte 0), emptying this buffer; the target does not grow. */
  public void target(ArrowBuf buffer) {
    target(buffer, null);
  }

  /**
   * Where the next batch's values go, emptying this buffer. When more values come than fit, {@code grow}
   * is asked for a buffer of at least the given bytes that starts with the current one's contents (a
   * nested leaf's value count is known only once its records are read).
   */
  public void target(ArrowBuf buffer, java.util.function.LongFunction<ArrowBuf> grow) {
    this.target = buffer;
    this.grow = grow;
    this.size = 0;
  }

  public ArrowBuf target() {
    return target;
  }

  /** Makes sure n more values fit the target; returns the byte offset to write them at. */
  public long reserve(int n) {
    long end = ((long) size + n) * width;
    if (target != null && end > target.capacity() && grow != null) {
      target = grow.apply(end);
    }
    if (target == null || end > target.capacity()) {
      throw new ParquetFormatException("more values than the batch has room for (" + (size + n) + ")");
    }
    return (long) size * width;
  }

  /** Appends n values from little-endian bytes: one bulk copy. */
  public void appendBytes(byte[] src, int offset, int n) {
    long at = reserve(n);
    target.setBytes(at, src, offset, (long) n * width);
    size += n;
  }

  /** Appends n 4-byte values from an array: one bulk copy. */
  public void appendInts(int[] src, int n) {
    long at = reserve(n);
    target.nioBuffer(at, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, 0, n);
    size += n;
  }

  /** Appends n 8-byte values from an array: one bulk copy. */
  public void appendLongs(long[] src, int n) {
    long at = reserve(n);
    target.nioBuffer(at, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(src, 0, n);
    size += n;
  }

  @Override
  public void appendFromDictionary(DenseValues dictionary, int[] indices, int offset, int n) {
    long at = reserve(n);
    if (width == 4) {
      int[] dict = ((Int32Values) dictionary).values();
      int dictSize = dictionary.size();
      if (ints.length < n) {
        ints = new int[n];
      }
      for (int i = 0; i < n; i++) {
        int index = indices[offset + i];
        if (index < 0 || index >= dictSize) {
          DenseValues.checkIndex(index, dictSize);
        }
        ints[i] = dict[index];
      }
      target.nioBuffer(at, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(ints, 0, n);
    } else {
      long[] dict = ((Int64Values) dictionary).values();
      int dictSize = dictionary.size();
      if (longs.length < n) {
        longs = new long[n];
      }
      for (int i = 0; i < n; i++) {
        int index = indices[offset + i];
        if (index < 0 || index >= dictSize) {
          DenseValues.checkIndex(index, dictSize);
        }
        longs[i] = dict[index];
      }
      target.nioBuffer(at, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(longs, 0, n);
    }
    size += n;
  }
}
