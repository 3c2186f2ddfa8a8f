package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int96;
import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * INT96 timestamps (8 bytes of nanoseconds within the day, then a 4-byte Julian day, little-endian)
 * into Timestamp of the chosen unit. A value the unit cannot hold in 64 bits is an error naming the
 * finest unit that holds it, or, when the caller asked for it on a nullable column, a null; it is
 * never wrapped.
 */
final class Int96Filler extends ConvertingFiller {

  private static final TimeUnit[] FINEST_FIRST = {
    TimeUnit.NANOSECOND, TimeUnit.MICROSECOND, TimeUnit.MILLISECOND, TimeUnit.SECOND
  };

  private final TimeUnit unit;
  private final boolean outOfRangeAsNull;

  /** The dense indices of this batch's values that did not fit (only with outOfRangeAsNull). */
  private int[] outOfRange = new int[0];

  private int outOfRangeCount;

  Int96Filler(TimeUnit unit, boolean outOfRangeAsNull) {
    super(8);
    this.unit = unit;
    this.outOfRangeAsNull = outOfRangeAsNull;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    outOfRangeCount = 0;
    super.fill(vector, rows, validity, present, values);
    if (outOfRangeCount > 0) {
      clearOutOfRange((BaseFixedWidthVector) vector, rows, validity);
    }
  }

  /** Makes the slots of the values that did not fit null (rare: one walk of the batch's rows). */
  private void clearOutOfRange(BaseFixedWidthVector vector, int rows, byte[] validity) {
    int next = 0;
    int dense = 0;
    for (int row = 0; row < rows && next < outOfRangeCount; row++) {
      if (!Spread.isSet(validity, row)) {
        continue;
      }
      if (dense == outOfRange[next]) {
        vector.setNull(row);
        vector.getDataBuffer().setLong((long) row * 8, 0L);
        next++;
      }
      dense++;
    }
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    byte[] src = ((FixedWidthValues) values).bytes();
    for (int j = 0; j < present; j++) {
      long nanosOfDay = Int96.nanosOfDay(src, j * Int96.WIDTH);
      long day = Int96Timestamps.epochDay(src, j * Int96.WIDTH);
      long converted;
      try {
        converted = Int96Timestamps.toUnits(unit, day, nanosOfDay);
      } catch (ArithmeticException e) {
        if (!outOfRangeAsNull) {
          throw outOfRange(day, nanosOfDay);
        }
        if (outOfRangeCount == outOfRange.length) {
          outOfRange = Arrays.copyOf(outOfRange, Math.max(16, outOfRangeCount * 2));
        }
        outOfRange[outOfRangeCount++] = j;
        converted = 0;
      }
      Spread.put(out, j, 8, converted);
    }
  }

  private ParquetFormatException outOfRange(long epochDay, long nanosOfDay) {
    TimeUnit fits = null;
    for (TimeUnit candidate : FINEST_FIRST) {
      try {
        Int96Timestamps.toUnits(candidate, epochDay, nanosOfDay);
        fits = candidate;
        break;
      } catch (ArithmeticException e) {
        // A coarser unit, then.
      }
    }
    return new ParquetFormatException(
        "INT96 timestamp (day "
            + epochDay
            + " from 1970) is outside the "
            + unit
            + " range of 64 bits: read it with ReadOptions.int96Unit("
            + fits
            + ") (--int96-unit "
            + fits.name().toLowerCase(java.util.Locale.ROOT)
            + " in the CLI), the finest unit that holds it, or read such values as null with"
            + " ReadOptions.int96OutOfRangeAsNull (--int96-out-of-range-null)");
  }
}
