package dev.parrow.spark;

import dev.parrow.arrow.filter.Filter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Spark's V2 predicates as Parrow filters, where Parrow evaluates them exactly as Spark would
 * (SQL's three-valued logic; NaN equal to NaN and above every number, as in Spark): comparisons
 * with literals and of two columns, null-safe equality ({@code <=>}), IN, IS [NOT] NULL,
 * STARTS_WITH, ENDS_WITH and CONTAINS (as LIKE patterns), AND, OR and NOT over top-level columns
 * and struct fields, with literals of Spark's atomic types. Anything else (other string functions,
 * columns inside arrays or maps, or with dots in their names) is left to Spark.
 */
final class SparkFilters {
  private SparkFilters() {}

  /** The filter, or null when Spark must evaluate the predicate itself. */
  static Filter translate(Predicate p, Schema schema) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND", "OR" -> {
        Filter a = translate((Predicate) c[0], schema);
        Filter b = translate((Predicate) c[1], schema);
        if (a == null || b == null) {
          return null;
        }
        return p.name().equals("AND") ? Filter.and(a, b) : Filter.or(a, b);
      }
      case "NOT" -> {
        Filter a = translate((Predicate) c[0], schema);
        return a == null ? null : Filter.not(a);
      }
      case "IS_NULL", "IS_NOT_NULL" -> {
        String column = column(c[0], schema);
        if (column == null) {
          return null;
        }
        return p.name().equals("IS_NULL") ? Filter.isNull(column) : Filter.isNotNull(column);
      }
      case "IN" -> {
        String column = column(c[0], schema);
        if (column == null) {
          return null;
        }
        List<Object> values = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          Object v = literal(c[i]);
          if (v == null) {
            return null;
          }
          values.add(v);
        }
        return Filter.in(column, values);
      }
      case "=", "<>", "<", "<=", ">", ">=" -> {
        Filter.Op op =
            switch (p.name()) {
              case "=" -> Filter.Op.EQ;
              case "<>" -> Filter.Op.NE;
              case "<" -> Filter.Op.LT;
              case "<=" -> Filter.Op.LE;
              case ">" -> Filter.Op.GT;
              default -> Filter.Op.GE;
            };
        String left = column(c[0], schema);
        String right = column(c[1], schema);
        if (left != null && right != null) {
          // Spark has cast the two to one type; Parrow compares the orderable ones.
          boolean ordered = isOrdered(leaf(c[0], schema)) && isOrdered(leaf(c[1], schema));
          return ordered ? Filter.compareColumns(left, op, right) : null;
        }
        if (left == null && right != null) {
          Object value = literal(c[0]);
          return value == null ? null : new Filter.Compare(right, op.swapped(), value);
        }
        Object value = literal(c[1]);
        return left == null || value == null ? null : new Filter.Compare(left, op, value);
      }
      case "<=>" -> {
        // Null-safe equality: true or false, never unknown.
        String left = column(c[0], schema);
        String right = column(c[1], schema);
        if (left != null && right != null) {
          boolean ordered = isOrdered(leaf(c[0], schema)) && isOrdered(leaf(c[1], schema));
          return ordered ? Filter.columnsNotDistinct(left, right) : null;
        }
        String column = left != null ? left : right;
        Object value = literal(left != null ? c[1] : c[0]);
        // A null literal would mean IS NULL; Spark rewrites that itself.
        return column == null || value == null ? null : Filter.notDistinct(column, value);
      }
      case "STARTS_WITH", "ENDS_WITH", "CONTAINS" -> {
        // startsWith, endsWith, contains and the LIKE patterns Spark turns into them, on strings.
        String column = column(c[0], schema);
        Object value = literal(c[1]);
        if (column == null || !(value instanceof String text) || !isString(leaf(c[0], schema))) {
          return null;
        }
        return switch (p.name()) {
          case "STARTS_WITH" -> Filter.startsWith(column, text);
          case "ENDS_WITH" -> Filter.endsWith(column, text);
          default -> Filter.contains(column, text);
        };
      }
      default -> {
        return null;
      }
    }
  }

  /** The dotted path of a reference to a primitive column (top-level or in structs), or null. */
  private static String column(Expression e, Schema schema) {
    return leaf(e, schema) == null ? null : String.join(".", ((NamedReference) e).fieldNames());
  }

  /** The field of the primitive column {@link #column} names, or null. */
  private static Field leaf(Expression e, Schema schema) {
    if (!(e instanceof NamedReference ref)) {
      return null;
    }
    String[] names = ref.fieldNames();
    List<Field> level = schema.getFields();
    Field found = null;
    for (int i = 0; i < names.length; i++) {
      if (names[i].contains(".")) {
        return null;
      }
      found = null;
      for (Field f : level) {
        if (f.getName().equals(names[i])) {
          found = f;
        }
      }
      if (found == null) {
        return null;
      }
      boolean last = i == names.length - 1;
      if (!last && !(found.getType() instanceof ArrowType.Struct)) {
        return null;
      }
      level = found.getChildren();
    }
    if (found == null || !found.getChildren().isEmpty()) {
      return null;
    }
    return found;
  }

  /**
   * Whether two columns of this type compare as Spark compares them: numbers, dates, timestamps,
   * booleans, strings and binaries (not intervals, nor anything nested).
   */
  private static boolean isOrdered(Field field) {
    return switch (field.getType().getTypeID()) {
      case Int,
          FloatingPoint,
          Decimal,
          Date,
          Timestamp,
          Bool,
          Utf8,
          LargeUtf8,
          Binary,
          LargeBinary ->
          true;
      default -> false;
    };
  }

  /** Whether a column holds strings (LIKE applies to nothing else). */
  private static boolean isString(Field field) {
    ArrowType t = field.getType();
    return t instanceof ArrowType.Utf8
        || t instanceof ArrowType.LargeUtf8
        || t instanceof ArrowType.Utf8View;
  }

  /** A literal's value as a Java object Parrow's filters take, or null when it has none. */
  private static Object literal(Expression e) {
    if (!(e instanceof Literal<?> l) || l.value() == null) {
      return null;
    }
    Object v = l.value();
    DataType t = l.dataType();
    if (t instanceof StringType) {
      return v.toString();
    }
    if (t instanceof IntegerType
        || t instanceof LongType
        || t instanceof ShortType
        || t instanceof ByteType
        || t instanceof FloatType
        || t instanceof DoubleType
        || t instanceof BooleanType
        || t instanceof BinaryType) {
      return v;
    }
    if (t instanceof DecimalType) {
      return ((Decimal) v).toJavaBigDecimal();
    }
    if (t instanceof DateType) {
      return LocalDate.ofEpochDay((Integer) v);
    }
    if (t instanceof TimestampType) {
      long micros = (Long) v;
      return Instant.ofEpochSecond(
          Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1000L);
    }
    if (t instanceof TimestampNTZType) {
      long micros = (Long) v;
      return LocalDateTime.ofEpochSecond(
          Math.floorDiv(micros, 1_000_000),
          (int) Math.floorMod(micros, 1_000_000) * 1000,
          ZoneOffset.UTC);
    }
    return null;
  }
}
