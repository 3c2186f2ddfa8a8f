package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes one batch of a leaf column into an Arrow vector: slot i is present when bit i of {@code
 * validity} is set (every slot when {@code validity} is null; {@code present} counts them), and
 * present slots take the dense values in order. The vector gets room for {@code rows} slots (unless
 * {@link #prepare} readied it) and its value count set.
 */
public interface VectorFiller {
  void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values);

  /** The buffer the column reader appends this leaf's values to. */
  default DenseValues newValues(ColumnDescriptor column) {
    return DenseValues.forColumn(column);
  }

  /**
   * Called before a batch is read into {@code values}: a filler that decodes in place readies the
   * vector.
   */
  default void prepare(FieldVector vector, int rows, DenseValues values) {}

  /**
   * The dictionary vector this filler publishes the field's dictionary into, for a
   * dictionary-encoded field (the reader's, for the field's dictionary id); others ignore it.
   */
  default void dictionaryVector(FieldVector vector) {}

  /** A new column chunk begins. */
  default void startChunk() {}

  /**
   * The dictionary of the chunk the next values come from (null when it has none), given before
   * they are filled: a filler that keeps dictionary codes maps them through it.
   */
  default void chunkDictionary(DenseValues dictionary) {}
}
