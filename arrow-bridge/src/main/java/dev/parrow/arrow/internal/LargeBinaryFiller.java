package dev.parrow.arrow.internal;

import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import java.nio.ByteOrder;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/** BYTE_ARRAY into LargeUtf8 or LargeBinary (8-byte offsets): the bytes in one copy, the offsets in bulk. */
final class LargeBinaryFiller implements VectorFiller {
  private long[] offsets = new long[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseLargeVariableWidthVector v = (BaseLargeVariableWidthVector) vector;
    BinaryValues src = (BinaryValues) values;
    int bytes = src.byteLength();
    if (v.getValueCapacity() < rows || v.getDataBuffer().capacity() < bytes || v.getOffsetBuffer().capacity() == 0) {
      v.clear();
      v.allocateNew(Math.max(bytes, 1), Math.max(rows, 1));
    }
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    v.getDataBuffer().setBytes(0, src.bytes(), 0, bytes);
    if (offsets.length < rows + 1) {
      offsets = new long[Math.max(rows + 1, offsets.length * 2)];
    }
    int[] dense = src.offsets();
    offsets[0] = 0;
    int j = 0;
    for (int i = 0; i < rows; i++) {
      j += validity == null ? 1 : (validity[i >>> 3] >>> (i & 7)) & 1;
      offsets[i + 1] = dense[j];
    }
    v.getOffsetBuffer().nioBuffer(0, (rows + 1) * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
        .put(offsets, 0, rows + 1);
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }
}
