package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Stored integers into a coarser or finer Arrow unit the hint asks for: timestamp milliseconds to seconds
 * and time milliseconds to seconds (divided, which must be exact: a writer that says seconds stores whole
 * seconds), date days to milliseconds (multiplied). Widths 4 or 8 on either side.
 */
final class RescaleFiller implements VectorFiller {
  private final int outWidth;
  private final long multiplier;
  private final long divisor;
  private long[] spread = new long[0];
  private int[] narrow = new int[0];

  RescaleFiller(int outWidth, long multiplier, long divisor) {
    this.outWidth = outWidth;
    this.multiplier = multiplier;
    this.divisor = divisor;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    if (spread.length < rows) {
      spread = new long[Math.max(rows, spread.length * 2)];
    }
    int[] ints = values instanceof Int32Values i ? i.values() : null;
    long[] longs = values instanceof Int64Values l ? l.values() : null;
    for (int i = 0, j = 0; i < rows; i++) {
      if (validity != null && ((validity[i >>> 3] >>> (i & 7)) & 1) == 0) {
        spread[i] = 0;
        continue;
      }
      long stored = ints != null ? ints[j] : longs[j];
      j++;
      if (stored % divisor != 0) {
        throw new ParquetFormatException("value " + stored + " is not a whole number of the unit ARROW:schema "
            + "gives the column; read it with ReadOptions.useArrowSchemaHint(false)");
      }
      spread[i] = Math.multiplyExact(stored / divisor, multiplier);
    }
    if (outWidth == 8) {
      Buffers.putLongs(v.getDataBuffer(), spread, rows);
    } else {
      if (narrow.length < rows) {
        narrow = new int[spread.length];
      }
      for (int i = 0; i < rows; i++) {
        narrow[i] = (int) spread[i];
      }
      Buffers.putInts(v.getDataBuffer(), narrow, rows);
    }
    v.setValueCount(rows);
  }
}
