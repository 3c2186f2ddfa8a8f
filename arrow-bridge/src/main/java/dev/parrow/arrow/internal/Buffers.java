package dev.parrow.arrow.internal;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;

/** Allocation and bulk operations shared by the fillers. */
final class Buffers {
  private Buffers() {}

  /** Fresh buffers for {@code rows} slots, validity all unset. */
  static void allocate(BaseFixedWidthVector vector, int rows) {
    vector.clear();
    vector.allocateNew(Math.max(rows, 1));
    ArrowBuf validity = vector.getValidityBuffer();
    validity.setZero(0, validity.capacity());
  }

  static void allocate(BaseVariableWidthVector vector, long dataBytes, int rows) {
    vector.clear();
    vector.allocateNew(Math.max(dataBytes, 1), Math.max(rows, 1));
    ArrowBuf validity = vector.getValidityBuffer();
    validity.setZero(0, validity.capacity());
  }

  /**
   * Sets the validity bit of each present slot.
   *
   * @return how many slots are present
   */
  static int validity(ArrowBuf validity, int rows, int[] defs, int maxDef) {
    if (defs == null) {
      int fullBytes = rows >>> 3;
      validity.setOne(0, fullBytes);
      int rest = rows & 7;
      if (rest != 0) {
        validity.setByte(fullBytes, (1 << rest) - 1);
      }
      return rows;
    }
    int present = 0;
    for (int base = 0; base < rows; base += 8) {
      int bits = 0;
      int limit = Math.min(8, rows - base);
      for (int bit = 0; bit < limit; bit++) {
        if (defs[base + bit] == maxDef) {
          bits |= 1 << bit;
          present++;
        }
      }
      validity.setByte(base >>> 3, bits);
    }
    return present;
  }

  /** Copies ints into the buffer from byte 0, as little-endian, in one bulk operation. */
  static void putInts(ArrowBuf buffer, int[] values, int count) {
    buffer.nioBuffer(0, count * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(values, 0, count);
  }

  static void putLongs(ArrowBuf buffer, long[] values, int count) {
    buffer.nioBuffer(0, count * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(values, 0, count);
  }
}
