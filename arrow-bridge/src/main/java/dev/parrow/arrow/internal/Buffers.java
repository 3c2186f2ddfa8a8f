package dev.parrow.arrow.internal;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;

/** Allocation and bulk operations shared by the fillers. */
final class Buffers {
  private Buffers() {}

  /**
   * Buffers for {@code rows} slots, validity unset: the vector's own buffers when they are big enough
   * (the previous batch's, which the reader's contract lets it overwrite), else fresh ones. Reuse spares
   * the allocator and the zeroing of whole buffers on every batch.
   */
  static void allocate(BaseFixedWidthVector vector, int rows) {
    if (vector.getValueCapacity() < rows || vector.getDataBuffer().capacity() == 0) {
      vector.clear();
      vector.allocateNew(Math.max(rows, 1));
    }
    vector.getValidityBuffer().setZero(0, (rows + 7) / 8);
  }

  /** Buffers for {@code rows} slots with the validity of the batch set; returns how many are present. */
  static int prepare(BaseFixedWidthVector vector, int rows, int[] defs, int maxDef) {
    allocate(vector, rows);
    return validity(vector.getValidityBuffer(), rows, defs, maxDef);
  }

  static void allocate(BaseVariableWidthVector vector, long dataBytes, int rows) {
    if (vector.getValueCapacity() < rows || vector.getDataBuffer().capacity() < dataBytes
        || vector.getOffsetBuffer().capacity() == 0) {
      vector.clear();
      vector.allocateNew(Math.max(dataBytes, 1), Math.max(rows, 1));
    }
    vector.getValidityBuffer().setZero(0, (rows + 7) / 8);
  }

  /**
   * Sets the validity bit of each present slot.
   *
   * @return how many slots are present
   */
  static int validity(ArrowBuf validity, int rows, int[] defs, int maxDef) {
    if (defs == null) {
      int fullBytes = rows >>> 3;
      validity.setOne(0L, (long) fullBytes);
      int rest = rows & 7;
      if (rest != 0) {
        validity.setByte(fullBytes, (1 << rest) - 1);
      }
      return rows;
    }
    // Built in a Java array and copied once: a checked ArrowBuf write per byte costs more than the bits.
    byte[] bits = SCRATCH.get();
    int bytes = (rows + 7) >>> 3;
    if (bits.length < bytes) {
      bits = new byte[Math.max(bytes, bits.length * 2)];
      SCRATCH.set(bits);
    }
    int present = 0;
    int full = rows & ~7;
    for (int base = 0; base < full; base += 8) {
      int b = 0;
      for (int bit = 0; bit < 8; bit++) {
        int set = defs[base + bit] == maxDef ? 1 : 0;
        b |= set << bit;
        present += set;
      }
      bits[base >>> 3] = (byte) b;
    }
    if (full < rows) {
      int b = 0;
      for (int bit = 0; full + bit < rows; bit++) {
        int set = defs[full + bit] == maxDef ? 1 : 0;
        b |= set << bit;
        present += set;
      }
      bits[full >>> 3] = (byte) b;
    }
    validity.setBytes(0, bits, 0, bytes);
    return present;
  }

  /** Per thread: decode threads each build their own validity bytes. */
  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[8192]);

  /** Copies ints into the buffer from byte 0, as little-endian, in one bulk operation. */
  static void putInts(ArrowBuf buffer, int[] values, int count) {
    buffer.nioBuffer(0, count * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(values, 0, count);
  }

  static void putLongs(ArrowBuf buffer, long[] values, int count) {
    buffer.nioBuffer(0, count * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(values, 0, count);
  }
}
