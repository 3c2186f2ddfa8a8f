package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import org.apache.arrow.vector.FieldVector;

/**
 * FIXED_LEN_BYTE_ARRAY values into a Binary vector (TypeOptions.fixedSizeBinaryAsBinary): the
 * batch's values, back to back already, are given offsets of one width each and filled as byte
 * arrays.
 */
final class FixedAsBinaryFiller implements VectorFiller {
  private final BinaryFiller binary = new BinaryFiller(false);
  private final BinaryValues asBinary = new BinaryValues();

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    FixedWidthValues fixed = (FixedWidthValues) values;
    int width = fixed.width();
    asBinary.clear();
    int at = asBinary.reserveBytes(present * width);
    System.arraycopy(fixed.bytes(), 0, asBinary.bytes(), at, present * width);
    int[] offsets = asBinary.offsetsFor(present);
    for (int j = 0; j <= present; j++) {
      offsets[j] = j * width;
    }
    asBinary.added(present);
    binary.fill(vector, rows, validity, present, asBinary);
  }
}
