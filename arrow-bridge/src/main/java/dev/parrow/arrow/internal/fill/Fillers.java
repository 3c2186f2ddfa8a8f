package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.ParquetToArrow;
import dev.parrow.types.TypeOptions;
import dev.parrow.types.UnitRescale;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The one place where a leaf column's filler is chosen, by its physical type and the Arrow type it
 * is read as (the pairs the type mapping and the ARROW:schema hint produce): a new Arrow type's
 * reader is added here, beside its filler.
 */
public final class Fillers {
  private Fillers() {}

  /**
   * The filler of a leaf read as {@code field} ({@code plain}: the type the mapping alone gives,
   * before the hint): a dictionary field's with one dictionary for the file when {@code
   * unifyDictionaries}, else one per row group.
   */
  public static VectorFiller of(
      ColumnDescriptor column,
      Field field,
      ArrowType plain,
      TypeOptions options,
      boolean unifyDictionaries) {
    ArrowType type =
        field.getType() instanceof ArrowType.ExtensionType ext
            ? ext.storageType()
            : field.getType();
    if (field.getDictionary() != null) {
      boolean bytes =
          type instanceof ArrowType.Utf8
              || type instanceof ArrowType.Binary
              || type instanceof ArrowType.LargeUtf8
              || type instanceof ArrowType.LargeBinary;
      // Other value types (numbers, dates, decimals, fixed-size binaries) fill their dictionary
      // with the filler a plain column of that type would have.
      return new DictionaryFiller(
          unifyDictionaries,
          field.getDictionary().getIndexType(),
          bytes ? null : filler(column, type, options));
    }
    VectorFiller rescale = rescale(plain, type);
    return rescale != null ? rescale : filler(column, type, options);
  }

  /** A hint that changes the unit of stored integers ({@link UnitRescale}), or null. */
  private static VectorFiller rescale(ArrowType plain, ArrowType type) {
    UnitRescale rule = UnitRescale.of(type);
    return rule != null && rule.storedAs(plain) ? new RescaleFiller(rule) : null;
  }

  /** The filler for this physical type and Arrow type (the pairs the type mapping produces). */
  static VectorFiller filler(ColumnDescriptor column, ArrowType type, TypeOptions options) {
    PhysicalType p = column.physicalType();
    switch (type.getTypeID()) {
      case Null:
        return new NullFiller();
      case Bool:
        return new BooleanFiller();
      case Int:
        {
          ArrowType.Int i = (ArrowType.Int) type;
          if (p == PhysicalType.INT64) {
            return new DirectFixedFiller(8);
          }
          if (i.getBitWidth() == 64) {
            // UINT_32 widened (TypeOptions.unsignedAsSigned).
            return UnsignedFiller.int32AsInt64();
          }
          return i.getBitWidth() == 32
              ? new DirectFixedFiller(4)
              : new NarrowIntFiller(i.getBitWidth(), i.getIsSigned());
        }
      case FloatingPoint:
        {
          ArrowType.FloatingPoint f = (ArrowType.FloatingPoint) type;
          if (f.getPrecision() == FloatingPointPrecision.HALF) {
            return new FixedBytesFiller();
          }
          if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY
              && f.getPrecision() == FloatingPointPrecision.SINGLE) {
            // FLOAT16 read as Float32 (TypeOptions.float16AsFloat); a double from an FLBA is a
            // decimal read as double, below.
            return new HalfAsFloatFiller();
          }
          if (p == PhysicalType.FLOAT) {
            return new DirectFixedFiller(4);
          }
          if (p == PhysicalType.DOUBLE) {
            return new DirectFixedFiller(8);
          }
          // Anything else mapped to a double is a decimal read as double.
          return new DecimalAsDoubleFiller(decimalScale(column));
        }
      case Decimal:
        if (p == PhysicalType.INT64 && isUnsigned(column)) {
          // UINT_64 widened (TypeOptions.unsignedAsSigned).
          return UnsignedFiller.int64AsDecimal();
        }
        return new DecimalFiller(((ArrowType.Decimal) type).getBitWidth());
      case Date:
      case Time:
        return new DirectFixedFiller(p == PhysicalType.INT32 ? 4 : 8);
      case Timestamp:
        if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY
            && column.element().logicalType() instanceof LogicalType.TimestampType stored) {
          // The 96-bit carrier of TIMESTAMP.
          return new FixedTimestampFiller(
              ParquetToArrow.unit(stored.unit()), ((ArrowType.Timestamp) type).getUnit());
        }
        return p == PhysicalType.INT96
            ? new Int96Filler(
                ((ArrowType.Timestamp) type).getUnit(),
                options.int96OutOfRangeAsNull()
                    && column.element().repetition()
                        == dev.parrow.codec.metadata.Repetition.OPTIONAL)
            : new DirectFixedFiller(8);
      case Interval:
        // FIXED_LEN_BYTE_ARRAY(16): Parrow's lossless MONTH_DAY_NANO, the Arrow bytes themselves.
        return p == PhysicalType.FIXED_LEN_BYTE_ARRAY && column.typeLength() == 16
            ? new FixedBytesFiller()
            : new IntervalFiller(((ArrowType.Interval) type).getUnit());
      case Utf8:
        return p == PhysicalType.FIXED_LEN_BYTE_ARRAY
            ? new UuidStringFiller()
            : new BinaryFiller(true);
      case Binary:
        // A FIXED_LEN_BYTE_ARRAY as Binary: TypeOptions.fixedSizeBinaryAsBinary.
        return p == PhysicalType.FIXED_LEN_BYTE_ARRAY
            ? new FixedAsBinaryFiller()
            : new BinaryFiller(false);
      case LargeUtf8:
        return new LargeBinaryFiller(true);
      case LargeBinary:
        return new LargeBinaryFiller(false);
      case Utf8View:
        return new ViewFiller(true);
      case BinaryView:
        return new ViewFiller(false);
      case Duration:
        return new DirectFixedFiller(8);
      case FixedSizeBinary:
        return new FixedBytesFiller();
      default:
        throw new ParquetFormatException("no reader for " + p + " as Arrow " + type);
    }
  }

  /** Whether the column's annotation says unsigned (the logical type, else the converted one). */
  private static boolean isUnsigned(ColumnDescriptor column) {
    if (column.logicalType() instanceof dev.parrow.codec.metadata.LogicalType.IntType i) {
      return !i.signed();
    }
    var converted = column.convertedType();
    return converted == dev.parrow.codec.metadata.ConvertedType.UINT_8
        || converted == dev.parrow.codec.metadata.ConvertedType.UINT_16
        || converted == dev.parrow.codec.metadata.ConvertedType.UINT_32
        || converted == dev.parrow.codec.metadata.ConvertedType.UINT_64;
  }

  private static int decimalScale(ColumnDescriptor column) {
    if (column.logicalType() instanceof dev.parrow.codec.metadata.LogicalType.DecimalType d) {
      return d.scale();
    }
    Integer scale = column.element().scale();
    return scale == null ? 0 : scale;
  }
}
