package dev.parrow.arrow.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A value computed from a row's columns, for {@link Filter#compute}: {@code lower(name) = 'ann'},
 * {@code price * quantity > 1000}, {@code year(shipped) = 2024}. An expression is a column, a
 * literal, a call of one of the {@link #FUNCTIONS} or a {@link Case}; arithmetic is a call of its
 * operator ({@code call("+", column("a"), literal(1))}). Values follow DuckDB's: integers and
 * decimals exactly (to 38 digits), {@code /} a double, a FLOAT meeting an integer or decimal a
 * FLOAT; a null operand makes the result null, but for {@code coalesce}, {@code concat} and the
 * choices of {@code greatest}, {@code least} and CASE. A filter on an expression selects rows; it
 * prunes no row group or page.
 */
public sealed interface Expression
    permits Expression.Column, Expression.Literal, Expression.Call, Expression.Case {

  /**
   * The functions, by their SQL names: the operators {@code + - * / // %} (a call of {@code -} with
   * one argument negates); for numbers {@code abs round floor ceil sign sqrt power ln log10 exp};
   * for strings {@code lower upper length strlen substring left right trim ltrim rtrim concat ||
   * replace strpos reverse}; for dates and timestamps (in UTC) {@code year month day hour minute
   * second quarter dayofweek isodow dayofyear week date date_trunc date_diff} ({@code date(ts)} is
   * {@code CAST(ts AS DATE)}, {@code date_trunc} and {@code date_diff} take the part first, as a
   * 'quoted' text), and {@code + -} of a date or timestamp with an interval (a {@link
   * java.time.Period} or {@link java.time.Duration} literal: a timestamp, months first, a day past
   * the month's end taken back to it, as DuckDB's); {@code cast} (a value and a type's name as
   * text: DOUBLE, FLOAT, BIGINT, INTEGER, SMALLINT, TINYINT or VARCHAR); {@code coalesce greatest
   * least nullif}; and the tests {@code like ilike} (a string, the pattern, and the escape
   * character or none), {@code regexp_matches} (a Java regular expression found in the value),
   * {@code regexp_full_match} (matching all of it: SQL's SIMILAR TO), which are null where their
   * value is, and {@code is_null}, which is true or false. A list column (of primitive values, in
   * no other list) is taken by {@code length} (its element count), {@code list_contains} (whether
   * it holds a value), {@code list_position} (where first, from 1) and {@code list_extract} (the
   * element at an index from 1, from the end where negative), {@code list_has_any} and {@code
   * list_has_all} (whether it holds any or all of the values after it, which SQL writes as a list
   * literal: {@code list_has_any(l, [1, 2])}), {@code list_min}, {@code list_max}, {@code list_sum}
   * and {@code list_count} (of its non-null elements), and by {@code is_null}. A map column is
   * taken by {@code list_extract} (its value for a key: SQL's {@code m['key']}, DuckDB's {@code
   * map_extract_value}), {@code map_contains} (whether it has a key), {@code map_contains_value},
   * {@code cardinality} (its entry count) and {@code is_null}.
   */
  Set<String> FUNCTIONS =
      Set.of(
          "+",
          "-",
          "*",
          "/",
          "//",
          "%",
          "abs",
          "round",
          "floor",
          "ceil",
          "sign",
          "sqrt",
          "power",
          "ln",
          "log10",
          "exp",
          "lower",
          "upper",
          "length",
          "strlen",
          "substring",
          "left",
          "right",
          "trim",
          "ltrim",
          "rtrim",
          "concat",
          "||",
          "replace",
          "strpos",
          "reverse",
          "year",
          "month",
          "day",
          "hour",
          "minute",
          "second",
          "quarter",
          "dayofweek",
          "isodow",
          "dayofyear",
          "week",
          "date",
          "date_trunc",
          "date_diff",
          "cast",
          "coalesce",
          "greatest",
          "least",
          "nullif",
          "like",
          "ilike",
          "regexp_matches",
          "regexp_full_match",
          "is_null",
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
          "cardinality");

  /** The functions that are true or false, never null: filters on their own. */
  Set<String> TESTS = Set.of("like", "ilike", "regexp_matches", "regexp_full_match", "is_null");

  /**
   * A column by name or dotted leaf path.
   *
   * @param name the column
   */
  record Column(String name) implements Expression {
    /**
     * Checks the name.
     *
     * @param name the column
     */
    public Column {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return SqlText.quote(name);
    }
  }

  /**
   * A literal of one of the types {@link Filter} takes, or null (SQL's NULL).
   *
   * @param value the value
   */
  record Literal(Object value) implements Expression {
    /**
     * Copies a byte array.
     *
     * @param value the value
     */
    public Literal {
      value = value instanceof byte[] b ? b.clone() : value;
    }

    @Override
    public String toString() {
      // Dates, times and timestamps typed, so that arithmetic on them parses back as it was.
      if (value instanceof java.time.LocalDate d) {
        return "DATE '" + d + "'";
      }
      if (value instanceof java.time.LocalTime t) {
        return "TIME '" + t + "'";
      }
      if (value instanceof java.time.LocalDateTime t) {
        return "TIMESTAMP '" + t.toString().replace('T', ' ') + "'";
      }
      if (value instanceof java.time.Instant i) {
        return "TIMESTAMPTZ '" + i + "'";
      }
      if (value instanceof java.time.Period p) {
        return "INTERVAL '"
            + p.getYears()
            + " years "
            + p.getMonths()
            + " months "
            + p.getDays()
            + " days'";
      }
      if (value instanceof java.time.Duration d) {
        return "INTERVAL '" + d.toSeconds() + " seconds'";
      }
      return value == null ? "NULL" : SqlText.sql(value);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Literal l
          && (value instanceof byte[] a && l.value instanceof byte[] b
              ? java.util.Arrays.equals(a, b)
              : Objects.equals(value, l.value));
    }

    @Override
    public int hashCode() {
      return value instanceof byte[] b ? java.util.Arrays.hashCode(b) : Objects.hashCode(value);
    }
  }

  /**
   * A function or operator applied to arguments.
   *
   * @param function one of {@link #FUNCTIONS}, lower case
   * @param arguments its arguments
   */
  record Call(String function, List<Expression> arguments) implements Expression {
    /**
     * Checks the function's name.
     *
     * @param function one of {@link #FUNCTIONS}
     * @param arguments its arguments
     */
    public Call {
      function = function.toLowerCase(Locale.ROOT);
      if (!FUNCTIONS.contains(function)) {
        throw new IllegalArgumentException(
            "unknown function '"
                + function
                + "'; the functions are "
                + new java.util.TreeSet<>(FUNCTIONS));
      }
      arguments = List.copyOf(arguments);
      int[] arity = arity(function);
      if (arguments.size() < arity[0] || arguments.size() > arity[1]) {
        throw new IllegalArgumentException(
            function
                + " takes "
                + (arity[0] == arity[1]
                    ? String.valueOf(arity[0])
                    : arity[1] == Integer.MAX_VALUE
                        ? arity[0] + " or more"
                        : arity[0] + " to " + arity[1])
                + " arguments, not "
                + arguments.size());
      }
    }

    /** The least and most arguments a function takes. */
    private static int[] arity(String function) {
      return switch (function) {
        case "-" -> new int[] {1, 2};
        case "+",
            "*",
            "/",
            "//",
            "%",
            "||",
            "regexp_matches",
            "regexp_full_match",
            "left",
            "right",
            "power",
            "strpos",
            "date_trunc",
            "cast",
            "nullif",
            "list_contains",
            "list_position",
            "list_extract",
            "map_contains",
            "map_contains_value" ->
            new int[] {2, 2};
        case "substring", "like", "ilike" -> new int[] {2, 3};
        case "date_diff" -> new int[] {3, 3};
        case "replace" -> new int[] {3, 3};
        case "round" -> new int[] {1, 2};
        case "concat", "coalesce", "greatest", "least", "list_has_any", "list_has_all" ->
            new int[] {1, Integer.MAX_VALUE};
        default -> new int[] {1, 1};
      };
    }

    @Override
    public String toString() {
      List<String> args = new ArrayList<>();
      for (Expression a : arguments) {
        String text = a.toString();
        boolean wrap =
            isOperator(function)
                && (a instanceof Call c && isOperator(c.function) || text.startsWith("-"));
        args.add(wrap ? "(" + text + ")" : text);
      }
      if (isOperator(function)) {
        return args.size() == 1 ? function + args.get(0) : String.join(" " + function + " ", args);
      }
      if (function.equals("cast") && arguments.get(1) instanceof Literal type) {
        return "CAST(" + args.get(0) + " AS " + type.value() + ")";
      }
      if (function.equals("list_extract")) {
        // l[i], and m['key'] as DuckDB's map_extract_value (SQL reads x['key'] as a field).
        return arguments.get(1) instanceof Literal l && l.value() instanceof String
            ? "map_extract_value(" + args.get(0) + ", " + args.get(1) + ")"
            : args.get(0) + "[" + args.get(1) + "]";
      }
      if (function.equals("list_has_any") || function.equals("list_has_all")) {
        // The values sought, a list literal in SQL.
        return function
            + "("
            + args.get(0)
            + ", ["
            + String.join(", ", args.subList(1, args.size()))
            + "])";
      }
      return function + "(" + String.join(", ", args) + ")";
    }

    /** A test as SQL writes it on its own ({@code s LIKE 'a%'}), where it is the whole filter. */
    String asCondition() {
      List<String> args = arguments.stream().map(Expression::toString).toList();
      return switch (function) {
        case "like", "ilike" ->
            args.get(0)
                + (function.equals("like") ? " LIKE " : " ILIKE ")
                + args.get(1)
                + (args.size() > 2 ? " ESCAPE " + args.get(2) : "");
        case "regexp_full_match" -> args.get(0) + " SIMILAR TO " + args.get(1);
        case "is_null" -> args.get(0) + " IS NULL";
        default -> toString();
      };
    }

    private static boolean isOperator(String f) {
      return switch (f) {
        case "+", "-", "*", "/", "//", "%", "||" -> true;
        default -> false;
      };
    }
  }

  /**
   * SQL's {@code CASE WHEN condition THEN value ... ELSE value END}: the value of the first
   * condition that is true (unknown counts as not true), else the last value. The values meet in
   * one type, as {@code coalesce}'s do.
   *
   * @param conditions the conditions, at least one
   * @param values the value of each condition
   * @param otherwise the value where none is true (a NULL literal for none)
   */
  record Case(List<Filter> conditions, List<Expression> values, Expression otherwise)
      implements Expression {
    /**
     * Checks that each condition has its value.
     *
     * @param conditions the conditions, at least one
     * @param values the value of each condition
     * @param otherwise the value where none is true
     */
    public Case {
      conditions = List.copyOf(conditions);
      values = List.copyOf(values);
      Objects.requireNonNull(otherwise, "otherwise");
      if (conditions.isEmpty() || conditions.size() != values.size()) {
        throw new IllegalArgumentException("CASE takes one value per condition, and a condition");
      }
    }

    @Override
    public String toString() {
      StringBuilder out = new StringBuilder("CASE");
      for (int i = 0; i < conditions.size(); i++) {
        out.append(" WHEN ").append(conditions.get(i)).append(" THEN ").append(values.get(i));
      }
      return out.append(" ELSE ").append(otherwise).append(" END").toString();
    }
  }

  /**
   * A column.
   *
   * @param name the column name or dotted path
   * @return the expression
   */
  static Expression column(String name) {
    return new Column(name);
  }

  /**
   * A literal.
   *
   * @param value the value, or null
   * @return the expression
   */
  static Expression literal(Object value) {
    return new Literal(value);
  }

  /**
   * A call of a function or operator.
   *
   * @param function one of {@link #FUNCTIONS}
   * @param arguments its arguments
   * @return the expression
   */
  static Expression call(String function, Expression... arguments) {
    return new Call(function, List.of(arguments));
  }

  /**
   * The columns the expression reads, in order (a column read twice is listed twice).
   *
   * @return the names
   */
  default List<String> columns() {
    List<String> out = new ArrayList<>();
    collect(this, out);
    return out;
  }

  private static void collect(Expression e, List<String> out) {
    if (e instanceof Column c) {
      out.add(c.name());
    } else if (e instanceof Call call) {
      call.arguments().forEach(a -> collect(a, out));
    } else if (e instanceof Case c) {
      for (int i = 0; i < c.conditions().size(); i++) {
        out.addAll(c.conditions().get(i).columns());
        collect(c.values().get(i), out);
      }
      collect(c.otherwise(), out);
    }
  }

  /**
   * The expression with each column renamed.
   *
   * @param rename the new name of each column
   * @return the renamed expression
   */
  default Expression renameColumns(java.util.function.UnaryOperator<String> rename) {
    return replaceColumns(c -> new Column(rename.apply(c.name())));
  }

  /**
   * The expression with each column replaced.
   *
   * @param replace what stands for each column
   * @return the new expression
   */
  default Expression replaceColumns(java.util.function.Function<Column, Expression> replace) {
    if (this instanceof Column c) {
      return replace.apply(c);
    }
    if (this instanceof Call call) {
      return new Call(
          call.function(), call.arguments().stream().map(a -> a.replaceColumns(replace)).toList());
    }
    if (this instanceof Case c) {
      return new Case(
          c.conditions().stream().map(f -> f.replaceColumns(replace)).toList(),
          c.values().stream().map(v -> v.replaceColumns(replace)).toList(),
          c.otherwise().replaceColumns(replace));
    }
    return this;
  }
}
