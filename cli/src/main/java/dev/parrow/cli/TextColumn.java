package dev.parrow.cli;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Locale;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One column of text being imported: its type (inferred from every value, or given by name as
 * DuckDB names them), and a batch of its values parsed into primitive arrays, moved into an Arrow
 * vector once the batch is full.
 */
final class TextColumn {
  /**
   * The types an imported column can have, narrowest first: inference takes the first that fits.
   */
  enum Type {
    BOOLEAN(ArrowType.Bool.INSTANCE),
    BIGINT(new ArrowType.Int(64, true)),
    DOUBLE(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
    DATE(new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
    TIME(new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
    TIMESTAMP(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
    TIMESTAMPTZ(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
    VARCHAR(ArrowType.Utf8.INSTANCE),
    INTEGER(new ArrowType.Int(32, true)),
    FLOAT(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));

    final ArrowType arrow;

    Type(ArrowType arrow) {
      this.arrow = arrow;
    }

    /** The type a name given in --schema means (DuckDB's names and their aliases). */
    static Type named(String name) {
      return switch (name.trim().toUpperCase(Locale.ROOT)) {
        case "BOOLEAN", "BOOL" -> BOOLEAN;
        case "BIGINT", "INT8", "LONG", "INT64" -> BIGINT;
        case "INTEGER", "INT", "INT4", "INT32" -> INTEGER;
        case "DOUBLE", "FLOAT8", "FLOAT64" -> DOUBLE;
        case "FLOAT", "REAL", "FLOAT4", "FLOAT32" -> FLOAT;
        case "DATE" -> DATE;
        case "TIME" -> TIME;
        case "TIMESTAMP", "DATETIME" -> TIMESTAMP;
        case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE" -> TIMESTAMPTZ;
        case "VARCHAR", "TEXT", "STRING" -> VARCHAR;
        default ->
            throw new IllegalArgumentException(
                "unknown type "
                    + name.trim()
                    + ": BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, DATE, TIME, TIMESTAMP,"
                    + " TIMESTAMPTZ or VARCHAR");
      };
    }

    /** Whether a value of this kind of token can be of this type at all. */
    boolean takes(TextTable.Kind kind) {
      return switch (kind) {
        case TEXT -> true;
        case STRING ->
            this == DATE
                || this == TIME
                || this == TIMESTAMP
                || this == TIMESTAMPTZ
                || this == VARCHAR;
        case NUMBER ->
            this == BIGINT || this == INTEGER || this == DOUBLE || this == FLOAT || this == VARCHAR;
        case BOOLEAN -> this == BOOLEAN || this == VARCHAR;
        case NESTED -> this == VARCHAR;
      };
    }
  }

  /** Dates and times as ISO 8601 writes them, with 'T' or a space between. */
  private static final DateTimeFormatter LOCAL =
      timeOfDay(
              new DateTimeFormatterBuilder()
                  .append(DateTimeFormatter.ISO_LOCAL_DATE)
                  .optionalStart()
                  .appendLiteral('T')
                  .optionalEnd()
                  .optionalStart()
                  .appendLiteral(' ')
                  .optionalEnd(),
              ChronoField.NANO_OF_SECOND,
              9)
          .toFormatter(Locale.ROOT);

  /** A timestamp with its offset: Z, +HH, +HHMM, +HH:MM or +HH:MM:SS, as DuckDB takes them. */
  private static final DateTimeFormatter ZONED =
      new DateTimeFormatterBuilder()
          .append(LOCAL)
          .optionalStart()
          .appendOffset("+HH:MM:ss", "Z")
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HHMM", "Z")
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH", "Z")
          .optionalEnd()
          .toFormatter(Locale.ROOT);

  /** A time of day: HH:MM, HH:MM:SS, with up to six digits of fraction (microseconds). */
  private static final DateTimeFormatter TIME_OF_DAY =
      timeOfDay(new DateTimeFormatterBuilder(), ChronoField.MICRO_OF_SECOND, 6)
          .toFormatter(Locale.ROOT);

  /** HH:MM, then optionally :SS and a fraction of up to {@code digits} digits of {@code unit}. */
  private static DateTimeFormatterBuilder timeOfDay(
      DateTimeFormatterBuilder builder, ChronoField unit, int digits) {
    return builder
        .appendValue(ChronoField.HOUR_OF_DAY, 2)
        .appendLiteral(':')
        .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
        .optionalStart()
        .appendLiteral(':')
        .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
        .optionalStart()
        .appendFraction(unit, 0, digits, true)
        .optionalEnd()
        .optionalEnd();
  }

  private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

  final String name;
  Type type;

  /** For inference: the types every value so far fits, by ordinal. */
  private final boolean[] possible = new boolean[Type.values().length];

  /** For inference: whether any value was not null. */
  private boolean sawValue;

  private int rows;
  private boolean[] nulls = new boolean[0];
  private long[] longs = new long[0];
  private double[] doubles = new double[0];
  private byte[] bytes = new byte[0];
  private int[] ends = new int[0];
  private int byteLength;

  TextColumn(String name, Type given) {
    this.name = name;
    this.type = given;
    Arrays.fill(possible, true);
  }

  /** Inference: rules out the types {@code value} does not fit. */
  void observe(String value, TextTable.Kind kind) {
    if (value == null || type != null) {
      return;
    }
    sawValue = true;
    for (Type t : Type.values()) {
      if (possible[t.ordinal()] && t != Type.VARCHAR && (!t.takes(kind) || !fits(t, value))) {
        possible[t.ordinal()] = false;
      }
    }
  }

  /** Inference done: the narrowest type every value fits (VARCHAR when none, or all null). */
  void decide() {
    if (type != null) {
      return;
    }
    type = Type.VARCHAR;
    for (Type t :
        new Type[] {
          Type.BOOLEAN,
          Type.BIGINT,
          Type.DOUBLE,
          Type.DATE,
          Type.TIME,
          Type.TIMESTAMP,
          Type.TIMESTAMPTZ
        }) {
      if (possible[t.ordinal()] && sawValue) {
        type = t;
        return;
      }
    }
  }

  private static boolean fits(Type t, String v) {
    try {
      switch (t) {
        case BOOLEAN -> {
          return bool(v) >= 0;
        }
        case BIGINT, INTEGER -> {
          if (!isInteger(v) || leadingZero(v)) {
            return false;
          }
          long x = Long.parseLong(v.trim());
          return t == Type.BIGINT || (x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE);
        }
        case DOUBLE, FLOAT -> {
          return isDecimalNumber(v)
                  && !leadingZero(v)
                  && !Double.isNaN(Double.parseDouble(v.trim()))
              || isSpecialFloat(v);
        }
        case DATE -> {
          return v.length() == 10 && parseDate(v) != Long.MIN_VALUE;
        }
        case TIME -> {
          java.time.LocalTime.parse(v.trim(), TIME_OF_DAY);
          return true;
        }
        case TIMESTAMP -> {
          LocalDateTime.parse(v.trim(), LOCAL);
          return true;
        }
        case TIMESTAMPTZ -> {
          OffsetDateTime.parse(v.trim(), ZONED);
          return true;
        }
        default -> {
          return true;
        }
      }
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean isInteger(String v) {
    String s = v.trim();
    int i = s.startsWith("-") || s.startsWith("+") ? 1 : 0;
    if (i == s.length() || s.length() - i > 19) {
      return false;
    }
    for (; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * Digits that start with a zero ({@code 007}, {@code 00.5}): a code or an identifier whose zeros
   * matter (a postal code, an account), inferred as text, as DuckDB's sniffer infers it ({@code 0},
   * {@code 0.5} and a signed {@code -01} are numbers there too).
   */
  private static boolean leadingZero(String v) {
    String s = v.trim();
    return s.length() > 1 && s.charAt(0) == '0' && Character.isDigit(s.charAt(1));
  }

  private static boolean isDecimalNumber(String v) {
    String s = v.trim();
    if (s.isEmpty()) {
      return false;
    }
    boolean digit = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9') {
        digit = true;
      } else if ("+-.eE".indexOf(c) < 0) {
        return false;
      }
    }
    return digit;
  }

  private static boolean isSpecialFloat(String v) {
    String s = v.trim().toLowerCase(Locale.ROOT);
    return s.equals("nan")
        || s.equals("inf")
        || s.equals("-inf")
        || s.equals("infinity")
        || s.equals("-infinity")
        || s.equals("+inf")
        || s.equals("+infinity");
  }

  private static double parseDouble(String v) {
    String s = v.trim().toLowerCase(Locale.ROOT);
    return switch (s) {
      case "nan" -> Double.NaN;
      case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
      case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(s);
    };
  }

  /**
   * 1 for true, 0 for false, -1 for neither: true/false, t/f and yes/no in any case, the spellings
   * DuckDB's sniffer takes as booleans (1/0 are numbers there, y/n text).
   */
  private static int bool(String v) {
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true", "t", "yes" -> 1;
      case "false", "f", "no" -> 0;
      default -> -1;
    };
  }

  private static long parseDate(String v) {
    return LocalDate.parse(v.trim()).toEpochDay();
  }

  /** Starts a batch of {@code capacity} rows at most. */
  void startBatch(int capacity) {
    rows = 0;
    byteLength = 0;
    if (nulls.length < capacity) {
      nulls = new boolean[capacity];
      ends = new int[capacity];
      longs = new long[capacity];
      doubles = new double[capacity];
    }
  }

  /**
   * Adds a value (null for a missing one) to the batch; {@code where} names the row for a value
   * that is not of the column's type.
   */
  void add(String value, java.util.function.Supplier<String> where) {
    int r = rows++;
    nulls[r] = value == null;
    if (value == null) {
      ends[r] = byteLength;
      return;
    }
    try {
      switch (type) {
        case BOOLEAN -> {
          longs[r] = bool(value);
          if (longs[r] < 0) {
            throw new IllegalArgumentException();
          }
        }
        case BIGINT -> longs[r] = Long.parseLong(value.trim());
        case INTEGER -> longs[r] = Math.toIntExact(Long.parseLong(value.trim()));
        case DOUBLE, FLOAT -> doubles[r] = parseDouble(value);
        case DATE -> longs[r] = parseDate(value);
        case TIME ->
            longs[r] = java.time.LocalTime.parse(value.trim(), TIME_OF_DAY).toNanoOfDay() / 1_000;
        case TIMESTAMP ->
            longs[r] = ChronoUnit.MICROS.between(EPOCH, LocalDateTime.parse(value.trim(), LOCAL));
        case TIMESTAMPTZ ->
            longs[r] =
                ChronoUnit.MICROS.between(
                    EPOCH.atOffset(ZoneOffset.UTC), OffsetDateTime.parse(value.trim(), ZONED));
        case VARCHAR -> {
          byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
          if (bytes.length < byteLength + utf8.length) {
            bytes = Arrays.copyOf(bytes, Math.max(byteLength + utf8.length, bytes.length * 2));
          }
          System.arraycopy(utf8, 0, bytes, byteLength, utf8.length);
          byteLength += utf8.length;
        }
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          where.get() + ", column '" + name + "': '" + value + "' is not a " + type, e);
    }
    ends[r] = byteLength;
  }

  /** Moves the batch's values into {@code v} (of this column's Arrow type). */
  void fill(FieldVector v) {
    v.setInitialCapacity(rows);
    if (v instanceof VarCharVector s) {
      s.allocateNew(Math.max(1, byteLength), rows);
      int start = 0;
      for (int r = 0; r < rows; r++) {
        if (nulls[r]) {
          s.setNull(r);
        } else {
          s.set(r, bytes, start, ends[r] - start);
        }
        start = ends[r];
      }
    } else {
      v.allocateNew();
      for (int r = 0; r < rows; r++) {
        if (nulls[r]) {
          continue;
        }
        switch (type) {
          case BOOLEAN -> ((BitVector) v).set(r, (int) longs[r]);
          case BIGINT -> ((BigIntVector) v).set(r, longs[r]);
          case INTEGER -> ((IntVector) v).set(r, (int) longs[r]);
          case DOUBLE -> ((Float8Vector) v).set(r, doubles[r]);
          case FLOAT -> ((Float4Vector) v).set(r, (float) doubles[r]);
          case DATE -> ((DateDayVector) v).set(r, (int) longs[r]);
          case TIME -> ((org.apache.arrow.vector.TimeMicroVector) v).set(r, longs[r]);
          case TIMESTAMP -> ((TimeStampMicroVector) v).set(r, longs[r]);
          case TIMESTAMPTZ -> ((TimeStampMicroTZVector) v).set(r, longs[r]);
          default -> throw new IllegalStateException(type.toString());
        }
      }
    }
    v.setValueCount(rows);
  }
}
