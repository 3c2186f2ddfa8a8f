package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INT32 annotated as an 8- or 16-bit integer, signed or not, into Int(8), Int(16), UInt1, UInt2. A
 * value outside the annotated range is an error (the file is wrong), never silently truncated.
 */
final class NarrowIntFiller implements VectorFiller {
  private byte[] narrow = new byte[0];
  private byte[] spread = new byte[0];

  private final int bytes;
  private final int min;
  private final int max;

  NarrowIntFiller(int bits, boolean signed) {
    this.bytes = bits / 8;
    this.min = signed ? -(1 << (bits - 1)) : 0;
    this.max = signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    int[] src = ((Int32Values) values).values();
    for (int j = 0; j < present; j++) {
      if (src[j] < min || src[j] > max) {
        throw new ParquetFormatException(
            "value "
                + src[j]
                + " is outside the range "
                + min
                + ".."
                + max
                + " of the column's "
                + (bytes * 8)
                + "-bit annotation");
      }
    }
    narrow = Spread.ensure(narrow, present * bytes);
    for (int j = 0; j < present; j++) {
      Spread.put(narrow, j, bytes, src[j]);
    }
    spread = Spread.ensure(spread, rows * bytes);
    Spread.bytes(narrow, bytes, validity, rows, spread);
    v.getDataBuffer().setBytes(0, spread, 0, (long) rows * bytes);
    v.setValueCount(rows);
  }
}
