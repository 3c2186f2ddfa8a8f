package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Utf8;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * BYTE_ARRAY into Utf8 or Binary: all value bytes in one bulk copy (checked as UTF-8 for Utf8),
 * then the offsets (a null slot repeats the previous offset).
 */
public final class BinaryFiller implements VectorFiller {
  /** Whether the vector is Utf8 (or LargeUtf8): its values must be valid UTF-8. */
  private final boolean utf8;

  BinaryFiller(boolean utf8) {
    this.utf8 = utf8;
  }

  private int[] spread = new int[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BinaryValues src = (BinaryValues) values;
    if (utf8) {
      checkUtf8(src, present);
    }
    fill(
        (BaseVariableWidthVector) vector,
        rows,
        validity,
        src.bytes(),
        src.byteLength(),
        src.offsets(),
        present);
  }

  /**
   * Fills {@code v} from values back to back in {@code bytes} (the first {@code byteLength}), value
   * {@code i} from {@code offsets[i]} to {@code offsets[i + 1]}, {@code offsets[0]} being 0.
   */
  void fill(
      BaseVariableWidthVector v,
      int rows,
      byte[] validity,
      byte[] values,
      int byteLength,
      int[] offsets,
      int present) {
    Buffers.allocate(v, byteLength, rows);
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    v.getDataBuffer().setBytes(0, values, 0, byteLength);
    if (present == rows) {
      Buffers.putInts(v.getOffsetBuffer(), offsets, rows + 1);
    } else {
      // Spread in an array, then one bulk copy: a bounds-checked buffer write per slot is slower.
      spread = Spread.ensure(spread, rows + 1);
      Spread.offsets(offsets, validity, rows, spread);
      Buffers.putInts(v.getOffsetBuffer(), spread, rows + 1);
    }
    v.setLastSet(rows - 1);
    v.setValueCount(rows);
  }

  /** Fails on the first value that is not UTF-8: Arrow's Utf8 holds nothing else. */
  static void checkUtf8(BinaryValues values, int count) {
    int bad = Utf8.firstInvalid(values.bytes(), values.offsets(), count);
    if (bad >= 0) {
      throw new ParquetFormatException(
          "value "
              + bad
              + " of the batch's non-null values is not valid UTF-8, as a string column's must be");
    }
  }
}
