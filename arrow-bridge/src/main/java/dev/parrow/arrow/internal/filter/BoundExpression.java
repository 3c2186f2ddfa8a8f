package dev.parrow.arrow.internal.filter;

import java.util.List;

/**
 * An {@link dev.parrow.arrow.filter.Expression} bound to a file by {@link ExpressionBinder}: each
 * column resolved, each literal converted, each call's result type decided, so that {@link
 * ExpressionEvaluator} only computes.
 */
sealed interface BoundExpression {
  ValueType type();

  /** What a computed value is, and how its Java form reads. */
  enum Kind {
    /** Longs, 0 or 1. */
    BOOLEAN,
    /** Longs: an integer, or a decimal's unscaled value at {@link ValueType#scale}. */
    EXACT,
    /** Doubles holding float values: arithmetic rounds each result to float, as DuckDB's FLOAT. */
    FLOAT,
    DOUBLE,
    /** UTF-8 bytes. */
    STRING,
    BINARY,
    /** Longs: days since 1970-01-01. */
    DATE,
    /** Longs: units of {@link ValueType#unitNanos} since the epoch, UTC. */
    TIMESTAMP,
    /** Longs: units of {@link ValueType#unitNanos} since midnight. */
    TIME,
    /** An interval literal: a {@link java.time.Period} or {@link java.time.Duration}. */
    INTERVAL,
    /** SQL's NULL literal: every value null. */
    NULL,
    /** A list column, which only the list functions take ({@link ListRef}). */
    LIST,
    /** A map column, which only the map functions take ({@link MapRef}). */
    MAP
  }

  /**
   * A value type.
   *
   * @param kind the kind
   * @param scale an EXACT value's decimal scale (0 for integers)
   * @param unitNanos a TIMESTAMP's or TIME's unit in nanoseconds
   */
  record ValueType(Kind kind, int scale, long unitNanos) {
    static final ValueType BOOLEAN = new ValueType(Kind.BOOLEAN, 0, 0);
    static final ValueType INTEGER = new ValueType(Kind.EXACT, 0, 0);
    static final ValueType FLOAT = new ValueType(Kind.FLOAT, 0, 0);
    static final ValueType DOUBLE = new ValueType(Kind.DOUBLE, 0, 0);
    static final ValueType STRING = new ValueType(Kind.STRING, 0, 0);
    static final ValueType BINARY = new ValueType(Kind.BINARY, 0, 0);
    static final ValueType DATE = new ValueType(Kind.DATE, 0, 0);
    static final ValueType NULL = new ValueType(Kind.NULL, 0, 0);
    static final ValueType LIST = new ValueType(Kind.LIST, 0, 0);
    static final ValueType MAP = new ValueType(Kind.MAP, 0, 0);

    static ValueType exact(int scale) {
      return new ValueType(Kind.EXACT, scale, 0);
    }

    boolean isNumber() {
      return kind == Kind.EXACT || kind == Kind.FLOAT || kind == Kind.DOUBLE;
    }

    boolean isFloating() {
      return kind == Kind.FLOAT || kind == Kind.DOUBLE;
    }

    boolean isBytes() {
      return kind == Kind.STRING || kind == Kind.BINARY;
    }

    boolean isInstant() {
      return kind == Kind.DATE || kind == Kind.TIMESTAMP;
    }

    /** How the type reads in an error message. */
    String describe() {
      return switch (kind) {
        case EXACT -> scale == 0 ? "an integer" : "a decimal";
        case FLOAT, DOUBLE -> "a float";
        case BOOLEAN -> "a boolean";
        case STRING -> "a string";
        case BINARY -> "bytes";
        case DATE -> "a date";
        case TIMESTAMP -> "a timestamp";
        case TIME -> "a time";
        case INTERVAL -> "an interval";
        case NULL -> "NULL";
        case LIST -> "a list";
        case MAP -> "a map";
      };
    }
  }

  /** A column's values. */
  record ColumnRef(FilterColumn column, ValueType type) implements BoundExpression {}

  /**
   * A list column (of primitive elements, in no other list), for the functions that take one.
   *
   * @param element the elements' leaf column
   * @param elementType the elements' type, or null where they do not compute (a list of nulls: its
   *     length still does)
   */
  record ListRef(FilterColumn element, ValueType elementType) implements BoundExpression {
    @Override
    public ValueType type() {
      return ValueType.LIST;
    }

    /** The elements' values, computed over the element slots. */
    ColumnRef elements() {
      return new ColumnRef(element, elementType);
    }
  }

  /**
   * A literal: a Long (EXACT, BOOLEAN, DATE, TIMESTAMP, TIME), a BigInteger (an EXACT past 64
   * bits), a Double, bytes, a Period or Duration (INTERVAL), or null.
   *
   * @param type its type
   * @param value its value in the type's Java form
   */
  record Constant(ValueType type, Object value) implements BoundExpression {}

  /**
   * A map column, for the functions that take one: its keys and its values, each a list of the
   * map's entries (one offsets and nulls for both).
   *
   * @param keys the keys
   * @param values the values (their type null where they do not compute)
   */
  record MapRef(ListRef keys, ListRef values) implements BoundExpression {
    @Override
    public ValueType type() {
      return ValueType.MAP;
    }
  }

  /**
   * A function applied to bound arguments.
   *
   * @param function the function, as {@link dev.parrow.arrow.filter.Expression.Call} names it
   * @param arguments the arguments, converted to the types the function computes in
   * @param type the result's type
   * @param compiled what the function prepared once: a {@link LikePattern}, a regular expression,
   *     or for list_contains and list_position the {@link ExpressionBinder.Comparison} of an
   *     element (its left, over the element slots) with the value sought (its right), for
   *     list_has_any and list_has_all a list of them
   */
  record Apply(String function, List<BoundExpression> arguments, ValueType type, Object compiled)
      implements BoundExpression {
    public Apply {
      arguments = List.copyOf(arguments);
    }
  }

  /**
   * CASE: the value of the first condition true in a row, else {@code otherwise}; all of {@code
   * type}.
   */
  record Case(
      List<BoundFilter> conditions,
      List<BoundExpression> values,
      BoundExpression otherwise,
      ValueType type)
      implements BoundExpression {
    public Case {
      conditions = List.copyOf(conditions);
      values = List.copyOf(values);
    }
  }

  /**
   * A value converted to another type before use (an integer to a decimal's scale, a number to a
   * float, a date to a timestamp).
   */
  record Convert(BoundExpression value, ValueType type) implements BoundExpression {}
}
