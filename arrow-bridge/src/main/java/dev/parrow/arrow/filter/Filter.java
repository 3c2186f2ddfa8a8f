package dev.parrow.arrow.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A row predicate for {@code ReadOptions.filter}: comparisons of columns with literals or with
 * other columns, IN lists, IS NULL and LIKE patterns on strings, combined with AND, OR and NOT.
 * Immutable; build it with the static factories ({@code and(gte("l_shipdate", LocalDate.of(1995, 1,
 * 1)), in("region", "EU", "UK"))}) or parse SQL with {@link #parse}.
 *
 * <p><b>Columns</b> are top-level primitive columns or dotted leaf paths inside structs ({@code
 * "address.city"}); a struct field that is null makes its leaves null. Fields inside lists and maps
 * cannot be filtered on (which element would the row's value be?): such a filter is refused before
 * anything is read, as is an unknown column or a literal the column's type cannot hold.
 *
 * <p><b>Semantics</b> are SQL's, as DuckDB's WHERE and Spark's have them: a comparison with a null
 * value is unknown, and a row is returned only when the whole filter is true, so {@code NOT (x >
 * 5)} does not return the rows where x is null. Comparisons are exact in the column's own type:
 *
 * <ul>
 *   <li>integers, signed or unsigned, and decimals of any precision compare as numbers, whatever
 *       the literal's Java type ({@code x > 2.5} on an integer column is {@code x >= 3});
 *   <li>strings and binaries compare byte by byte, unsigned (the order of UTF-8 code points);
 *   <li>dates, times and timestamps compare as instants in the column's unit; a literal with more
 *       precision than the unit is compared exactly, not rounded;
 *   <li>floats: -0.0 equals 0.0, and NaN equals NaN and is greater than every other value, as in
 *       DuckDB, Spark and PostgreSQL (IEEE comparisons, where every comparison with NaN is false,
 *       are what pyarrow's {@code filters=} does instead). On a FLOAT (32-bit) column a Double
 *       literal is compared as a double with the widened values, and any other literal (Float,
 *       decimal, integer, text) is first rounded to a float, as DuckDB casts constants;
 *   <li>booleans: false before true.
 * </ul>
 *
 * <p>Literals may be any of: Integer, Long, Short, Byte, BigInteger, BigDecimal, Float, Double,
 * Boolean, String, byte[], LocalDate, LocalTime, LocalDateTime, Instant, OffsetDateTime,
 * ZonedDateTime, UUID. A String given for a number, date, time, timestamp, boolean or UUID column
 * is parsed in the column's type ({@code '1995-01-01'}, {@code '12:30:00'}, {@code '1995-01-01
 * 12:30:00.5'}, {@code '1995-01-01T12:30Z'}). A timestamp literal without a zone is UTC.
 */
public sealed interface Filter
    permits Filter.And,
        Filter.Or,
        Filter.Not,
        Filter.Compare,
        Filter.CompareColumns,
        Filter.Compute,
        Filter.In,
        Filter.IsNull,
        Filter.Like {

  /** The comparison operators. */
  enum Op {
    /** Equal. */
    EQ("="),
    /** Not equal. */
    NE("<>"),
    /** Less than. */
    LT("<"),
    /** Less than or equal. */
    LE("<="),
    /** Greater than. */
    GT(">"),
    /** Greater than or equal. */
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /** {@return the operator in SQL} */
    public String symbol() {
      return symbol;
    }

    /**
     * The operator that is true exactly where this one is false (on non-null values).
     *
     * @return the negated operator
     */
    public Op negate() {
      return switch (this) {
        case EQ -> NE;
        case NE -> EQ;
        case LT -> GE;
        case LE -> GT;
        case GT -> LE;
        case GE -> LT;
      };
    }

    /**
     * The operator with its operands swapped: {@code a < b} is {@code b > a}.
     *
     * @return the operator that holds of (b, a) where this one holds of (a, b)
     */
    public Op swapped() {
      return switch (this) {
        case EQ, NE -> this;
        case LT -> GT;
        case LE -> GE;
        case GT -> LT;
        case GE -> LE;
      };
    }
  }

  /**
   * The columns the filter names, in the order it names them (a column named twice is listed
   * twice).
   *
   * @return the column names and dotted paths
   */
  default java.util.List<String> columns() {
    java.util.List<String> out = new java.util.ArrayList<>();
    collectColumns(this, out);
    return out;
  }

  private static void collectColumns(Filter f, java.util.List<String> out) {
    if (f instanceof And a) {
      a.children().forEach(c -> collectColumns(c, out));
    } else if (f instanceof Or o) {
      o.children().forEach(c -> collectColumns(c, out));
    } else if (f instanceof Not n) {
      collectColumns(n.child(), out);
    } else if (f instanceof Compare c) {
      out.add(c.column());
    } else if (f instanceof CompareColumns c) {
      out.add(c.left());
      out.add(c.right());
    } else if (f instanceof Compute c) {
      out.addAll(c.left().columns());
      out.addAll(c.right().columns());
    } else if (f instanceof In in) {
      out.add(in.column());
    } else if (f instanceof IsNull n) {
      out.add(n.column());
    } else if (f instanceof Like l) {
      out.add(l.column());
    }
  }

  /**
   * The deepest a filter or expression may nest: DuckDB's limit is 1000; Parrow's binding and
   * evaluation recurse, so it takes less than a thread's stack always holds.
   */
  int MAX_DEPTH = 256;

  /**
   * How deeply the filter nests: its AND, OR and NOT, and in computed values their calls and CASEs,
   * counted without recursion (a filter past {@link #MAX_DEPTH} is refused).
   *
   * @return the depth, 1 for a single test
   */
  default int depth() {
    int max = 0;
    java.util.ArrayDeque<Object> nodes = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Integer> depths = new java.util.ArrayDeque<>();
    nodes.push(this);
    depths.push(1);
    while (!nodes.isEmpty()) {
      Object node = nodes.pop();
      int d = depths.pop();
      max = Math.max(max, d);
      List<Object> children = new ArrayList<>();
      if (node instanceof And a) {
        children.addAll(a.children());
      } else if (node instanceof Or o) {
        children.addAll(o.children());
      } else if (node instanceof Not n) {
        children.add(n.child());
      } else if (node instanceof Compute c) {
        children.add(c.left());
        children.add(c.right());
      } else if (node instanceof Expression.Call call) {
        children.addAll(call.arguments());
      } else if (node instanceof Expression.Case c) {
        children.addAll(c.conditions());
        children.addAll(c.values());
        children.add(c.otherwise());
      }
      for (Object child : children) {
        nodes.push(child);
        depths.push(d + 1);
      }
    }
    return max;
  }

  /**
   * The filter with each column renamed.
   *
   * @param rename the new name of each column
   * @return the renamed filter
   */
  default Filter renameColumns(java.util.function.UnaryOperator<String> rename) {
    return replaceColumns(c -> new Expression.Column(rename.apply(c.name())));
  }

  /**
   * The filter with each column replaced: by another column (the filter keeps its form), or by a
   * value (a test of a column becomes the same test of that value, a {@link Compute}).
   *
   * @param replace what stands for each column
   * @return the new filter
   */
  default Filter replaceColumns(
      java.util.function.Function<Expression.Column, Expression> replace) {
    java.util.function.Function<String, Expression> of =
        name -> replace.apply(new Expression.Column(name));
    if (this instanceof And a) {
      return new And(a.children().stream().map(c -> c.replaceColumns(replace)).toList());
    }
    if (this instanceof Or o) {
      return new Or(o.children().stream().map(c -> c.replaceColumns(replace)).toList());
    }
    if (this instanceof Not n) {
      return new Not(n.child().replaceColumns(replace));
    }
    if (this instanceof Compute c) {
      return new Compute(
          c.left().replaceColumns(replace), c.op(), c.right().replaceColumns(replace));
    }
    if (this instanceof CompareColumns c) {
      Expression l = of.apply(c.left());
      Expression r = of.apply(c.right());
      return l instanceof Expression.Column lc && r instanceof Expression.Column rc
          ? new CompareColumns(lc.name(), c.op(), rc.name())
          : new Compute(l, c.op(), r);
    }
    String column =
        this instanceof Compare c
            ? c.column()
            : this instanceof In in
                ? in.column()
                : this instanceof IsNull n ? n.column() : ((Like) this).column();
    Expression e = of.apply(column);
    String name = e instanceof Expression.Column c ? c.name() : null;
    if (this instanceof Compare c) {
      return name != null
          ? new Compare(name, c.op(), c.value())
          : new Compute(e, c.op(), Expression.literal(c.value()));
    }
    if (this instanceof In in) {
      if (name != null) {
        return new In(name, in.values());
      }
      List<Filter> each = new ArrayList<>();
      for (Object v : in.values()) {
        each.add(new Compute(e, Op.EQ, Expression.literal(v)));
      }
      return each.size() == 1 ? each.get(0) : new Or(each);
    }
    if (this instanceof IsNull) {
      return name != null ? new IsNull(name) : test(Expression.call("is_null", e));
    }
    Like l = (Like) this;
    if (name != null) {
      return new Like(name, l.pattern(), l.escape(), l.ignoreCase());
    }
    List<Expression> args = new ArrayList<>(List.of(e, Expression.literal(l.pattern())));
    if (l.escape() != null) {
      args.add(Expression.literal(String.valueOf(l.escape())));
    }
    return test(new Expression.Call(l.ignoreCase() ? "ilike" : "like", args));
  }

  /**
   * True when every child is.
   *
   * @param children the operands, at least one
   */
  record And(List<Filter> children) implements Filter {
    /**
     * Checks the operands.
     *
     * @param children at least one filter
     */
    public And {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("AND needs at least one operand");
      }
    }

    @Override
    public String toString() {
      return join(children, " AND ");
    }
  }

  /**
   * True when any child is.
   *
   * @param children the operands, at least one
   */
  record Or(List<Filter> children) implements Filter {
    /**
     * Checks the operands.
     *
     * @param children at least one filter
     */
    public Or {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("OR needs at least one operand");
      }
    }

    @Override
    public String toString() {
      return join(children, " OR ");
    }
  }

  /**
   * True when the child is false (unknown stays unknown).
   *
   * @param child the operand
   */
  record Not(Filter child) implements Filter {
    /**
     * Checks the operand.
     *
     * @param child the filter to negate
     */
    public Not {
      Objects.requireNonNull(child, "child");
    }

    @Override
    public String toString() {
      return "NOT (" + child + ")";
    }
  }

  /**
   * {@code column op value}.
   *
   * @param column a column name or dotted leaf path
   * @param op the operator
   * @param value the literal
   */
  record Compare(String column, Op op, Object value) implements Filter {
    /**
     * Checks the literal (see the interface for the types it may have).
     *
     * @param column a column name or dotted leaf path
     * @param op the operator
     * @param value the literal
     */
    public Compare {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(op, "op");
      value = literal(column, value);
    }

    @Override
    public String toString() {
      return SqlText.quote(column) + " " + op.symbol() + " " + SqlText.sql(value);
    }
  }

  /**
   * {@code left op right}: two columns of one row compared ({@code l_commitdate < l_receiptdate}).
   * The columns must be of one kind, compared exactly: numbers (integers, decimals of any scale,
   * and floats, where a number meets a float as a double, as SQL casts it), dates and timestamps (a
   * date as its midnight, UTC, units converted without rounding), times, booleans, strings and
   * binaries (byte by byte), or UUIDs. Such a test prunes nothing by statistics; it selects rows.
   *
   * @param left a column name or dotted leaf path
   * @param op the operator
   * @param right a column name or dotted leaf path
   */
  record CompareColumns(String left, Op op, String right) implements Filter {
    /**
     * Checks that every part is given.
     *
     * @param left a column name or dotted leaf path
     * @param op the operator
     * @param right a column name or dotted leaf path
     */
    public CompareColumns {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public String toString() {
      return SqlText.quote(left) + " " + op.symbol() + " " + SqlText.quote(right);
    }
  }

  /**
   * {@code left op right} on computed values ({@code lower(name) = 'ann'}, {@code a + b > 10},
   * {@code TRUE}): see {@link Expression} for what is computed and how. A test that is true or
   * false ({@code like}, {@code is_null}, ...) stands alone as {@code test = TRUE}, and prints as
   * the test. A null on either side makes the comparison unknown. It selects rows; it prunes no row
   * group or page.
   *
   * @param left an expression
   * @param op the operator
   * @param right an expression
   */
  record Compute(Expression left, Op op, Expression right) implements Filter {
    /**
     * Checks that every part is given.
     *
     * @param left an expression
     * @param op the operator
     * @param right an expression
     */
    public Compute {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public String toString() {
      if (op == Op.EQ && right.equals(Expression.literal(Boolean.TRUE))) {
        if (left instanceof Expression.Call call && Expression.TESTS.contains(call.function())) {
          return call.asCondition();
        }
        if (left instanceof Expression.Literal) {
          return left.toString();
        }
      }
      return left + " " + op.symbol() + " " + right;
    }
  }

  /**
   * {@code column IN (values...)}: equal to one of the values.
   *
   * @param column a column name or dotted leaf path
   * @param values the literals, at least one
   */
  record In(String column, List<Object> values) implements Filter {
    /**
     * Checks the literals.
     *
     * @param column a column name or dotted leaf path
     * @param values at least one literal
     */
    public In {
      Objects.requireNonNull(column, "column");
      List<Object> copy = new ArrayList<>();
      for (Object v : values) {
        copy.add(literal(column, v));
      }
      values = List.copyOf(copy);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("IN on '" + column + "' needs at least one value");
      }
    }

    @Override
    public String toString() {
      return SqlText.quote(column)
          + " IN ("
          + String.join(", ", values.stream().map(SqlText::sql).toList())
          + ")";
    }
  }

  /**
   * {@code column IS NULL}.
   *
   * @param column a column name or dotted leaf path
   */
  record IsNull(String column) implements Filter {
    /**
     * Checks the column.
     *
     * @param column a column name or dotted leaf path
     */
    public IsNull {
      Objects.requireNonNull(column, "column");
    }

    @Override
    public String toString() {
      return SqlText.quote(column) + " IS NULL";
    }
  }

  /**
   * SQL's {@code LIKE} on a string column: {@code %} stands for any run of characters (none
   * included), {@code _} for one character, anything else for itself, case and all ({@code ILIKE}:
   * any case, each character compared lower-cased); the escape character, when there is one, makes
   * the character after it stand for itself ({@code LIKE '10!%' ESCAPE '!'}). The whole value must
   * match, as in DuckDB and PostgreSQL; a null value is unknown. Row groups and pages whose bounds
   * leave out every value starting with a LIKE pattern's fixed prefix are skipped, as are row
   * groups whose dictionary holds no match, and a LIKE pattern without wildcards is an equality.
   *
   * @param column the string column
   * @param pattern the pattern
   * @param escape the escape character, or null for none (DuckDB's default)
   * @param ignoreCase ILIKE rather than LIKE
   */
  record Like(String column, String pattern, Character escape, boolean ignoreCase)
      implements Filter {
    /**
     * Checks the operands: a pattern may not end with a lone escape character.
     *
     * @param column the string column
     * @param pattern the pattern
     * @param escape the escape character, or null for none
     * @param ignoreCase ILIKE rather than LIKE
     */
    public Like {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(pattern, "pattern");
      if (escape != null && (escape == '%' || escape == '_')) {
        throw new IllegalArgumentException("LIKE's escape character cannot be " + escape);
      }
      if (escape != null) {
        for (int i = 0; i < pattern.length(); i++) {
          if (pattern.charAt(i) == escape) {
            if (i + 1 == pattern.length()) {
              throw new IllegalArgumentException(
                  "the LIKE pattern '" + pattern + "' ends with its escape character");
            }
            i++;
          }
        }
      }
    }

    /**
     * A case-sensitive LIKE.
     *
     * @param column the string column
     * @param pattern the pattern
     * @param escape the escape character, or null for none
     */
    public Like(String column, String pattern, Character escape) {
      this(column, pattern, escape, false);
    }

    /** The escape character of {@link #literally}'s patterns: a backslash. */
    public static final char ESCAPE = '\\';

    /**
     * Text as a pattern that matches it alone: {@code %}, {@code _} and the backslash escaped with
     * a backslash ({@link #ESCAPE}).
     *
     * @param text the text
     * @return the pattern
     */
    public static String literally(String text) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '%' || c == '_' || c == ESCAPE) {
          out.append(ESCAPE);
        }
        out.append(c);
      }
      return out.toString();
    }

    @Override
    public String toString() {
      return SqlText.quote(column)
          + (ignoreCase ? " ILIKE " : " LIKE ")
          + SqlText.sql(pattern)
          + (escape == null ? "" : " ESCAPE " + SqlText.sql(String.valueOf(escape)));
    }
  }

  /**
   * {@code left op right} on computed values.
   *
   * @param left an expression
   * @param op the operator
   * @param right an expression
   * @return the filter
   */
  static Filter compute(Expression left, Op op, Expression right) {
    return new Compute(left, op, right);
  }

  /**
   * A test that is true or false on its own ({@code like}, {@code regexp_matches}, {@code is_null},
   * or a boolean expression): the rows where it is true.
   *
   * @param test the expression
   * @return the filter
   */
  static Filter test(Expression test) {
    return new Compute(test, Op.EQ, Expression.literal(Boolean.TRUE));
  }

  /**
   * {@code column = value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter eq(String column, Object value) {
    return new Compare(column, Op.EQ, value);
  }

  /**
   * {@code column <> value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter ne(String column, Object value) {
    return new Compare(column, Op.NE, value);
  }

  /**
   * {@code column < value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter lt(String column, Object value) {
    return new Compare(column, Op.LT, value);
  }

  /**
   * {@code column <= value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter lte(String column, Object value) {
    return new Compare(column, Op.LE, value);
  }

  /**
   * {@code column > value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter gt(String column, Object value) {
    return new Compare(column, Op.GT, value);
  }

  /**
   * {@code column >= value}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter
   */
  static Filter gte(String column, Object value) {
    return new Compare(column, Op.GE, value);
  }

  /**
   * {@code left op right}: one column compared with another in the same row (see {@link
   * CompareColumns} for the kinds of columns that compare).
   *
   * @param left a column name or dotted leaf path
   * @param op the operator
   * @param right a column name or dotted leaf path
   * @return the filter
   */
  static Filter compareColumns(String left, Op op, String right) {
    return new CompareColumns(left, op, right);
  }

  /**
   * {@code column IS NOT DISTINCT FROM value} (Spark's {@code <=>}): true where the column equals
   * the value, false elsewhere, null rows included, never unknown; {@code not} of it is {@code IS
   * DISTINCT FROM}.
   *
   * @param column a column name or dotted leaf path
   * @param value the literal
   * @return the filter, written as {@code column = value AND column IS NOT NULL}
   */
  static Filter notDistinct(String column, Object value) {
    return and(eq(column, value), isNotNull(column));
  }

  /**
   * {@code left IS NOT DISTINCT FROM right} (Spark's {@code <=>}) for two columns: true where both
   * are equal or both null, false elsewhere, never unknown; {@code not} of it is {@code IS DISTINCT
   * FROM}.
   *
   * @param left a column name or dotted leaf path
   * @param right a column name or dotted leaf path
   * @return the filter, written with a comparison of the two and IS NULL tests
   */
  static Filter columnsNotDistinct(String left, String right) {
    return or(
        and(compareColumns(left, Op.EQ, right), isNotNull(left), isNotNull(right)),
        and(isNull(left), isNull(right)));
  }

  /**
   * {@code low <= column AND column <= high}, as SQL's BETWEEN.
   *
   * @param column a column name or dotted leaf path
   * @param low the lower bound, included
   * @param high the upper bound, included
   * @return the filter
   */
  static Filter between(String column, Object low, Object high) {
    return and(gte(column, low), lte(column, high));
  }

  /**
   * {@code column IN (values)}.
   *
   * @param column a column name or dotted leaf path
   * @param values at least one literal
   * @return the filter
   */
  static Filter in(String column, Object... values) {
    return new In(column, Arrays.asList(values));
  }

  /**
   * {@code column IN (values)}.
   *
   * @param column a column name or dotted leaf path
   * @param values at least one literal
   * @return the filter
   */
  static Filter in(String column, List<?> values) {
    return new In(column, new ArrayList<>(values));
  }

  /**
   * {@code column IS NULL}.
   *
   * @param column a column name or dotted leaf path
   * @return the filter
   */
  static Filter isNull(String column) {
    return new IsNull(column);
  }

  /**
   * {@code column IS NOT NULL}.
   *
   * @param column a column name or dotted leaf path
   * @return the filter
   */
  static Filter isNotNull(String column) {
    return new Not(new IsNull(column));
  }

  /**
   * A string column matching a LIKE pattern, without an escape character ({@link Like}).
   *
   * @param column the string column
   * @param pattern the pattern: {@code %} any run of characters, {@code _} one character
   * @return the filter
   */
  static Filter like(String column, String pattern) {
    return new Like(column, pattern, null);
  }

  /**
   * A string column matching a LIKE pattern in any case (SQL's {@code ILIKE}), without an escape
   * character ({@link Like}).
   *
   * @param column the string column
   * @param pattern the pattern: {@code %} any run of characters, {@code _} one character
   * @return the filter
   */
  static Filter ilike(String column, String pattern) {
    return new Like(column, pattern, null, true);
  }

  /**
   * A string column starting with {@code prefix}, every character of it taken as itself.
   *
   * @param column the string column
   * @param prefix the prefix
   * @return the filter
   */
  static Filter startsWith(String column, String prefix) {
    return new Like(column, Like.literally(prefix) + "%", Like.ESCAPE);
  }

  /**
   * A string column ending with {@code suffix}, every character of it taken as itself.
   *
   * @param column the string column
   * @param suffix the suffix
   * @return the filter
   */
  static Filter endsWith(String column, String suffix) {
    return new Like(column, "%" + Like.literally(suffix), Like.ESCAPE);
  }

  /**
   * A string column containing {@code text}, every character of it taken as itself.
   *
   * @param column the string column
   * @param text the text
   * @return the filter
   */
  static Filter contains(String column, String text) {
    return new Like(column, "%" + Like.literally(text) + "%", Like.ESCAPE);
  }

  /**
   * True where every child is.
   *
   * @param children the operands
   * @return the filter (the child itself when there is one)
   */
  static Filter and(Filter... children) {
    return children.length == 1 ? children[0] : new And(Arrays.asList(children));
  }

  /**
   * True where any child is.
   *
   * @param children the operands
   * @return the filter (the child itself when there is one)
   */
  static Filter or(Filter... children) {
    return children.length == 1 ? children[0] : new Or(Arrays.asList(children));
  }

  /**
   * True where the child is false.
   *
   * @param child the operand
   * @return the filter
   */
  static Filter not(Filter child) {
    return new Not(child);
  }

  /**
   * Parses a SQL boolean expression, as in a WHERE clause: {@code = <> != < <= > >=} between a
   * column and a literal or two columns, {@code BETWEEN}, {@code IN (...)}, {@code IS [NOT] NULL},
   * {@code IS [NOT] TRUE} and {@code FALSE}, {@code IS [NOT] DISTINCT FROM} a literal or a column,
   * {@code [NOT] LIKE} and {@code ILIKE} (with {@code ESCAPE}), the functions {@code
   * starts_with(column, 'text')} (or {@code startswith}, {@code prefix}), {@code ends_with} (or
   * {@code endswith}, {@code suffix}) and {@code contains}, {@code AND}, {@code OR}, {@code NOT}
   * and parentheses; "double-quoted" identifiers and dotted struct paths; integer, decimal and
   * float literals, 'quoted strings' and TRUE/FALSE; a boolean column alone means {@code = TRUE}.
   * Dates, times and timestamps are quoted strings (or DATE '...', TIMESTAMP '...'), compared in
   * the column's type. Literals may be constant arithmetic, folded as DuckDB computes it ({@code
   * 0.06 - 0.01}, {@code DATE '1998-12-01' - INTERVAL '90' DAY}), and casts ({@code
   * CAST('1995-01-01' AS DATE)}, {@code '\\x01\\xFF'::BLOB}). The IS forms and the functions are
   * written with the other filters ({@code x IS NOT DISTINCT FROM 5} is {@code x = 5 AND x IS NOT
   * NULL}), as printed back.
   *
   * @throws FilterSyntaxException with the position of the error
   * @param expression the SQL
   * @return the filter
   */
  static Filter parse(String expression) {
    return new FilterParser(expression).parse();
  }

  private static Object literal(String column, Object value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "a null literal for '"
              + column
              + "': a comparison with null is never true; use isNull or isNotNull");
    }
    return value instanceof byte[] bytes ? bytes.clone() : value;
  }

  private static String join(List<Filter> children, String separator) {
    return String.join(
        separator,
        children.stream()
            .map(c -> c instanceof And || c instanceof Or ? "(" + c + ")" : c.toString())
            .toList());
  }
}
