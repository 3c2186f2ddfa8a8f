package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * BYTE_ARRAY values into Utf8View or BinaryView, as the ARROW:schema hint of an Arrow writer asks:
 * the batch's views (16 bytes each: the length, then up to 12 bytes inline, or a 4-byte prefix, the
 * data buffer's index and the offset) built in one array, the values' bytes as the one data buffer,
 * both loaded into the vector at once as IPC loads a batch.
 */
final class ViewFiller implements VectorFiller {
  private final boolean utf8;
  private byte[] views = new byte[0];

  ViewFiller(boolean utf8) {
    this.utf8 = utf8;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseVariableWidthViewVector v = (BaseVariableWidthViewVector) vector;
    BinaryValues src = (BinaryValues) values;
    if (utf8) {
      BinaryFiller.checkUtf8(src, present);
    }
    int[] offsets = src.offsets();
    byte[] bytes = src.bytes();
    views = Spread.ensure(views, rows * 16);
    java.util.Arrays.fill(views, 0, rows * 16, (byte) 0);
    ByteBuffer out = ByteBuffer.wrap(views).order(ByteOrder.LITTLE_ENDIAN);
    int j = 0;
    for (int row = 0; row < rows; row++) {
      if (!Spread.isSet(validity, row)) {
        continue;
      }
      int start = offsets[j];
      int length = offsets[j + 1] - start;
      int at = row * 16;
      out.putInt(at, length);
      if (length <= 12) {
        System.arraycopy(bytes, start, views, at + 4, length);
      } else {
        System.arraycopy(bytes, start, views, at + 4, 4);
        out.putInt(at + 8, 0).putInt(at + 12, start);
      }
      j++;
    }
    BufferAllocator allocator = v.getAllocator();
    int dataLength = offsets[present];
    try (ArrowBuf validityBuf = allocator.buffer(Math.max(1, (rows + 7) / 8));
        ArrowBuf viewBuf = allocator.buffer(Math.max(16, (long) rows * 16));
        ArrowBuf dataBuf = allocator.buffer(Math.max(1, dataLength))) {
      Buffers.validity(validityBuf, rows, validity);
      viewBuf.setBytes(0, views, 0, (long) rows * 16);
      dataBuf.setBytes(0, bytes, 0, dataLength);
      // IPC and the C Data Interface take a variadic data buffer's size from its writer index
      // (the vector sets the other buffers' own): unset, the values would be written as none.
      dataBuf.writerIndex(dataLength);
      // Loading retains the buffers; closing them here leaves the vector their only owner.
      v.loadFieldBuffers(
          new ArrowFieldNode(rows, rows - present), List.of(validityBuf, viewBuf, dataBuf));
    }
  }
}
