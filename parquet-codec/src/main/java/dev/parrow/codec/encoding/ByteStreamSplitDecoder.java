package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY: the values' k-th bytes
 * make the k-th of {@code width} streams. The page's value count follows from its length, which must be
 * a multiple of the width.
 */
public final class ByteStreamSplitDecoder implements ValuesDecoder {
  private final byte[] buf;
  private final int start;
  private final int width;
  private final int count;
  private int next;
  private byte[] scratch = new byte[0];

  public ByteStreamSplitDecoder(byte[] buf, int start, int end, int width) {
    if (width <= 0) {
      throw new ParquetFormatException("BYTE_STREAM_SPLIT of " + width + "-byte values");
    }
    if ((end - start) % width != 0) {
      throw new ParquetFormatException("BYTE_STREAM_SPLIT data of " + (end - start) + " bytes is not a whole number "
          + "of " + width + "-byte values");
    }
    this.buf = buf;
    this.start = start;
    this.width = width;
    this.count = (end - start) / width;
  }

  @Override
  public void read(DenseValues out, int n) {
    if (n > count - next) {
      throw new ParquetFormatException("BYTE_STREAM_SPLIT holds " + (count - next) + " more values, not the " + n
          + " the page needs");
    }
    int bytes = n * width;
    if (scratch.length < bytes) {
      scratch = new byte[bytes];
    }
    // Gather stream by stream: each pass reads one stream sequentially.
    for (int k = 0; k < width; k++) {
      int from = start + k * count + next;
      for (int i = 0; i < n; i++) {
        scratch[i * width + k] = buf[from + i];
      }
    }
    next += n;
    if (out instanceof DirectFixedValues direct) {
      direct.appendBytes(scratch, 0, n);
    } else if (out instanceof FixedWidthValues fixed) {
      int at = fixed.reserve(n);
      System.arraycopy(scratch, 0, fixed.bytes(), at, bytes);
      fixed.added(n);
    } else if (out instanceof Int32Values ints) {
      int at = ints.reserve(n);
      ByteBuffer.wrap(scratch, 0, bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(ints.values(), at, n);
      ints.added(n);
    } else {
      Int64Values longs = (Int64Values) out;
      int at = longs.reserve(n);
      ByteBuffer.wrap(scratch, 0, bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(longs.values(), at, n);
      longs.added(n);
    }
  }
}
