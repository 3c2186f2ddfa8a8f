package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * INT96 timestamps (8 bytes of nanoseconds within the day, then a 4-byte Julian day, little-endian)
 * into Timestamp of the chosen unit. A value the unit cannot hold in 64 bits is an error that says
 * to choose a coarser unit.
 */
final class Int96Filler extends ConvertingFiller {

  private static final long JULIAN_EPOCH_DAY = 2_440_588L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private final TimeUnit unit;

  Int96Filler(TimeUnit unit) {
    super(8);
    this.unit = unit;
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    ByteBuffer src =
        ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    for (int j = 0; j < present; j++) {
      long nanosOfDay = src.getLong(j * 12);
      long day = src.getInt(j * 12 + 8) - JULIAN_EPOCH_DAY;
      Spread.put(out, j, 8, convert(day, nanosOfDay));
    }
  }

  private long convert(long epochDay, long nanosOfDay) {
    try {
      return switch (unit) {
        case NANOSECOND -> Math.addExact(Math.multiplyExact(epochDay, NANOS_PER_DAY), nanosOfDay);
        case MICROSECOND ->
            Math.addExact(
                Math.multiplyExact(epochDay, NANOS_PER_DAY / 1_000),
                Math.floorDiv(nanosOfDay, 1_000L));
        case MILLISECOND ->
            Math.addExact(
                Math.multiplyExact(epochDay, NANOS_PER_DAY / 1_000_000),
                Math.floorDiv(nanosOfDay, 1_000_000L));
        case SECOND ->
            Math.addExact(
                Math.multiplyExact(epochDay, 86_400L), Math.floorDiv(nanosOfDay, 1_000_000_000L));
      };
    } catch (ArithmeticException e) {
      throw new ParquetFormatException(
          "INT96 timestamp (day "
              + epochDay
              + " from 1970) is outside the "
              + unit
              + " range of 64 bits: read it with ReadOptions.int96Unit(MICROSECOND or MILLISECOND)"
              + " (--int96-unit in the CLI)");
    }
  }
}
