package dev.parrow.delta;

import dev.parrow.arrow.filter.Filter;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Expression;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Kernel's predicate as a Parrow filter for pruning one file's row groups and pages. Kernel's
 * predicate is a hint (Kernel, or its caller, applies it to the rows read), so a filter here may
 * keep more than the predicate does, never less: what has no Parrow form (a column not read, a
 * function, a literal of no comparable type) keeps every row, an AND keeps the parts it can, and an
 * OR or a NOT is kept only when its operands are exact. Columns are named as in the schema read (a
 * file read as Kernel's physical schema, whose columns Parrow finds by name or field id).
 */
final class KernelFilters {
  private KernelFilters() {}

  /** A filter, and whether it keeps exactly the rows the predicate does. */
  private record Converted(Filter filter, boolean exact) {
    static final Converted EVERY_ROW = new Converted(null, false);
  }

  /**
   * The filter pruning may use for {@code predicate} on a file read as {@code schema}, or null for
   * none.
   */
  static Filter of(Predicate predicate, StructType schema) {
    return convert(predicate, schema).filter();
  }

  private static Converted convert(Expression e, StructType schema) {
    if (!(e instanceof Predicate p)) {
      return Converted.EVERY_ROW;
    }
    List<Expression> args = p.getChildren();
    switch (p.getName().toUpperCase(java.util.Locale.ROOT)) {
      case "ALWAYS_TRUE":
        return new Converted(null, true);
      case "AND":
        {
          Converted left = convert(args.get(0), schema);
          Converted right = convert(args.get(1), schema);
          boolean exact = left.exact() && right.exact();
          if (left.filter() == null || right.filter() == null) {
            return new Converted(left.filter() == null ? right.filter() : left.filter(), exact);
          }
          return new Converted(Filter.and(left.filter(), right.filter()), exact);
        }
      case "OR":
        {
          Converted left = convert(args.get(0), schema);
          Converted right = convert(args.get(1), schema);
          if (left.filter() == null || right.filter() == null) {
            return Converted.EVERY_ROW;
          }
          return new Converted(
              Filter.or(left.filter(), right.filter()), left.exact() && right.exact());
        }
      case "NOT":
        {
          // The negation of a filter that keeps too much would keep too little.
          Converted child = convert(args.get(0), schema);
          return child.exact() && child.filter() != null
              ? new Converted(Filter.not(child.filter()), true)
              : Converted.EVERY_ROW;
        }
      case "IS_NULL":
      case "IS_NOT_NULL":
        {
          String column = column(args.get(0), schema);
          if (column == null) {
            return Converted.EVERY_ROW;
          }
          return new Converted(
              p.getName().equalsIgnoreCase("IS_NULL")
                  ? Filter.isNull(column)
                  : Filter.isNotNull(column),
              true);
        }
      case "=":
      case "<":
      case "<=":
      case ">":
      case ">=":
      case "IS NOT DISTINCT FROM":
        return comparison(p.getName().toUpperCase(java.util.Locale.ROOT), args, schema);
      case "STARTS_WITH":
        {
          // On strings: a LIKE pattern of the prefix, exact.
          boolean string =
              leafType(args.get(0), schema) instanceof io.delta.kernel.types.StringType;
          if (!string
              || !(args.get(1) instanceof Literal prefix)
              || !(prefix.getValue() instanceof String text)) {
            return Converted.EVERY_ROW;
          }
          return new Converted(Filter.startsWith(column(args.get(0), schema), text), true);
        }
      default:
        return Converted.EVERY_ROW;
    }
  }

  /** A column compared with a literal, either way round. */
  private static Converted comparison(String op, List<Expression> args, StructType schema) {
    Expression a = args.get(0);
    Expression b = args.get(1);
    if (a instanceof Literal && b instanceof Column) {
      return comparison(flip(op), List.of(b, a), schema);
    }
    String column = column(a, schema);
    if (column == null || !(b instanceof Literal literal)) {
      return Converted.EVERY_ROW;
    }
    Object value = value(literal);
    if (literal.getValue() == null) {
      // "x IS NOT DISTINCT FROM null" is "x IS NULL"; any other comparison with null is never
      // true, which pruning need not use.
      return op.equals("IS NOT DISTINCT FROM")
          ? new Converted(Filter.isNull(column), true)
          : Converted.EVERY_ROW;
    }
    if (value == null) {
      return Converted.EVERY_ROW;
    }
    Filter f =
        switch (op) {
          case "=", "IS NOT DISTINCT FROM" -> Filter.eq(column, value);
          case "<" -> Filter.lt(column, value);
          case "<=" -> Filter.lte(column, value);
          case ">" -> Filter.gt(column, value);
          default -> Filter.gte(column, value);
        };
    return new Converted(f, true);
  }

  private static String flip(String op) {
    return switch (op) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> op;
    };
  }

  /**
   * The dotted path of a primitive column of the schema read (at any depth of structs), or null: a
   * name with a dot in it has no dotted path, and a list's or map's elements no one value per row.
   */
  private static String column(Expression e, StructType schema) {
    return leafType(e, schema) == null ? null : String.join(".", ((Column) e).getNames());
  }

  /** The type of the primitive column {@link #column} names, or null. */
  private static DataType leafType(Expression e, StructType schema) {
    if (!(e instanceof Column c)) {
      return null;
    }
    DataType type = schema;
    for (String name : c.getNames()) {
      if (name.indexOf('.') >= 0 || !(type instanceof StructType struct)) {
        return null;
      }
      StructField field = null;
      for (StructField f : struct.fields()) {
        if (f.getName().equals(name)) {
          field = f;
        }
      }
      if (field == null) {
        return null;
      }
      type = field.getDataType();
    }
    if (type instanceof StructType || type instanceof ArrayType || type instanceof MapType) {
      return null;
    }
    return type;
  }

  /** The literal's value as Parrow's filters take it, or null for a type they do not compare. */
  private static Object value(Literal literal) {
    Object v = literal.getValue();
    if (literal.getDataType() instanceof DateType) {
      return LocalDate.ofEpochDay(((Number) v).longValue());
    }
    if (literal.getDataType() instanceof TimestampType) {
      return instant((Long) v);
    }
    if (literal.getDataType() instanceof TimestampNTZType) {
      return LocalDateTime.ofInstant(instant((Long) v), ZoneOffset.UTC);
    }
    if (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof byte[]) {
      return v;
    }
    return null;
  }

  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }
}
