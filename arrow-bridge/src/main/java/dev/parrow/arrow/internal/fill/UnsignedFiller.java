package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;

/**
 * Unsigned 32- and 64-bit integers widened for consumers with no unsigned types
 * (TypeOptions.unsignedAsSigned): UINT_32 as Int64 (zero-extended), UINT_64 as Decimal(20, 0) (the
 * low 8 bytes the value, the high 8 zero). UINT_8 and UINT_16 need no filler of their own: their
 * stored int32 already holds the value, which the signed filler of the wider type copies.
 */
final class UnsignedFiller extends ConvertingFiller {
  private static final java.lang.invoke.VarHandle LONG_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  /** UINT_32 into an 8-byte Int64 vector. */
  static UnsignedFiller int32AsInt64() {
    return new UnsignedFiller(8);
  }

  /** UINT_64 into a 16-byte Decimal128 vector. */
  static UnsignedFiller int64AsDecimal() {
    return new UnsignedFiller(16);
  }

  private UnsignedFiller(int width) {
    super(width);
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    if (width == 8) {
      int[] v = ((Int32Values) values).values();
      for (int j = 0; j < present; j++) {
        LONG_LE.set(out, j * 8, v[j] & 0xFFFFFFFFL);
      }
    } else {
      long[] v = ((Int64Values) values).values();
      for (int j = 0; j < present; j++) {
        LONG_LE.set(out, j * 16, v[j]);
        LONG_LE.set(out, j * 16 + 8, 0L);
      }
    }
  }
}
