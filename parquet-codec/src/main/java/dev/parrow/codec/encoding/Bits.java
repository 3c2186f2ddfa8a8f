package dev.parrow.codec.encoding;

import java.util.Arrays;

/**
 * Bit operations on little-endian bitmaps (bit i is bit i % 8 of byte i / 8), whose bits start at
 * zero.
 */
public final class Bits {
  private Bits() {}

  public static boolean get(byte[] bitmap, int bit) {
    return (bitmap[bit >>> 3] & (1 << (bit & 7))) != 0;
  }

  public static void set(byte[] bitmap, int bit) {
    bitmap[bit >>> 3] |= (byte) (1 << (bit & 7));
  }

  /**
   * Sets bits {@code [from, from + count)}. A range of up to 64 bits (a run of present values
   * between two nulls, typically) is one word ORed in where the bitmap holds it.
   */
  public static void setRange(byte[] bitmap, int from, int count) {
    if (count <= 64 && holdsWord(bitmap, from)) {
      if (count > 0) {
        putLong(bitmap, from, -1L >>> (64 - count));
      }
      return;
    }
    int end = from + count;
    int bit = from;
    while (bit < end && (bit & 7) != 0) {
      set(bitmap, bit++);
    }
    int fullEnd = end & ~7;
    if (bit < fullEnd) {
      Arrays.fill(bitmap, bit >>> 3, fullEnd >>> 3, (byte) 0xff);
      bit = fullEnd;
    }
    while (bit < end) {
      set(bitmap, bit++);
    }
  }

  /** ORs the eight bits of {@code b} in at bit {@code at}, which need not be byte-aligned. */
  public static void putByte(byte[] bitmap, int at, int b) {
    int shift = at & 7;
    int index = at >>> 3;
    if (shift == 0) {
      bitmap[index] |= (byte) b;
    } else {
      bitmap[index] |= (byte) (b << shift);
      bitmap[index + 1] |= (byte) (b >>> (8 - shift));
    }
  }

  /**
   * ORs the 64 bits of {@code w} in at bit {@code at}, which need not be byte-aligned; the bitmap
   * must reach bit {@code at + 63} ({@link #holdsWord}).
   */
  public static void putLong(byte[] bitmap, int at, long w) {
    int shift = at & 7;
    int index = at >>> 3;
    LONGS.set(bitmap, index, (long) LONGS.get(bitmap, index) | (w << shift));
    if (shift != 0) {
      bitmap[index + 8] |= (byte) (w >>> (64 - shift));
    }
  }

  /** Whether {@code bitmap} reaches bit {@code at + 63}, so that {@link #putLong} fits. */
  public static boolean holdsWord(byte[] bitmap, int at) {
    return (at + 71) >>> 3 <= bitmap.length;
  }

  /** The bits needed for values 0..max (0 for max 0): the width of levels and dictionary ids. */
  public static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /**
   * The first eight bytes of {@code b[start, start + length)}, little-endian, zero past its end:
   * one load where eight bytes can be read. Reversed, it is the range's first word in unsigned byte
   * order.
   */
  public static long firstWord(byte[] b, int start, int length) {
    if (length >= 8) {
      return (long) LONGS.get(b, start);
    }
    if (length == 0) {
      return 0;
    }
    if (start + 8 <= b.length) {
      return (long) LONGS.get(b, start) & (-1L >>> (64 - 8 * length));
    }
    long w = 0;
    for (int k = 0; k < length; k++) {
      w |= (b[start + k] & 0xffL) << (8 * k);
    }
    return w;
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
}
