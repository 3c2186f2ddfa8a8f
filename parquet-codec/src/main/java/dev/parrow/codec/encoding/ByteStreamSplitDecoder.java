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

  /**
   * Values gathered for a destination in Arrow memory, a chunk at a time: small enough to stay in
   * the cache between the gather and the copy.
   */
  private static final int CHUNK = 1024;

  private int[] ints = new int[0];
  private long[] longs = new long[0];

  /** 4-byte values assembled from their four streams, gathered straight into an int array. */
  private void readInts(DenseValues out, int n) {
    if (out instanceof Int32Values values) {
      int at = values.reserve(n);
      gatherInts(values.values(), at, n);
      values.added(n);
      return;
    }
    DirectFixedValues direct = (DirectFixedValues) out;
    if (ints.length == 0) {
      ints = new int[CHUNK];
    }
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      gatherInts(ints, 0, m);
      direct.appendInts(ints, m);
    }
  }

  /**
   * The next n 4-byte values into {@code to[at, at + n)}: eight at a time from one 8-byte load per
   * stream ({@link #transpose4x8}), the rest byte by byte.
   */
  private void gatherInts(int[] to, int at, int n) {
    int s0 = start + next;
    int s1 = s0 + count;
    int s2 = s1 + count;
    int s3 = s2 + count;
    // Every load ends at or before value next + n of its stream, inside the page.
    int whole = n & ~7;
    for (int i = 0; i < whole; i += 8) {
      transpose4x8(
          (long) LONG.get(buf, s0 + i),
          (long) LONG.get(buf, s1 + i),
          (long) LONG.get(buf, s2 + i),
          (long) LONG.get(buf, s3 + i),
          to,
          at + i);
    }
    for (int i = whole; i < n; i++) {
      to[at + i] =
          (buf[s0 + i] & 0xff)
              | (buf[s1 + i] & 0xff) << 8
              | (buf[s2 + i] & 0xff) << 16
              | (buf[s3 + i] & 0xff) << 24;
    }
    next += n;
  }

  /** 8-byte values assembled from their eight streams, gathered straight into a long array. */
  private void readLongs(DenseValues out, int n) {
    if (out instanceof Int64Values values) {
      int at = values.reserve(n);
      gatherLongs(values.values(), at, n);
      values.added(n);
      return;
    }
    DirectFixedValues direct = (DirectFixedValues) out;
    if (longs.length == 0) {
      longs = new long[CHUNK];
    }
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      gatherLongs(longs, 0, m);
      direct.appendLongs(longs, m);
    }
  }

  /**
   * The next n 8-byte values into {@code to[at, at + n)}: eight at a time from one 8-byte load per
   * stream, the rest byte by byte.
   */
  private void gatherLongs(long[] to, int at, int n) {
    int s0 = start + next;
    int whole = n & ~7;
    for (int i = 0; i < whole; i += 8) {
      int p = s0 + i;
      // Row k holds byte k of eight values: the 8x8 byte matrix is transposed in three rounds
      // (4-byte blocks, then 2-byte, then single bytes swapped across the diagonal). Written out
      // here rather than in a method of its own, which would be too large for the JIT to inline.
      long r0 = (long) LONG.get(buf, p);
      long r1 = (long) LONG.get(buf, p + count);
      long r2 = (long) LONG.get(buf, p + 2 * count);
      long r3 = (long) LONG.get(buf, p + 3 * count);
      long r4 = (long) LONG.get(buf, p + 4 * count);
      long r5 = (long) LONG.get(buf, p + 5 * count);
      long r6 = (long) LONG.get(buf, p + 6 * count);
      long r7 = (long) LONG.get(buf, p + 7 * count);
      long t0 = (r0 & LOW_HALVES) | (r4 << 32);
      long t4 = (r0 >>> 32) | (r4 & ~LOW_HALVES);
      long t1 = (r1 & LOW_HALVES) | (r5 << 32);
      long t5 = (r1 >>> 32) | (r5 & ~LOW_HALVES);
      long t2 = (r2 & LOW_HALVES) | (r6 << 32);
      long t6 = (r2 >>> 32) | (r6 & ~LOW_HALVES);
      long t3 = (r3 & LOW_HALVES) | (r7 << 32);
      long t7 = (r3 >>> 32) | (r7 & ~LOW_HALVES);
      long u0 = (t0 & LOW_QUARTERS) | ((t2 & LOW_QUARTERS) << 16);
      long u2 = ((t0 >>> 16) & LOW_QUARTERS) | (t2 & ~LOW_QUARTERS);
      long u1 = (t1 & LOW_QUARTERS) | ((t3 & LOW_QUARTERS) << 16);
      long u3 = ((t1 >>> 16) & LOW_QUARTERS) | (t3 & ~LOW_QUARTERS);
      long u4 = (t4 & LOW_QUARTERS) | ((t6 & LOW_QUARTERS) << 16);
      long u6 = ((t4 >>> 16) & LOW_QUARTERS) | (t6 & ~LOW_QUARTERS);
      long u5 = (t5 & LOW_QUARTERS) | ((t7 & LOW_QUARTERS) << 16);
      long u7 = ((t5 >>> 16) & LOW_QUARTERS) | (t7 & ~LOW_QUARTERS);
      int o = at + i;
      to[o] = (u0 & LOW_BYTES) | ((u1 & LOW_BYTES) << 8);
      to[o + 1] = ((u0 >>> 8) & LOW_BYTES) | (u1 & ~LOW_BYTES);
      to[o + 2] = (u2 & LOW_BYTES) | ((u3 & LOW_BYTES) << 8);
      to[o + 3] = ((u2 >>> 8) & LOW_BYTES) | (u3 & ~LOW_BYTES);
      to[o + 4] = (u4 & LOW_BYTES) | ((u5 & LOW_BYTES) << 8);
      to[o + 5] = ((u4 >>> 8) & LOW_BYTES) | (u5 & ~LOW_BYTES);
      to[o + 6] = (u6 & LOW_BYTES) | ((u7 & LOW_BYTES) << 8);
      to[o + 7] = ((u6 >>> 8) & LOW_BYTES) | (u7 & ~LOW_BYTES);
    }
    for (int i = whole; i < n; i++) {
      int p = s0 + i;
      long v = 0;
      for (int k = 0; k < 8; k++, p += count) {
        v |= (long) (buf[p] & 0xff) << (8 * k);
      }
      to[at + i] = v;
    }
    next += n;
  }

  private static final java.lang.invoke.VarHandle LONG =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long LOW_HALVES = 0x00000000FFFFFFFFL;
  private static final long LOW_QUARTERS = 0x0000FFFF0000FFFFL;
  private static final long LOW_BYTES = 0x00FF00FF00FF00FFL;

  /**
   * Eight 4-byte values from four rows of eight bytes, row k holding byte k of each value: two 4x4
   * byte transposes side by side, in the rows' low and high halves.
   */
  static void transpose4x8(long r0, long r1, long r2, long r3, int[] out, int at) {
    long u0 = (r0 & LOW_QUARTERS) | ((r2 & LOW_QUARTERS) << 16);
    long u2 = ((r0 >>> 16) & LOW_QUARTERS) | (r2 & ~LOW_QUARTERS);
    long u1 = (r1 & LOW_QUARTERS) | ((r3 & LOW_QUARTERS) << 16);
    long u3 = ((r1 >>> 16) & LOW_QUARTERS) | (r3 & ~LOW_QUARTERS);
    long v0 = (u0 & LOW_BYTES) | ((u1 & LOW_BYTES) << 8);
    long v1 = ((u0 >>> 8) & LOW_BYTES) | (u1 & ~LOW_BYTES);
    long v2 = (u2 & LOW_BYTES) | ((u3 & LOW_BYTES) << 8);
    long v3 = ((u2 >>> 8) & LOW_BYTES) | (u3 & ~LOW_BYTES);
    out[at] = (int) v0;
    out[at + 1] = (int) v1;
    out[at + 2] = (int) v2;
    out[at + 3] = (int) v3;
    out[at + 4] = (int) (v0 >>> 32);
    out[at + 5] = (int) (v1 >>> 32);
    out[at + 6] = (int) (v2 >>> 32);
    out[at + 7] = (int) (v3 >>> 32);
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
