package dev.parrow.arrow.filter;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.format.DateTimeParseException;
import java.time.temporal.Temporal;
import java.util.Locale;

/**
 * Constant arithmetic in a filter's literals, folded when the filter is parsed, as DuckDB computes
 * it: {@code +}, {@code -} and {@code *} of integers and decimals exactly, {@code /} as a double
 * (DuckDB's {@code /} is a float division), a date or timestamp plus or minus an interval or (a
 * date) a number of days. TPC-H's conditions are written so: {@code l_discount BETWEEN 0.06 - 0.01
 * AND 0.06 + 0.01}, {@code l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY}.
 */
final class LiteralArithmetic {
  private LiteralArithmetic() {}

  /**
   * A typed literal as written ({@code DATE '1995-01-01'}): left as its text, which the column's
   * type reads, unless arithmetic needs its value.
   */
  record Typed(String type, String text) {}

  /** An interval: months (years among them) and a duration (days, hours, ...). */
  record Interval(Period period, Duration duration) {}

  /** The value a literal stands for: a typed literal's text; an interval alone is an error. */
  static Object value(Object v) {
    if (v instanceof Typed t) {
      return t.text();
    }
    if (v instanceof Interval) {
      throw new IllegalArgumentException(
          "an interval is no value to compare with; add it to a date or timestamp");
    }
    return v;
  }

  /**
   * The value a literal stands for inside a computed expression, where no column's type reads it: a
   * typed literal as its Java value (LocalDate, LocalTime, LocalDateTime, or an Instant for a
   * timestamp with an offset).
   */
  static Object typedValue(Object v) {
    if (v instanceof Typed t) {
      Temporal at = temporal(t);
      return at instanceof OffsetDateTime o ? o.toInstant() : at;
    }
    return value(v);
  }

  static Object apply(Object left, char op, Object right) {
    if (left instanceof Interval && right instanceof Typed && op == '+') {
      return apply(right, op, left);
    }
    if (left instanceof Typed t && (op == '+' || op == '-')) {
      Temporal at = temporal(t);
      if (right instanceof Interval i) {
        return shift(at, i, op == '-');
      }
      if (at instanceof LocalDate d && isInteger(right)) {
        long days = ((Number) right).longValue();
        return new Typed("DATE", (op == '-' ? d.minusDays(days) : d.plusDays(days)).toString());
      }
    }
    if (isNumber(left) && isNumber(right)) {
      return numbers(left, op, right);
    }
    throw new IllegalArgumentException(
        "cannot compute " + describe(left) + " " + op + " " + describe(right));
  }

  private static boolean isInteger(Object v) {
    return v instanceof Long || v instanceof BigInteger;
  }

  private static boolean isNumber(Object v) {
    return isInteger(v) || v instanceof BigDecimal || v instanceof Double;
  }

  private static String describe(Object v) {
    if (v instanceof Typed t) {
      return t.type() + " '" + t.text() + "'";
    }
    if (v instanceof Interval) {
      return "an interval";
    }
    return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
  }

  private static Object numbers(Object a, char op, Object b) {
    if (op == '/' || a instanceof Double || b instanceof Double) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      return switch (op) {
        case '+' -> x + y;
        case '-' -> x - y;
        case '*' -> x * y;
        default -> x / y;
      };
    }
    BigDecimal x = decimal(a);
    BigDecimal y = decimal(b);
    BigDecimal r =
        switch (op) {
          case '+' -> x.add(y);
          case '-' -> x.subtract(y);
          default -> x.multiply(y);
        };
    if (isInteger(a) && isInteger(b)) {
      BigInteger i = r.toBigIntegerExact();
      return i.bitLength() < 64 ? (Object) i.longValueExact() : i;
    }
    return r;
  }

  private static BigDecimal decimal(Object v) {
    return v instanceof BigDecimal d
        ? d
        : v instanceof BigInteger i ? new BigDecimal(i) : BigDecimal.valueOf((Long) v);
  }

  private static Temporal temporal(Typed t) {
    String text = t.text().trim();
    try {
      return switch (t.type()) {
        case "DATE" -> LocalDate.parse(text);
        case "TIME" -> LocalTime.parse(text);
        default -> {
          String iso = text.length() <= 10 ? text + "T00:00" : text.replace(' ', 'T');
          try {
            yield LocalDateTime.parse(iso);
          } catch (DateTimeParseException e) {
            yield OffsetDateTime.parse(iso);
          }
        }
      };
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("'" + text + "' is not a " + t.type());
    }
  }

  /**
   * A date moved by whole months and days stays a date; by hours or less, or a timestamp, is a
   * timestamp (DuckDB's result is a timestamp at midnight either way, the same instant).
   */
  private static Typed shift(Temporal at, Interval i, boolean minus) {
    Period p = minus ? i.period().negated() : i.period();
    Duration d = minus ? i.duration().negated() : i.duration();
    if (at instanceof LocalDate date) {
      LocalDate moved = date.plus(p);
      return d.isZero()
          ? new Typed("DATE", moved.toString())
          : new Typed("TIMESTAMP", moved.atStartOfDay().plus(d).toString());
    }
    if (at instanceof LocalTime time) {
      if (!p.isZero()) {
        throw new IllegalArgumentException(
            "a time of day moves by hours, minutes and seconds only");
      }
      return new Typed("TIME", time.plus(d).toString());
    }
    Temporal moved = at.plus(p).plus(d);
    return new Typed("TIMESTAMP", moved.toString());
  }

  /** Whether a word names an interval's unit. */
  static boolean isUnit(String word) {
    return unitOf(word) != null;
  }

  private static String unitOf(String word) {
    String u = word.toUpperCase(Locale.ROOT);
    if (u.endsWith("S")) {
      u = u.substring(0, u.length() - 1);
    }
    return switch (u) {
      case "YEAR", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND" -> u;
      default -> null;
    };
  }

  /**
   * An interval from its amount and unit ({@code '90'}, DAY), or from a text of amounts and units
   * ({@code '1 year 2 months'}) when the unit is null.
   */
  static Interval interval(String amount, String unit) {
    String[] parts = amount.trim().split("\\s+");
    if (unit != null) {
      if (parts.length != 1) {
        throw new IllegalArgumentException("expected a whole number before " + unit);
      }
      return add(new Interval(Period.ZERO, Duration.ZERO), parts[0], unit);
    }
    if (parts.length % 2 != 0 || parts[0].isEmpty()) {
      throw new IllegalArgumentException(
          "expected an interval such as INTERVAL '90' DAY or INTERVAL '1 year 2 months'");
    }
    Interval out = new Interval(Period.ZERO, Duration.ZERO);
    for (int k = 0; k < parts.length; k += 2) {
      out = add(out, parts[k], parts[k + 1]);
    }
    return out;
  }

  private static Interval add(Interval to, String amountText, String unitText) {
    String unit = unitOf(unitText);
    if (unit == null) {
      throw new IllegalArgumentException("'" + unitText + "' is not an interval unit");
    }
    long n;
    try {
      n = Long.parseLong(amountText.startsWith("+") ? amountText.substring(1) : amountText);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + amountText + "' is not a whole number");
    }
    // A Period's fields are ints.
    int whole = Math.toIntExact(n);
    return switch (unit) {
      case "YEAR" -> new Interval(to.period().plusYears(whole), to.duration());
      case "MONTH" -> new Interval(to.period().plusMonths(whole), to.duration());
      case "WEEK" -> new Interval(to.period().plusDays(7L * whole), to.duration());
      case "DAY" -> new Interval(to.period().plusDays(whole), to.duration());
      case "HOUR" -> new Interval(to.period(), to.duration().plusHours(n));
      case "MINUTE" -> new Interval(to.period(), to.duration().plusMinutes(n));
      default -> new Interval(to.period(), to.duration().plusSeconds(n));
    };
  }

  /**
   * A BLOB literal's bytes: each {@code \xAA} escape one byte, every other character its UTF-8
   * bytes (as DuckDB casts text to BLOB).
   */
  static byte[] blob(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); ) {
      if (text.charAt(i) == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == 'x')) {
        if (i + 4 > text.length()) {
          throw new IllegalArgumentException("an escape \\x takes two hex digits");
        }
        int high = Character.digit(text.charAt(i + 2), 16);
        int low = Character.digit(text.charAt(i + 3), 16);
        if (high < 0 || low < 0) {
          throw new IllegalArgumentException(
              "'" + text.substring(i, i + 4) + "' is not a \\x escape of two hex digits");
        }
        out.write(high << 4 | low);
        i += 4;
      } else {
        int cp = text.codePointAt(i);
        out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(cp);
      }
    }
    return out.toByteArray();
  }
}
