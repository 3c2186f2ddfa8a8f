package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.EdgeInterpolationAlgorithm;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.TimeUnit;

/** SchemaElement and the LogicalType union. */
final class SchemaCodec {
  private SchemaCodec() {}

  static SchemaElement readSchemaElement(ThriftReader r) {
    PhysicalType type = null;
    Integer typeLength = null;
    Repetition repetition = null;
    String name = null;
    Integer numChildren = null;
    ConvertedType convertedType = null;
    Integer scale = null;
    Integer precision = null;
    Integer fieldId = null;
    LogicalType logicalType = null;
    Integer vectorLength = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> type = Enums.required(r, PhysicalType::fromThriftValue, "physical type");
        case 2 -> typeLength = r.i32();
        case 3 -> repetition = Enums.required(r, Repetition::fromThriftValue, "repetition");
        case 4 -> name = r.string();
        case 5 -> numChildren = r.i32();
        // An unknown converted type is dropped: the logical type (or the physical type) still
        // reads.
        case 6 -> convertedType = r.enumValue(ConvertedType::fromThriftValue);
        case 7 -> scale = r.i32();
        case 8 -> precision = r.i32();
        case 9 -> fieldId = r.i32();
        case 10 -> logicalType = r.struct(SchemaCodec::readLogicalType);
        case 11 -> vectorLength = r.i32();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new SchemaElement(
        type,
        typeLength,
        repetition,
        Required.field(name, "SchemaElement", "name"),
        numChildren,
        convertedType,
        scale,
        precision,
        fieldId,
        logicalType,
        vectorLength);
  }

  static void writeSchemaElement(ThriftWriter w, SchemaElement e) {
    w.beginStruct();
    w.enumValue(1, e.type(), PhysicalType::thriftValue);
    w.i32(2, e.typeLength());
    w.enumValue(3, e.repetition(), Repetition::thriftValue);
    w.string(4, e.name());
    w.i32(5, e.numChildren());
    w.enumValue(6, e.convertedType(), ConvertedType::thriftValue);
    w.i32(7, e.scale());
    w.i32(8, e.precision());
    w.i32(9, e.fieldId());
    w.struct(10, e.logicalType(), SchemaCodec::writeLogicalType);
    w.i32(11, e.vectorLength());
    w.endStruct();
  }

  /**
   * Reads the union. Its first set member decides; a member that is unknown, or known but with
   * content that does not parse (a missing required field, a time unit from a newer format),
   * becomes {@link LogicalType.Unknown} so that the column still reads as its physical type.
   */
  static LogicalType readLogicalType(ThriftReader r) {
    LogicalType result = null;
    r.beginStruct();
    while (r.nextField()) {
      if (result != null) {
        r.skipField();
        continue;
      }
      int member = r.fieldId();
      LogicalType read =
          switch (member) {
            case 1 -> empty(r, new LogicalType.StringType());
            case 2 -> empty(r, new LogicalType.MapType());
            case 3 -> empty(r, new LogicalType.ListType());
            case 4 -> empty(r, new LogicalType.EnumType());
            case 5 -> r.struct(SchemaCodec::readDecimal);
            case 6 -> empty(r, new LogicalType.DateType());
            case 7 -> r.struct(rr -> readTimeOrTimestamp(rr, false));
            case 8 -> r.struct(rr -> readTimeOrTimestamp(rr, true));
            case 10 -> r.struct(SchemaCodec::readInt);
            case 11 -> empty(r, new LogicalType.NullType());
            case 12 -> empty(r, new LogicalType.JsonType());
            case 13 -> empty(r, new LogicalType.BsonType());
            case 14 -> empty(r, new LogicalType.UuidType());
            case 15 -> empty(r, new LogicalType.Float16Type());
            case 16 -> r.struct(SchemaCodec::readVariant);
            case 17 -> r.struct(SchemaCodec::readGeometry);
            case 18 -> r.struct(SchemaCodec::readGeography);
            case 19 -> empty(r, new LogicalType.VectorType());
            default -> {
              r.skipField();
              yield null;
            }
          };
      result = read != null ? read : new LogicalType.Unknown(member);
    }
    r.endStruct();
    return result;
  }

  private static LogicalType empty(ThriftReader r, LogicalType type) {
    // The member's struct is empty in this format version; fields a newer one adds are skipped.
    return r.struct(
        rr -> {
          rr.beginStruct();
          while (rr.nextField()) {
            rr.skipField();
          }
          rr.endStruct();
          return type;
        });
  }

  private static LogicalType readDecimal(ThriftReader r) {
    Integer scale = null;
    Integer precision = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> scale = r.i32();
        case 2 -> precision = r.i32();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return scale == null || precision == null
        ? null
        : new LogicalType.DecimalType(scale, precision);
  }

  private static LogicalType readTimeOrTimestamp(ThriftReader r, boolean timestamp) {
    Boolean adjusted = null;
    TimeUnit unit = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> adjusted = r.bool();
        case 2 -> unit = timeUnit(r.emptyUnion());
        default -> r.skipField();
      }
    }
    r.endStruct();
    if (adjusted == null || unit == null) {
      return null;
    }
    return timestamp
        ? new LogicalType.TimestampType(adjusted, unit)
        : new LogicalType.TimeType(adjusted, unit);
  }

  private static TimeUnit timeUnit(Integer member) {
    if (member == null) {
      return null;
    }
    return switch (member) {
      case 1 -> TimeUnit.MILLIS;
      case 2 -> TimeUnit.MICROS;
      case 3 -> TimeUnit.NANOS;
      default -> null;
    };
  }

  private static LogicalType readInt(ThriftReader r) {
    Byte bitWidth = null;
    Boolean signed = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> bitWidth = r.i8();
        case 2 -> signed = r.bool();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return bitWidth == null || signed == null ? null : new LogicalType.IntType(bitWidth, signed);
  }

  private static LogicalType readVariant(ThriftReader r) {
    Byte version = null;
    r.beginStruct();
    while (r.nextField()) {
      if (r.fieldId() == 1) {
        version = r.i8();
      } else {
        r.skipField();
      }
    }
    r.endStruct();
    return new LogicalType.VariantType(version);
  }

  private static LogicalType readGeometry(ThriftReader r) {
    String crs = null;
    r.beginStruct();
    while (r.nextField()) {
      if (r.fieldId() == 1) {
        crs = r.string();
      } else {
        r.skipField();
      }
    }
    r.endStruct();
    return new LogicalType.GeometryType(crs);
  }

  private static LogicalType readGeography(ThriftReader r) {
    String crs = null;
    EdgeInterpolationAlgorithm algorithm = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> crs = r.string();
        case 2 -> algorithm = r.enumValue(EdgeInterpolationAlgorithm::fromThriftValue);
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new LogicalType.GeographyType(crs, algorithm);
  }

  static void writeLogicalType(ThriftWriter w, LogicalType type) {
    w.beginStruct();
    int member = type.unionField();
    if (type instanceof LogicalType.DecimalType d) {
      w.struct(
          member,
          d,
          (ww, v) -> {
            ww.beginStruct();
            ww.i32(1, v.scale());
            ww.i32(2, v.precision());
            ww.endStruct();
          });
    } else if (type instanceof LogicalType.TimeType t) {
      w.struct(member, t, (ww, v) -> writeTimeOrTimestamp(ww, v.adjustedToUtc(), v.unit()));
    } else if (type instanceof LogicalType.TimestampType t) {
      w.struct(member, t, (ww, v) -> writeTimeOrTimestamp(ww, v.adjustedToUtc(), v.unit()));
    } else if (type instanceof LogicalType.IntType i) {
      w.struct(
          member,
          i,
          (ww, v) -> {
            ww.beginStruct();
            ww.i8(1, (byte) v.bitWidth());
            ww.bool(2, v.signed());
            ww.endStruct();
          });
    } else if (type instanceof LogicalType.VariantType v) {
      w.struct(
          member,
          v,
          (ww, vv) -> {
            ww.beginStruct();
            ww.i8(1, vv.specificationVersion());
            ww.endStruct();
          });
    } else if (type instanceof LogicalType.GeometryType g) {
      w.struct(
          member,
          g,
          (ww, v) -> {
            ww.beginStruct();
            ww.string(1, v.crs());
            ww.endStruct();
          });
    } else if (type instanceof LogicalType.GeographyType g) {
      w.struct(
          member,
          g,
          (ww, v) -> {
            ww.beginStruct();
            ww.string(1, v.crs());
            ww.enumValue(2, v.algorithm(), EdgeInterpolationAlgorithm::thriftValue);
            ww.endStruct();
          });
    } else {
      // Every other member, Unknown included, is an empty struct (Unknown's content is not kept).
      w.emptyStruct(member);
    }
    w.endStruct();
  }

  private static void writeTimeOrTimestamp(ThriftWriter w, boolean adjusted, TimeUnit unit) {
    w.beginStruct();
    w.bool(1, adjusted);
    w.emptyUnion(2, unit.ordinal() + 1);
    w.endStruct();
  }
}
