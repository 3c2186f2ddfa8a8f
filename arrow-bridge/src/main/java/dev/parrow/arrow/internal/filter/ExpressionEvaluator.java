package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundExpression.Apply;
import dev.parrow.arrow.internal.filter.BoundExpression.ColumnRef;
import dev.parrow.arrow.internal.filter.BoundExpression.Constant;
import dev.parrow.arrow.internal.filter.BoundExpression.Convert;
import dev.parrow.arrow.internal.filter.BoundExpression.Kind;
import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
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
  private final Function<FilterColumn, ListValues> lists;
  private final Function<BoundFilter, long[]> conditions;
  private final String filter;

  /**
   * A list column in a batch: its rows, and its element column's values over the element slots
   * (read only when a function reads the elements).
   */
  record ListValues(ListRows rows, java.util.function.Supplier<RowFilter.RowValues> elements) {}

  /**
   * @param columns a flat column's values by row
   * @param lists a list column's rows and elements, by its element column
   * @param conditions a CASE condition's true rows
   * @param filter the file and the filter, as errors name them
   */
  ExpressionEvaluator(
      int rows,
      Function<FilterColumn, RowFilter.RowValues> columns,
      Function<FilterColumn, ListValues> lists,
      Function<BoundFilter, long[]> conditions,
      String filter) {
    this.rows = rows;
    this.columns = columns;
    this.lists = lists;
    this.conditions = conditions;
    this.filter = filter;
  }

  /**
   * A batch of computed values: present rows as bits in words, and the values in the type's Java
   * form (longs, or BigIntegers where exact values outgrow them, doubles, or bytes at
   * starts[i]..ends[i] of data).
   */
  static final class Values {
    long[] present;
    long[] longs;

    /** Exact values past 64 bits ({@link WideValues}), in place of longs; else null. */
    java.math.BigInteger[] bigs;

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
    return compare(c, kind, evaluate(c.left()), evaluate(c.right()), rows);
  }

  /**
   * Rows (of {@code rows}) where the comparison of computed values is true, and rows where it is
   * false.
   */
  private static long[][] compare(
      ExpressionBinder.Comparison c, BoundFilter.Kind kind, Values l, Values r, int rows) {
    int words = (rows + 63) >>> 6;
    long[] isTrue = new long[words];
    long[] isFalse = new long[words];
    // Which orders (below, equal, above: bits 0, 1, 2) make the operator hold.
    int holds =
        switch (kind) {
          case EQ -> 0b010;
          case NE -> 0b101;
          case LT -> 0b001;
          case LE -> 0b011;
          case GT -> 0b100;
          case GE -> 0b110;
          default -> throw new IllegalStateException(kind.toString());
        };
    long[] matches = new long[words];
    switch (c.form()) {
      case LONGS -> {
        long lf = c.leftFactor();
        long rf = c.rightFactor();
        if (l.bigs != null || r.bigs != null) {
          for (int i = 0; i < rows; i++) {
            int order = Integer.signum(WideValues.compare(l, lf, r, rf, i)) + 1;
            matches[i >>> 6] |= (long) (holds >>> order & 1) << i;
          }
        } else if (lf == 1 && rf == 1) {
          for (int i = 0; i < rows; i++) {
            int order = Long.compare(l.longs[i], r.longs[i]) + 1;
            matches[i >>> 6] |= (long) (holds >>> order & 1) << i;
          }
        } else {
          for (int i = 0; i < rows; i++) {
            int order = Integer.signum(compareScaled(l.longs[i], lf, r.longs[i], rf)) + 1;
            matches[i >>> 6] |= (long) (holds >>> order & 1) << i;
          }
        }
      }
      case DOUBLES -> {
        for (int i = 0; i < rows; i++) {
          int order = Integer.signum(Domain.compareDoubles(l.doubles[i], r.doubles[i])) + 1;
          matches[i >>> 6] |= (long) (holds >>> order & 1) << i;
        }
      }
      default -> {
        for (int i = 0; i < rows; i++) {
          int order =
              Integer.signum(
                      Arrays.compareUnsigned(
                          l.data, l.starts[i], l.ends[i], r.data, r.starts[i], r.ends[i]))
                  + 1;
          matches[i >>> 6] |= (long) (holds >>> order & 1) << i;
        }
      }
    }
    for (int w = 0; w < words; w++) {
      long both = l.present[w] & r.present[w];
      isTrue[w] = matches[w] & both;
      isFalse[w] = ~matches[w] & both;
    }
    return new long[][] {isTrue, isFalse};
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
    if (e instanceof BoundExpression.Case c) {
      return choice(c);
    }
    if (e instanceof BoundExpression.ListRef || e instanceof BoundExpression.MapRef) {
      BoundExpression.ListRef l =
          e instanceof BoundExpression.MapRef m ? m.keys() : (BoundExpression.ListRef) e;
      Values out = new Values(); // a list's or map's nulls, for IS NULL
      out.present = lists.apply(l.element()).rows().present().clone();
      return out;
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
      case "negate" -> negate(evaluate(args.get(0)), a.type(), false);
      case "abs" -> negate(evaluate(args.get(0)), a.type(), true);
      case "lower", "upper" ->
          StringFunctions.changeCase(evaluate(args.get(0)), rows, a.function().equals("upper"));
      case "trim", "ltrim", "rtrim" ->
          StringFunctions.trim(evaluate(args.get(0)), rows, a.function());
      case "length" -> StringFunctions.length(evaluate(args.get(0)), rows);
      case "strlen" -> StringFunctions.byteLength(evaluate(args.get(0)), rows);
      case "substring", "left", "right" ->
          StringFunctions.substring(
              a.function(), args.stream().map(this::evaluate).map(this::saturated).toList(), rows);
      case "concat", "||" ->
          StringFunctions.concat(
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
          DateFunctions.part(a.function(), evaluate(args.get(0)), args.get(0).type(), rows);
      case "coalesce" -> coalesce(args, a.type());
      case "round", "floor", "ceil" ->
          NumberFunctions.round(
              a.function(),
              evaluate(args.get(0)),
              args.get(0).type(),
              a.type(),
              (Long) a.compiled(),
              rows,
              filter);
      case "sign" -> NumberFunctions.sign(evaluate(args.get(0)), args.get(0).type(), rows);
      case "sqrt", "ln", "log10", "exp", "power" ->
          NumberFunctions.math(
              a.function(), args.stream().map(this::evaluate).toList(), rows, filter);
      case "cast" -> cast(evaluate(args.get(0)), args.get(0).type(), (String) a.compiled());
      case "greatest", "least", "nullif" -> choose(a.function(), args, a.type());
      case "replace" -> StringFunctions.replace(args.stream().map(this::evaluate).toList(), rows);
      case "strpos" -> StringFunctions.strpos(evaluate(args.get(0)), evaluate(args.get(1)), rows);
      case "reverse" -> StringFunctions.reverse(evaluate(args.get(0)), rows);
      case "shift" ->
          DateFunctions.shift(evaluate(args.get(0)), a.type(), (long[]) a.compiled(), rows, filter);
      case "date_diff" ->
          DateFunctions.diff(
              (String) a.compiled(),
              evaluate(args.get(0)),
              evaluate(args.get(1)),
              args.get(0).type(),
              rows);
      case "date_trunc" ->
          DateFunctions.trunc((String) a.compiled(), evaluate(args.get(0)), a.type(), rows);
      case "like" -> StringFunctions.like(evaluate(args.get(0)), (LikePattern) a.compiled(), rows);
      case "regexp_matches", "regexp_full_match" ->
          StringFunctions.regexp(
              evaluate(args.get(0)),
              (Pattern) a.compiled(),
              a.function().equals("regexp_full_match"),
              rows,
              filter);
      case "is_null" -> isNull(evaluate(args.get(0)));
      case "list_length" -> listLength((BoundExpression.ListRef) args.get(0));
      case "list_contains", "list_position" ->
          listSearch(
              a.function().equals("list_position"),
              (BoundExpression.ListRef) args.get(0),
              (ExpressionBinder.Comparison) a.compiled());
      case "list_has_any", "list_has_all" -> listHas(a);
      case "list_min", "list_max", "list_sum", "list_count" ->
          listAggregate(a.function(), (BoundExpression.ListRef) args.get(0));
      case "map_extract_value" ->
          mapValue(
              (BoundExpression.ListRef) args.get(0),
              (BoundExpression.ListRef) args.get(1),
              (ExpressionBinder.Comparison) a.compiled());
      case "list_extract" ->
          listExtract((BoundExpression.ListRef) args.get(0), saturated(evaluate(args.get(1))));
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
      default -> exact(out, cv, ref.column());
    }
    return out;
  }

  /**
   * A column's longs as signed values: uint64 unflipped, a wide decimal's narrowed; either as
   * BigIntegers where a value does not fit a long.
   */
  private void exact(Values out, ColumnValues cv, FilterColumn c) {
    if (cv.bigs != null) {
      WideValues.narrow(out, cv.bigs.clone(), rows, filter);
      return;
    }
    if (c.domain() == Domain.UNSIGNED) {
      long[] unsigned = new long[rows];
      boolean wide = false;
      for (int i = 0; i < rows; i++) {
        unsigned[i] = cv.longs[i] ^ Long.MIN_VALUE;
        wide |= unsigned[i] < 0 && out.has(i);
      }
      if (!wide) {
        out.longs = unsigned;
        return;
      }
      java.math.BigInteger[] bigs = new java.math.BigInteger[rows];
      for (int i = 0; i < rows; i++) {
        bigs[i] = new java.math.BigInteger(Long.toUnsignedString(unsigned[i]));
      }
      WideValues.narrow(out, bigs, rows, filter);
      return;
    }
    out.longs = cv.longs;
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
    } else if (v instanceof java.math.BigInteger big) {
      out.bigs = new java.math.BigInteger[rows];
      Arrays.fill(out.bigs, big);
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
        double d =
            v.bigs != null
                ? WideValues.decimal(v, i, from.scale()).doubleValue()
                : from.scale() == 0 ? (double) v.longs[i] : v.longs[i] / divisor;
        out.doubles[i] = to.kind() == Kind.FLOAT ? (float) d : d;
      }
      return out;
    }
    long factor;
    if (to.kind() == Kind.EXACT) {
      int raise = to.scale() - from.scale();
      if (raise > 18) {
        return WideValues.scale(v, java.math.BigInteger.TEN.pow(raise), out, rows, filter);
      }
      factor = NumberFunctions.pow10(raise);
    } else {
      long fromNanos = from.kind() == Kind.DATE ? NANOS_PER_DAY : from.unitNanos();
      if (fromNanos < to.unitNanos()) {
        // To a coarser unit: floored, as a timestamp's time of day is.
        long divisor = to.unitNanos() / fromNanos;
        out.longs = new long[rows];
        for (int i = 0; i < rows; i++) {
          out.longs[i] = Math.floorDiv(v.longs[i], divisor);
        }
        return out;
      }
      factor = fromNanos / to.unitNanos();
    }
    if (to.kind() == Kind.EXACT && v.bigs != null) {
      return WideValues.scale(v, java.math.BigInteger.valueOf(factor), out, rows, filter);
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        try {
          out.longs[i] = Math.multiplyExact(v.longs[i], factor);
        } catch (ArithmeticException e) {
          if (to.kind() == Kind.EXACT) {
            return WideValues.scale(v, java.math.BigInteger.valueOf(factor), out, rows, filter);
          }
          throw overflow("a value");
        }
      }
    }
    return out;
  }

  /**
   * Arithmetic, one loop per operator. Integers and decimals are computed for every row and their
   * overflow (the sign rules of two's complement, or the high word of a product) collected, so the
   * loops have no branch per row; only an overflow in a row that is not null is an error.
   */
  private Values arithmetic(
      String op, Values a, Values b, ValueType at, ValueType bt, ValueType result) {
    Values out = new Values();
    out.present = and(a.present, b.present);
    if (result.isFloating()) {
      double[] x = a.doubles;
      double[] y = b.doubles;
      double[] r = new double[rows];
      switch (op) {
        case "+" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = x[i] + y[i];
          }
        }
        case "-" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = x[i] - y[i];
          }
        }
        case "*" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = x[i] * y[i];
          }
        }
        case "/" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = x[i] / y[i];
          }
        }
        default -> {
          for (int i = 0; i < rows; i++) {
            r[i] = x[i] % y[i];
          }
        }
      }
      if (result.kind() == Kind.FLOAT) {
        for (int i = 0; i < rows; i++) {
          r[i] = (float) r[i];
        }
      }
      out.doubles = r;
      return out;
    }
    boolean dates = at.kind() == Kind.DATE || bt.kind() == Kind.DATE;
    if (a.bigs != null || b.bigs != null) {
      if (dates) {
        throw overflow("a date");
      }
      return WideValues.arithmetic(op, a, b, out, rows, filter);
    }
    long[] x = a.longs;
    long[] y = b.longs;
    long[] r = new long[rows];
    long[] overflow = new long[out.present.length];
    switch (op) {
      case "+" -> {
        for (int i = 0; i < rows; i++) {
          long s = x[i] + y[i];
          overflow[i >>> 6] |= (((x[i] ^ s) & (y[i] ^ s)) >>> 63) << i;
          r[i] = s;
        }
      }
      case "-" -> {
        for (int i = 0; i < rows; i++) {
          long s = x[i] - y[i];
          overflow[i >>> 6] |= (((x[i] ^ y[i]) & (x[i] ^ s)) >>> 63) << i;
          r[i] = s;
        }
      }
      case "*" -> {
        for (int i = 0; i < rows; i++) {
          long lo = x[i] * y[i];
          long hi = Math.multiplyHigh(x[i], y[i]);
          overflow[i >>> 6] |= (hi != (lo >> 63) ? 1L : 0L) << i;
          r[i] = lo;
        }
      }
      default -> {
        boolean divide = op.equals("//");
        for (int i = 0; i < rows; i++) {
          if (y[i] == 0) {
            // Integer division and remainder by zero are NULL in DuckDB.
            out.present[i >>> 6] &= ~(1L << i);
          } else if (divide) {
            overflow[i >>> 6] |= (x[i] == Long.MIN_VALUE && y[i] == -1 ? 1L : 0L) << i;
            r[i] = x[i] / y[i];
          } else {
            r[i] = x[i] % y[i];
          }
        }
      }
    }
    for (int w = 0; w < overflow.length; w++) {
      if ((overflow[w] & out.present[w]) != 0) {
        if (dates) {
          throw overflow("a date");
        }
        // Past 64 bits: the batch again with BigIntegers, as DuckDB's decimals grow to 38 digits.
        return WideValues.arithmetic(op, a, b, out, rows, filter);
      }
    }
    out.longs = r;
    return out;
  }

  /** -x, or abs(x) where {@code abs}. */
  private Values negate(Values v, ValueType type, boolean abs) {
    Values out = new Values();
    out.present = v.present;
    if (type.isFloating()) {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        out.doubles[i] = abs ? Math.abs(v.doubles[i]) : -v.doubles[i];
      }
      return out;
    }
    if (v.bigs != null) {
      return WideValues.sign(v, abs, out, rows, filter);
    }
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        if (v.longs[i] == Long.MIN_VALUE) {
          // Its negation is past a long.
          return WideValues.sign(v, abs, out, rows, filter);
        }
        out.longs[i] = abs ? Math.abs(v.longs[i]) : -v.longs[i];
      }
    }
    return out;
  }

  /**
   * CAST to a number or text, as DuckDB casts: a decimal to an integer half away from zero, a float
   * half to even, out of the target's range an error.
   */
  private Values cast(Values v, ValueType from, String to) {
    Values out = new Values();
    out.present = v.present;
    if (to.equals("VARCHAR")) {
      return StringFunctions.text(v, from, rows);
    }
    if (to.equals("DOUBLE") || to.equals("FLOAT")) {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        if (!v.has(i)) {
          continue;
        }
        double d =
            switch (from.kind()) {
              case FLOAT, DOUBLE -> v.doubles[i];
              case EXACT, BOOLEAN -> WideValues.decimal(v, i, from.scale()).doubleValue();
              default -> parseDouble(StringFunctions.string(v, i));
            };
        out.doubles[i] = to.equals("FLOAT") ? (float) d : d;
      }
      return out;
    }
    int bits =
        switch (to) {
          case "TINYINT" -> 8;
          case "SMALLINT" -> 16;
          case "INTEGER" -> 32;
          default -> 64;
        };
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (!v.has(i)) {
        continue;
      }
      java.math.BigDecimal exact =
          switch (from.kind()) {
            case FLOAT, DOUBLE -> {
              double d = Math.rint(v.doubles[i]);
              if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(filter + " casts " + d + " to " + to);
              }
              yield new java.math.BigDecimal(d);
            }
            case EXACT, BOOLEAN ->
                WideValues.decimal(v, i, from.scale()).setScale(0, java.math.RoundingMode.HALF_UP);
            default ->
                parseDecimal(StringFunctions.string(v, i), to)
                    .setScale(0, java.math.RoundingMode.HALF_UP);
          };
      if (exact.toBigInteger().bitLength() > bits - 1) {
        throw new IllegalArgumentException(
            filter + " casts " + exact + " to " + to + ", which cannot hold it");
      }
      out.longs[i] = exact.longValue();
    }
    return out;
  }

  private double parseDouble(String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(filter + " casts '" + text + "', which is no number");
    }
  }

  private java.math.BigDecimal parseDecimal(String text, String to) {
    try {
      return new java.math.BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          filter + " casts '" + text + "' to " + to + ", which it is not");
    }
  }

  /**
   * greatest and least (nulls left out, as DuckDB does), and nullif (null where the two are equal),
   * on arguments already of one type.
   */
  private Values choose(String f, List<BoundExpression> args, ValueType type) {
    List<Values> values = widenAll(args.stream().map(this::evaluate).toList());
    int[] from = new int[rows];
    long[] present = values.get(0).present.clone();
    if (f.equals("nullif")) {
      Values a = values.get(0);
      Values b = values.get(1);
      for (int i = 0; i < rows; i++) {
        if (a.has(i) && b.has(i) && order(a, i, b, i, type) == 0) {
          present[i >>> 6] &= ~(1L << i);
        }
      }
      return assemble(values, from, present, type);
    }
    int want = f.equals("greatest") ? 1 : -1;
    for (int k = 1; k < values.size(); k++) {
      Values v = values.get(k);
      for (int i = 0; i < rows; i++) {
        if (!v.has(i)) {
          continue;
        }
        boolean has = (present[i >>> 6] & 1L << i) != 0;
        if (!has || Integer.signum(order(v, i, values.get(from[i]), i, type)) == want) {
          from[i] = k;
          present[i >>> 6] |= 1L << i;
        }
      }
    }
    return assemble(values, from, present, type);
  }

  /** CASE: each row takes the value of its first true condition, else the last value. */
  private Values choice(BoundExpression.Case c) {
    List<BoundExpression> all = new java.util.ArrayList<>(c.values());
    all.add(c.otherwise());
    List<Values> values = widenAll(all.stream().map(this::evaluate).toList());
    int otherwise = c.values().size();
    int[] from = new int[rows];
    Arrays.fill(from, otherwise);
    long[] decided = new long[(rows + 63) >>> 6];
    for (int k = 0; k < otherwise; k++) {
      long[] holds = conditions.apply(c.conditions().get(k));
      for (int w = 0; w < decided.length; w++) {
        long now = holds[w] & ~decided[w];
        decided[w] |= now;
        while (now != 0) {
          from[(w << 6) + Long.numberOfTrailingZeros(now)] = k;
          now &= now - 1;
        }
      }
    }
    long[] present = new long[decided.length];
    for (int i = 0; i < rows; i++) {
      present[i >>> 6] |= (values.get(from[i]).has(i) ? 1L : 0L) << i;
    }
    return assemble(values, from, present, c.type());
  }

  /** Row i's value taken from {@code values.get(from[i])}, all of {@code type}. */
  private Values assemble(List<Values> values, int[] from, long[] present, ValueType type) {
    if (type.isBytes()) {
      return StringFunctions.pick(values, from, present, rows);
    }
    Values out = new Values();
    out.present = present;
    if (values.stream().anyMatch(v -> v.bigs != null)) {
      out.bigs = new java.math.BigInteger[rows];
      for (int i = 0; i < rows; i++) {
        out.bigs[i] = values.get(from[i]).bigs[i];
      }
    } else if (!type.isFloating()) {
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        out.longs[i] = values.get(from[i]).longs[i];
      }
    } else {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        out.doubles[i] = values.get(from[i]).doubles[i];
      }
    }
    return out;
  }

  /** Two values of one type in order. */
  private static int order(Values a, int i, Values b, int j, ValueType type) {
    if (type.isFloating()) {
      return Domain.compareDoubles(a.doubles[i], b.doubles[j]);
    }
    if (type.isBytes()) {
      return Arrays.compareUnsigned(a.data, a.starts[i], a.ends[i], b.data, b.starts[j], b.ends[j]);
    }
    if (a.bigs != null || b.bigs != null) {
      return WideValues.big(a, i).compareTo(WideValues.big(b, j));
    }
    return Long.compare(a.longs[i], b.longs[j]);
  }

  /** coalesce: each row's first value that is not null. */
  private Values coalesce(List<BoundExpression> args, ValueType type) {
    List<Values> values = widenAll(args.stream().map(this::evaluate).toList());
    int[] from = new int[rows];
    long[] present = values.get(0).present.clone();
    for (int k = 1; k < values.size(); k++) {
      Values v = values.get(k);
      for (int i = 0; i < rows; i++) {
        if ((present[i >>> 6] & 1L << i) == 0 && v.has(i)) {
          present[i >>> 6] |= 1L << i;
          from[i] = k;
        }
      }
    }
    return assemble(values, from, present, type);
  }

  /** Positions and counts past 64 bits as the nearest longs: as far out of a string either way. */
  private Values saturated(Values v) {
    if (v.bigs != null) {
      v.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        v.longs[i] = v.bigs[i].signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
    }
    return v;
  }

  /** Exact values all as BigIntegers where any batch holds them so, for choosing among them. */
  private List<Values> widenAll(List<Values> values) {
    if (values.stream().noneMatch(v -> v.bigs != null)) {
      return values;
    }
    for (Values v : values) {
      if (v.longs != null || v.bigs != null) {
        v.bigs = WideValues.bigs(v, rows);
        v.longs = null;
      }
    }
    return values;
  }

  /** Each list's element count (a null list's null). */
  private Values listLength(BoundExpression.ListRef ref) {
    ListRows list = lists.apply(ref.element()).rows();
    Values out = new Values();
    out.present = list.present().clone();
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      out.longs[i] = list.ends()[i] - list.starts()[i];
    }
    return out;
  }

  /**
   * Whether each list holds the value sought (list_contains: null where the list or the value is),
   * or the first position that does (list_position, from 1: null where none does; a null sought
   * finds the first null element), as DuckDB's. Elements and the value meet as {@code c} says: its
   * left computes over the element slots, its right over the rows.
   */
  private Values listSearch(
      boolean position, BoundExpression.ListRef ref, ExpressionBinder.Comparison c) {
    ListValues lv = lists.apply(ref.element());
    ListRows list = lv.rows();
    Values sought = evaluate(c.right());
    int[] found = firstMatches(lv, c, sought);
    Values out = new Values();
    out.present = new long[(rows + 63) >>> 6];
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      boolean known = position ? found[i] >= 0 : list.has(i) && sought.has(i);
      if (known) {
        out.present[i >>> 6] |= 1L << i;
        out.longs[i] = position ? found[i] + 1 : found[i] >= 0 ? 1 : 0;
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked") // the binder puts the comparisons there
  private Values listHas(Apply a) {
    return listHas(
        a.function().equals("list_has_all"),
        (BoundExpression.ListRef) a.arguments().get(0),
        (List<ExpressionBinder.Comparison>) a.compiled());
  }

  /**
   * Whether each list holds any (list_has_any) or all (list_has_all) of the values sought, each
   * meeting the elements as in {@code sought}: null where the list is; a null value is passed over.
   */
  private Values listHas(
      boolean all, BoundExpression.ListRef ref, List<ExpressionBinder.Comparison> sought) {
    ListValues lv = lists.apply(ref.element());
    Values out = new Values();
    out.present = lv.rows().present().clone();
    out.longs = new long[rows];
    if (all) {
      Arrays.fill(out.longs, 1);
    }
    for (ExpressionBinder.Comparison c : sought) {
      Values value = evaluate(c.right());
      int[] found = firstMatches(lv, c, value);
      for (int i = 0; i < rows; i++) {
        // A null value sought is passed over, as DuckDB's: neither found nor missing.
        long has = value.has(i) ? (found[i] >= 0 ? 1 : 0) : all ? 1 : 0;
        out.longs[i] = all ? out.longs[i] & has : out.longs[i] | has;
      }
    }
    return out;
  }

  /**
   * Each row's first element (from 0) that equals the value sought in that row, as {@code c}
   * compares them, or, where the value is null, its first null element; -1 for none, and for a null
   * list.
   */
  private int[] firstMatches(ListValues lv, ExpressionBinder.Comparison c, Values sought) {
    ListRows list = lv.rows();
    Values elements = overElements(lv, c.left());
    int[] found = new int[rows];
    java.util.Arrays.fill(found, -1);
    if (c.right() instanceof Constant k && k.value() != null) {
      // One value for every row: each element slot compared with it once, no pairs made.
      long[] equal = equalToConstant(c, elements, evaluateOne(c.right()), list.elements());
      for (int i = 0; i < rows; i++) {
        for (int j = list.starts()[i]; j < list.ends()[i]; j++) {
          if ((equal[j >>> 6] >>> j & 1) != 0) {
            found[i] = j - list.starts()[i];
            break;
          }
        }
      }
      return found;
    }
    ListRows.Pairs pairs = list.pairs();
    int count = pairs.row().length;
    Values paired = gather(elements, pairs.slot(), count);
    long[] equal =
        c.form() == ExpressionBinder.Form.NEVER
            ? new long[(count + 63) >>> 6]
            : compare(c, BoundFilter.Kind.EQ, paired, gather(sought, pairs.row(), count), count)[0];
    for (int i = 0; i < rows; i++) {
      boolean isNull = !sought.has(i);
      for (int p = pairs.starts()[i]; p < pairs.starts()[i + 1]; p++) {
        if (isNull ? !paired.has(p) : (equal[p >>> 6] >>> p & 1) != 0) {
          found[i] = p - pairs.starts()[i];
          break;
        }
      }
    }
    return found;
  }

  /** A constant's value, as a batch of one row. */
  private Values evaluateOne(BoundExpression constant) {
    return new ExpressionEvaluator(1, columns, lists, conditions, filter).evaluate(constant);
  }

  /** The element slots (of {@code count}) whose value equals {@code one}'s only value. */
  private static long[] equalToConstant(
      ExpressionBinder.Comparison c, Values elements, Values one, int count) {
    if (c.form() == ExpressionBinder.Form.BYTES) {
      long[] out = new long[(count + 63) >>> 6];
      int length = one.ends[0] - one.starts[0];
      for (int j = 0; j < count; j++) {
        if (elements.has(j)
            && elements.ends[j] - elements.starts[j] == length
            && Arrays.equals(
                elements.data,
                elements.starts[j],
                elements.ends[j],
                one.data,
                one.starts[0],
                one.ends[0])) {
          out[j >>> 6] |= 1L << j;
        }
      }
      return out;
    }
    // Numbers, dates and times: the general comparison, the value repeated.
    return compare(c, BoundFilter.Kind.EQ, elements, gather(one, new int[count], count), count)[0];
  }

  /**
   * Each list's element at an index from 1 (from the end where negative), as DuckDB's {@code l[i]}:
   * null past either end, at 0, and where the list, the index or the element is.
   */
  private Values listExtract(BoundExpression.ListRef ref, Values index) {
    ListValues lv = lists.apply(ref.element());
    ListRows list = lv.rows();
    int[] slot = new int[rows];
    for (int i = 0; i < rows; i++) {
      slot[i] = -1;
      if (list.has(i) && index.has(i)) {
        long size = list.ends()[i] - list.starts()[i];
        long k = index.longs[i];
        long at = k > 0 ? k - 1 : k < 0 ? size + k : -1;
        if (at >= 0 && at < size) {
          slot[i] = list.starts()[i] + (int) at;
        }
      }
    }
    return gather(overElements(lv, ref.elements()), slot, rows);
  }

  /**
   * Each map's value for the key sought ({@code m['key']}): that of its first entry whose key
   * equals it, as {@code c} compares them; null where the map, the key or the value is null or no
   * key equals it.
   */
  private Values mapValue(
      BoundExpression.ListRef keys, BoundExpression.ListRef values, ExpressionBinder.Comparison c) {
    ListValues lv = lists.apply(keys.element());
    ListRows list = lv.rows();
    Values sought = evaluate(c.right());
    int[] found = firstMatches(lv, c, sought);
    int[] slot = new int[rows];
    for (int i = 0; i < rows; i++) {
      slot[i] = sought.has(i) && found[i] >= 0 ? list.starts()[i] + found[i] : -1;
    }
    return gather(overElements(lists.apply(values.element()), values.elements()), slot, rows);
  }

  /**
   * Each list's least or greatest element (list_min, list_max: as comparisons order them, NaN above
   * all), the sum of its elements (list_sum: exact for integers and decimals, past 64 bits in
   * BigIntegers; floats added as doubles in the list's order) or their count (list_count), null
   * elements left out; null where the list is null or, but for the count, holds no value.
   */
  private Values listAggregate(String f, BoundExpression.ListRef ref) {
    ListValues lv = lists.apply(ref.element());
    ListRows list = lv.rows();
    Values e = overElements(lv, ref.elements());
    ValueType type = ref.elementType();
    Values out = new Values();
    out.present = new long[(rows + 63) >>> 6];
    if (f.equals("list_min") || f.equals("list_max")) {
      int sign = f.equals("list_max") ? 1 : -1;
      int[] slot = new int[rows];
      for (int i = 0; i < rows; i++) {
        int best = -1;
        for (int j = list.starts()[i]; j < list.ends()[i]; j++) {
          if (e.has(j) && (best < 0 || sign * order(e, j, e, best, type) > 0)) {
            best = j;
          }
        }
        slot[i] = best;
      }
      return gather(e, slot, rows);
    }
    out.longs = new long[rows];
    boolean floating = type.isFloating();
    if (floating) {
      out.doubles = new double[rows];
    }
    java.math.BigInteger[] wide = null;
    for (int i = 0; i < rows; i++) {
      long count = 0;
      for (int j = list.starts()[i]; j < list.ends()[i]; j++) {
        if (!e.has(j)) {
          continue;
        }
        count++;
        if (f.equals("list_count")) {
          continue;
        }
        if (floating) {
          out.doubles[i] += e.doubles[j];
        } else if (wide != null || e.bigs != null) {
          wide = wide != null ? wide : WideValues.bigs(out, rows);
          wide[i] = wide[i].add(WideValues.big(e, j));
        } else {
          try {
            out.longs[i] = Math.addExact(out.longs[i], e.longs[j]);
          } catch (ArithmeticException past64Bits) {
            wide = WideValues.bigs(out, rows);
            wide[i] = wide[i].add(java.math.BigInteger.valueOf(e.longs[j]));
          }
        }
      }
      if (f.equals("list_count") ? list.has(i) : count > 0) {
        out.present[i >>> 6] |= 1L << i;
      }
      if (f.equals("list_count")) {
        out.longs[i] = count;
      }
    }
    if (wide != null) {
      out.longs = null;
      return WideValues.narrow(out, wide, rows, filter);
    }
    return out;
  }

  /** An expression of a list's elements (the element column, converted), over its element slots. */
  private Values overElements(ListValues lv, BoundExpression e) {
    return new ExpressionEvaluator(
            lv.rows().elements(),
            c -> lv.elements().get(),
            lists,
            f -> {
              throw new IllegalStateException("no CASE over a list's elements");
            },
            filter)
        .evaluate(e);
  }

  /** Values at {@code from[i]} of {@code v} for i below count (null where from[i] is -1). */
  static Values gather(Values v, int[] from, int count) {
    Values out = new Values();
    out.present = new long[(count + 63) >>> 6];
    for (int i = 0; i < count; i++) {
      int f = from[i];
      if (f >= 0 && v.has(f)) {
        out.present[i >>> 6] |= 1L << i;
      }
    }
    if (v.longs != null) {
      out.longs = new long[count];
      for (int i = 0; i < count; i++) {
        out.longs[i] = from[i] >= 0 ? v.longs[from[i]] : 0;
      }
    }
    if (v.bigs != null) {
      out.bigs = new java.math.BigInteger[count];
      for (int i = 0; i < count; i++) {
        out.bigs[i] = from[i] >= 0 ? v.bigs[from[i]] : java.math.BigInteger.ZERO;
      }
    }
    if (v.doubles != null) {
      out.doubles = new double[count];
      for (int i = 0; i < count; i++) {
        out.doubles[i] = from[i] >= 0 ? v.doubles[from[i]] : 0;
      }
    }
    if (v.starts != null) {
      out.data = v.data;
      out.starts = new int[count];
      out.ends = new int[count];
      for (int i = 0; i < count; i++) {
        if (from[i] >= 0) {
          out.starts[i] = v.starts[from[i]];
          out.ends[i] = v.ends[from[i]];
        }
      }
    }
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
}
