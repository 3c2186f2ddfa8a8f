package dev.parrow.arrow.internal.filter;

import java.util.List;

/**
 * A filter bound to a file: every column resolved to its leaf, every literal converted to the
 * column's {@link Domain}, and every NOT pushed down to the tests (De Morgan, and each operator
 * replaced by its negation), so that the pruning steps only ever see AND, OR, tests of one column,
 * comparisons of two, and comparisons of computed values (which prune nothing).
 */
public sealed interface BoundFilter {

  record And(List<BoundFilter> children) implements BoundFilter {
    public And {
      children = List.copyOf(children);
    }
  }

  record Or(List<BoundFilter> children) implements BoundFilter {
    public Or {
      children = List.copyOf(children);
    }
  }

  /** What a test asks of one column's value. */
  enum Kind {
    IS_NULL,
    NOT_NULL,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    /** Equal to one of the keys. */
    IN,
    /** Equal to none of the keys. */
    NOT_IN,
    /**
     * True for every non-null value (a literal the column cannot reach, such as x > 300 on int8).
     */
    TRUE,
    /** False for every non-null value. */
    FALSE,
    /** Matches the key, a {@link LikePattern} (SQL's LIKE). */
    LIKE,
    /** Does not match the key, a {@link LikePattern}. */
    NOT_LIKE;

    Kind negate() {
      return switch (this) {
        case IS_NULL -> NOT_NULL;
        case NOT_NULL -> IS_NULL;
        case EQ -> NE;
        case NE -> EQ;
        case LT -> GE;
        case LE -> GT;
        case GT -> LE;
        case GE -> LT;
        case IN -> NOT_IN;
        case NOT_IN -> IN;
        case TRUE -> FALSE;
        case FALSE -> TRUE;
        case LIKE -> NOT_LIKE;
        case NOT_LIKE -> LIKE;
      };
    }
  }

  /**
   * One column's test. {@code keys} are in the column's domain: one for a comparison, sorted and
   * distinct for IN and NOT_IN, the {@link LikePattern} for LIKE and NOT_LIKE, none otherwise. A
   * null value makes every test but IS_NULL and NOT_NULL unknown.
   */
  record Test(FilterColumn column, Kind kind, List<Object> keys) implements BoundFilter {
    public Test {
      keys = List.copyOf(keys);
    }

    Test negate() {
      return new Test(column, kind.negate(), keys);
    }
  }

  /**
   * Two columns of one row compared ({@code a < b}): {@code kind} is one of EQ, NE, LT, LE, GT and
   * GE, and {@code how} says how their values meet. A null on either side makes it unknown.
   */
  record CompareColumns(FilterColumn left, Kind kind, FilterColumn right, ColumnComparison how)
      implements BoundFilter {
    CompareColumns negate() {
      return new CompareColumns(left, kind.negate(), right, how);
    }
  }

  /**
   * Two computed values compared ({@code lower(name) = 'ann'}): {@code kind} is one of EQ, NE, LT,
   * LE, GT and GE. A null on either side makes it unknown.
   *
   * @param comparison the bound sides and how they meet
   * @param kind the operator
   * @param sql the filter as written, for errors
   * @param prune a test of a list's element column that some element of every selected row passes,
   *     for pruning only, or null: {@code list_contains(l, v)} selects no row where no element
   *     equals v, so a chunk or page of the elements whose statistics, dictionary or Bloom filter
   *     rule out {@code element = v} holds no selected row
   */
  record Computed(ExpressionBinder.Comparison comparison, Kind kind, String sql, Test prune)
      implements BoundFilter {
    Computed negate() {
      return new Computed(comparison, kind.negate(), sql, null);
    }

    /** Whether a CASE is computed, whose conditions are filters of the batch's rows. */
    boolean hasCase() {
      return hasCase(comparison.left()) || hasCase(comparison.right());
    }

    private static boolean hasCase(BoundExpression e) {
      if (e instanceof BoundExpression.Case) {
        return true;
      }
      if (e instanceof BoundExpression.Apply a) {
        return a.arguments().stream().anyMatch(Computed::hasCase);
      }
      return e instanceof BoundExpression.Convert c && hasCase(c.value());
    }

    /** Whether a list column is read, whose elements are not the batch's rows. */
    boolean hasList() {
      return columns().stream().anyMatch(c -> c.column().maxRepetitionLevel() > 0);
    }

    /** The columns either side reads (a list's element column for a list). */
    List<FilterColumn> columns() {
      List<FilterColumn> out = new java.util.ArrayList<>();
      collect(comparison.left(), out);
      collect(comparison.right(), out);
      return out;
    }

    private static void collect(BoundExpression e, List<FilterColumn> out) {
      if (e instanceof BoundExpression.ColumnRef c) {
        out.add(c.column());
      } else if (e instanceof BoundExpression.ListRef l) {
        out.add(l.element());
      } else if (e instanceof BoundExpression.MapRef m) {
        out.add(m.keys().element());
      } else if (e instanceof BoundExpression.Apply a) {
        a.arguments().forEach(x -> collect(x, out));
      } else if (e instanceof BoundExpression.Convert c) {
        collect(c.value(), out);
      } else if (e instanceof BoundExpression.Case c) {
        c.conditions().forEach(f -> out.addAll(BoundFilters.columns(f)));
        c.values().forEach(v -> collect(v, out));
        collect(c.otherwise(), out);
      }
    }
  }
}
