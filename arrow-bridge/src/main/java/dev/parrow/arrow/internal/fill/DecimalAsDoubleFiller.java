package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/** Decimals as Float64, when the caller asks for it (nanoparquet's mapping): the nearest double. */
final class DecimalAsDoubleFiller extends ConvertingFiller {

  private final int scale;

  DecimalAsDoubleFiller(int scale) {
    super(8);
    this.scale = scale;
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    for (int j = 0; j < present; j++) {
      BigInteger unscaled;
      if (values instanceof Int32Values ints) {
        unscaled = BigInteger.valueOf(ints.values()[j]);
      } else if (values instanceof Int64Values longs) {
        unscaled = BigInteger.valueOf(longs.values()[j]);
      } else if (values instanceof FixedWidthValues fixed) {
        int w = fixed.width();
        unscaled =
            w == 0
                ? BigInteger.ZERO
                : new BigInteger(Arrays.copyOfRange(fixed.bytes(), j * w, (j + 1) * w));
      } else {
        BinaryValues b = (BinaryValues) values;
        int start = b.offsets()[j];
        int end = b.offsets()[j + 1];
        unscaled =
            start == end
                ? BigInteger.ZERO
                : new BigInteger(Arrays.copyOfRange(b.bytes(), start, end));
      }
      double d = new BigDecimal(unscaled, scale).doubleValue();
      Spread.put(out, j, 8, Double.doubleToRawLongBits(d));
    }
  }
}
