package dev.parrow.arrow.internal.dataset;

import dev.parrow.arrow.filter.Expression;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.filter.FilterBinder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A filter applied to the columns that are constant in one file (its partition values, and nulls
 * for the columns it lacks): what remains for the file's own columns, or whether the file can be
 * skipped whole.
 *
 * <p>The filter is first put in negation normal form (NOT only on comparisons), where SQL's unknown
 * selects no row just as false does, so a comparison with a null constant becomes false, and AND
 * and OR simplify around the constants.
 */
public final class ConstantColumns {
  private ConstantColumns() {}

  /** What is left of a filter for one file. */
  public sealed interface Residual {}

  /** Every row of the file may match; the filter is settled (true), nothing remains. */
  public record All() implements Residual {}

  /** No row of the file matches. */
  public record None() implements Residual {}

  /** The file's rows match where {@code filter} holds. */
  public record Rows(Filter filter) implements Residual {}

  /**
   * The filter for a file whose columns named in {@code constants} hold one value each.
   *
   * @param constants the constant columns by name: Long, LocalDate, String, or null
   * @throws IllegalArgumentException when a literal cannot be compared with a constant column
   */
  public static Residual residual(Filter filter, Map<String, Object> constants) {
    Object r = apply(filter, false, constants);
    if (r instanceof Boolean b) {
      return b ? new All() : new None();
    }
    return new Rows((Filter) r);
  }

  /** A Boolean when settled, else the Filter that remains (with {@code negate} applied). */
  private static Object apply(Filter f, boolean negate, Map<String, Object> constants) {
    if (f instanceof Filter.Not n) {
      return apply(n.child(), !negate, constants);
    }
    if (f instanceof Filter.And a) {
      return combine(a.children(), negate, !negate, constants);
    }
    if (f instanceof Filter.Or o) {
      return combine(o.children(), negate, negate, constants);
    }
    if (f instanceof Filter.CompareColumns pair) {
      return applyPair(pair, negate, constants);
    }
    if (f instanceof Filter.Compute compute) {
      return applyComputed(compute, negate, constants);
    }
    String column = column(f);
    if (!isConstant(column, constants)) {
      return negate ? new Filter.Not(f) : f;
    }
    Object value = constant(column, constants);
    if (f instanceof Filter.IsNull) {
      return (value == null) != negate;
    }
    if (value == null) {
      return false;
    }
    if (f instanceof Filter.Like like) {
      // As SQL casts a partition's number or date to text for LIKE.
      String text = value.toString();
      boolean match =
          dev.parrow.arrow.internal.filter.LikePattern.compile(
                  like.pattern(), like.escape(), like.ignoreCase())
              .matches(text.getBytes(StandardCharsets.UTF_8));
      return match != negate;
    }
    if (f instanceof Filter.In in) {
      boolean any = false;
      for (Object literal : in.values()) {
        if (literal != null && compare(value, literal, column) == 0) {
          any = true;
        }
      }
      return any != negate;
    }
    Filter.Compare c = (Filter.Compare) f;
    return holds(negate ? c.op().negate() : c.op(), compare(value, c.value(), column));
  }

  /**
   * Two columns compared: settled when both are constant, a comparison with a literal when one is,
   * and a comparison with null (unknown) selects nothing.
   */
  private static Object applyPair(
      Filter.CompareColumns pair, boolean negate, Map<String, Object> constants) {
    boolean leftConstant = isConstant(pair.left(), constants);
    boolean rightConstant = isConstant(pair.right(), constants);
    if (!leftConstant && !rightConstant) {
      return negate ? new Filter.Not(pair) : pair;
    }
    Filter.Op op = negate ? pair.op().negate() : pair.op();
    Object left = leftConstant ? constant(pair.left(), constants) : null;
    Object right = rightConstant ? constant(pair.right(), constants) : null;
    if ((leftConstant && left == null) || (rightConstant && right == null)) {
      return false;
    }
    if (!rightConstant) {
      return new Filter.Compare(pair.right(), op.swapped(), left);
    }
    if (!leftConstant) {
      return new Filter.Compare(pair.left(), op, right);
    }
    return holds(op, compare(left, right, pair.left()));
  }

  /**
   * Computed values: each constant column replaced by its value, and settled when no other column
   * is left (unknown selects nothing, negated or not).
   */
  private static Object applyComputed(
      Filter.Compute compute, boolean negate, Map<String, Object> constants) {
    java.util.function.Function<Expression.Column, Expression> replace =
        c ->
            isConstant(c.name(), constants) ? Expression.literal(constant(c.name(), constants)) : c;
    Filter.Compute replaced =
        new Filter.Compute(
            compute.left().replaceColumns(replace),
            compute.op(),
            compute.right().replaceColumns(replace));
    if (!replaced.columns().isEmpty()) {
      return negate ? new Filter.Not(replaced) : replaced;
    }
    Boolean truth = FilterBinder.constantTruth(replaced);
    return truth != null && truth != negate;
  }

  /** Whether {@code a op b} holds, given the sign of a's comparison with b. */
  private static boolean holds(Filter.Op op, int cmp) {
    return switch (op) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }

  /** Whether a column (or the top-level field a path is in) is one of the constant ones. */
  private static boolean isConstant(String column, Map<String, Object> constants) {
    return constants.containsKey(column) || constants.containsKey(topLevel(column));
  }

  /** A constant column's value: null for a null one, and for a path into a constant field. */
  private static Object constant(String column, Map<String, Object> constants) {
    return constants.containsKey(column) ? constants.get(column) : null;
  }

  /** AND ({@code and} true) or OR of the children, each with {@code negate} applied. */
  private static Object combine(
      List<Filter> children, boolean negate, boolean and, Map<String, Object> constants) {
    List<Filter> rest = new ArrayList<>();
    for (Filter child : children) {
      Object r = apply(child, negate, constants);
      if (r instanceof Boolean b) {
        if (b != and) {
          return b; // false in an AND, true in an OR
        }
      } else {
        rest.add((Filter) r);
      }
    }
    if (rest.isEmpty()) {
      return and;
    }
    if (rest.size() == 1) {
      return rest.get(0);
    }
    return and ? new Filter.And(rest) : new Filter.Or(rest);
  }

  /** The column a comparison names. */
  public static String column(Filter f) {
    if (f instanceof Filter.Compare c) {
      return c.column();
    }
    if (f instanceof Filter.In in) {
      return in.column();
    }
    if (f instanceof Filter.IsNull n) {
      return n.column();
    }
    if (f instanceof Filter.Like l) {
      return l.column();
    }
    throw new IllegalArgumentException("not a comparison: " + f);
  }

  /** The top-level field a column name or dotted path is in. */
  public static String topLevel(String column) {
    int dot = column.indexOf('.');
    return dot < 0 ? column : column.substring(0, dot);
  }

  /** A constant (Long, LocalDate or String) against a literal, in the constant's type. */
  private static int compare(Object value, Object literal, String column) {
    if (value instanceof Long v) {
      BigDecimal l = number(literal, column, "an integer");
      return BigDecimal.valueOf(v).compareTo(l);
    }
    if (value instanceof LocalDate d) {
      LocalDate l;
      if (literal instanceof LocalDate ld) {
        l = ld;
      } else if (literal instanceof String s) {
        try {
          l = LocalDate.parse(s.strip());
        } catch (java.time.format.DateTimeParseException e) {
          throw mismatch(literal, column, "a date");
        }
      } else {
        throw mismatch(literal, column, "a date");
      }
      return d.compareTo(l);
    }
    String s = (String) value;
    if (!(literal instanceof String l)) {
      throw mismatch(literal, column, "a string");
    }
    return Arrays.compareUnsigned(
        s.getBytes(StandardCharsets.UTF_8), l.getBytes(StandardCharsets.UTF_8));
  }

  private static BigDecimal number(Object literal, String column, String what) {
    if (literal instanceof BigDecimal b) {
      return b;
    }
    if (literal instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (literal instanceof Double d && !d.isNaN() && !d.isInfinite()) {
      return BigDecimal.valueOf(d);
    }
    if (literal instanceof Float d && !d.isNaN() && !d.isInfinite()) {
      return new BigDecimal(d.toString());
    }
    if (literal instanceof Long
        || literal instanceof Integer
        || literal instanceof Short
        || literal instanceof Byte) {
      return BigDecimal.valueOf(((Number) literal).longValue());
    }
    if (literal instanceof String s) {
      try {
        return new BigDecimal(s.strip());
      } catch (NumberFormatException e) {
        throw mismatch(literal, column, what);
      }
    }
    throw mismatch(literal, column, what);
  }

  private static IllegalArgumentException mismatch(Object literal, String column, String what) {
    return new IllegalArgumentException(
        "the literal "
            + (literal instanceof String ? "'" + literal + "'" : String.valueOf(literal))
            + " cannot be compared with column '"
            + column
            + "', which is "
            + what
            + " in every file (a partition key)");
  }
}
