package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/** BOOLEAN into Bool: values packed eight to a byte, like the validity bits. */
final class BooleanFiller implements VectorFiller {
  private byte[] spread = new byte[0];

  /** One filler per leaf column, used by one thread at a time. */
  private byte[] bits = new byte[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BitVector v = (BitVector) vector;
    Buffers.prepare(v, rows, validity);
    spread = Spread.ensure(spread, rows);
    Spread.bytes(((BooleanValues) values).values(), 1, validity, rows, spread);
    // Every byte of the batch is built here in an array and copied once (no zeroing, no checked
    // writes).
    int bytes = (rows + 7) >>> 3;
    bits = Spread.ensure(bits, bytes);
    for (int base = 0; base < rows; base += 8) {
      int b = 0;
      int limit = Math.min(8, rows - base);
      for (int bit = 0; bit < limit; bit++) {
        b |= (spread[base + bit] & 1) << bit;
      }
      bits[base >>> 3] = (byte) b;
    }
    v.getDataBuffer().setBytes(0, bits, 0, bytes);
    v.setValueCount(rows);
  }
}
