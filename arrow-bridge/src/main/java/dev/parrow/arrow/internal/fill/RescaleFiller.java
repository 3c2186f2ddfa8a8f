package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.types.UnitRescale;

/**
 * Stored integers into a coarser or finer Arrow unit the hint asks for: timestamp milliseconds to
 * seconds and time milliseconds to seconds (divided, which must be exact: a writer that says
 * seconds stores whole seconds), date days to milliseconds (multiplied). Widths 4 or 8 on either
 * side.
 */
final class RescaleFiller extends ConvertingFiller {
  private final long multiplier;
  private final long divisor;

  /**
   * Reads the values {@code rule} stores back in the Arrow unit: the rule's factor the other way
   * round.
   */
  RescaleFiller(UnitRescale rule) {
    super(rule.arrowWidth());
    this.multiplier = rule.divisor();
    this.divisor = rule.multiplier();
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    int[] ints = values instanceof Int32Values i ? i.values() : null;
    long[] longs = values instanceof Int64Values l ? l.values() : null;
    for (int j = 0; j < present; j++) {
      long stored = ints != null ? ints[j] : longs[j];
      if (stored % divisor != 0) {
        throw new ParquetFormatException(
            "value "
                + stored
                + " is not a whole number of the unit ARROW:schema "
                + "gives the column; read it with ReadOptions.useArrowSchemaHint(false)"
                + " (--no-arrow-schema in the CLI)");
      }
      Spread.put(out, j, width, Math.multiplyExact(stored / divisor, multiplier));
    }
  }
}
