package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/** UNKNOWN (always null) columns into Null: only the count. */
final class NullFiller implements VectorFiller {
  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    ((NullVector) vector).setValueCount(rows);
  }
}
