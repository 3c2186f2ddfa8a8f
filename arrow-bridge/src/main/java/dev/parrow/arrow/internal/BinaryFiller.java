package dev.parrow.arrow.internal;

import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * BYTE_ARRAY into Utf8 or Binary: all value bytes in one bulk copy, then the offsets (a null slot
 * repeats the previous offset).
 */
final class BinaryFiller implements VectorFiller {
  private int[] spread = new int[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) vector;
    BinaryValues src = (BinaryValues) values;
    int bytes = src.byteLength();
    Buffers.allocate(v, bytes, rows);
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    v.getDataBuffer().setBytes(0, src.bytes(), 0, bytes);
    if (present == rows) {
      Buffers.putInts(v.getOffsetBuffer(), src.offsets(), rows + 1);
    } else {
      // Spread in an array, then one bulk copy: a bounds-checked buffer write per slot is slower.
      spread = Spread.ensure(spread, rows + 1);
      Spread.offsets(src.offsets(), validity, rows, spread);
      Buffers.putInts(v.getOffsetBuffer(), spread, rows + 1);
    }
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
