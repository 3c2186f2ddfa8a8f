package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.types.UnitRescale;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Stored integers into a coarser or finer Arrow unit the hint asks for: timestamp milliseconds to
 * seconds and time milliseconds to seconds (divided, which must be exact: a writer that says
 * seconds stores whole seconds), date days to milliseconds (multiplied). Widths 4 or 8 on either
 * side.
 */
final class RescaleFiller implements VectorFiller {
  private final int outWidth;
  private final long multiplier;
  private final long divisor;
  private byte[] dense = new byte[0];
  private byte[] spread = new byte[0];

  /**
   * Reads the values {@code rule} stores back in the Arrow unit: the rule's factor the other way
   * round.
   */
  RescaleFiller(UnitRescale rule) {
    this.outWidth = rule.arrowWidth();
    this.multiplier = rule.divisor();
    this.divisor = rule.multiplier();
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    dense = Spread.ensure(dense, present * outWidth);
    int[] ints = values instanceof Int32Values i ? i.values() : null;
    long[] longs = values instanceof Int64Values l ? l.values() : null;
    for (int j = 0; j < present; j++) {
      long stored = ints != null ? ints[j] : longs[j];
      if (stored % divisor != 0) {
        throw new ParquetFormatException(
            "value "
                + stored
                + " is not a whole number of the unit ARROW:schema "
                + "gives the column; read it with ReadOptions.useArrowSchemaHint(false)");
      }
      Spread.put(dense, j, outWidth, Math.multiplyExact(stored / divisor, multiplier));
    }
    spread = Spread.ensure(spread, rows * outWidth);
    Spread.bytes(dense, outWidth, validity, rows, spread);
    v.getDataBuffer().setBytes(0, spread, 0, (long) rows * outWidth);
    v.setValueCount(rows);
  }
}
