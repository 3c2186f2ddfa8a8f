package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/** BOOLEAN into Bool: values packed eight to a byte, like the validity bits. */
final class BooleanFiller implements VectorFiller {
  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BitVector v = (BitVector) vector;
    Buffers.prepare(v, rows, validity);
    byte[] src = ((BooleanValues) values).values();
    ArrowBuf data = v.getDataBuffer();
    data.setZero(0, data.capacity());
    int j = 0;
    for (int base = 0; base < rows; base += 8) {
      int bits = 0;
      int limit = Math.min(8, rows - base);
      for (int bit = 0; bit < limit; bit++) {
        if (validity == null || Bits.get(validity, base + bit)) {
          bits |= (src[j++] & 1) << bit;
        }
      }
      data.setByte(base >>> 3, bits);
    }
    v.setValueCount(rows);
  }
}
