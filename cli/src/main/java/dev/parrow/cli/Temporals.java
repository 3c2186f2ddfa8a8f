package dev.parrow.cli;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.apache.arrow.vector.types.TimeUnit;

/** Times and timestamps as text, for statistics and vector values alike. */
final class Temporals {
  private Temporals() {}

  private static long perSecond(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
  }

  /** {@code raw} units since the epoch. */
  static Instant instant(long raw, TimeUnit unit) {
    long per = perSecond(unit);
    return Instant.ofEpochSecond(
        Math.floorDiv(raw, per), Math.floorMod(raw, per) * (1_000_000_000L / per));
  }

  /**
   * A timestamp in ISO 8601 form that other tools parse, seconds always written: an instant
   * ("...Z") when the zone is UTC, a local date-time when there is none, else the date-time at its
   * offset in that zone ("+01:00"; the zone's name is in the column's type).
   */
  static String timestamp(long raw, TimeUnit unit, String zone) {
    Instant instant = instant(raw, unit);
    if (zone == null) {
      return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
          LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
    if (zone.equals("UTC") || zone.equals("Z") || zone.equals("+00:00")) {
      return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
    try {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
          instant.atZone(ZoneId.of(zone)).toOffsetDateTime());
    } catch (DateTimeException e) {
      return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
  }

  /**
   * {@code raw} units since midnight, reduced into one day in the stored unit (so nothing
   * overflows), seconds always written.
   */
  static String timeOfDay(long raw, TimeUnit unit) {
    long per = perSecond(unit);
    long ofDay = Math.floorMod(raw, 86_400L * per);
    return DateTimeFormatter.ISO_LOCAL_TIME.format(
        LocalTime.ofNanoOfDay(ofDay * (1_000_000_000L / per)));
  }
}
