package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * FIXED_LEN_BYTE_ARRAY values into a Binary vector (TypeOptions.fixedSizeBinaryAsBinary): the
 * batch's values, back to back already, are filled as byte arrays in place, with offsets of one
 * width each.
 */
final class FixedAsBinaryFiller implements VectorFiller {
  private final BinaryFiller binary = new BinaryFiller(false);

  /** Offsets 0, w, 2w, ...: the same for every batch of the column, grown as batches need. */
  private int[] offsets = new int[0];

  private int offsetsWidth;

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    FixedWidthValues fixed = (FixedWidthValues) values;
    int width = fixed.width();
    if (offsets.length < present + 1 || offsetsWidth != width) {
      offsets = new int[Math.max(present + 1, offsets.length)];
      for (int j = 0; j < offsets.length; j++) {
        offsets[j] = j * width;
      }
      offsetsWidth = width;
    }
    binary.fill(
        (BaseVariableWidthVector) vector,
        rows,
        validity,
        fixed.bytes(),
        present * width,
        offsets,
        present);
  }
}
