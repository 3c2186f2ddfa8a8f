package dev.parrow.arrow.internal;

import dev.parrow.codec.values.DenseValues;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes one batch of a leaf column into an Arrow vector: slot i is present when {@code defs[i]} equals
 * {@code maxDef} (every slot when {@code defs} is null), and present slots take the dense values in order.
 * The vector is reallocated for {@code rows} slots and its value count set.
 */
public interface VectorFiller {
  void fill(FieldVector vector, int rows, int[] defs, int maxDef, DenseValues values);
}
