package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A filler of a fixed-width vector whose values are converted from what the column stores: the
 * subclass writes the batch's present values, converted, densely as little-endian bytes of the
 * vector's width; this class spreads them into their slots ({@link Spread#bytes}) and copies the
 * batch into the vector at once.
 */
abstract class ConvertingFiller implements VectorFiller {
  /** Bytes of one value in the vector. */
  final int width;

  private byte[] dense = new byte[0];
  private byte[] spread = new byte[0];

  ConvertingFiller(int width) {
    this.width = width;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    dense = Spread.ensure(dense, present * width);
    convert(values, present, dense);
    if (present == rows) {
      // No nulls: the dense values are the slots already.
      v.getDataBuffer().setBytes(0, dense, 0, (long) rows * width);
    } else {
      spread = Spread.ensure(spread, rows * width);
      Spread.bytes(dense, width, validity, rows, spread);
      v.getDataBuffer().setBytes(0, spread, 0, (long) rows * width);
    }
    v.setValueCount(rows);
  }

  /**
   * Writes values [0, present) of {@code values}, converted, as dense values 0, 1, ... of {@code
   * out}.
   */
  abstract void convert(DenseValues values, int present, byte[] out);
}
