package dev.parrow.codec.encoding;

import java.io.ByteArrayOutputStream;

/**
 * Encodes INT32 or INT64 values as DELTA_BINARY_PACKED: blocks of 128 values in 4 miniblocks of 32,
 * deltas wrapping at the column's width (so INT32 bit widths never exceed 32, as the format
 * requires), the last miniblock padded, unused miniblocks' bit widths written as zero.
 */
public final class DeltaBinaryPackedEncoder {
  static final int BLOCK_SIZE = 128;
  static final int MINIBLOCKS = 4;
  static final int PER_MINIBLOCK = BLOCK_SIZE / MINIBLOCKS;

  private DeltaBinaryPackedEncoder() {}

  /**
   * Encodes {@code values[offset, offset + count)}; for INT32 they must be int values
   * (sign-extended).
   */
  public static byte[] encode(long[] values, int offset, int count, boolean int64) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeUleb128(out, BLOCK_SIZE);
    writeUleb128(out, MINIBLOCKS);
    writeUleb128(out, count);
    writeZigzag(out, count == 0 ? 0 : values[offset]);
    long[] deltas = new long[BLOCK_SIZE];
    for (int blockStart = 1; blockStart < count; blockStart += BLOCK_SIZE) {
      int n = Math.min(BLOCK_SIZE, count - blockStart);
      long min = Long.MAX_VALUE;
      for (int i = 0; i < n; i++) {
        long delta = values[offset + blockStart + i] - values[offset + blockStart + i - 1];
        deltas[i] = int64 ? delta : (int) delta;
        min = Math.min(min, deltas[i]);
      }
      writeZigzag(out, min);
      int[] widths = new int[MINIBLOCKS];
      for (int m = 0; m * PER_MINIBLOCK < n; m++) {
        long or = 0;
        for (int i = m * PER_MINIBLOCK; i < Math.min(n, (m + 1) * PER_MINIBLOCK); i++) {
          deltas[i] = relative(deltas[i], min, int64);
          or |= deltas[i];
        }
        widths[m] = 64 - Long.numberOfLeadingZeros(or);
      }
      for (int w : widths) {
        out.write(w);
      }
      for (int m = 0; m * PER_MINIBLOCK < n; m++) {
        pack(
            out,
            deltas,
            m * PER_MINIBLOCK,
            Math.min(n, (m + 1) * PER_MINIBLOCK),
            PER_MINIBLOCK,
            widths[m]);
      }
    }
    return out.toByteArray();
  }

  /** delta - min as an unsigned number of the column's width. */
  private static long relative(long delta, long min, boolean int64) {
    long r = delta - min;
    return int64 ? r : r & 0xffffffffL;
  }

  /**
   * Packs values[from, to) least significant bit first, padded with zeros to {@code slots} values.
   */
  private static void pack(
      ByteArrayOutputStream out, long[] values, int from, int to, int slots, int width) {
    if (width == 0) {
      return;
    }
    byte[] bytes = new byte[slots * width / 8];
    long bit = 0;
    for (int i = from; i < from + slots; i++, bit += width) {
      long v = i < to ? values[i] : 0;
      for (int b = 0; b < width; b++) {
        if (((v >>> b) & 1) != 0) {
          long at = bit + b;
          bytes[(int) (at >>> 3)] |= (byte) (1 << (at & 7));
        }
      }
    }
    out.writeBytes(bytes);
  }

  static void writeUleb128(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7fL) != 0) {
      out.write((int) ((value & 0x7f) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }

  private static void writeZigzag(ByteArrayOutputStream out, long value) {
    writeUleb128(out, (value << 1) ^ (value >> 63));
  }
}
