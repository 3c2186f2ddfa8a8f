package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * FIXED_LEN_BYTE_ARRAY whose bytes are the Arrow layout as they are: FixedSizeBinary(n), and FLOAT16
 * (two little-endian bytes) into Float2. A batch without nulls is one bulk copy.
 */
final class FixedBytesFiller implements VectorFiller {
  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    FixedWidthValues src = (FixedWidthValues) values;
    int width = src.width();
    ArrowBuf data = v.getDataBuffer();
    if (present == rows) {
      data.setBytes(0, src.bytes(), 0, (long) rows * width);
    } else {
      for (int i = 0, j = 0; i < rows; i++) {
        if (Bits.get(validity, i)) {
          data.setBytes((long) i * width, src.bytes(), j++ * width, width);
        }
      }
    }
    v.setValueCount(rows);
  }
}
