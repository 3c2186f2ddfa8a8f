package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;

/**
 * The deprecated BIT_PACKED level encoding: values packed back to back, most significant bit first,
 * with no header (its length follows from the value count).
 */
public final class MsbBitPackedDecoder implements IntDecoder {
  private final byte[] buf;
  private final int bitWidth;
  private long bitPos;
  private final long bitEnd;

  public MsbBitPackedDecoder(byte[] buf, int start, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ParquetFormatException("BIT_PACKED bit width " + bitWidth + " is outside 0..32");
    }
    this.buf = buf;
    this.bitWidth = bitWidth;
    this.bitPos = (long) start * 8;
    this.bitEnd = (long) end * 8;
  }

  /** Bytes that {@code count} values take. */
  public static int byteLength(long count, int bitWidth) {
    long bytes = (count * bitWidth + 7) / 8;
    return (int) Math.min(bytes, Integer.MAX_VALUE);
  }

  @Override
  public int read(int[] out, int offset, int n) {
    int done = 0;
    while (done < n && bitPos + bitWidth <= bitEnd) {
      int value = 0;
      for (int i = 0; i < bitWidth; i++) {
        int bit = (buf[(int) (bitPos >>> 3)] >>> (7 - (int) (bitPos & 7))) & 1;
        value = (value << 1) | bit;
        bitPos++;
      }
      out[offset + done++] = value;
    }
    return done;
  }
}
