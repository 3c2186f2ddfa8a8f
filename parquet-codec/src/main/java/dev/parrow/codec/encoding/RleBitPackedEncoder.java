package dev.parrow.codec.encoding;

import java.io.ByteArrayOutputStream;

/**
 * Encodes ints with the RLE / bit-packing hybrid: a run of eight or more equal values becomes an RLE
 * run, everything else bit-packed groups of eight (the last group padded with zeros).
 */
public final class RleBitPackedEncoder {
  private RleBitPackedEncoder() {}

  static final int MIN_RLE_RUN = 8;

  public static byte[] encode(int[] values, int offset, int count, int bitWidth) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = offset;
    int end = offset + count;
    while (i < end) {
      int run = runLength(values, i, end);
      if (run >= MIN_RLE_RUN) {
        writeUleb128(out, (long) run << 1);
        int byteWidth = (bitWidth + 7) / 8;
        for (int b = 0; b < byteWidth; b++) {
          out.write(values[i] >>> (8 * b));
        }
        i += run;
        continue;
      }
      // Bit-pack groups of eight until a long run starts at a group boundary.
      int groupsStart = i;
      int groups = 0;
      while (i < end && (groups == 0 || runLength(values, i, end) < MIN_RLE_RUN) && groups < 63) {
        i = Math.min(i + 8, end);
        groups++;
      }
      writeUleb128(out, ((long) groups << 1) | 1);
      pack(out, values, groupsStart, i, groups * 8, bitWidth);
    }
    return out.toByteArray();
  }

  private static int runLength(int[] values, int from, int end) {
    int j = from + 1;
    while (j < end && values[j] == values[from]) {
      j++;
    }
    return j - from;
  }

  private static void pack(ByteArrayOutputStream out, int[] values, int from, int to, int slots, int bitWidth) {
    long acc = 0;
    int bits = 0;
    for (int k = 0; k < slots; k++) {
      long v = from + k < to ? values[from + k] & 0xffffffffL : 0;
      acc |= v << bits;
      bits += bitWidth;
      while (bits >= 8) {
        out.write((int) acc);
        acc >>>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) {
      out.write((int) acc);
    }
  }

  private static void writeUleb128(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7fL) != 0) {
      out.write((int) ((value & 0x7f) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }
}
