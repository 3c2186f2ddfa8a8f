package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * FIXED_LEN_BYTE_ARRAY whose bytes are the Arrow layout as they are: FixedSizeBinary(n), and
 * FLOAT16 (two little-endian bytes) into Float2. A batch without nulls is one bulk copy.
 */
final class FixedBytesFiller implements VectorFiller {
  private byte[] spread = new byte[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    FixedWidthValues src = (FixedWidthValues) values;
    int width = src.width();
    if (present == rows) {
      v.getDataBuffer().setBytes(0, src.bytes(), 0, (long) rows * width);
    } else {
      spread = Spread.ensure(spread, rows * width);
      Spread.bytes(src.bytes(), width, validity, rows, spread);
      v.getDataBuffer().setBytes(0, spread, 0, (long) rows * width);
    }
    v.setValueCount(rows);
  }
}
