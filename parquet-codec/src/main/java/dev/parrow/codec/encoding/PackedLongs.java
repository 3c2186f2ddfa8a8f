package dev.parrow.codec.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Bit-packed unsigned values of 0 to 64 bits, least significant bit first, into longs: the
 * miniblocks of DELTA_BINARY_PACKED and the vectors of ALP.
 */
final class PackedLongs {
  private PackedLongs() {}

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Unpacks {@code count} values of {@code width} bits from {@code buf} at {@code pos} into {@code
   * out[0, count)}: 32 at a time through the width-specialised {@link BitUnpackers} where their
   * 8-byte loads stay inside the array, the rest one by one. Bytes from {@code end} on read as
   * zero; the caller has checked that the values' own bits lie before it.
   */
  static void unpack(byte[] buf, int pos, int end, long[] out, int count, int width) {
    if (width == 0) {
      java.util.Arrays.fill(out, 0, count, 0L);
      return;
    }
    int i = 0;
    for (; i + 32 <= count && pos + (i / 8 + 4) * width + 8 <= buf.length; i += 32) {
      BitUnpackers.unpack32(buf, pos + i / 8 * width, out, i, width);
    }
    long mask = width == 64 ? -1L : (1L << width) - 1;
    for (long bit = (long) pos * 8 + (long) i * width; i < count; i++, bit += width) {
      out[i] = bitsAt(buf, end, bit, width) & mask;
    }
  }

  /**
   * {@code width} bits starting at bit {@code bit} of the buffer, least significant first (higher
   * bits are left for the caller to mask). One unaligned load when it stays in the array, else byte
   * by byte.
   */
  private static long bitsAt(byte[] buf, int end, long bit, int width) {
    int index = (int) (bit >>> 3);
    int shift = (int) (bit & 7);
    if (shift + width <= 64 && index + 8 <= buf.length) {
      return (long) LONG_LE.get(buf, index) >>> shift;
    }
    long value = 0;
    int have = -shift;
    for (int k = 0; have < width; k++, have += 8) {
      int b = index + k < end ? buf[index + k] & 0xff : 0;
      value |= have >= 0 ? (long) b << have : (long) b >>> -have;
    }
    return value;
  }
}
