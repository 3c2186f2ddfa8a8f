package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundFilter.Kind;
import dev.parrow.arrow.internal.filter.BoundFilter.Test;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Statistics;
import java.util.List;

/**
 * What a chunk's (or a page's) statistics say about its values: the least and greatest non-null,
 * non-NaN value where they can be trusted, how many values are null, and whether NaNs can be there.
 * A bound is trusted when it follows the column's order: {@code min_value}/{@code max_value} under
 * the type-defined order, or under IEEE 754's total order for floats; the deprecated {@code
 * min}/{@code max} only for types whose order was always signed (never for byte arrays, which old
 * writers ordered as signed bytes, nor for unsigned integers); for INT96 timestamps only under
 * INT96_TIMESTAMP_ORDER (chronological), the type order leaving them undefined; and never when a
 * float bound is NaN, but for the total order's NaN min and max of values that are all NaN.
 * Truncated bounds still bound the values, so they prune as they are.
 *
 * @param min the lower bound, or null when unknown
 * @param max the upper bound, or null when unknown
 * @param nulls null values, or -1 when unknown
 * @param values values including nulls, or -1 when unknown
 * @param nanFree the values hold no NaN (always true outside floats)
 * @param exact the bounds are values of the column, not truncated (a writer's {@code
 *     is_min_value_exact}/{@code is_max_value_exact}; true unless it says otherwise): only then
 *     does min = max say that every value is that one
 */
record Bounds(Object min, Object max, long nulls, long values, boolean nanFree, boolean exact) {

  /** Bounds that are values of the column (not truncated), as most are. */
  Bounds(Object min, Object max, long nulls, long values, boolean nanFree) {
    this(min, max, nulls, values, nanFree, true);
  }

  static Bounds of(FilterColumn column, ColumnMetaData meta, Footer footer) {
    Statistics s = meta.statistics();
    long values = meta.numValues();
    if (s == null) {
      return new Bounds(null, null, -1, values, column.domain() != Domain.FLOAT);
    }
    Bounds bounds =
        of(
            column,
            s.minValue(),
            s.maxValue(),
            s.min(),
            s.max(),
            s.nullCount(),
            values,
            s.nanCount(),
            columnOrder(footer, column));
    boolean exact =
        !Boolean.FALSE.equals(s.isMinValueExact()) && !Boolean.FALSE.equals(s.isMaxValueExact());
    return exact ? bounds : bounds.inexact();
  }

  /** These bounds, marked as not values of the column (truncated). */
  Bounds inexact() {
    return new Bounds(min, max, nulls, values, nanFree, false);
  }

  static ColumnOrder columnOrder(Footer footer, FilterColumn column) {
    List<ColumnOrder> orders = footer.metaData().columnOrders();
    int index = column.column().index();
    return orders == null || index >= orders.size() ? null : orders.get(index);
  }

  static Bounds of(
      FilterColumn column,
      Bytes minValue,
      Bytes maxValue,
      Bytes legacyMin,
      Bytes legacyMax,
      Long nullCount,
      long values,
      Long nanCount,
      ColumnOrder order) {
    if (column.nullsUncounted()) {
      // More values may read as null than the file counts: its counts bound nothing.
      nullCount = null;
    }
    Object min = null;
    Object max = null;
    if (column.ordered()) {
      if (minValue != null && maxValue != null) {
        // IEEE 754's total order bounds floats exactly (with NaNs only when there is nothing
        // else: taken below as values that are all NaN).
        if (column.column().physicalType() == PhysicalType.INT96
            ? ColumnOrder.INT96_TIMESTAMP_ORDER.equals(order)
            : order == null
                || order.equals(ColumnOrder.TYPE_ORDER)
                || order.equals(ColumnOrder.IEEE_754_TOTAL_ORDER)
                    && column.domain() == Domain.FLOAT) {
          min = PhysicalKeys.fromPlain(column, minValue.toByteArray());
          max = PhysicalKeys.fromPlain(column, maxValue.toByteArray());
        }
      } else if (legacyMin != null && legacyMax != null && signedLegacyOrder(column)) {
        min = PhysicalKeys.fromPlain(column, legacyMin.toByteArray());
        max = PhysicalKeys.fromPlain(column, legacyMax.toByteArray());
      }
    }
    boolean nanFree = column.domain() != Domain.FLOAT || (nanCount != null && nanCount == 0);
    boolean nanMin = min instanceof Double d && Double.isNaN(d);
    boolean nanMax = max instanceof Double e && Double.isNaN(e);
    if (nanMin
        && nanMax
        && ColumnOrder.IEEE_754_TOTAL_ORDER.equals(order)
        && nanCount != null
        && nanCount > 0) {
      // Under the total order, NaN bounds say the values are all NaN (or null).
      return new Bounds(Double.NaN, Double.NaN, nullCount == null ? -1 : nullCount, values, false);
    }
    if (min == null || max == null || nanMin || nanMax) {
      min = null;
      max = null;
    }
    return new Bounds(min, max, nullCount == null ? -1 : nullCount, values, nanFree);
  }

  /** Whether the deprecated min/max of this column were in its own order. */
  private static boolean signedLegacyOrder(FilterColumn column) {
    PhysicalType p = column.column().physicalType();
    if (p != PhysicalType.INT32
        && p != PhysicalType.INT64
        && p != PhysicalType.FLOAT
        && p != PhysicalType.DOUBLE
        && p != PhysicalType.BOOLEAN) {
      return false;
    }
    if (column.column().logicalType() instanceof LogicalType.IntType i && !i.signed()) {
      return false;
    }
    ConvertedType converted = column.column().convertedType();
    return converted != ConvertedType.UINT_8
        && converted != ConvertedType.UINT_16
        && converted != ConvertedType.UINT_32
        && converted != ConvertedType.UINT_64;
  }

  private boolean allNull() {
    return nulls >= 0 && values >= 0 && nulls == values;
  }

  /** Whether any value so bounded may satisfy the test. */
  boolean mayMatch(Test test) {
    Kind kind = test.kind();
    switch (kind) {
      case IS_NULL:
        return nulls != 0;
      case NOT_NULL:
      case TRUE:
        return !allNull();
      case FALSE:
        return false;
      default:
        break;
    }
    if (allNull()) {
      return false;
    }
    Domain domain = test.column().domain();
    if (!nanFree && holds(test, Double.NaN)) {
      return true;
    }
    if (min instanceof Double m && Double.isNaN(m)) {
      // Only NaNs (and nulls), and NaN does not satisfy the test.
      return false;
    }
    if (min == null) {
      return true;
    }
    List<Object> keys = test.keys();
    switch (kind) {
      case EQ:
        return domain.compare(keys.get(0), min) >= 0 && domain.compare(keys.get(0), max) <= 0;
      case NE:
        // min = max says every value is that one only when the bounds are exact (and, for byte
        // strings, whose bounds older writers truncated without saying so, never).
        return !exact
            || domain == Domain.BYTES
            || !(domain.compare(min, max) == 0 && domain.compare(min, keys.get(0)) == 0);
      case LT:
        return domain.compare(min, keys.get(0)) < 0;
      case LE:
        return domain.compare(min, keys.get(0)) <= 0;
      case GT:
        return domain.compare(max, keys.get(0)) > 0;
      case GE:
        return domain.compare(max, keys.get(0)) >= 0;
      case IN:
        for (Object k : keys) {
          if (domain.compare(k, min) >= 0 && domain.compare(k, max) <= 0) {
            return true;
          }
        }
        return false;
      case NOT_IN:
        return !exact
            || domain == Domain.BYTES
            || domain.compare(min, max) != 0
            || !containsKey(test, min);
      case LIKE:
        {
          // A match starts with the pattern's fixed prefix: at least it, below its end.
          LikePattern pattern = (LikePattern) keys.get(0);
          byte[] end = pattern.prefixEnd();
          return domain.compare(max, pattern.prefix()) >= 0
              && (end == null || domain.compare(min, end) < 0);
        }
      default:
        return true;
    }
  }

  private static boolean containsKey(Test test, Object value) {
    if (test.column().domain() == Domain.BYTES) {
      return false; // bounds may be truncated: never claim all values are one key
    }
    for (Object k : test.keys()) {
      if (test.column().domain().compare(k, value) == 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether one non-null value satisfies a test. */
  static boolean holds(Test test, Object value) {
    Domain domain = test.column().domain();
    List<Object> keys = test.keys();
    return switch (test.kind()) {
      case IS_NULL, FALSE -> false;
      case NOT_NULL, TRUE -> true;
      case EQ -> domain.compare(value, keys.get(0)) == 0;
      case NE -> domain.compare(value, keys.get(0)) != 0;
      case LT -> domain.compare(value, keys.get(0)) < 0;
      case LE -> domain.compare(value, keys.get(0)) <= 0;
      case GT -> domain.compare(value, keys.get(0)) > 0;
      case GE -> domain.compare(value, keys.get(0)) >= 0;
      case IN -> keys.stream().anyMatch(k -> domain.compare(value, k) == 0);
      case NOT_IN -> keys.stream().noneMatch(k -> domain.compare(value, k) == 0);
      case LIKE -> ((LikePattern) keys.get(0)).matches((byte[]) value);
      case NOT_LIKE -> !((LikePattern) keys.get(0)).matches((byte[]) value);
    };
  }
}
