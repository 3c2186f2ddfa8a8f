package dev.parrow.codec.values;

import dev.parrow.codec.ParquetFormatException;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * INT32/FLOAT (width 4) or INT64/DOUBLE (width 8) values written straight into Arrow memory,
 * densely, in Parquet's little-endian layout: value j at byte j * width of the target (normally the
 * data buffer of the vector being filled). PLAIN pages land there in one bulk copy;
 * dictionary-encoded values are gathered in a Java array first and copied in bulk.
 */
public final class DirectFixedValues extends GrowableValues implements DenseValues {
  private final int width;
  private ArrowBuf target;
  private java.util.function.LongFunction<ArrowBuf> grow;
  private final Int32Values scratchInts = new Int32Values();
  private final Int64Values scratchLongs = new Int64Values();

  public DirectFixedValues(int width) {
    if (width != 4 && width != 8) {
      throw new IllegalArgumentException("width must be 4 or 8, not " + width);
    }
    this.width = width;
  }

  public int width() {
    return width;
  }

  /**
   * Where the next batch's values go, emptying this buffer. When more values come than fit, {@code
   * grow} is asked for a buffer of at least the given bytes that starts with the current one's
   * contents (a nested leaf's value count is known only once its records are read).
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
      throw new ParquetFormatException(
          "more values than the batch has room for (" + (size + n) + ")");
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
    appendInts(src, 0, n);
  }

  /** Appends {@code src[offset, offset + n)}, 4-byte values: one bulk copy. */
  public void appendInts(int[] src, int offset, int n) {
    long at = reserve(n);
    target.nioBuffer(at, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, offset, n);
    size += n;
  }

  /** Appends n 8-byte values from an array: one bulk copy. */
  public void appendLongs(long[] src, int n) {
    appendLongs(src, 0, n);
  }

  /** Appends {@code src[offset, offset + n)}, 8-byte values: one bulk copy. */
  public void appendLongs(long[] src, int offset, int n) {
    long at = reserve(n);
    target.nioBuffer(at, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(src, offset, n);
    size += n;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    if (source instanceof DirectFixedValues d) {
      long at = reserve(n);
      target.setBytes(at, d.target, (long) from * width, (long) n * width);
      size += n;
    } else if (width == 4) {
      long at = reserve(n);
      target
          .nioBuffer(at, n * 4)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asIntBuffer()
          .put(((Int32Values) source).values(), from, n);
      size += n;
    } else {
      long at = reserve(n);
      target
          .nioBuffer(at, n * 8)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asLongBuffer()
          .put(((Int64Values) source).values(), from, n);
      size += n;
    }
  }

  /**
   * Takes from a dictionary of Int32Values (width 4) or Int64Values (width 8), gathered in an
   * array, copied in bulk.
   */
  @Override
  public void gather(DenseValues dictionary, int[] indices, int offset, int n) {
    if (width == 4) {
      scratchInts.clear();
      scratchInts.gather(dictionary, indices, offset, n);
      appendRange(scratchInts, 0, n);
    } else {
      scratchLongs.clear();
      scratchLongs.gather(dictionary, indices, offset, n);
      appendRange(scratchLongs, 0, n);
    }
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    if (!(other instanceof DirectFixedValues o) || o.width != width || o.size < size) {
      return false;
    }
    for (long i = 0, bytes = (long) size * width; i < bytes; i++) {
      if (target.getByte(i) != o.target.getByte(i)) {
        return false;
      }
    }
    return true;
  }
}
