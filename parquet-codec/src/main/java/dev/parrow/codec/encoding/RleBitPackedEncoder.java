package dev.parrow.codec.encoding;

/**
 * Encodes ints with the RLE / bit-packing hybrid: a run of eight or more equal values becomes an
 * RLE run, everything else bit-packed groups of eight (the last group padded with zeros). Bytes go
 * straight into an array (no stream: this runs for every page's levels and dictionary ids).
 */
public final class RleBitPackedEncoder {
  private RleBitPackedEncoder() {}

  static final int MIN_RLE_RUN = 8;

  public static byte[] encode(int[] values, int offset, int count, int bitWidth) {
    ByteSink out = new ByteSink(0);
    encodeInto(values, offset, count, bitWidth, out);
    return out.toByteArray();
  }

  /**
   * {@link #encode} onto the end of {@code out}: a writer encodes its pages' levels and ids into
   * buffers it reuses, instead of two arrays a page.
   */
  public static void encodeInto(int[] values, int offset, int count, int bitWidth, ByteSink out) {
    // Room for everything bit-packed, plus headers: no growth in the worst case.
    out.reserve(
        (int)
            Math.min(Integer.MAX_VALUE - 16, ((long) count * bitWidth + 7) / 8 + count / 256 + 16));
    int i = offset;
    int end = offset + count;
    while (i < end) {
      int run = runLength(values, i, end);
      if (run >= MIN_RLE_RUN) {
        writeRun(out, values[i], run, bitWidth);
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
  }

  /**
   * {@link #encodeInto} of {@code count} copies of {@code value} (the same bytes), without an array
   * of them: the levels of a page whose entries are all present.
   */
  public static void encodeRunInto(int value, int count, int bitWidth, ByteSink out) {
    if (count < MIN_RLE_RUN) {
      // Too short for a run: one bit-packed group, as encodeInto writes it.
      int[] group = new int[count];
      java.util.Arrays.fill(group, value);
      encodeInto(group, 0, count, bitWidth, out);
      return;
    }
    writeRun(out, value, count, bitWidth);
  }

  /** An RLE run: its header, then the value in as few whole bytes as its bit width takes. */
  private static void writeRun(ByteSink out, int value, int count, int bitWidth) {
    writeUleb128(out, (long) count << 1);
    int byteWidth = (bitWidth + 7) / 8;
    for (int b = 0; b < byteWidth; b++) {
      out.writeByte(value >>> (8 * b));
    }
  }

  private static int runLength(int[] values, int from, int end) {
    int j = from + 1;
    while (j < end && values[j] == values[from]) {
      j++;
    }
    return j - from;
  }

  private static final java.lang.invoke.VarHandle INT_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private static void pack(ByteSink out, int[] values, int from, int to, int slots, int bitWidth) {
    // slots * bitWidth bits: a whole number of bytes, since slots is a multiple of eight.
    out.reserve(slots / 8 * bitWidth);
    byte[] b = out.array();
    int start = out.size();
    int at = start;
    if (bitWidth <= 8) {
      // A group of eight fits a long: bitWidth bytes of it (levels, small dictionaries).
      for (int g = from; g < from + slots; g += 8) {
        long group = 0;
        if (g + 8 <= to) {
          for (int j = 0; j < 8; j++) {
            group |= (values[g + j] & 0xffffffffL) << (j * bitWidth);
          }
        } else {
          // The last group, padded with zeros.
          for (int j = 0; g + j < to; j++) {
            group |= (values[g + j] & 0xffffffffL) << (j * bitWidth);
          }
        }
        for (int k = 0; k < bitWidth; k++) {
          b[at++] = (byte) (group >>> (8 * k));
        }
      }
      out.added(at - start);
      return;
    }
    long acc = 0;
    int bits = 0;
    // Four bytes at a time: a value adds at most 32 bits to fewer than 32 held.
    for (int k = from; k < to; k++) {
      acc |= (values[k] & 0xffffffffL) << bits;
      bits += bitWidth;
      if (bits >= 32) {
        INT_LE.set(b, at, (int) acc);
        at += 4;
        acc >>>= 32;
        bits -= 32;
      }
    }
    // The last group's padding slots are zeros.
    for (int k = to - from; k < slots; k++) {
      bits += bitWidth;
      if (bits >= 32) {
        INT_LE.set(b, at, (int) acc);
        at += 4;
        acc >>>= 32;
        bits -= 32;
      }
    }
    for (; bits > 0; bits -= 8) {
      b[at++] = (byte) acc;
      acc >>>= 8;
    }
    out.added(at - start);
  }

  private static void writeUleb128(ByteSink out, long value) {
    while ((value & ~0x7fL) != 0) {
      out.writeByte((int) ((value & 0x7f) | 0x80));
      value >>>= 7;
    }
    out.writeByte((int) value);
  }
}
