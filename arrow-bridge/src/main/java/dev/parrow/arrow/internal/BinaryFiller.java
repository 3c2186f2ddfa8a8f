package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
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
      offsets.setInt(0, 0);
      for (int i = 0, j = 0; i < rows; i++) {
        if (Bits.get(validity, i)) {
          j++;
        }
        offsets.setInt((long) (i + 1) * 4, dense[j]);
      }
    }
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
