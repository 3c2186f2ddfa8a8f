package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * BYTE_ARRAY into LargeUtf8 or LargeBinary (8-byte offsets): the bytes in one copy, the offsets in
 * bulk.
 */
final class LargeBinaryFiller implements VectorFiller {
  /** Whether the vector is Utf8 (or LargeUtf8): its values must be valid UTF-8. */
  private final boolean utf8;

  LargeBinaryFiller(boolean utf8) {
    this.utf8 = utf8;
  }

  private int[] spread = new int[0];

  private long[] offsets = new long[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseLargeVariableWidthVector v = (BaseLargeVariableWidthVector) vector;
    BinaryValues src = (BinaryValues) values;
    if (utf8) {
      BinaryFiller.checkUtf8(src, present);
    }
    int bytes = src.byteLength();
    if (v.getValueCapacity() < rows
        || v.getDataBuffer().capacity() < bytes
        || v.getOffsetBuffer().capacity() == 0) {
      v.clear();
      v.allocateNew(Math.max(bytes, 1), Math.max(rows, 1));
    }
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    v.getDataBuffer().setBytes(0, src.bytes(), 0, bytes);
    spread = Spread.ensure(spread, rows + 1);
    Spread.offsets(src.offsets(), validity, rows, spread);
    offsets = Spread.ensure(offsets, rows + 1);
    for (int i = 0; i <= rows; i++) {
      offsets[i] = spread[i];
    }
    Buffers.putLongs(v.getOffsetBuffer(), offsets, rows + 1);
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
