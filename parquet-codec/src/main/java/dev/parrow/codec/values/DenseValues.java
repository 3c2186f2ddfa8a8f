package dev.parrow.codec.values;

/**
 * Non-null values of one physical type, densely, as decoders produce them and fillers consume them.
 * Buffers grow as needed and are reused between batches ({@link #clear}).
 */
public sealed interface DenseValues
    permits BooleanValues, Int32Values, Int64Values, DirectFixedValues, FixedWidthValues, BinaryValues,
    DictionaryCodes {

  int size();

  void clear();

  /** Appends {@code dictionary[indices[offset + i]]} for i below n; indices are checked. */
  void appendFromDictionary(DenseValues dictionary, int[] indices, int offset, int n);

  static void checkIndex(int index, int dictionarySize) {
    if (index < 0 || index >= dictionarySize) {
      throw new dev.parrow.codec.ParquetFormatException("dictionary index " + Integer.toUnsignedString(index)
          + " is out of range for a dictionary of " + dictionarySize + " values");
    }
  }
}
