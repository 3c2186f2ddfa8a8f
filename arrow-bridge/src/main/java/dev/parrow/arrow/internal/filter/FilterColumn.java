package dev.parrow.arrow.internal.filter;

import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.ParquetToArrow;
import dev.parrow.types.TypeOptions;
import java.math.BigInteger;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A leaf column a filter tests, and how its values compare: the {@link Domain}, the range of values
 * the column can hold (a literal outside it makes the test constant), and what literals mean for
 * it.
 *
 * @param literal what a literal is converted to
 * @param unitNanos for times and timestamps, nanoseconds per unit of the stored value
 * @param scale for decimals, the scale of the unscaled value
 * @param min the least value of an integer-like column (null for other domains)
 * @param max the greatest value of an integer-like column
 * @param float32 a FLOAT column: literals are rounded to float first, as SQL casts them
 * @param ordered whether the file's min/max statistics may be used (not for 12-byte timestamps;
 *     INT96's only under the INT96_TIMESTAMP_ORDER column order, as the type order leaves them
 *     undefined)
 * @param nullsUncounted values may read as null beyond the nulls stored (INT96 timestamps out of
 *     the unit's range, read as null on request): null counts do not count them
 */
public record FilterColumn(
    ColumnDescriptor column,
    Domain domain,
    LiteralKind literal,
    long unitNanos,
    int scale,
    BigInteger min,
    BigInteger max,
    boolean float32,
    boolean ordered,
    boolean nullsUncounted) {

  /** A column whose null counts count every value that reads as null. */
  FilterColumn(
      ColumnDescriptor column,
      Domain domain,
      LiteralKind literal,
      long unitNanos,
      int scale,
      BigInteger min,
      BigInteger max,
      boolean float32,
      boolean ordered) {
    this(column, domain, literal, unitNanos, scale, min, max, float32, ordered, false);
  }

  /** The meaning of a literal for a column. */
  public enum LiteralKind {
    INTEGER,
    DECIMAL,
    FLOAT,
    BOOLEAN,
    STRING,
    BINARY,
    UUID,
    DATE,
    TIME,
    TIMESTAMP,
    NONE
  }

  public String name() {
    return column.dottedPath();
  }

  /**
   * The column as filters see it: by the Arrow type the plain mapping gives its values (the
   * ARROW:schema hint changes units and containers, not values), with decimals kept exact and UUIDs
   * as bytes; INT96 timestamps in {@code int96Unit}.
   */
  public static FilterColumn of(ColumnDescriptor column, TypeOptions types) {
    TypeOptions exact = types.exactValues();
    ArrowType type = ParquetToArrow.leafField(column, exact, new java.util.ArrayList<>()).getType();
    if (type instanceof ArrowType.ExtensionType ext) {
      type = ext.storageType();
    }
    PhysicalType p = column.physicalType();
    LogicalType logical = column.logicalType();
    switch (type.getTypeID()) {
      case Int:
        {
          ArrowType.Int i = (ArrowType.Int) type;
          int w = i.getBitWidth();
          if (i.getIsSigned()) {
            return integer(
                column,
                Domain.SIGNED,
                LiteralKind.INTEGER,
                0,
                BigInteger.ONE.shiftLeft(w - 1).negate(),
                BigInteger.ONE.shiftLeft(w - 1).subtract(BigInteger.ONE));
          }
          return integer(
              column,
              w == 64 ? Domain.UNSIGNED : Domain.SIGNED,
              LiteralKind.INTEGER,
              0,
              BigInteger.ZERO,
              BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE));
        }
      case Date:
        return integer(column, Domain.SIGNED, LiteralKind.DATE, 0, intMin(), intMax());
      case Time:
        {
          ArrowType.Time t = (ArrowType.Time) type;
          return new FilterColumn(
              column,
              Domain.SIGNED,
              LiteralKind.TIME,
              nanos(t.getUnit()),
              0,
              p == PhysicalType.INT32 ? intMin() : longMin(),
              p == PhysicalType.INT32 ? intMax() : longMax(),
              false,
              true);
        }
      case Timestamp:
        {
          ArrowType.Timestamp t = (ArrowType.Timestamp) type;
          return new FilterColumn(
              column,
              Domain.SIGNED,
              LiteralKind.TIMESTAMP,
              nanos(t.getUnit()),
              0,
              longMin(),
              longMax(),
              false,
              // INT96's bounds count under INT96_TIMESTAMP_ORDER only (Bounds.of); the 12-byte
              // carrier's statistics are not read yet.
              p == PhysicalType.INT64 || p == PhysicalType.INT96,
              p == PhysicalType.INT96 && types.int96OutOfRangeAsNull());
        }
      case Decimal:
        {
          ArrowType.Decimal d = (ArrowType.Decimal) type;
          BigInteger limit = BigInteger.TEN.pow(d.getPrecision()).subtract(BigInteger.ONE);
          return integer(
              column,
              d.getPrecision() <= 18 ? Domain.SIGNED : Domain.DECIMAL,
              LiteralKind.DECIMAL,
              d.getScale(),
              limit.negate(),
              limit);
        }
      case FloatingPoint:
        return new FilterColumn(
            column,
            Domain.FLOAT,
            LiteralKind.FLOAT,
            0,
            0,
            null,
            null,
            ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.SINGLE,
            true);
      case Bool:
        return integer(
            column, Domain.SIGNED, LiteralKind.BOOLEAN, 0, BigInteger.ZERO, BigInteger.ONE);
      case Utf8:
      case LargeUtf8:
        return bytes(column, LiteralKind.STRING);
      case Binary:
      case LargeBinary:
      case FixedSizeBinary:
        return bytes(
            column,
            logical instanceof LogicalType.UuidType ? LiteralKind.UUID : LiteralKind.BINARY);
      default:
        return new FilterColumn(
            column, Domain.NONE, LiteralKind.NONE, 0, 0, null, null, false, false);
    }
  }

  private static FilterColumn integer(
      ColumnDescriptor column,
      Domain domain,
      LiteralKind literal,
      int scale,
      BigInteger min,
      BigInteger max) {
    return new FilterColumn(column, domain, literal, 0, scale, min, max, false, true);
  }

  private static FilterColumn bytes(ColumnDescriptor column, LiteralKind literal) {
    return new FilterColumn(column, Domain.BYTES, literal, 0, 0, null, null, false, true);
  }

  /** The unit of a time or timestamp column's keys. */
  org.apache.arrow.vector.types.TimeUnit timeUnit() {
    for (var unit : org.apache.arrow.vector.types.TimeUnit.values()) {
      if (nanos(unit) == unitNanos) {
        return unit;
      }
    }
    throw new IllegalStateException("not a time column: " + name());
  }

  /** Nanoseconds per unit. */
  static long nanos(org.apache.arrow.vector.types.TimeUnit unit) {
    return dev.parrow.types.ParquetToArrow.nanos(unit);
  }

  private static BigInteger intMin() {
    return BigInteger.valueOf(Integer.MIN_VALUE);
  }

  private static BigInteger intMax() {
    return BigInteger.valueOf(Integer.MAX_VALUE);
  }

  private static BigInteger longMin() {
    return BigInteger.valueOf(Long.MIN_VALUE);
  }

  private static BigInteger longMax() {
    return BigInteger.valueOf(Long.MAX_VALUE);
  }
}
