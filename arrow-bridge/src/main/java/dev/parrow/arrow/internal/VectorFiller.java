package dev.parrow.arrow.internal;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes one batch of a leaf column into an Arrow vector: slot i is present when bit i of
 * {@code validity} is set (every slot when {@code validity} is null; {@code present} counts them), and
 * present slots take the dense values in order. The vector gets room for {@code rows} slots (unless
 * {@link #prepare} readied it) and its value count set.
 */
public interface VectorFiller {
  void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values);

  /** The buffer the column reader appends this leaf's values to. */
  default DenseValues newValues(ColumnDescriptor column) {
    return ColumnReader.newValues(column);
  }

  /** Called before a batch is read into {@code values}: a filler that decodes in place readies the vector. */
  default void prepare(FieldVector vector, int rows, DenseValues values) {}
}
