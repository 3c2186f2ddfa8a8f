package dev.parrow.iceberg;

import dev.parrow.arrow.filter.Filter;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.And;
import org.apache.iceberg.expressions.BoundPredicate;
import org.apache.iceberg.expressions.BoundReference;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.expressions.Not;
import org.apache.iceberg.expressions.Or;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Iceberg expressions (a scan task's residual) as Parrow filters, exactly: the rows Parrow keeps
 * are the rows Iceberg's evaluator keeps. Both treat a comparison with null as not matching and NaN
 * as greater than every other value; {@code startsWith} becomes a LIKE of the prefix (which prunes
 * by the byte range it spans), {@code isNaN} an equality with NaN, and {@code notNaN} "null or not
 * NaN".
 */
final class IcebergFilters {
  private IcebergFilters() {}

  /**
   * The filter of {@code expression} over the columns of {@code schema} (by their dotted names), or
   * null for an expression that keeps every row.
   *
   * @throws UnsupportedOperationException for a predicate on a transform of a column, or of an
   *     operation Parrow has no exact form of
   */
  static Filter of(Expression expression, Schema schema) {
    switch (expression.op()) {
      case TRUE:
        return null;
      case FALSE:
        // No row: a value and its negation at once (a comparison with null matches neither).
        return Filter.and(Filter.isNull(anyColumn(schema)), Filter.isNotNull(anyColumn(schema)));
      case AND:
        {
          Filter left = of(((And) expression).left(), schema);
          Filter right = of(((And) expression).right(), schema);
          return left == null ? right : right == null ? left : Filter.and(left, right);
        }
      case OR:
        {
          Filter left = of(((Or) expression).left(), schema);
          Filter right = of(((Or) expression).right(), schema);
          return left == null || right == null ? null : Filter.or(left, right);
        }
      case NOT:
        {
          Filter child = of(((Not) expression).child(), schema);
          if (child == null) {
            return of(org.apache.iceberg.expressions.Expressions.alwaysFalse(), schema);
          }
          return Filter.not(child);
        }
      default:
        return predicate(expression, schema);
    }
  }

  /**
   * The expression with each predicate on a column of the task's constant values ({@code values},
   * by field id: initial defaults of columns the file lacks) settled to true or false, as Iceberg's
   * evaluator settles it for that value; the rest as it was. Unbound predicates are bound to {@code
   * schema} first.
   */
  static Expression settle(Expression expression, Schema schema, java.util.Map<Integer, ?> values) {
    if (values.isEmpty()) {
      return expression;
    }
    if (expression instanceof And and) {
      return org.apache.iceberg.expressions.Expressions.and(
          settle(and.left(), schema, values), settle(and.right(), schema, values));
    }
    if (expression instanceof Or or) {
      return org.apache.iceberg.expressions.Expressions.or(
          settle(or.left(), schema, values), settle(or.right(), schema, values));
    }
    if (expression instanceof Not not) {
      return org.apache.iceberg.expressions.Expressions.not(settle(not.child(), schema, values));
    }
    Expression bound = expression;
    if (expression instanceof UnboundPredicate<?> unbound
        && schema.findField(unbound.ref().name()) != null) {
      bound = unbound.bind(schema.asStruct(), true);
    }
    if (bound instanceof BoundPredicate<?> predicate
        && predicate.term() instanceof BoundReference<?> ref
        && values.containsKey(ref.fieldId())) {
      @SuppressWarnings("unchecked")
      BoundPredicate<Object> p = (BoundPredicate<Object>) predicate;
      return p.test(values.get(ref.fieldId()))
          ? org.apache.iceberg.expressions.Expressions.alwaysTrue()
          : org.apache.iceberg.expressions.Expressions.alwaysFalse();
    }
    return expression;
  }

  /** The field ids an expression's predicates name, bound or not (by name in {@code schema}). */
  static java.util.Set<Integer> fieldIds(Expression expression, Schema schema) {
    java.util.Set<Integer> out = new java.util.HashSet<>();
    collect(expression, schema, out);
    return out;
  }

  private static void collect(Expression e, Schema schema, java.util.Set<Integer> out) {
    if (e instanceof And and) {
      collect(and.left(), schema, out);
      collect(and.right(), schema, out);
    } else if (e instanceof Or or) {
      collect(or.left(), schema, out);
      collect(or.right(), schema, out);
    } else if (e instanceof Not not) {
      collect(not.child(), schema, out);
    } else if (e instanceof BoundPredicate<?> bound
        && bound.term() instanceof BoundReference<?> r) {
      out.add(r.fieldId());
    } else if (e instanceof UnboundPredicate<?> unbound) {
      Types.NestedField f = schema.findField(unbound.ref().name());
      if (f != null) {
        out.add(f.fieldId());
      }
    }
  }

  private static String anyColumn(Schema schema) {
    for (Types.NestedField f : schema.columns()) {
      if (f.type().isPrimitiveType()) {
        return f.name();
      }
    }
    throw new UnsupportedOperationException("an always-false filter needs a primitive column");
  }

  private static Filter predicate(Expression expression, Schema schema) {
    String column;
    Type type;
    List<Object> values = new ArrayList<>();
    if (expression instanceof BoundPredicate<?> bound) {
      if (!(bound.term() instanceof BoundReference<?> ref)) {
        throw new UnsupportedOperationException(
            "a filter on a transform of a column (" + expression + ") cannot be read exactly");
      }
      column = schema.findColumnName(ref.fieldId());
      type = ref.type();
      if (bound.isLiteralPredicate()) {
        values.add(bound.asLiteralPredicate().literal().value());
      } else if (bound.isSetPredicate()) {
        values.addAll((Collection<?>) bound.asSetPredicate().literalSet());
      }
    } else if (expression instanceof UnboundPredicate<?> unbound) {
      column = unbound.ref().name();
      Types.NestedField field = schema.findField(column);
      if (field == null) {
        throw new IllegalArgumentException("no column '" + column + "' to filter on");
      }
      type = field.type();
      if (unbound.literals() != null) {
        for (Literal<?> l : unbound.literals()) {
          values.add(l.to(type).value());
        }
      }
    } else {
      throw new UnsupportedOperationException("not a predicate: " + expression);
    }
    if (column == null) {
      throw new IllegalArgumentException("no column to filter on in " + expression);
    }
    List<Object> literals = new ArrayList<>();
    for (Object v : values) {
      literals.add(literal(v, type));
    }
    // Iceberg's evaluator compares a null as smaller than every value (its comparators put nulls
    // first) and has no unknown: null < 5 is true, null > 5 false, null <> 5 true. Each predicate
    // is written so that it is true or false for a null too, so that NOT negates it as Iceberg's
    // NOT does.
    Filter isNull = Filter.isNull(column);
    Filter present = Filter.isNotNull(column);
    switch (expression.op()) {
      case IS_NULL:
        return isNull;
      case NOT_NULL:
        return present;
      case IS_NAN:
        return Filter.and(present, Filter.eq(column, nan(type)));
      case NOT_NAN:
        return Filter.not(Filter.and(present, Filter.eq(column, nan(type))));
      case LT:
        return Filter.or(isNull, Filter.lt(column, literals.get(0)));
      case LT_EQ:
        return Filter.or(isNull, Filter.lte(column, literals.get(0)));
      case GT:
        return Filter.and(present, Filter.gt(column, literals.get(0)));
      case GT_EQ:
        return Filter.and(present, Filter.gte(column, literals.get(0)));
      case EQ:
        return Filter.and(present, Filter.eq(column, literals.get(0)));
      case NOT_EQ:
        return Filter.or(isNull, Filter.ne(column, literals.get(0)));
      case IN:
        return Filter.and(present, Filter.in(column, literals));
      case NOT_IN:
        return Filter.not(Filter.and(present, Filter.in(column, literals)));
      case STARTS_WITH:
        return Filter.and(present, Filter.startsWith(column, (String) literals.get(0)));
      case NOT_STARTS_WITH:
        return Filter.not(Filter.and(present, Filter.startsWith(column, (String) literals.get(0))));
      default:
        throw new UnsupportedOperationException(
            "the Iceberg predicate " + expression + " has no exact Parrow filter");
    }
  }

  private static Object nan(Type type) {
    return type.typeId() == Type.TypeID.FLOAT ? (Object) Float.NaN : (Object) Double.NaN;
  }

  /** An Iceberg literal's internal value as a Parrow filter literal of the column's type. */
  static Object literal(Object value, Type type) {
    switch (type.typeId()) {
      case DATE:
        return LocalDate.ofEpochDay(((Number) value).longValue());
      case TIME:
        return LocalTime.ofNanoOfDay(((Number) value).longValue() * 1_000L);
      case TIMESTAMP:
        {
          long micros = ((Number) value).longValue();
          return Instant.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
        }
      case TIMESTAMP_NANO:
        {
          long nanos = ((Number) value).longValue();
          return Instant.ofEpochSecond(
              Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        }
      case STRING:
        return value.toString();
      case BINARY:
      case FIXED:
        {
          ByteBuffer b = ((ByteBuffer) value).duplicate();
          byte[] bytes = new byte[b.remaining()];
          b.get(bytes);
          return bytes;
        }
      default:
        // Booleans, numbers, decimals (BigDecimal) and UUIDs are Parrow's literals as they are.
        return value;
    }
  }
}
