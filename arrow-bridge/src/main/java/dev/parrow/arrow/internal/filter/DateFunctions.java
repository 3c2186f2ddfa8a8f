package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundExpression.Kind;
import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import dev.parrow.arrow.internal.filter.ExpressionEvaluator.Values;

/**
 * Computed filters' date and time functions: parts of dates, timestamps (in UTC) and times, from
 * their longs without objects, a batch at a time.
 */
final class DateFunctions {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private DateFunctions() {}

  /** The parts, resolved from a function's name once per batch rather than per row. */
  enum Part {
    YEAR,
    MONTH,
    DAY,
    QUARTER,
    DAYOFWEEK,
    ISODOW,
    DAYOFYEAR,
    WEEK,
    HOUR,
    MINUTE,
    SECOND,
    DATE;

    static Part of(String function) {
      return valueOf(function.toUpperCase(java.util.Locale.ROOT));
    }
  }

  static Values part(String function, Values v, ValueType type, int rows) {
    Part f = Part.of(function);
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    long unitsPerDay =
        type.kind() == Kind.DATE
            ? 1
            : type.kind() == Kind.NULL ? 1 : NANOS_PER_DAY / type.unitNanos();
    for (int i = 0; i < rows; i++) {
      if (!v.has(i)) {
        continue;
      }
      long x = v.longs[i];
      if (type.kind() == Kind.TIME) {
        out.longs[i] = timePart(f, x * type.unitNanos());
        continue;
      }
      long days = Math.floorDiv(x, unitsPerDay);
      long nanosOfDay =
          Math.floorMod(x, unitsPerDay) * (type.kind() == Kind.DATE ? 0 : type.unitNanos());
      out.longs[i] =
          switch (f) {
            case HOUR, MINUTE, SECOND -> timePart(f, nanosOfDay);
            case DATE -> days;
            default -> datePart(f, days);
          };
    }
    return out;
  }

  private static long timePart(Part f, long nanosOfDay) {
    return switch (f) {
      case HOUR -> nanosOfDay / 3_600_000_000_000L;
      case MINUTE -> nanosOfDay / 60_000_000_000L % 60;
      default -> nanosOfDay / 1_000_000_000L % 60;
    };
  }

  /** The civil date of a day number (Howard Hinnant's days_from_civil, inverted). */
  private static long datePart(Part f, long days) {
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long day = doy - (153 * mp + 2) / 5 + 1;
    long month = mp < 10 ? mp + 3 : mp - 9;
    long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    long dow = Math.floorMod(days + 4, 7); // 1970-01-01 was a Thursday; Sunday is 0
    return switch (f) {
      case YEAR -> year;
      case MONTH -> month;
      case DAY -> day;
      case QUARTER -> (month - 1) / 3 + 1;
      case DAYOFWEEK -> dow;
      case ISODOW -> dow == 0 ? 7 : dow;
      case DAYOFYEAR -> days - daysFromCivil(year, 1, 1) + 1;
      default -> isoWeek(days, year, dow == 0 ? 7 : dow);
    };
  }

  static long daysFromCivil(long y, long m, long d) {
    y -= m <= 2 ? 1 : 0;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146_097 + doe - 719_468;
  }

  /** ISO 8601's week: the week (Monday first) holding the year's first Thursday is week 1. */
  private static long isoWeek(long days, long year, long isodow) {
    long thursday = days - isodow + 4;
    long thursdayYear = datePart(Part.YEAR, thursday);
    return (thursday - daysFromCivil(thursdayYear, 1, 1)) / 7 + 1;
  }

  /**
   * date_trunc: each timestamp (in its unit, UTC) moved back to the start of its year, quarter,
   * month, ISO week (Monday), day, hour, minute or second.
   */
  static Values trunc(String to, Values v, ValueType type, int rows) {
    Part part = Part.of(to);
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    long unitsPerDay = NANOS_PER_DAY / type.unitNanos();
    long unitsPerSecond = 1_000_000_000L / type.unitNanos();
    for (int i = 0; i < rows; i++) {
      if (!v.has(i)) {
        continue;
      }
      long x = v.longs[i];
      long days = Math.floorDiv(x, unitsPerDay);
      long rest = Math.floorMod(x, unitsPerDay);
      switch (part) {
        case SECOND -> rest -= rest % unitsPerSecond;
        case MINUTE -> rest -= rest % (60 * unitsPerSecond);
        case HOUR -> rest -= rest % (3600 * unitsPerSecond);
        default -> {
          rest = 0;
          long year = datePart(Part.YEAR, days);
          long month = datePart(Part.MONTH, days);
          days =
              switch (part) {
                case DAY -> days;
                case WEEK -> days - (datePart(Part.ISODOW, days) - 1);
                case MONTH -> daysFromCivil(year, month, 1);
                case QUARTER -> daysFromCivil(year, (month - 1) / 3 * 3 + 1, 1);
                default -> daysFromCivil(year, 1, 1);
              };
        }
      }
      out.longs[i] = days * unitsPerDay + rest;
    }
    return out;
  }

  /**
   * A timestamp plus an interval of {@code months}, {@code days} and {@code units} (of its unit):
   * months first, a day past the new month's end taken back to its last day, then days, then time,
   * as DuckDB adds.
   */
  static Values shift(Values v, ValueType type, long[] interval, int rows, String filter) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    long unitsPerDay = NANOS_PER_DAY / type.unitNanos();
    long months = interval[0];
    long addDays = interval[1];
    long units = interval[2];
    for (int i = 0; i < rows; i++) {
      if (!v.has(i)) {
        continue;
      }
      long x = v.longs[i];
      long days = Math.floorDiv(x, unitsPerDay);
      long rest = Math.floorMod(x, unitsPerDay);
      if (months != 0) {
        long year = datePart(Part.YEAR, days);
        long month = datePart(Part.MONTH, days);
        long day = datePart(Part.DAY, days);
        long m = year * 12 + (month - 1) + months;
        long newYear = Math.floorDiv(m, 12);
        long newMonth = Math.floorMod(m, 12) + 1;
        long last =
            daysFromCivil(
                    newMonth == 12 ? newYear + 1 : newYear, newMonth == 12 ? 1 : newMonth + 1, 1)
                - daysFromCivil(newYear, newMonth, 1);
        days = daysFromCivil(newYear, newMonth, Math.min(day, last));
      }
      try {
        out.longs[i] =
            Math.addExact(
                Math.addExact(Math.multiplyExact(days + addDays, unitsPerDay), rest), units);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException(filter + " moves a timestamp past 64-bit integers");
      }
    }
    return out;
  }

  /**
   * date_diff: the years, quarters, months, days, hours, minutes or seconds boundaries between two
   * dates or timestamps of one type; weeks as whole seven days, as DuckDB counts them.
   */
  static Values diff(String to, Values a, Values b, ValueType type, int rows) {
    Part part = Part.of(to);
    Values out = new Values();
    out.present = ExpressionEvaluator.and(a.present, b.present);
    out.longs = new long[rows];
    long unitsPerDay = type.kind() == Kind.DATE ? 1 : NANOS_PER_DAY / type.unitNanos();
    long unitsPerSecond = type.kind() == Kind.DATE ? 0 : 1_000_000_000L / type.unitNanos();
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        continue;
      }
      long x = a.longs[i];
      long y = b.longs[i];
      long dx = Math.floorDiv(x, unitsPerDay);
      long dy = Math.floorDiv(y, unitsPerDay);
      out.longs[i] =
          switch (part) {
            case YEAR -> datePart(Part.YEAR, dy) - datePart(Part.YEAR, dx);
            case QUARTER ->
                datePart(Part.YEAR, dy) * 4
                    + datePart(Part.QUARTER, dy)
                    - datePart(Part.YEAR, dx) * 4
                    - datePart(Part.QUARTER, dx);
            case MONTH ->
                datePart(Part.YEAR, dy) * 12
                    + datePart(Part.MONTH, dy)
                    - datePart(Part.YEAR, dx) * 12
                    - datePart(Part.MONTH, dx);
            case WEEK -> (dy - dx) / 7;
            case DAY -> dy - dx;
            case HOUR ->
                Math.floorDiv(y, 3600 * unitsPerSecond) - Math.floorDiv(x, 3600 * unitsPerSecond);
            case MINUTE ->
                Math.floorDiv(y, 60 * unitsPerSecond) - Math.floorDiv(x, 60 * unitsPerSecond);
            default -> Math.floorDiv(y, unitsPerSecond) - Math.floorDiv(x, unitsPerSecond);
          };
    }
    return out;
  }
}
