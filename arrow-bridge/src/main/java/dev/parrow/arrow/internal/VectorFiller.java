package dev.parrow.arrow.internal;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes one batch of a leaf column into an Arrow vector: slot i is present when {@code defs[i]} equals
 * {@code maxDef} (every slot when {@code defs} is null), and present slots take the dense values in order.
 * The vector is reallocated for {@code rows} slots and its value count set.
 */
public interface VectorFiller {
  void fill(FieldVector vector, int rows, int[] defs, int maxDef, DenseValues values);

  /** The buffer the column reader appends this leaf's values to. */
  default DenseValues newValues(ColumnDescriptor column) {
    return ColumnReader.newValues(column);
  }

  /** Called before a batch is read into {@code values}: a filler that decodes in place readies the vector. */
  default void prepare(FieldVector vector, int rows, DenseValues values) {}
}
