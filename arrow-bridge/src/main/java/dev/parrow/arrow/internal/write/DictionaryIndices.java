package dev.parrow.arrow.internal.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The dictionary ids at chosen slots of an Arrow index vector (Int8..Int64, signed or not), read
 * from its data buffer by the index width. An id outside [0, dictionary size) is an error naming
 * the field.
 */
public final class DictionaryIndices {
  private DictionaryIndices() {}

  /** {@code out[j]} = the index at slot {@code slots[j]} of {@code indices}, for j below n. */
  public static void read(FieldVector indices, int[] slots, int n, int[] out, int dictionarySize) {
    ArrowType.Int type = (ArrowType.Int) indices.getField().getType();
    ArrowBuf data = indices.getDataBuffer();
    boolean signed = type.getIsSigned();
    switch (type.getBitWidth()) {
      case 8 -> {
        for (int j = 0; j < n; j++) {
          byte b = data.getByte(slots[j]);
          out[j] = id(signed ? b : b & 0xff, indices, slots[j], dictionarySize);
        }
      }
      case 16 -> {
        for (int j = 0; j < n; j++) {
          short s = data.getShort((long) slots[j] * 2);
          out[j] = id(signed ? s : s & 0xffff, indices, slots[j], dictionarySize);
        }
      }
      case 32 -> {
        for (int j = 0; j < n; j++) {
          int v = data.getInt((long) slots[j] * 4);
          out[j] = id(signed ? v : Integer.toUnsignedLong(v), indices, slots[j], dictionarySize);
        }
      }
      default -> {
        for (int j = 0; j < n; j++) {
          long v = data.getLong((long) slots[j] * 8);
          // An unsigned id past 2^63 reads negative: out of range either way.
          out[j] = id(v, indices, slots[j], dictionarySize);
        }
      }
    }
  }

  private static int id(long v, FieldVector indices, int slot, int dictionarySize) {
    if (v < 0 || v >= dictionarySize) {
      throw new IllegalArgumentException(
          "field '"
              + indices.getName()
              + "' slot "
              + slot
              + ": dictionary index "
              + v
              + " outside a dictionary of "
              + dictionarySize);
    }
    return (int) v;
  }
}
