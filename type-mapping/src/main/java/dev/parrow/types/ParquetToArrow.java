package dev.parrow.types;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow type of a primitive Parquet column, by the reading table of TYPE-MAPPING.md: the {@code
 * LogicalType} when present, else the legacy {@code ConvertedType}, else the physical type. An
 * annotation that does not fit its physical type, or that Parrow does not know, leaves the physical
 * type's Arrow type and a warning.
 */
public final class ParquetToArrow {
  /**
   * Field metadata key under which ENUM, JSON, BSON, UUID and geospatial annotations are kept (so
   * that a writer can put them back).
   */
  public static final String LOGICAL_TYPE_KEY = "parquet.logical_type";

  /** Arrow's field metadata keys of an extension type. */
  public static final String EXTENSION_NAME_KEY = "ARROW:extension:name";

  /** The key of an extension type's serialised parameters. */
  public static final String EXTENSION_METADATA_KEY = "ARROW:extension:metadata";

  /** The canonical extension name of JSON text (a Parquet JSON column). */
  public static final String JSON_EXTENSION_NAME = "arrow.json";

  static {
    // UUIDs are read as UuidType: IPC and C Data round trips of what Parrow reads keep it.
    CanonicalExtensions.ensureRegistered();
  }

  private ParquetToArrow() {}

  /**
   * The Arrow field of a leaf; nullable unless REQUIRED. Warnings about the mapping go to {@code
   * warnings}.
   *
   * @param column the leaf
   * @param options how to map the types
   * @param warnings where a mapping that loses something is reported
   * @return the field
   */
  public static Field leafField(
      ColumnDescriptor column, TypeOptions options, List<String> warnings) {
    SchemaElement e = column.element();
    ArrowType type = leafType(column, options, warnings);
    Map<String, String> metadata = annotationMetadata(e.logicalType(), e.convertedType());
    if (options.uuidAsExtension()
        && e.logicalType() instanceof LogicalType.UuidType
        && type.equals(UuidType.STORAGE_TYPE)) {
      // The canonical extension type: the vector is a UuidVector over the FixedSizeBinary(16) the
      // values are read into, and IPC and C Data carry the extension's keys to consumers.
      type = UuidType.INSTANCE;
    }
    if ((e.logicalType() instanceof LogicalType.GeometryType
            || e.logicalType() instanceof LogicalType.GeographyType)
        && type.equals(ArrowType.Binary.INSTANCE)) {
      // WKB, as the geoarrow.wkb extension type: its keys on the storage type (the vector stays
      // a VarBinaryVector), which IPC and C Data carry to consumers that know GeoArrow.
      metadata = new java.util.LinkedHashMap<>(metadata);
      metadata.put(EXTENSION_NAME_KEY, GeoArrow.EXTENSION_NAME);
      metadata.put(EXTENSION_METADATA_KEY, GeoArrow.metadata(e.logicalType()));
    }
    boolean json = metadata != null && "JSON".equals(metadata.get(LOGICAL_TYPE_KEY));
    if (json && type.equals(ArrowType.Utf8.INSTANCE)) {
      // The canonical arrow.json extension, as Arrow C++ (pyarrow) reads JSON: its keys on the
      // Utf8 vector (Arrow Java has no JSON type), which IPC and C Data carry to consumers.
      metadata = new java.util.LinkedHashMap<>(metadata);
      metadata.put(EXTENSION_NAME_KEY, JSON_EXTENSION_NAME);
      metadata.put(EXTENSION_METADATA_KEY, "");
    }
    boolean nullable = e.repetition() != Repetition.REQUIRED;
    return new Field(e.name(), new FieldType(nullable, type, null, metadata), null);
  }

  /**
   * The Arrow type a leaf's values read as (TYPE-MAPPING.md), before any hint.
   *
   * @param column the leaf
   * @param options how to map the types
   * @param warnings where a mapping that loses something is reported
   * @return the type
   */
  public static ArrowType leafType(
      ColumnDescriptor column, TypeOptions options, List<String> warnings) {
    ArrowType type = mappedType(column, options, warnings);
    if (options.unsignedAsSigned() && type instanceof ArrowType.Int i && !i.getIsSigned()) {
      return i.getBitWidth() == 64
          ? new ArrowType.Decimal(20, 0, 128)
          : new ArrowType.Int(i.getBitWidth() * 2, true);
    }
    if (options.fixedSizeBinaryAsBinary() && type instanceof ArrowType.FixedSizeBinary) {
      return ArrowType.Binary.INSTANCE;
    }
    return type;
  }

  private static ArrowType mappedType(
      ColumnDescriptor column, TypeOptions options, List<String> warnings) {
    SchemaElement e = column.element();
    LogicalType logical = e.logicalType();
    ConvertedType converted = e.convertedType();
    if (logical instanceof LogicalType.Unknown u) {
      warnings.add(
          column.dottedPath()
              + ": unknown logical type (union member "
              + u.unionField()
              + "), read as its physical type "
              + e.type());
      logical = null;
      converted = null;
    }
    if (logical instanceof LogicalType.NullType) {
      return ArrowType.Null.INSTANCE;
    }
    ArrowType annotated =
        logical != null
            ? fromLogical(column, logical, options)
            : fromConverted(column, converted, options);
    if (annotated != null) {
      return annotated;
    }
    if (logical != null && !isPhysicalOnly(logical)) {
      warnings.add(
          column.dottedPath()
              + ": logical type "
              + logical.describe()
              + " does not fit physical type "
              + e.type()
              + ", read as the physical type");
    } else if (logical == null && converted != null && !isPhysicalOnly(converted)) {
      warnings.add(
          column.dottedPath()
              + ": converted type "
              + converted
              + " does not fit physical type "
              + e.type()
              + ", read as the physical type");
    }
    if (options.binaryAsString()
        && logical == null
        && converted == null
        && column.physicalType() == PhysicalType.BYTE_ARRAY) {
      return ArrowType.Utf8.INSTANCE;
    }
    return physical(column);
  }

  /** Annotations whose Arrow type is just the physical type's (they only add metadata). */
  private static boolean isPhysicalOnly(LogicalType logical) {
    return logical instanceof LogicalType.BsonType
        || logical instanceof LogicalType.GeometryType
        || logical instanceof LogicalType.GeographyType;
  }

  private static boolean isPhysicalOnly(ConvertedType converted) {
    return converted == ConvertedType.BSON;
  }

  static ArrowType physical(ColumnDescriptor column) {
    return switch (column.physicalType()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case INT32 -> new ArrowType.Int(32, true);
      case INT64 -> new ArrowType.Int(64, true);
      case INT96 -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC");
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BYTE_ARRAY -> ArrowType.Binary.INSTANCE;
      case FIXED_LEN_BYTE_ARRAY -> new ArrowType.FixedSizeBinary(column.typeLength());
    };
  }

  private static ArrowType fromLogical(
      ColumnDescriptor column, LogicalType logical, TypeOptions options) {
    PhysicalType p = column.physicalType();
    if (p == PhysicalType.INT96) {
      return new ArrowType.Timestamp(options.int96Unit(), "UTC");
    }
    if (logical instanceof LogicalType.IntType i) {
      boolean fits =
          p == PhysicalType.INT32
              ? i.bitWidth() == 8 || i.bitWidth() == 16 || i.bitWidth() == 32
              : p == PhysicalType.INT64 && i.bitWidth() == 64;
      return fits ? new ArrowType.Int(i.bitWidth(), i.signed()) : null;
    }
    if (logical instanceof LogicalType.DecimalType d) {
      return decimal(column, d.precision(), d.scale(), options);
    }
    if (logical instanceof LogicalType.DateType) {
      return p == PhysicalType.INT32 ? new ArrowType.Date(DateUnit.DAY) : null;
    }
    if (logical instanceof LogicalType.TimeType t) {
      return time(p, t.unit());
    }
    if (logical instanceof LogicalType.TimestampType t) {
      String zone = t.adjustedToUtc() ? "UTC" : null;
      if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY && column.typeLength() == 12) {
        // The 96-bit carrier (2026): read into Arrow's 64 bits, a value they cannot hold an error.
        TimeUnit chosen = options.fixedTimestampUnit();
        return new ArrowType.Timestamp(chosen != null ? chosen : unit(t.unit()), zone);
      }
      return p == PhysicalType.INT64 ? new ArrowType.Timestamp(unit(t.unit()), zone) : null;
    }
    if (logical instanceof LogicalType.StringType
        || logical instanceof LogicalType.EnumType
        || logical instanceof LogicalType.JsonType) {
      return p == PhysicalType.BYTE_ARRAY ? ArrowType.Utf8.INSTANCE : null;
    }
    if (logical instanceof LogicalType.Float16Type) {
      if (p != PhysicalType.FIXED_LEN_BYTE_ARRAY || column.typeLength() != 2) {
        return null;
      }
      return new ArrowType.FloatingPoint(
          options.float16AsFloat() ? FloatingPointPrecision.SINGLE : FloatingPointPrecision.HALF);
    }
    if (logical instanceof LogicalType.UuidType) {
      if (p != PhysicalType.FIXED_LEN_BYTE_ARRAY || column.typeLength() != 16) {
        return null;
      }
      return options.uuidAsString() ? ArrowType.Utf8.INSTANCE : new ArrowType.FixedSizeBinary(16);
    }
    return null;
  }

  private static ArrowType fromConverted(
      ColumnDescriptor column, ConvertedType converted, TypeOptions options) {
    PhysicalType p = column.physicalType();
    if (p == PhysicalType.INT96) {
      return new ArrowType.Timestamp(options.int96Unit(), "UTC");
    }
    if (converted == null) {
      return null;
    }
    boolean int32 = p == PhysicalType.INT32;
    boolean int64 = p == PhysicalType.INT64;
    return switch (converted) {
      case INT_8 -> int32 ? new ArrowType.Int(8, true) : null;
      case INT_16 -> int32 ? new ArrowType.Int(16, true) : null;
      case INT_32 -> int32 ? new ArrowType.Int(32, true) : null;
      case INT_64 -> int64 ? new ArrowType.Int(64, true) : null;
      case UINT_8 -> int32 ? new ArrowType.Int(8, false) : null;
      case UINT_16 -> int32 ? new ArrowType.Int(16, false) : null;
      case UINT_32 -> int32 ? new ArrowType.Int(32, false) : null;
      case UINT_64 -> int64 ? new ArrowType.Int(64, false) : null;
      case DATE -> int32 ? new ArrowType.Date(DateUnit.DAY) : null;
      case TIME_MILLIS -> time(p, dev.parrow.codec.metadata.TimeUnit.MILLIS);
      case TIME_MICROS -> time(p, dev.parrow.codec.metadata.TimeUnit.MICROS);
      case TIMESTAMP_MILLIS -> int64 ? new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC") : null;
      case TIMESTAMP_MICROS -> int64 ? new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC") : null;
      case DECIMAL -> {
        SchemaElement e = column.element();
        yield e.precision() == null
            ? null
            : decimal(column, e.precision(), e.scale() == null ? 0 : e.scale(), options);
      }
      case UTF8, ENUM, JSON -> p == PhysicalType.BYTE_ARRAY ? ArrowType.Utf8.INSTANCE : null;
      case INTERVAL ->
          p == PhysicalType.FIXED_LEN_BYTE_ARRAY && column.typeLength() == 12
              ? new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)
              : null;
      default -> null;
    };
  }

  private static ArrowType time(PhysicalType p, dev.parrow.codec.metadata.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> p == PhysicalType.INT32 ? new ArrowType.Time(TimeUnit.MILLISECOND, 32) : null;
      case MICROS -> p == PhysicalType.INT64 ? new ArrowType.Time(TimeUnit.MICROSECOND, 64) : null;
      case NANOS -> p == PhysicalType.INT64 ? new ArrowType.Time(TimeUnit.NANOSECOND, 64) : null;
    };
  }

  /**
   * The Arrow time unit of a Parquet one.
   *
   * @param unit the Parquet unit
   * @return the Arrow unit
   */
  public static TimeUnit unit(dev.parrow.codec.metadata.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> TimeUnit.MILLISECOND;
      case MICROS -> TimeUnit.MICROSECOND;
      case NANOS -> TimeUnit.NANOSECOND;
    };
  }

  /**
   * Nanoseconds in one of an Arrow time unit.
   *
   * @param unit the unit
   * @return its nanoseconds
   */
  public static long nanos(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
  }

  /** Decimal(p, s) of 128 bits up to precision 38, 256 up to 76; beyond that the physical type. */
  private static ArrowType decimal(
      ColumnDescriptor column, int precision, int scale, TypeOptions options) {
    PhysicalType p = column.physicalType();
    boolean physicalFits =
        switch (p) {
          case INT32 -> precision <= 9;
          case INT64 -> precision <= 18;
          case FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY -> true;
          default -> false;
        };
    if (!physicalFits || precision < 1 || scale < 0 || scale > precision || precision > 76) {
      return null;
    }
    if (options.decimalsAsDouble()) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    }
    return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
  }

  private static Map<String, String> annotationMetadata(
      LogicalType logical, ConvertedType converted) {
    String kept = null;
    if (logical instanceof LogicalType.EnumType
        || logical instanceof LogicalType.JsonType
        || logical instanceof LogicalType.BsonType
        || logical instanceof LogicalType.GeometryType
        || logical instanceof LogicalType.GeographyType
        || logical instanceof LogicalType.UuidType
        || logical instanceof LogicalType.Unknown) {
      // An unknown member is read as its physical type with no extension type, and noted here
      // (UNKNOWN_LOGICAL_TYPE(id)) so that nobody mistakes the bytes for what they are not.
      kept = logical.describe();
    } else if (logical == null
        && (converted == ConvertedType.ENUM
            || converted == ConvertedType.JSON
            || converted == ConvertedType.BSON
            || converted == ConvertedType.INTERVAL)) {
      // INTERVAL reads as MONTH_DAY_NANO: kept so that the value is written back as INTERVAL,
      // not in the lossless 16-byte form of MONTH_DAY_NANO values that came from elsewhere.
      kept = converted.name();
    }
    return kept == null ? null : Map.of(LOGICAL_TYPE_KEY, kept);
  }
}
