package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.Arrays;

/**
 * Exact decimals into Decimal128 or Decimal256 (little-endian two's complement of 16 or 32 bytes):
 * from INT32 and INT64 unscaled values by sign extension, from FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY
 * big-endian two's complement by reversing and sign-extending. A value with more significant bytes
 * than the vector holds is an error.
 */
final class DecimalFiller extends ConvertingFiller {

  DecimalFiller(int bitWidth) {
    super(bitWidth / 8);
  }

  /** Little-endian longs in a byte array, 8 bytes at once. */
  private static final java.lang.invoke.VarHandle LONG_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    // The kind is tested once per batch, and INT32/INT64 values (decimals of up to 18 digits, the
    // common case) are written 8 bytes at a time.
    if (values instanceof Int32Values ints) {
      int[] v = ints.values();
      for (int j = 0; j < present; j++) {
        putLong(out, j * width, v[j]);
      }
    } else if (values instanceof Int64Values longs) {
      long[] v = longs.values();
      for (int j = 0; j < present; j++) {
        putLong(out, j * width, v[j]);
      }
    } else if (values instanceof FixedWidthValues fixed) {
      for (int j = 0; j < present; j++) {
        putBigEndian(out, j * width, fixed.bytes(), j * fixed.width(), fixed.width());
      }
    } else {
      BinaryValues binary = (BinaryValues) values;
      for (int j = 0; j < present; j++) {
        int start = binary.offsets()[j];
        putBigEndian(out, j * width, binary.bytes(), start, binary.offsets()[j + 1] - start);
      }
    }
  }

  /** The unscaled value, little-endian and sign-extended to the width, at {@code out[at]}. */
  private void putLong(byte[] out, int at, long value) {
    LONG_LE.set(out, at, value);
    long sign = value >> 63;
    for (int k = 8; k < width; k += 8) {
      LONG_LE.set(out, at + k, sign);
    }
  }

  /**
   * Big-endian two's complement bytes reversed and sign-extended to the width, at {@code out[at]}.
   */
  private void putBigEndian(byte[] out, int at, byte[] src, int start, int length) {
    if (length == 0) {
      Arrays.fill(out, at, at + width, (byte) 0);
      return;
    }
    byte sign = (byte) (src[start] < 0 ? -1 : 0);
    int skip = Math.max(0, length - width);
    for (int k = 0; k < skip; k++) {
      if (src[start + k] != sign) {
        throw new ParquetFormatException(
            "decimal value of " + length + " bytes does not fit in " + (width * 8) + " bits");
      }
    }
    if (skip > 0 && (src[start + skip] < 0 ? -1 : 0) != sign) {
      throw new ParquetFormatException(
          "decimal value of " + length + " bytes does not fit in " + (width * 8) + " bits");
    }
    int significant = length - skip;
    for (int k = 0; k < width; k++) {
      out[at + k] = k < significant ? src[start + length - 1 - k] : sign;
    }
  }
}
