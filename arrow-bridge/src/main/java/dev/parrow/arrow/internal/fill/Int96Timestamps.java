package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.values.Int96;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * INT96 timestamps ({@link Int96}) as a count of a unit from the epoch, truncated toward the past,
 * as read values and filters' statistics bounds both take them.
 */
public final class Int96Timestamps {
  private Int96Timestamps() {}

  /**
   * {@return the day of the value at {@code offset}, counted from 1970-01-01}
   *
   * @param values the values' bytes
   * @param offset where the value starts
   */
  public static long epochDay(byte[] values, int offset) {
    return Int96.julianDay(values, offset) - Int96.JULIAN_EPOCH_DAY;
  }

  /**
   * The value {@code epochDay} and {@code nanosOfDay} in {@code unit} from the epoch.
   *
   * @throws ArithmeticException when 64 bits do not hold it
   */
  public static long toUnits(TimeUnit unit, long epochDay, long nanosOfDay) {
    return switch (unit) {
      case NANOSECOND ->
          Math.addExact(Math.multiplyExact(epochDay, Int96.NANOS_PER_DAY), nanosOfDay);
      case MICROSECOND ->
          Math.addExact(
              Math.multiplyExact(epochDay, Int96.NANOS_PER_DAY / 1_000),
              Math.floorDiv(nanosOfDay, 1_000L));
      case MILLISECOND ->
          Math.addExact(
              Math.multiplyExact(epochDay, Int96.NANOS_PER_DAY / 1_000_000),
              Math.floorDiv(nanosOfDay, 1_000_000L));
      case SECOND ->
          Math.addExact(
              Math.multiplyExact(epochDay, 86_400L), Math.floorDiv(nanosOfDay, 1_000_000_000L));
    };
  }
}
