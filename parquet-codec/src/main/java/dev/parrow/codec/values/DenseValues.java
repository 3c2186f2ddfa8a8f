package dev.parrow.codec.values;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.schema.ColumnDescriptor;

/**
 * Non-null values of one physical type, densely, as decoders produce them and fillers consume them.
 * Buffers grow as needed and are reused between batches ({@link #clear}). Each kind owns its bulk
 * operations (append a range, gather by indices, compare a prefix), so no caller switches over
 * kinds.
 */
public sealed interface DenseValues
    permits BooleanValues,
        Int32Values,
        Int64Values,
        DirectFixedValues,
        FixedWidthValues,
        BinaryValues,
        DictionaryCodes {

  /** An empty buffer of the kind a column's values go into. */
  static DenseValues forColumn(ColumnDescriptor column) {
    return switch (column.physicalType()) {
      case BOOLEAN -> new BooleanValues();
      case INT32, FLOAT -> new Int32Values();
      case INT64, DOUBLE -> new Int64Values();
      case INT96 -> new FixedWidthValues(12);
      case FIXED_LEN_BYTE_ARRAY -> new FixedWidthValues(column.typeLength());
      case BYTE_ARRAY -> new BinaryValues();
    };
  }

  int size();

  void clear();

  /** Appends values [from, from + n) of {@code source}, a buffer of the same kind. */
  void appendRange(DenseValues source, int from, int n);

  /**
   * Appends {@code source[indices[offset + j]]} for j below n: a gather by positions, or a take
   * from a dictionary. Indices are checked against the source's size.
   */
  void gather(DenseValues source, int[] indices, int offset, int n);

  /**
   * Whether this buffer's values are the first {@link #size} values of {@code other}, bit for bit.
   */
  boolean isPrefixOf(DenseValues other);

  static void checkIndex(int index, int size) {
    if (index < 0 || index >= size) {
      throw new ParquetFormatException(
          "dictionary index "
              + Integer.toUnsignedString(index)
              + " is out of range for a dictionary of "
              + size
              + " values");
    }
  }
}
