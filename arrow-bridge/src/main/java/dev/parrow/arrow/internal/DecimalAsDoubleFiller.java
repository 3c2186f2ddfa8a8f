package dev.parrow.arrow.internal;

import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/** Decimals as Float64, when the caller asks for it (nanoparquet's mapping): the nearest double. */
final class DecimalAsDoubleFiller implements VectorFiller {
  private byte[] dense = new byte[0];
  private byte[] spread = new byte[0];

  private final int scale;

  DecimalAsDoubleFiller(int scale) {
    this.scale = scale;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    dense = Spread.ensure(dense, present * 8);
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
      Spread.put(
          dense, j, 8, Double.doubleToRawLongBits(new BigDecimal(unscaled, scale).doubleValue()));
    }
    spread = Spread.ensure(spread, rows * 8);
    Spread.bytes(dense, 8, validity, rows, spread);
    v.getDataBuffer().setBytes(0, spread, 0, (long) rows * 8);
    v.setValueCount(rows);
  }
}
