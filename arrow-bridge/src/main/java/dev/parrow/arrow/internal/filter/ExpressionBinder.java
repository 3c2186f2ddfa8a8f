package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.filter.Expression;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.filter.BoundExpression.Apply;
import dev.parrow.arrow.internal.filter.BoundExpression.Constant;
import dev.parrow.arrow.internal.filter.BoundExpression.Convert;
import dev.parrow.arrow.internal.filter.BoundExpression.Kind;
import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Binds a {@link Filter.Compute}: resolves its columns, types every call as DuckDB does (integers
 * and decimals exact, {@code /} a double, a FLOAT meeting an integer or decimal a FLOAT, a string
 * literal read as the type it meets), and decides how the two sides compare. Every problem is an
 * IllegalArgumentException naming the file and the expression, before anything is read.
 */
final class ExpressionBinder {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /** The most decimal places an exact value keeps, as DuckDB's widest decimal. */
  private static final int MAX_SCALE = 38;

  private final Function<String, FilterColumn> columns;
  private final Function<String, FilterBinder.ListColumn> lists;
  private final Function<String, FilterBinder.MapColumn> maps;
  private final Function<Filter, BoundFilter> conditions;
  private final String fileName;
  private Filter.Compute current;

  /**
   * The functions that take a list or map column (as their first argument): its length, an element
   * or a key's value, whether it holds a value or key.
   */
  private static final java.util.Set<String> CONTAINER_FUNCTIONS =
      java.util.Set.of(
          "length",
          "list_contains",
          "list_position",
          "list_extract",
          "list_has_any",
          "list_has_all",
          "list_min",
          "list_max",
          "list_sum",
          "list_count",
          "map_contains",
          "map_contains_value",
          "cardinality",
          "is_null");

  /**
   * @param columns the leaf column a name means
   * @param lists the list column a name means, or null where it means none
   * @param maps the map column a name means, or null where it means none
   * @param conditions a CASE's conditions bound
   * @param fileName the file, as errors name it
   */
  ExpressionBinder(
      Function<String, FilterColumn> columns,
      Function<String, FilterBinder.ListColumn> lists,
      Function<String, FilterBinder.MapColumn> maps,
      Function<Filter, BoundFilter> conditions,
      String fileName) {
    this.columns = columns;
    this.lists = lists;
    this.maps = maps;
    this.conditions = conditions;
    this.fileName = fileName;
  }

  /** How the two sides of a comparison meet. */
  enum Form {
    /** Longs, each side times its multiplier (decimal scales, time units aligned exactly). */
    LONGS,
    /** Doubles: -0.0 equals 0.0, NaN equals NaN and is above every number. */
    DOUBLES,
    /** Bytes, unsigned. */
    BYTES,
    /** Against NULL: unknown in every row. */
    NEVER
  }

  /**
   * A bound comparison.
   *
   * @param left the left side
   * @param right the right side
   * @param form how they meet
   * @param leftFactor what LONGS multiplies the left side's values by
   * @param rightFactor what LONGS multiplies the right side's values by
   */
  record Comparison(
      BoundExpression left, BoundExpression right, Form form, long leftFactor, long rightFactor) {}

  Comparison compare(Filter.Compute compute) {
    current = compute;
    return meet(bind(compute.left()), bind(compute.right()));
  }

  /** How two values compare (both converted to the type they meet in). */
  private Comparison meet(BoundExpression left, BoundExpression right) {
    // A string literal meets a value of another type as that type, as SQL casts it.
    left = castLiteral(left, right.type());
    right = castLiteral(right, left.type());
    ValueType l = left.type();
    ValueType r = right.type();
    if (l.kind() == Kind.NULL || r.kind() == Kind.NULL) {
      return new Comparison(left, right, Form.NEVER, 1, 1);
    }
    if (l.isNumber() && r.isNumber()) {
      if (l.kind() == Kind.EXACT && r.kind() == Kind.EXACT) {
        int scale = Math.max(l.scale(), r.scale());
        if (scale - Math.min(l.scale(), r.scale()) > 18) {
          // A factor past a long: the finer side's scale given to the other first.
          ValueType common = ValueType.exact(scale);
          return new Comparison(convert(left, common), convert(right, common), Form.LONGS, 1, 1);
        }
        return new Comparison(
            left,
            right,
            Form.LONGS,
            NumberFunctions.pow10(scale - l.scale()),
            NumberFunctions.pow10(scale - r.scale()));
      }
      ValueType common = numeric(l, r);
      return new Comparison(convert(left, common), convert(right, common), Form.DOUBLES, 1, 1);
    }
    if (l.isBytes() && r.isBytes()) {
      return new Comparison(left, right, Form.BYTES, 1, 1);
    }
    if (l.isInstant() && r.isInstant()
        || l.kind() == Kind.TIME && r.kind() == Kind.TIME
        || l.kind() == Kind.BOOLEAN && r.kind() == Kind.BOOLEAN) {
      long ln = unitNanos(l);
      long rn = unitNanos(r);
      long fine = Math.min(ln, rn);
      return new Comparison(left, right, Form.LONGS, ln / fine, rn / fine);
    }
    throw problem("it compares " + l.describe() + " with " + r.describe());
  }

  /** Nanoseconds per unit of a date, timestamp or time's longs; 1 for booleans. */
  private static long unitNanos(ValueType t) {
    return switch (t.kind()) {
      case DATE -> NANOS_PER_DAY;
      case TIMESTAMP, TIME -> t.unitNanos();
      default -> 1;
    };
  }

  private BoundExpression bind(Expression e) {
    if (e instanceof Expression.Column c) {
      FilterBinder.ListColumn list = lists.apply(c.name());
      if (list != null) {
        return listRef(list);
      }
      FilterBinder.MapColumn map = maps.apply(c.name());
      if (map != null) {
        return new BoundExpression.MapRef(
            listRef(map.keys()), map.values() == null ? null : listRef(map.values()));
      }
      return column(columns.apply(c.name()));
    }
    if (e instanceof Expression.Literal l) {
      return constant(l.value());
    }
    if (e instanceof Expression.Case c) {
      return choice(c);
    }
    Expression.Call call = (Expression.Call) e;
    List<BoundExpression> args = new ArrayList<>();
    for (int i = 0; i < call.arguments().size(); i++) {
      BoundExpression a = bind(call.arguments().get(i));
      if ((a.type().kind() == Kind.LIST || a.type().kind() == Kind.MAP)
          && !(CONTAINER_FUNCTIONS.contains(call.function())
              && (i == 0 || call.function().equals("is_null")))) {
        throw problem(
            call.function()
                + " does not take "
                + a.type().describe()
                + " ("
                + call.arguments().get(i)
                + (a.type().kind() == Kind.LIST
                    ? "); a list is read by len, list_contains, list_position, list_has_any,"
                        + " list_has_all and [index]"
                    : "); a map is read by ['key'], map_contains, map_contains_value and"
                        + " cardinality"));
      }
      args.add(a);
    }
    return apply(call.function(), args, call.arguments());
  }

  /** A list as the list functions take it. */
  private BoundExpression.ListRef listRef(FilterBinder.ListColumn list) {
    ValueType type = null; // where the elements do not compute: refused where read
    try {
      type = list.values() ? column(list.leaf()).type() : null;
    } catch (IllegalArgumentException notComputed) {
      // its length and nulls still compute
    }
    return new BoundExpression.ListRef(list.leaf(), type);
  }

  private BoundExpression.ColumnRef column(FilterColumn c) {
    ValueType type =
        switch (c.literal()) {
          case INTEGER -> ValueType.INTEGER;
          case DECIMAL -> ValueType.exact(c.scale());
          case FLOAT -> c.float32() ? ValueType.FLOAT : ValueType.DOUBLE;
          case BOOLEAN -> ValueType.BOOLEAN;
          case STRING -> ValueType.STRING;
          case BINARY, UUID -> ValueType.BINARY;
          case DATE -> ValueType.DATE;
          case TIME -> new ValueType(Kind.TIME, 0, c.unitNanos());
          case TIMESTAMP -> new ValueType(Kind.TIMESTAMP, 0, c.unitNanos());
          case NONE -> null;
        };
    if (type == null || c.domain() == Domain.NONE) {
      throw problem(
          "it reads column '"
              + c.name()
              + "' ("
              + c.column().physicalType()
              + "), which it cannot compute with");
    }
    return new BoundExpression.ColumnRef(c, type);
  }

  /** A literal in the Java form of its type. */
  private BoundExpression constant(Object v) {
    if (v == null) {
      return new Constant(ValueType.NULL, null);
    }
    if (v instanceof Boolean b) {
      return new Constant(ValueType.BOOLEAN, b ? 1L : 0L);
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return new Constant(ValueType.INTEGER, ((Number) v).longValue());
    }
    if (v instanceof BigInteger i) {
      return exactConstant(new BigDecimal(i));
    }
    if (v instanceof BigDecimal d) {
      return exactConstant(d);
    }
    if (v instanceof Float f) {
      return new Constant(ValueType.FLOAT, (double) f);
    }
    if (v instanceof Double d) {
      return new Constant(ValueType.DOUBLE, d);
    }
    if (v instanceof String s) {
      return new Constant(ValueType.STRING, s.getBytes(StandardCharsets.UTF_8));
    }
    if (v instanceof byte[] b) {
      return new Constant(ValueType.BINARY, b.clone());
    }
    if (v instanceof UUID u) {
      return new Constant(
          ValueType.BINARY,
          ByteBuffer.allocate(16)
              .putLong(u.getMostSignificantBits())
              .putLong(u.getLeastSignificantBits())
              .array());
    }
    if (v instanceof LocalDate d) {
      return new Constant(ValueType.DATE, d.toEpochDay());
    }
    if (v instanceof java.time.Period || v instanceof java.time.Duration) {
      return new Constant(new ValueType(Kind.INTERVAL, 0, 0), v);
    }
    if (v instanceof LocalTime t) {
      return new Constant(new ValueType(Kind.TIME, 0, 1), t.toNanoOfDay());
    }
    if (v instanceof LocalDateTime t) {
      return timestampConstant(t.toInstant(ZoneOffset.UTC));
    }
    if (v instanceof Instant i) {
      return timestampConstant(i);
    }
    if (v instanceof OffsetDateTime t) {
      return timestampConstant(t.toInstant());
    }
    if (v instanceof ZonedDateTime t) {
      return timestampConstant(t.toInstant());
    }
    throw problem(
        "it has a literal of a type filters do not take: " + v.getClass().getSimpleName());
  }

  private Constant exactConstant(BigDecimal d) {
    if (d.scale() < 0) {
      d = d.setScale(0);
    }
    if (d.scale() > MAX_SCALE) {
      throw problem("it has a number of more than 38 decimal places: " + d.toPlainString());
    }
    BigInteger unscaled = d.unscaledValue();
    if (unscaled.bitLength() < 64) {
      return new Constant(ValueType.exact(d.scale()), unscaled.longValue());
    }
    if (unscaled.abs().compareTo(BigInteger.TEN.pow(38)) >= 0) {
      throw problem("it has a number of more than 38 digits: " + d.toPlainString());
    }
    return new Constant(ValueType.exact(d.scale()), unscaled);
  }

  /** An instant in microseconds, or nanoseconds where it has them. */
  private Constant timestampConstant(Instant i) {
    try {
      if (i.getNano() % 1000 == 0) {
        long micros =
            Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
        return new Constant(new ValueType(Kind.TIMESTAMP, 0, 1000), micros);
      }
      long nanos =
          Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
      return new Constant(new ValueType(Kind.TIMESTAMP, 0, 1), nanos);
    } catch (ArithmeticException e) {
      throw problem("it has a timestamp out of range: " + i);
    }
  }

  /** A string literal read as the type it meets; anything else as it is. */
  private BoundExpression castLiteral(BoundExpression e, ValueType to) {
    if (!(e instanceof Constant c) || c.type().kind() != Kind.STRING || to.isBytes()) {
      return e;
    }
    String text = new String((byte[]) c.value(), StandardCharsets.UTF_8).trim();
    try {
      return switch (to.kind()) {
        case FLOAT, DOUBLE -> {
          Double special = FilterBinder.specialFloat(text);
          yield constant(special != null ? special : new BigDecimal(text).doubleValue());
        }
        case EXACT -> {
          BigDecimal d = new BigDecimal(text);
          yield exactConstant(d);
        }
        case BOOLEAN -> {
          if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            throw problem("it compares a boolean with '" + text + "'");
          }
          yield constant(Boolean.parseBoolean(text));
        }
        case DATE ->
            text.length() <= 10
                ? constant(LocalDate.parse(text))
                : timestampConstant(FilterBinder.parseInstant(text));
        case TIMESTAMP -> timestampConstant(FilterBinder.parseInstant(text));
        case TIME -> constant(LocalTime.parse(text));
        default -> e;
      };
    } catch (NumberFormatException | DateTimeParseException ex) {
      throw problem("it compares " + to.describe() + " with '" + text + "', which is not one");
    }
  }

  /** The type two numbers meet in: DOUBLE over FLOAT over EXACT. */
  private static ValueType numeric(ValueType a, ValueType b) {
    if (a.kind() == Kind.DOUBLE || b.kind() == Kind.DOUBLE) {
      return ValueType.DOUBLE;
    }
    if (a.kind() == Kind.FLOAT || b.kind() == Kind.FLOAT) {
      return ValueType.FLOAT;
    }
    return ValueType.exact(Math.max(a.scale(), b.scale()));
  }

  /** A value in another type, converted where its Java form differs. */
  private BoundExpression convert(BoundExpression e, ValueType to) {
    ValueType from = e.type();
    if (from.equals(to) || from.kind() == Kind.NULL) {
      return e;
    }
    if (from.kind() == Kind.FLOAT && to.kind() == Kind.DOUBLE) {
      return new Convert(e, to); // the same doubles; typed as DOUBLE from here
    }
    boolean ok =
        from.kind() == Kind.EXACT
                && to.isNumber()
                && (to.isFloating() || to.scale() >= from.scale())
            || from.kind() == Kind.DATE && to.kind() == Kind.TIMESTAMP
            || from.kind() == Kind.TIMESTAMP && to.kind() == Kind.TIMESTAMP;
    if (!ok) {
      throw new IllegalStateException("no conversion from " + from + " to " + to);
    }
    return new Convert(e, to);
  }

  private BoundExpression apply(String f, List<BoundExpression> args, List<Expression> source) {
    switch (f) {
      case "+", "-", "*", "/", "//", "%" -> {
        if (args.size() == 1 && f.equals("-")) {
          BoundExpression a = args.get(0);
          requireNumber(f, a);
          return new Apply("negate", args, a.type(), null);
        }
        arity(f, args, 2, 2);
        return arithmetic(
            f,
            castLiteral(args.get(0), args.get(1).type()),
            castLiteral(args.get(1), args.get(0).type()));
      }
      case "abs" -> {
        arity(f, args, 1, 1);
        requireNumber(f, args.get(0));
        return new Apply(f, args, args.get(0).type(), null);
      }
      case "round", "floor", "ceil" -> {
        BoundExpression a = args.get(0);
        requireNumber(f, a);
        long digits = 0;
        if (args.size() > 1) {
          if (!(args.get(1) instanceof Constant c
              && c.type().equals(ValueType.INTEGER)
              && c.value() instanceof Long)) {
            throw problem(f + " takes its number of decimal places as an integer literal");
          }
          digits = (Long) c.value();
        }
        digits = Math.max(-MAX_SCALE, Math.min(MAX_SCALE, digits));
        // Decimals keep min(digits, scale) places (floor and ceil none); floats stay floats.
        ValueType type =
            a.type().kind() == Kind.EXACT
                ? ValueType.exact((int) Math.max(0, Math.min(digits, a.type().scale())))
                : a.type();
        return new Apply(f, List.of(a), type, digits);
      }
      case "sign" -> {
        arity(f, args, 1, 1);
        requireNumber(f, args.get(0));
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "sqrt", "ln", "log10", "exp", "power" -> {
        List<BoundExpression> out = new ArrayList<>();
        for (BoundExpression a : args) {
          requireNumber(f, a);
          out.add(convert(a, ValueType.DOUBLE));
        }
        return new Apply(f, out, ValueType.DOUBLE, null);
      }
      case "cast" -> {
        String to = textLiteral(f, source.get(1));
        return cast(args.get(0), to);
      }
      case "greatest", "least", "nullif" -> {
        ValueType type = common(f, args);
        if (type == null) {
          return new Constant(ValueType.NULL, null);
        }
        List<BoundExpression> out = new ArrayList<>();
        for (BoundExpression a : args) {
          out.add(convert(castLiteral(a, type), type));
        }
        return new Apply(f, out, type, null);
      }
      case "replace" -> {
        for (BoundExpression a : args) {
          requireKind(f, a, Kind.STRING);
        }
        return new Apply(f, args, ValueType.STRING, null);
      }
      case "strpos" -> {
        for (BoundExpression a : args) {
          requireKind(f, a, Kind.STRING);
        }
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "reverse" -> {
        requireKind(f, args.get(0), Kind.STRING);
        return new Apply(f, args, ValueType.STRING, null);
      }
      case "date_diff" -> {
        String part = calendarPart(f, source.get(0));
        BoundExpression from = castLiteral(args.get(1), ValueType.DATE);
        BoundExpression to = castLiteral(args.get(2), ValueType.DATE);
        requireInstant(f, from, false);
        requireInstant(f, to, false);
        boolean days = List.of("year", "quarter", "month", "week", "day").contains(part);
        // Both in the coarser unit (no boundary it counts is finer), a date's as microseconds.
        ValueType type = ValueType.DATE;
        if (from.type().kind() == Kind.TIMESTAMP || to.type().kind() == Kind.TIMESTAMP || !days) {
          long unit = 1;
          for (BoundExpression a : List.of(from, to)) {
            unit = Math.max(unit, a.type().kind() == Kind.TIMESTAMP ? a.type().unitNanos() : 1000);
          }
          type = new ValueType(Kind.TIMESTAMP, 0, unit);
        }
        return new Apply(
            f, List.of(convert(from, type), convert(to, type)), ValueType.INTEGER, part);
      }
      case "date_trunc" -> {
        String part = calendarPart(f, source.get(0));
        BoundExpression a = castLiteral(args.get(1), ValueType.DATE);
        requireInstant(f, a, false);
        // DuckDB's date_trunc is a timestamp, a date's at midnight in microseconds.
        ValueType type =
            a.type().kind() == Kind.TIMESTAMP ? a.type() : new ValueType(Kind.TIMESTAMP, 0, 1000);
        return new Apply(f, List.of(convert(a, type)), type, part);
      }
      case "lower", "upper", "trim", "ltrim", "rtrim" -> {
        arity(f, args, 1, 1);
        requireKind(f, args.get(0), Kind.STRING);
        return new Apply(f, args, ValueType.STRING, null);
      }
      case "length" -> {
        arity(f, args, 1, 1);
        if (args.get(0).type().kind() == Kind.LIST) {
          return new Apply("list_length", args, ValueType.INTEGER, null);
        }
        requireKind(f, args.get(0), Kind.STRING);
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "strlen" -> {
        arity(f, args, 1, 1);
        if (!args.get(0).type().isBytes() && args.get(0).type().kind() != Kind.NULL) {
          throw problem(f + " takes a string or bytes, not " + args.get(0).type().describe());
        }
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "substring", "left", "right" -> {
        arity(f, args, 2, f.equals("substring") ? 3 : 2);
        requireKind(f, args.get(0), Kind.STRING);
        List<BoundExpression> out = new ArrayList<>(List.of(args.get(0)));
        for (BoundExpression a : args.subList(1, args.size())) {
          a = castLiteral(a, ValueType.INTEGER);
          if (a.type().kind() != Kind.NULL
              && !(a.type().kind() == Kind.EXACT && a.type().scale() == 0)) {
            throw problem(f + " takes integer positions and lengths, not " + a.type().describe());
          }
          out.add(a);
        }
        return new Apply(f, out, ValueType.STRING, null);
      }
      case "concat", "||" -> {
        arity(f, args, f.equals("||") ? 2 : 1, Integer.MAX_VALUE);
        boolean binary = args.stream().allMatch(a -> a.type().kind() == Kind.BINARY);
        for (BoundExpression a : args) {
          if (!(a.type().kind() == Kind.STRING || binary || a.type().kind() == Kind.NULL)) {
            throw problem(f + " joins strings (or bytes), not " + a.type().describe());
          }
        }
        return new Apply(f, args, binary ? ValueType.BINARY : ValueType.STRING, null);
      }
      case "year", "month", "day", "quarter", "dayofweek", "isodow", "dayofyear", "week" -> {
        arity(f, args, 1, 1);
        requireInstant(f, args.get(0), false);
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "hour", "minute", "second" -> {
        arity(f, args, 1, 1);
        requireInstant(f, args.get(0), true);
        return new Apply(f, args, ValueType.INTEGER, null);
      }
      case "date" -> {
        arity(f, args, 1, 1);
        BoundExpression a = castLiteral(args.get(0), ValueType.DATE);
        requireInstant(f, a, false);
        return new Apply(f, List.of(a), ValueType.DATE, null);
      }
      case "coalesce" -> {
        arity(f, args, 1, Integer.MAX_VALUE);
        return coalesce(args);
      }
      case "like", "ilike" -> {
        arity(f, args, 2, 3);
        requireKind(f, args.get(0), Kind.STRING);
        String pattern = textLiteral(f, source.get(1));
        Character escape = null;
        if (args.size() == 3) {
          String e = textLiteral(f, source.get(2));
          if (e.length() != 1) {
            throw problem(f + "'s escape is one character, not '" + e + "'");
          }
          escape = e.charAt(0);
        }
        LikePattern compiled;
        try {
          new Filter.Like("value", pattern, escape, f.equals("ilike"));
          compiled = LikePattern.compile(pattern, escape, f.equals("ilike"));
        } catch (IllegalArgumentException e) {
          throw problem(e.getMessage());
        }
        return new Apply("like", List.of(args.get(0)), ValueType.BOOLEAN, compiled);
      }
      case "regexp_matches", "regexp_full_match" -> {
        arity(f, args, 2, 2);
        requireKind(f, args.get(0), Kind.STRING);
        String regex = textLiteral(f, source.get(1));
        Pattern compiled;
        try {
          compiled = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
          throw problem(f + " has an invalid regular expression: " + e.getDescription());
        }
        return new Apply(f, List.of(args.get(0)), ValueType.BOOLEAN, compiled);
      }
      case "is_null" -> {
        arity(f, args, 1, 1);
        return new Apply(f, args, ValueType.BOOLEAN, null);
      }
      case "list_contains", "list_position" -> {
        arity(f, args, 2, 2);
        ValueType type = f.equals("list_contains") ? ValueType.BOOLEAN : ValueType.INTEGER;
        if (!(args.get(0) instanceof BoundExpression.ListRef list)) {
          requireKind(f, args.get(0), Kind.LIST);
          return new Constant(type, null);
        }
        elementsComputed(f, list);
        // An element meets the value sought as two sides of a comparison do.
        Comparison c = meet(list.elements(), args.get(1));
        return new Apply(f, List.of(list, c.right()), type, c);
      }
      case "list_has_any", "list_has_all" -> {
        if (!(args.get(0) instanceof BoundExpression.ListRef list)) {
          requireKind(f, args.get(0), Kind.LIST);
          return new Constant(ValueType.BOOLEAN, null);
        }
        elementsComputed(f, list);
        // Each value sought meets the elements as list_contains's does; null ones are ignored.
        List<Comparison> sought = new ArrayList<>();
        for (BoundExpression v : args.subList(1, args.size())) {
          if (v.type().kind() != Kind.NULL) {
            sought.add(meet(list.elements(), v));
          }
        }
        List<BoundExpression> out = new ArrayList<>(List.of(list));
        sought.forEach(c -> out.add(c.right()));
        return new Apply(f, out, ValueType.BOOLEAN, List.copyOf(sought));
      }
      case "list_min", "list_max", "list_sum", "list_count" -> {
        arity(f, args, 1, 1);
        if (!(args.get(0) instanceof BoundExpression.ListRef list)) {
          requireKind(f, args.get(0), Kind.LIST);
          return new Constant(ValueType.NULL, null);
        }
        elementsComputed(f, list);
        ValueType element = list.elementType();
        ValueType type =
            switch (f) {
              case "list_count" -> ValueType.INTEGER;
              // DuckDB's sums: integers and decimals exactly (at the elements' scale), floats as
              // doubles, in the list's order.
              case "list_sum" -> element.isFloating() ? ValueType.DOUBLE : element;
              default -> element;
            };
        if (f.equals("list_sum") && !element.isNumber()) {
          throw problem(f + " takes a list of numbers, not of " + element.describe());
        }
        return new Apply(f, args, type, null);
      }
      case "map_contains", "map_contains_value", "cardinality" -> {
        ValueType type = f.equals("cardinality") ? ValueType.INTEGER : ValueType.BOOLEAN;
        if (!(args.get(0) instanceof BoundExpression.MapRef map)) {
          requireKind(f, args.get(0), Kind.MAP);
          return new Constant(type, null);
        }
        if (f.equals("cardinality")) {
          return new Apply("list_length", List.of(map.keys()), type, null);
        }
        // Whether the keys (or the values), as a list, hold the value.
        BoundExpression.ListRef list = f.equals("map_contains") ? map.keys() : map.values();
        if (list == null) {
          throw problem(f + " reads the values of a map of structs or lists");
        }
        elementsComputed(f, list);
        Comparison c = meet(list.elements(), args.get(1));
        return new Apply("list_contains", List.of(list, c.right()), type, c);
      }
      case "list_extract" -> {
        arity(f, args, 2, 2);
        if (args.get(0) instanceof BoundExpression.MapRef map) {
          // m['key']: the value of the first entry whose key equals it.
          if (map.values() == null) {
            throw problem("m['key'] reads the values of a map of structs or lists");
          }
          elementsComputed("the map's ['key']", map.values());
          Comparison c = meet(map.keys().elements(), args.get(1));
          return new Apply(
              "map_extract_value",
              List.of(map.keys(), map.values(), c.right()),
              map.values().elementType(),
              c);
        }
        if (!(args.get(0) instanceof BoundExpression.ListRef list)) {
          // NULL (a dataset file without the list or map): any index or key gives null.
          requireKind(f, args.get(0), Kind.LIST);
          return new Constant(ValueType.NULL, null);
        }
        BoundExpression index = castLiteral(args.get(1), ValueType.INTEGER);
        if (index.type().kind() != Kind.NULL
            && !(index.type().kind() == Kind.EXACT && index.type().scale() == 0)) {
          throw problem(f + " takes an integer index, not " + index.type().describe());
        }
        elementsComputed(f, list);
        return new Apply(f, List.of(list, index), list.elementType(), null);
      }
      default -> throw problem("it calls " + f + ", which is not computed here");
    }
  }

  /** Refuses a function that reads a list's elements where they are not computed values. */
  private void elementsComputed(String f, BoundExpression.ListRef list) {
    if (list.elementType() == null) {
      column(list.element()); // primitive values that do not compute: the error names the column
      throw problem(f + " reads the elements of a list of structs; filters test its length");
    }
  }

  private BoundExpression arithmetic(String f, BoundExpression a, BoundExpression b) {
    ValueType x = a.type();
    ValueType y = b.type();
    if (x.kind() == Kind.NULL || y.kind() == Kind.NULL) {
      ValueType other = x.kind() == Kind.NULL ? y : x;
      return new Constant(other.kind() == Kind.NULL ? ValueType.NULL : other, null);
    }
    // A date or timestamp plus or minus an interval: a timestamp (DuckDB's, a date's in
    // microseconds).
    if (y.kind() == Kind.INTERVAL && x.isInstant() && (f.equals("+") || f.equals("-"))) {
      ValueType type = x.kind() == Kind.TIMESTAMP ? x : new ValueType(Kind.TIMESTAMP, 0, 1000);
      return new Apply(
          "shift", List.of(convert(a, type)), type, shift(((Constant) b).value(), f, type));
    }
    if (x.kind() == Kind.INTERVAL && y.isInstant() && f.equals("+")) {
      return arithmetic(f, b, a);
    }
    if (x.kind() == Kind.INTERVAL || y.kind() == Kind.INTERVAL) {
      throw problem("it applies " + f + " to " + x.describe() + " and " + y.describe());
    }
    // Dates: a date plus or minus days, and the days between two dates.
    if (x.kind() == Kind.DATE || y.kind() == Kind.DATE) {
      boolean days = y.kind() == Kind.EXACT && y.scale() == 0;
      if (f.equals("+") && x.kind() == Kind.DATE && days) {
        return new Apply("+", List.of(a, b), ValueType.DATE, null);
      }
      if (f.equals("+") && y.kind() == Kind.DATE && x.kind() == Kind.EXACT && x.scale() == 0) {
        return new Apply("+", List.of(b, a), ValueType.DATE, null);
      }
      if (f.equals("-") && x.kind() == Kind.DATE && days) {
        return new Apply("-", List.of(a, b), ValueType.DATE, null);
      }
      if (f.equals("-") && x.kind() == Kind.DATE && y.kind() == Kind.DATE) {
        return new Apply("-", List.of(a, b), ValueType.INTEGER, null);
      }
    }
    if (!x.isNumber() || !y.isNumber()) {
      throw problem("it applies " + f + " to " + x.describe() + " and " + y.describe());
    }
    ValueType common = numeric(x, y);
    if (common.kind() != Kind.EXACT) {
      return new Apply(
          f.equals("//") ? "/" : f, List.of(convert(a, common), convert(b, common)), common, null);
    }
    return switch (f) {
      case "+", "-", "%" ->
          new Apply(f, List.of(convert(a, common), convert(b, common)), common, null);
      case "*" -> {
        if (x.scale() + y.scale() > MAX_SCALE) {
          throw problem("it multiplies decimals into more than 38 decimal places");
        }
        yield new Apply(f, List.of(a, b), ValueType.exact(x.scale() + y.scale()), null);
      }
      case "//" ->
          x.scale() == 0 && y.scale() == 0
              ? new Apply(f, List.of(a, b), ValueType.INTEGER, null)
              : new Apply(
                  "/",
                  List.of(convert(a, ValueType.DOUBLE), convert(b, ValueType.DOUBLE)),
                  ValueType.DOUBLE,
                  null);
      default ->
          new Apply(
              "/",
              List.of(convert(a, ValueType.DOUBLE), convert(b, ValueType.DOUBLE)),
              ValueType.DOUBLE,
              null);
    };
  }

  /** CASE: its conditions bound as filters, its values brought to one type. */
  private BoundExpression choice(Expression.Case c) {
    List<BoundExpression> values = new ArrayList<>();
    for (Expression v : c.values()) {
      values.add(bind(v));
    }
    BoundExpression otherwise = bind(c.otherwise());
    List<BoundExpression> all = new ArrayList<>(values);
    all.add(otherwise);
    ValueType type = common("CASE", all);
    if (type == null) {
      return new Constant(ValueType.NULL, null);
    }
    List<BoundFilter> bound = new ArrayList<>();
    for (Filter condition : c.conditions()) {
      bound.add(conditions.apply(condition));
    }
    return new BoundExpression.Case(
        bound,
        values.stream().map(v -> convert(castLiteral(v, type), type)).toList(),
        convert(castLiteral(otherwise, type), type),
        type);
  }

  /** An interval as months, days and units of a timestamp's unit, negated for minus. */
  private long[] shift(Object interval, String op, ValueType type) {
    long sign = op.equals("-") ? -1 : 1;
    if (interval instanceof java.time.Period p) {
      return new long[] {sign * p.toTotalMonths(), sign * p.getDays(), 0};
    }
    java.time.Duration d = (java.time.Duration) interval;
    try {
      java.math.BigInteger nanos =
          java.math.BigInteger.valueOf(d.getSeconds())
              .multiply(java.math.BigInteger.valueOf(1_000_000_000L))
              .add(java.math.BigInteger.valueOf(d.getNano()));
      java.math.BigInteger[] units =
          nanos.divideAndRemainder(java.math.BigInteger.valueOf(type.unitNanos()));
      if (units[1].signum() != 0) {
        throw problem("it adds an interval finer than its timestamp's unit");
      }
      return new long[] {0, 0, sign * units[0].longValueExact()};
    } catch (ArithmeticException e) {
      throw problem("it adds an interval too long to compute with");
    }
  }

  private BoundExpression coalesce(List<BoundExpression> args) {
    ValueType type = common("coalesce", args);
    if (type == null) {
      return new Constant(ValueType.NULL, null);
    }
    List<BoundExpression> out = new ArrayList<>();
    for (BoundExpression a : args) {
      out.add(convert(castLiteral(a, type), type));
    }
    return new Apply("coalesce", out, type, null);
  }

  /**
   * The type values of several types meet in: numbers as arithmetic's, dates and timestamps as
   * timestamps in the finer unit, anything else only its own type; null when all are NULL.
   */
  private ValueType common(String f, List<BoundExpression> args) {
    ValueType type = null;
    for (BoundExpression a : args) {
      ValueType t = a.type();
      if (t.kind() == Kind.LIST || t.kind() == Kind.MAP) {
        throw problem(f + " does not take " + t.describe());
      }
      if (t.kind() == Kind.NULL || a instanceof Constant c && t.kind() == Kind.STRING) {
        continue; // a string literal is read as the type the others have
      }
      if (type == null) {
        type = t;
      } else if (type.isNumber() && t.isNumber()) {
        type = numeric(type, t);
      } else if (type.isInstant() && t.isInstant()) {
        long unit =
            Math.min(
                type.kind() == Kind.DATE ? NANOS_PER_DAY : type.unitNanos(),
                t.kind() == Kind.DATE ? NANOS_PER_DAY : t.unitNanos());
        type = type.equals(t) ? t : new ValueType(Kind.TIMESTAMP, 0, unit);
      } else if (!type.equals(t)) {
        throw problem("it gives " + f + " " + type.describe() + " and " + t.describe());
      }
    }
    if (type == null && args.stream().anyMatch(a -> a.type().kind() == Kind.STRING)) {
      return ValueType.STRING;
    }
    return type;
  }

  /** CAST(value AS type) of a computed value, as DuckDB casts. */
  private BoundExpression cast(BoundExpression a, String to) {
    ValueType from = a.type();
    if (from.kind() == Kind.NULL) {
      return a;
    }
    ValueType type =
        switch (to) {
          case "DOUBLE" -> ValueType.DOUBLE;
          case "FLOAT" -> ValueType.FLOAT;
          case "VARCHAR" -> ValueType.STRING;
          case "BIGINT", "INTEGER", "SMALLINT", "TINYINT" -> ValueType.INTEGER;
          default -> throw problem("it casts to " + to + ", which a computed value cannot be");
        };
    boolean ok =
        switch (type.kind()) {
          case STRING ->
              from.kind() == Kind.STRING
                  || from.kind() == Kind.EXACT
                  || from.kind() == Kind.DATE
                  || from.kind() == Kind.BOOLEAN;
          default -> from.isNumber() || from.kind() == Kind.STRING || from.kind() == Kind.BOOLEAN;
        };
    if (!ok) {
      throw problem(
          "it casts " + from.describe() + " to " + to + ", which Parrow does not compute");
    }
    return new Apply("cast", List.of(a), type, to);
  }

  /** date_trunc's and date_diff's part: year, quarter, month, week, day, hour, minute or second. */
  private String calendarPart(String f, Expression e) {
    String part = textLiteral(f, e).toLowerCase(java.util.Locale.ROOT);
    if (!List.of("year", "quarter", "month", "week", "day", "hour", "minute", "second")
        .contains(part)) {
      throw problem(
          f + " takes year, quarter, month, week, day, hour, minute or second, not '" + part + "'");
    }
    return part;
  }

  private String textLiteral(String f, Expression e) {
    if (e instanceof Expression.Literal l && l.value() instanceof String s) {
      return s;
    }
    throw problem(f + " takes a 'quoted' text as its pattern, not " + e);
  }

  private void arity(String f, List<BoundExpression> args, int min, int max) {
    if (args.size() < min || args.size() > max) {
      throw problem(
          f
              + " takes "
              + (min == max
                  ? String.valueOf(min)
                  : max == Integer.MAX_VALUE ? min + " or more" : min + " to " + max)
              + " arguments, not "
              + args.size());
    }
  }

  private void requireNumber(String f, BoundExpression a) {
    if (!a.type().isNumber() && a.type().kind() != Kind.NULL) {
      throw problem(f + " takes a number, not " + a.type().describe());
    }
  }

  private void requireKind(String f, BoundExpression a, Kind kind) {
    if (a.type().kind() != kind && a.type().kind() != Kind.NULL) {
      throw problem(
          f + " takes " + new ValueType(kind, 0, 0).describe() + ", not " + a.type().describe());
    }
  }

  private void requireInstant(String f, BoundExpression a, boolean timeToo) {
    Kind k = a.type().kind();
    if (!(a.type().isInstant() || k == Kind.NULL || timeToo && k == Kind.TIME)) {
      throw problem(
          f
              + " takes a date or timestamp"
              + (timeToo ? " or time" : "")
              + ", not "
              + a.type().describe());
    }
  }

  private IllegalArgumentException problem(String what) {
    return new IllegalArgumentException(fileName + ": the filter '" + current + "': " + what);
  }
}
