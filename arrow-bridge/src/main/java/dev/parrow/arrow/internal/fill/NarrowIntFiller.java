package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;

/**
 * INT32 annotated as an 8- or 16-bit integer, signed or not, into Int(8), Int(16), UInt1, UInt2. A
 * value outside the annotated range is an error (the file is wrong), never silently truncated.
 */
final class NarrowIntFiller extends ConvertingFiller {

  private final int min;
  private final int max;

  NarrowIntFiller(int bits, boolean signed) {
    super(bits / 8);
    this.min = signed ? -(1 << (bits - 1)) : 0;
    this.max = signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1;
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
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
                + (width * 8)
                + "-bit annotation");
      }
      Spread.put(out, j, width, src[j]);
    }
  }
}
