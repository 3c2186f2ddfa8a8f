package dev.parrow.codec.values;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 validation of byte-array values, as Arrow's Utf8 type requires and the Parquet STRING
 * annotation promises: no overlong forms, no surrogates, nothing above U+10FFFF. All-ASCII data,
 * the common case, is checked eight bytes at a time; values are only walked one by one when a byte
 * above 0x7F turns up, since a character must not straddle two values.
 */
public final class Utf8 {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8() {}

  /**
   * The index of the first of {@code count} values (value i is bytes {@code [offsets[i], offsets[i
   * + 1])}) that is not valid UTF-8, or -1 when all are.
   */
  public static int firstInvalid(byte[] bytes, int[] offsets, int count) {
    if (count == 0 || isAscii(bytes, offsets[0], offsets[count])) {
      return -1;
    }
    for (int i = 0; i < count; i++) {
      if (!isValid(bytes, offsets[i], offsets[i + 1])) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isAscii(byte[] bytes, int from, int to) {
    int i = from;
    long any = 0;
    for (; i + 8 <= to; i += 8) {
      any |= (long) LONGS.get(bytes, i);
    }
    for (; i < to; i++) {
      any |= bytes[i];
    }
    return (any & HIGH_BITS) == 0;
  }

  /** Whether bytes {@code [from, to)} are valid UTF-8 (RFC 3629). */
  static boolean isValid(byte[] bytes, int from, int to) {
    int i = from;
    while (i < to) {
      int b = bytes[i] & 0xff;
      if (b < 0x80) {
        i++;
        continue;
      }
      int length;
      int min;
      int max = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        length = 2;
        min = 0x80;
      } else if (b >= 0xe0 && b <= 0xef) {
        length = 3;
        // E0 would be overlong below A0; ED would be a surrogate from A0.
        min = b == 0xe0 ? 0xa0 : 0x80;
        max = b == 0xed ? 0x9f : 0xbf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        length = 4;
        // F0 would be overlong below 90; F4 would pass U+10FFFF from 90.
        min = b == 0xf0 ? 0x90 : 0x80;
        max = b == 0xf4 ? 0x8f : 0xbf;
      } else {
        return false;
      }
      if (i + length > to) {
        return false;
      }
      int second = bytes[i + 1] & 0xff;
      if (second < min || second > max) {
        return false;
      }
      for (int k = 2; k < length; k++) {
        if ((bytes[i + k] & 0xc0) != 0x80) {
          return false;
        }
      }
      i += length;
    }
    return true;
  }
}
