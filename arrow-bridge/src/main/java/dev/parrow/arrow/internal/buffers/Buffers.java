package dev.parrow.arrow.internal.buffers;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;

/** Allocation and bulk operations shared by the fillers. */
public final class Buffers {
  private Buffers() {}

  /**
   * Buffers for {@code rows} slots, validity unset: the vector's own buffers when they are big
   * enough (the previous batch's, which the reader's contract lets it overwrite), else fresh ones.
   * Reuse spares the allocator and the zeroing of whole buffers on every batch.
   */
  public static void allocate(BaseFixedWidthVector vector, int rows) {
    if (vector.getValueCapacity() < rows || vector.getDataBuffer().capacity() == 0) {
      vector.clear();
      vector.allocateNew(Math.max(rows, 1));
    }
    vector.getValidityBuffer().setZero(0, (rows + 7) / 8);
  }

  /** Buffers for {@code rows} slots with the validity of the batch set. */
  public static void prepare(BaseFixedWidthVector vector, int rows, byte[] validity) {
    allocate(vector, rows);
    validity(vector.getValidityBuffer(), rows, validity);
  }

  public static void allocate(BaseVariableWidthVector vector, long dataBytes, int rows) {
    if (vector.getValueCapacity() < rows
        || vector.getDataBuffer().capacity() < dataBytes
        || vector.getOffsetBuffer().capacity() == 0) {
      vector.clear();
      vector.allocateNew(Math.max(dataBytes, 1), Math.max(rows, 1));
    }
    vector.getValidityBuffer().setZero(0, (rows + 7) / 8);
  }

  /** Copies the batch's validity bits into the vector's (all set when {@code validity} is null). */
  public static void validity(ArrowBuf buffer, int rows, byte[] validity) {
    int bytes = (rows + 7) >>> 3;
    if (validity != null) {
      buffer.setBytes(0, validity, 0, bytes);
      return;
    }
    int fullBytes = rows >>> 3;
    buffer.setOne(0L, (long) fullBytes);
    int rest = rows & 7;
    if (rest != 0) {
      buffer.setByte(fullBytes, (1 << rest) - 1);
    }
  }

  /** Copies ints into the buffer from byte 0, as little-endian, in one bulk operation. */
  public static void putInts(ArrowBuf buffer, int[] values, int count) {
    buffer
        .nioBuffer(0, count * 4)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asIntBuffer()
        .put(values, 0, count);
  }

  public static void putLongs(ArrowBuf buffer, long[] values, int count) {
    buffer
        .nioBuffer(0, count * 8)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asLongBuffer()
        .put(values, 0, count);
  }

  /** Copies {@code count} little-endian ints from byte 0 of the buffer into {@code into[at..]}. */
  public static void getInts(ArrowBuf buffer, int[] into, int at, int count) {
    buffer
        .nioBuffer(0, count * 4)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asIntBuffer()
        .get(into, at, count);
  }

  public static void getLongs(ArrowBuf buffer, long[] into, int at, int count) {
    buffer
        .nioBuffer(0, count * 8)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asLongBuffer()
        .get(into, at, count);
  }

  /**
   * Lets go of the buffers of any vector (at any depth) that someone else still holds: a consumer
   * that took a batch zero-copy (through the C Data Interface, say) keeps its buffers, and the next
   * batch is read into new ones instead of overwriting them. A vector nobody else holds keeps its
   * buffers for reuse. A nested vector's own buffers (validity, offsets) are new in every batch
   * (its reader loads them), so only its children's are looked at: letting go of a whole struct
   * because its validity was shared (as a read with {@code readAs} shares it) made every batch
   * allocate its children anew.
   */
  public static void releaseShared(org.apache.arrow.vector.FieldVector vector) {
    java.util.List<org.apache.arrow.vector.FieldVector> children = vector.getChildrenFromFields();
    if (children.isEmpty()) {
      if (heldElsewhere(vector.getFieldBuffers())) {
        vector.clear();
      }
      return;
    }
    for (org.apache.arrow.vector.FieldVector child : children) {
      releaseShared(child);
    }
  }

  /**
   * Whether a buffer of one vector has a reference besides the vector's own. Arrow allocates a
   * vector's validity and data (or offsets) as slices of one allocation, which share one reference
   * count, one for each slice: a count above the number of the vector's buffers on that allocation
   * is someone else's.
   */
  public static boolean heldElsewhere(java.util.List<ArrowBuf> buffers) {
    // getFieldBuffers, not getBuffers: the latter gives none for a vector whose value count is 0,
    // as every vector's is when a batch begins.
    for (ArrowBuf buf : buffers) {
      if (buf == null) {
        continue;
      }
      org.apache.arrow.memory.ReferenceManager manager = buf.getReferenceManager();
      int own = 0;
      for (ArrowBuf other : buffers) {
        if (other != null && other.getReferenceManager() == manager) {
          own++;
        }
      }
      if (manager.getRefCount() > own) {
        return true;
      }
    }
    return false;
  }
}
