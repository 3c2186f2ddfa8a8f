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
 * BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY: the values' k-th
 * bytes make the k-th of {@code width} streams. The page's value count follows from its length,
 * which must be a multiple of the width.
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
      throw new ParquetFormatException(
          "BYTE_STREAM_SPLIT data of "
              + (end - start)
              + " bytes is not a whole number "
              + "of "
              + width
              + "-byte values");
    }
    this.buf = buf;
    this.start = start;
    this.width = width;
    this.count = (end - start) / width;
  }

  private int[] ints = new int[0];
  private long[] longs = new long[0];

  /** 4-byte values assembled from their four streams (each read in order), then stored in bulk. */
  private void readInts(DenseValues out, int n) {
    if (ints.length < n) {
      ints = new int[n];
    }
    int s0 = start + next;
    int s1 = s0 + count;
    int s2 = s1 + count;
    int s3 = s2 + count;
    for (int i = 0; i < n; i++) {
      ints[i] =
          (buf[s0 + i] & 0xff)
              | (buf[s1 + i] & 0xff) << 8
              | (buf[s2 + i] & 0xff) << 16
              | (buf[s3 + i] & 0xff) << 24;
    }
    next += n;
    if (out instanceof DirectFixedValues direct) {
      direct.appendInts(ints, n);
    } else {
      Int32Values values = (Int32Values) out;
      int at = values.reserve(n);
      System.arraycopy(ints, 0, values.values(), at, n);
      values.added(n);
    }
  }

  /** 8-byte values assembled from their eight streams (each read in order), then stored in bulk. */
  private void readLongs(DenseValues out, int n) {
    if (longs.length < n) {
      longs = new long[n];
    }
    int s0 = start + next;
    for (int i = 0; i < n; i++) {
      int p = s0 + i;
      long v = 0;
      for (int k = 0; k < 8; k++, p += count) {
        v |= (long) (buf[p] & 0xff) << (8 * k);
      }
      longs[i] = v;
    }
    next += n;
    if (out instanceof DirectFixedValues direct) {
      direct.appendLongs(longs, n);
    } else {
      Int64Values values = (Int64Values) out;
      int at = values.reserve(n);
      System.arraycopy(longs, 0, values.values(), at, n);
      values.added(n);
    }
  }

  @Override
  public void read(DenseValues out, int n) {
    if (n > count - next) {
      throw new ParquetFormatException(
          "BYTE_STREAM_SPLIT holds "
              + (count - next)
              + " more values, not the "
              + n
              + " the page needs");
    }
    if (width == 4 && !(out instanceof FixedWidthValues)) {
      readInts(out, n);
      return;
    }
    if (width == 8 && !(out instanceof FixedWidthValues)) {
      readLongs(out, n);
      return;
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
      ByteBuffer.wrap(scratch, 0, bytes)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asIntBuffer()
          .get(ints.values(), at, n);
      ints.added(n);
    } else {
      Int64Values longs = (Int64Values) out;
      int at = longs.reserve(n);
      ByteBuffer.wrap(scratch, 0, bytes)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asLongBuffer()
          .get(longs.values(), at, n);
      longs.added(n);
    }
  }
}
