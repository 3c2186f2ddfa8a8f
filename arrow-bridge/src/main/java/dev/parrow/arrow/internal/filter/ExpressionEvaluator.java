package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundExpression.Apply;
import dev.parrow.arrow.internal.filter.BoundExpression.ColumnRef;
import dev.parrow.arrow.internal.filter.BoundExpression.Constant;
import dev.parrow.arrow.internal.filter.BoundExpression.Convert;
import dev.parrow.arrow.internal.filter.BoundExpression.Kind;
import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Computes bound expressions over one batch, a whole vector at a time: each call turns its
 * arguments' arrays into its result's in one loop, rows where an argument is null skipped (their
 * result is null). Integer and decimal arithmetic is exact; a result beyond 64 bits is an error
 * naming the filter, as DuckDB's overflow is.
 */
final class ExpressionEvaluator {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private final int rows;
  private final Function<FilterColumn, RowFilter.RowValues> columns;
  private final String filter;

  /**
   * @param filter the file and the filter, as errors name them
   */
  ExpressionEvaluator(
      int rows, Function<FilterColumn, RowFilter.RowValues> columns, String filter) {
    this.rows = rows;
    this.columns = columns;
    this.filter = filter;
  }

  /**
   * A batch of computed values: present rows as bits in words, and the values in the type's Java
   * form (longs, doubles, or bytes at starts[i]..ends[i] of data).
   */
  static final class Values {
    long[] present;
    long[] longs;
    double[] doubles;
    byte[] data;
    int[] starts;
    int[] ends;

    boolean has(int i) {
      return (present[i >>> 6] & 1L << i) != 0;
    }
  }

  /** Rows where the comparison is true, and rows where it is false. */
  long[][] compare(ExpressionBinder.Comparison c, BoundFilter.Kind kind) {
    int words = (rows + 63) >>> 6;
    long[] isTrue = new long[words];
    long[] isFalse = new long[words];
    if (c.form() == ExpressionBinder.Form.NEVER) {
      return new long[][] {isTrue, isFalse};
    }
    Values l = evaluate(c.left());
    Values r = evaluate(c.right());
    for (int w = 0; w < words; w++) {
      long both = l.present[w] & r.present[w];
      long bits = both;
      long matches = 0;
      while (bits != 0) {
        int i = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        int order =
            switch (c.form()) {
              case LONGS -> compareScaled(l.longs[i], c.leftFactor(), r.longs[i], c.rightFactor());
              case DOUBLES -> Domain.compareDoubles(l.doubles[i], r.doubles[i]);
              default ->
                  Arrays.compareUnsigned(
                      l.data, l.starts[i], l.ends[i], r.data, r.starts[i], r.ends[i]);
            };
        if (holds(kind, order)) {
          matches |= 1L << i;
        }
      }
      isTrue[w] = matches;
      isFalse[w] = both & ~matches;
    }
    return new long[][] {isTrue, isFalse};
  }

  private static boolean holds(BoundFilter.Kind kind, int order) {
    return switch (kind) {
      case EQ -> order == 0;
      case NE -> order != 0;
      case LT -> order < 0;
      case LE -> order <= 0;
      case GT -> order > 0;
      case GE -> order >= 0;
      default -> throw new IllegalStateException(kind.toString());
    };
  }

  /** Compares a * fa with b * fb exactly (one factor is 1; a product past 64 bits is outside). */
  static int compareScaled(long a, long fa, long b, long fb) {
    if (fa == 1 && fb == 1) {
      return Long.compare(a, b);
    }
    if (fa != 1) {
      return -compareScaled(b, fb, a, fa);
    }
    long hi = Math.multiplyHigh(b, fb);
    long lo = b * fb;
    if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
      return Long.compare(a, lo);
    }
    return hi < 0 ? 1 : -1;
  }

  Values evaluate(BoundExpression e) {
    if (e instanceof ColumnRef c) {
      return column(c);
    }
    if (e instanceof Constant c) {
      return constant(c);
    }
    if (e instanceof Convert c) {
      return convert(evaluate(c.value()), c.value().type(), c.type());
    }
    Apply a = (Apply) e;
    List<BoundExpression> args = a.arguments();
    return switch (a.function()) {
      case "+", "-", "*", "/", "//", "%" ->
          arithmetic(
              a.function(),
              evaluate(args.get(0)),
              evaluate(args.get(1)),
              args.get(0).type(),
              args.get(1).type(),
              a.type());
      case "negate" -> negate(evaluate(args.get(0)), a.type());
      case "abs" -> abs(evaluate(args.get(0)), a.type());
      case "lower", "upper" ->
          Strings.changeCase(evaluate(args.get(0)), rows, a.function().equals("upper"));
      case "trim", "ltrim", "rtrim" -> Strings.trim(evaluate(args.get(0)), rows, a.function());
      case "length" -> Strings.length(evaluate(args.get(0)), rows);
      case "strlen" -> Strings.byteLength(evaluate(args.get(0)), rows);
      case "substring", "left", "right" ->
          Strings.substring(a.function(), args.stream().map(this::evaluate).toList(), rows);
      case "concat", "||" ->
          Strings.concat(
              args.stream().map(this::evaluate).toList(), rows, a.function().equals("concat"));
      case "year",
          "month",
          "day",
          "quarter",
          "dayofweek",
          "isodow",
          "dayofyear",
          "week",
          "hour",
          "minute",
          "second",
          "date" ->
          Dates.part(a.function(), evaluate(args.get(0)), args.get(0).type(), rows);
      case "coalesce" -> coalesce(args);
      case "like" -> Strings.like(evaluate(args.get(0)), (LikePattern) a.compiled(), rows);
      case "regexp_matches", "regexp_full_match" ->
          Strings.regexp(
              evaluate(args.get(0)),
              (Pattern) a.compiled(),
              a.function().equals("regexp_full_match"),
              rows);
      case "is_null" -> isNull(evaluate(args.get(0)));
      default -> throw new IllegalStateException(a.function());
    };
  }

  private Values column(ColumnRef ref) {
    RowFilter.RowValues rv = columns.apply(ref.column());
    ColumnValues cv = rv.values();
    Values out = new Values();
    out.present = cv.allNull ? new long[(rows + 63) >>> 6] : rv.present();
    if (cv.allNull) {
      out.longs = new long[rows];
      out.doubles = new double[rows];
      out.data = new byte[0];
      out.starts = new int[rows];
      out.ends = new int[rows];
      return out;
    }
    switch (ref.type().kind()) {
      case FLOAT, DOUBLE -> out.doubles = cv.doubles;
      case STRING, BINARY -> {
        out.data = cv.data;
        out.starts = Arrays.copyOf(cv.offsets, rows);
        out.ends = new int[rows];
        for (int i = 0; i < rows; i++) {
          out.ends[i] = cv.end(i);
        }
      }
      default -> out.longs = longs(cv, ref.column(), out.present);
    }
    return out;
  }

  /** A column's longs as signed values: uint64 unflipped, wide decimals narrowed (or refused). */
  private long[] longs(ColumnValues cv, FilterColumn c, long[] present) {
    if (cv.bigs != null) {
      long[] out = new long[rows];
      for (int i = 0; i < rows; i++) {
        if ((present[i >>> 6] & 1L << i) != 0) {
          if (cv.bigs[i].bitLength() > 63) {
            throw overflow("the value " + cv.bigs[i] + " of '" + c.name() + "'");
          }
          out[i] = cv.bigs[i].longValue();
        }
      }
      return out;
    }
    if (c.domain() == Domain.UNSIGNED) {
      long[] out = new long[rows];
      for (int i = 0; i < rows; i++) {
        out[i] = cv.longs[i] ^ Long.MIN_VALUE;
        if (out[i] < 0 && (present[i >>> 6] & 1L << i) != 0) {
          throw overflow("the value " + Long.toUnsignedString(out[i]) + " of '" + c.name() + "'");
        }
      }
      return out;
    }
    return cv.longs;
  }

  private Values constant(Constant c) {
    Values out = new Values();
    int words = (rows + 63) >>> 6;
    out.present = new long[words];
    if (c.value() != null) {
      Arrays.fill(out.present, -1L);
      if ((rows & 63) != 0) {
        out.present[words - 1] = (1L << rows) - 1;
      }
    }
    Object v = c.value();
    if (v instanceof Long l) {
      out.longs = new long[rows];
      Arrays.fill(out.longs, l);
    } else if (v instanceof Double d) {
      out.doubles = new double[rows];
      Arrays.fill(out.doubles, d);
    } else {
      out.data = v instanceof byte[] b ? b : new byte[0];
      out.starts = new int[rows];
      out.ends = new int[rows];
      Arrays.fill(out.ends, out.data.length);
      out.longs = new long[rows];
      out.doubles = new double[rows];
    }
    return out;
  }

  private Values convert(Values v, ValueType from, ValueType to) {
    if (from.kind() == Kind.NULL) {
      return v;
    }
    Values out = new Values();
    out.present = v.present;
    if (to.kind() == Kind.DOUBLE && from.kind() == Kind.FLOAT) {
      out.doubles = v.doubles;
      return out;
    }
    if (to.isFloating()) {
      double divisor = Math.pow(10, from.scale());
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        double d = from.scale() == 0 ? (double) v.longs[i] : v.longs[i] / divisor;
        out.doubles[i] = to.kind() == Kind.FLOAT ? (float) d : d;
      }
      return out;
    }
    long factor;
    if (to.kind() == Kind.EXACT) {
      factor = (long) Math.pow(10, to.scale() - from.scale());
    } else {
      long fromNanos = from.kind() == Kind.DATE ? NANOS_PER_DAY : from.unitNanos();
      factor = fromNanos / to.unitNanos();
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        try {
          out.longs[i] = Math.multiplyExact(v.longs[i], factor);
        } catch (ArithmeticException e) {
          throw overflow("a value");
        }
      }
    }
    return out;
  }

  private Values arithmetic(
      String op, Values a, Values b, ValueType at, ValueType bt, ValueType result) {
    Values out = new Values();
    out.present = and(a.present, b.present);
    if (result.isFloating()) {
      out.doubles = new double[rows];
      boolean f32 = result.kind() == Kind.FLOAT;
      for (int i = 0; i < rows; i++) {
        double x = a.doubles[i];
        double y = b.doubles[i];
        double r =
            switch (op) {
              case "+" -> x + y;
              case "-" -> x - y;
              case "*" -> x * y;
              case "/" -> x / y;
              default -> x % y;
            };
        out.doubles[i] = f32 ? (float) r : r;
      }
      return out;
    }
    out.longs = new long[rows];
    boolean dates = at.kind() == Kind.DATE || bt.kind() == Kind.DATE;
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        continue;
      }
      long x = a.longs[i];
      long y = b.longs[i];
      try {
        switch (op) {
          case "+" -> out.longs[i] = Math.addExact(x, y);
          case "-" -> out.longs[i] = Math.subtractExact(x, y);
          case "*" -> out.longs[i] = Math.multiplyExact(x, y);
          default -> {
            if (y == 0) {
              // Integer division and remainder by zero are NULL in DuckDB.
              out.present[i >>> 6] &= ~(1L << i);
            } else if (op.equals("//")) {
              if (x == Long.MIN_VALUE && y == -1) {
                throw new ArithmeticException();
              }
              out.longs[i] = x / y;
            } else {
              out.longs[i] = x % y;
            }
          }
        }
      } catch (ArithmeticException e) {
        throw overflow(dates ? "a date" : "an integer or decimal");
      }
    }
    return out;
  }

  private Values negate(Values v, ValueType type) {
    Values out = new Values();
    out.present = v.present;
    if (type.isFloating()) {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        out.doubles[i] = -v.doubles[i];
      }
      return out;
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        if (v.longs[i] == Long.MIN_VALUE) {
          throw overflow("a negated value");
        }
        out.longs[i] = -v.longs[i];
      }
    }
    return out;
  }

  private Values abs(Values v, ValueType type) {
    Values out = new Values();
    out.present = v.present;
    if (type.isFloating()) {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        out.doubles[i] = Math.abs(v.doubles[i]);
      }
      return out;
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        if (v.longs[i] == Long.MIN_VALUE) {
          throw overflow("an absolute value");
        }
        out.longs[i] = Math.abs(v.longs[i]);
      }
    }
    return out;
  }

  private Values coalesce(List<BoundExpression> args) {
    Values out = null;
    for (BoundExpression arg : args) {
      Values v = evaluate(arg);
      if (arg.type().kind() == Kind.NULL) {
        continue;
      }
      if (out == null) {
        out = copy(v);
        continue;
      }
      for (int i = 0; i < rows; i++) {
        if (!out.has(i) && v.has(i)) {
          out.present[i >>> 6] |= 1L << i;
          if (out.longs != null) {
            out.longs[i] = v.longs[i];
          } else if (out.doubles != null) {
            out.doubles[i] = v.doubles[i];
          }
          if (out.starts != null) {
            // Bytes from another array: copy this row's into a data array of its own.
            out = Strings.take(out, v, i, rows);
          }
        }
      }
    }
    return out == null ? constant(new Constant(ValueType.NULL, null)) : out;
  }

  private Values copy(Values v) {
    Values out = new Values();
    out.present = v.present.clone();
    out.longs = v.longs == null ? null : v.longs.clone();
    out.doubles = v.doubles == null ? null : v.doubles.clone();
    out.data = v.data;
    out.starts = v.starts == null ? null : v.starts.clone();
    out.ends = v.ends == null ? null : v.ends.clone();
    return out;
  }

  private Values isNull(Values v) {
    Values out = new Values();
    int words = (rows + 63) >>> 6;
    out.present = new long[words];
    Arrays.fill(out.present, -1L);
    if ((rows & 63) != 0) {
      out.present[words - 1] = (1L << rows) - 1;
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      out.longs[i] = v.has(i) ? 0 : 1;
    }
    return out;
  }

  static long[] and(long[] a, long[] b) {
    long[] out = new long[a.length];
    for (int w = 0; w < a.length; w++) {
      out[w] = a[w] & b[w];
    }
    return out;
  }

  private IllegalArgumentException overflow(String what) {
    return new IllegalArgumentException(filter + " computes " + what + " beyond 64-bit integers");
  }

  /** Strings' functions, on UTF-8 bytes. */
  static final class Strings {
    private Strings() {}

    static Values changeCase(Values v, int rows, boolean upper) {
      Values out = new Values();
      out.present = v.present;
      java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
      out.starts = new int[rows];
      out.ends = new int[rows];
      for (int i = 0; i < rows; i++) {
        out.starts[i] = data.size();
        if (v.has(i)) {
          boolean ascii = true;
          for (int p = v.starts[i]; p < v.ends[i]; p++) {
            byte b = v.data[p];
            if (b < 0) {
              ascii = false;
              break;
            }
          }
          if (ascii) {
            for (int p = v.starts[i]; p < v.ends[i]; p++) {
              int c = v.data[p];
              if (upper && c >= 'a' && c <= 'z') {
                c -= 32;
              } else if (!upper && c >= 'A' && c <= 'Z') {
                c += 32;
              }
              data.write(c);
            }
          } else {
            // Character by character (simple case mapping), as DuckDB's lower and upper.
            String s =
                new String(v.data, v.starts[i], v.ends[i] - v.starts[i], StandardCharsets.UTF_8);
            StringBuilder b = new StringBuilder(s.length());
            s.codePoints()
                .forEach(
                    c ->
                        b.appendCodePoint(
                            upper ? Character.toUpperCase(c) : Character.toLowerCase(c)));
            data.writeBytes(b.toString().getBytes(StandardCharsets.UTF_8));
          }
        }
        out.ends[i] = data.size();
      }
      out.data = data.toByteArray();
      return out;
    }

    static Values trim(Values v, int rows, String which) {
      Values out = new Values();
      out.present = v.present;
      out.data = v.data;
      out.starts = new int[rows];
      out.ends = new int[rows];
      boolean left = !which.equals("rtrim");
      boolean right = !which.equals("ltrim");
      for (int i = 0; i < rows; i++) {
        int s = v.starts[i];
        int e = v.ends[i];
        while (left && s < e && v.data[s] == ' ') {
          s++;
        }
        while (right && e > s && v.data[e - 1] == ' ') {
          e--;
        }
        out.starts[i] = s;
        out.ends[i] = e;
      }
      return out;
    }

    /** Characters (code points) in each value: bytes that do not continue a UTF-8 sequence. */
    static Values length(Values v, int rows) {
      Values out = new Values();
      out.present = v.present;
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        out.longs[i] = characters(v.data, v.starts[i], v.ends[i]);
      }
      return out;
    }

    private static int characters(byte[] data, int from, int to) {
      int n = 0;
      for (int p = from; p < to; p++) {
        if ((data[p] & 0xC0) != 0x80) {
          n++;
        }
      }
      return n;
    }

    static Values byteLength(Values v, int rows) {
      Values out = new Values();
      out.present = v.present;
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        out.longs[i] = v.ends[i] - v.starts[i];
      }
      return out;
    }

    /** Where the character at (0-based) index {@code c} starts, or {@code to} past the last. */
    private static int offsetOf(byte[] data, int from, int to, long c) {
      int p = from;
      long seen = -1;
      for (; p < to; p++) {
        if ((data[p] & 0xC0) != 0x80 && ++seen == c) {
          return p;
        }
      }
      return to;
    }

    /**
     * DuckDB's substring (1-based; a start at or below 0 counts from before the first character, a
     * negative one from the end; a negative length takes the characters before the start), left and
     * right (a negative count leaves that many out).
     */
    static Values substring(String f, List<Values> args, int rows) {
      Values v = args.get(0);
      Values out = new Values();
      out.present = v.present.clone();
      for (Values a : args.subList(1, args.size())) {
        out.present = and(out.present, a.present);
      }
      out.data = v.data;
      out.starts = new int[rows];
      out.ends = new int[rows];
      for (int i = 0; i < rows; i++) {
        if (!out.has(i)) {
          continue;
        }
        long n = characters(v.data, v.starts[i], v.ends[i]);
        long k = args.get(1).longs[i];
        long from; // 1-based, inclusive
        long to; // exclusive
        switch (f) {
          case "left" -> {
            from = 1;
            to = 1 + (k >= 0 ? k : Math.max(n + k, 0));
          }
          case "right" -> {
            long take = k >= 0 ? Math.min(k, n) : Math.max(n + k, 0);
            from = n - take + 1;
            to = n + 1;
          }
          default -> {
            from = k < 0 ? n + k + 1 : k;
            if (args.size() > 2) {
              long len = args.get(2).longs[i];
              to = len >= 0 ? from + len : from;
              from = len >= 0 ? from : from + len;
            } else {
              to = n + 1;
            }
          }
        }
        from = Math.max(from, 1);
        to = Math.min(to, n + 1);
        if (to <= from) {
          out.starts[i] = v.starts[i];
          out.ends[i] = v.starts[i];
        } else {
          out.starts[i] = offsetOf(v.data, v.starts[i], v.ends[i], from - 1);
          out.ends[i] = offsetOf(v.data, v.starts[i], v.ends[i], to - 1);
        }
      }
      return out;
    }

    /** concat skips nulls; || is null where either side is. */
    static Values concat(List<Values> args, int rows, boolean skipNulls) {
      Values out = new Values();
      out.present = args.get(0).present.clone();
      for (Values a : args.subList(1, args.size())) {
        for (int w = 0; w < out.present.length; w++) {
          out.present[w] = skipNulls ? -1L : out.present[w] & a.present[w];
        }
      }
      if (skipNulls && (rows & 63) != 0 && out.present.length > 0) {
        out.present[out.present.length - 1] = (1L << rows) - 1;
      }
      java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
      out.starts = new int[rows];
      out.ends = new int[rows];
      for (int i = 0; i < rows; i++) {
        out.starts[i] = data.size();
        if (out.has(i)) {
          for (Values a : args) {
            if (a.has(i)) {
              data.write(a.data, a.starts[i], a.ends[i] - a.starts[i]);
            }
          }
        }
        out.ends[i] = data.size();
      }
      out.data = data.toByteArray();
      return out;
    }

    static Values like(Values v, LikePattern pattern, int rows) {
      Values out = new Values();
      out.present = v.present;
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        if (v.has(i) && pattern.matches(v.data, v.starts[i], v.ends[i])) {
          out.longs[i] = 1;
        }
      }
      return out;
    }

    static Values regexp(Values v, Pattern pattern, boolean whole, int rows) {
      Values out = new Values();
      out.present = v.present;
      out.longs = new long[rows];
      java.util.regex.Matcher m = pattern.matcher("");
      for (int i = 0; i < rows; i++) {
        if (v.has(i)) {
          m.reset(new String(v.data, v.starts[i], v.ends[i] - v.starts[i], StandardCharsets.UTF_8));
          out.longs[i] = (whole ? m.matches() : m.find()) ? 1 : 0;
        }
      }
      return out;
    }

    /** {@code into} with row i's bytes taken from {@code from}. */
    static Values take(Values into, Values from, int i, int rows) {
      int len = from.ends[i] - from.starts[i];
      byte[] data = Arrays.copyOf(into.data, into.data.length + len);
      System.arraycopy(from.data, from.starts[i], data, into.data.length, len);
      into.starts[i] = into.data.length;
      into.ends[i] = into.data.length + len;
      into.data = data;
      return into;
    }
  }

  /** Parts of dates, timestamps (in UTC) and times, from their longs without objects. */
  static final class Dates {
    private Dates() {}

    static Values part(String f, Values v, ValueType type, int rows) {
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
              case "hour", "minute", "second" -> timePart(f, nanosOfDay);
              case "date" -> days;
              default -> datePart(f, days);
            };
      }
      return out;
    }

    private static long timePart(String f, long nanosOfDay) {
      return switch (f) {
        case "hour" -> nanosOfDay / 3_600_000_000_000L;
        case "minute" -> nanosOfDay / 60_000_000_000L % 60;
        default -> nanosOfDay / 1_000_000_000L % 60;
      };
    }

    /** The civil date of a day number (Howard Hinnant's days_from_civil, inverted). */
    private static long datePart(String f, long days) {
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
        case "year" -> year;
        case "month" -> month;
        case "day" -> day;
        case "quarter" -> (month - 1) / 3 + 1;
        case "dayofweek" -> dow;
        case "isodow" -> dow == 0 ? 7 : dow;
        case "dayofyear" -> days - daysFromCivil(year, 1, 1) + 1;
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
      long thursdayYear = datePart("year", thursday);
      return (thursday - daysFromCivil(thursdayYear, 1, 1)) / 7 + 1;
    }
  }
}
