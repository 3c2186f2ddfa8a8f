package dev.parrow.arrow.internal;

import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * BYTE_ARRAY into Utf8 or Binary: all value bytes in one bulk copy, then the offsets (a null slot repeats
 * the previous offset).
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
    ArrowBuf offsets = v.getOffsetBuffer();
    int[] dense = src.offsets();
    if (present == rows) {
      Buffers.putInts(offsets, dense, rows + 1);
    } else {
      // Spread in an array, then one bulk copy: a bounds-checked buffer write per slot is slower.
      if (spread.length < rows + 1) {
        spread = new int[Math.max(rows + 1, spread.length * 2)];
      }
      spread[0] = 0;
      int j = 0;
      for (int i = 0; i < rows; i++) {
        j += (validity[i >>> 3] >>> (i & 7)) & 1;
        spread[i + 1] = dense[j];
      }
      Buffers.putInts(offsets, spread, rows + 1);
    }
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
