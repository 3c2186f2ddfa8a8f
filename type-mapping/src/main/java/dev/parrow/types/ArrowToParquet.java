package dev.parrow.types;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Parquet schema an Arrow schema is written as (TYPE-MAPPING.md, "Writing"): each leaf gets its
 * LogicalType and the matching ConvertedType (with decimal precision and scale), optional when the
 * Arrow field is nullable; lists, maps and structs become the groups LogicalTypes.md prescribes.
 */
public final class ArrowToParquet {
  private ArrowToParquet() {}

  /**
   * Where Parquet offers more than one form for an Arrow type, the one a writer chose.
   *
   * @param monthDayNanoAsInterval write Interval(MONTH_DAY_NANO) as Parquet INTERVAL (months, days
   *     and milliseconds, which other readers read as intervals, and which cannot hold a
   *     sub-millisecond or negative value) rather than as FIXED_LEN_BYTE_ARRAY(16) without an
   *     annotation (the Arrow value's 16 bytes, exact, restored by the ARROW:schema hint)
   * @param int96Timestamps write Timestamp of any unit as INT96 (a Julian day and nanoseconds of
   *     the day, no annotation: the deprecated form Spark, Hive and Impala write and older ones
   *     need) rather than as INT64 TIMESTAMP
   */
  public record Forms(boolean monthDayNanoAsInterval, boolean int96Timestamps) {
    /** The format's current forms: lossless 16-byte MONTH_DAY_NANO, INT64 timestamps. */
    public static final Forms DEFAULT = new Forms(false, false);
  }

  /**
   * The schema elements, root first, in Parquet's depth-first order, in the {@link Forms#DEFAULT
   * default forms}.
   *
   * @param schema the Arrow schema
   * @return the flattened Parquet schema
   */
  public static List<SchemaElement> schema(Schema schema) {
    return schema(schema, Forms.DEFAULT);
  }

  /**
   * The schema elements, root first, in Parquet's depth-first order.
   *
   * @param schema the Arrow schema
   * @param forms the forms chosen where Parquet has several
   * @return the flattened Parquet schema
   */
  public static List<SchemaElement> schema(Schema schema, Forms forms) {
    // Run-end encoded fields are stored as their values (RunEnds).
    schema = RunEnds.decoded(schema);
    List<SchemaElement> out = new ArrayList<>();
    out.add(
        new SchemaElement(
            null,
            null,
            null,
            "schema",
            schema.getFields().size(),
            null,
            null,
            null,
            null,
            null,
            null));
    for (Field f : schema.getFields()) {
      node(f, f.getName(), f.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED, out, forms);
    }
    return out;
  }

  /**
   * A field and its subtree: lists (large and fixed-size too) in the 3-level form {@code group
   * (LIST) { repeated group list { element } }}, maps as {@code group (MAP) { repeated group
   * key_value { required key; value } }}, structs as groups.
   */
  private static void node(
      Field field, String name, Repetition repetition, List<SchemaElement> out, Forms forms) {
    int at = out.size();
    nodeWithoutId(field, name, repetition, out, forms);
    withId(out, at, field);
    if (field.getType() instanceof ArrowType.Map) {
      // The entries struct's id belongs to the repeated key_value group.
      withId(out, at + 1, field.getChildren().get(0));
    }
  }

  /** The element at {@code at} with the field's {@link FieldIds#KEY}, if it has one. */
  private static void withId(List<SchemaElement> out, int at, Field field) {
    Integer id = FieldIds.of(field);
    if (id != null) {
      SchemaElement e = out.get(at);
      out.set(
          at,
          new SchemaElement(
              e.type(),
              e.typeLength(),
              e.repetition(),
              e.name(),
              e.numChildren(),
              e.convertedType(),
              e.scale(),
              e.precision(),
              id,
              e.logicalType(),
              e.vectorLength()));
    }
  }

  private static void nodeWithoutId(
      Field field, String name, Repetition repetition, List<SchemaElement> out, Forms forms) {
    ArrowType type = field.getType();
    if (type instanceof ArrowType.List
        || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.ListView
        || type instanceof ArrowType.LargeListView
        || type instanceof ArrowType.FixedSizeList) {
      Field element = field.getChildren().get(0);
      out.add(group(name, repetition, 1, ConvertedType.LIST, new LogicalType.ListType()));
      out.add(group("list", Repetition.REPEATED, 1, null, null));
      node(
          element,
          "element",
          element.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
          out,
          forms);
    } else if (type instanceof ArrowType.Map) {
      Field entries = field.getChildren().get(0);
      out.add(group(name, repetition, 1, ConvertedType.MAP, new LogicalType.MapType()));
      out.add(group("key_value", Repetition.REPEATED, entries.getChildren().size(), null, null));
      Field key = entries.getChildren().get(0);
      node(key, "key", Repetition.REQUIRED, out, forms);
      if (entries.getChildren().size() > 1) {
        Field value = entries.getChildren().get(1);
        node(
            value,
            "value",
            value.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
            out,
            forms);
      }
    } else if (type instanceof ArrowType.Struct) {
      // A variant (the arrow.parquet.variant extension, or the older parquet.variant, over its
      // metadata and value, or shredded: VariantShreddingSchema) keeps its annotation.
      LogicalType variant =
          VariantArrow.isVariant(field) || VariantShreddingSchema.isShredded(field)
              ? new LogicalType.VariantType((byte) 1)
              : null;
      out.add(group(name, repetition, field.getChildren().size(), null, variant));
      for (Field child : field.getChildren()) {
        node(
            child,
            child.getName(),
            child.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
            out,
            forms);
      }
    } else {
      boolean readFromInterval =
          field.getMetadata() != null
              && "INTERVAL".equals(field.getMetadata().get(ParquetToArrow.LOGICAL_TYPE_KEY));
      SchemaElement e =
          (forms.monthDayNanoAsInterval() || readFromInterval)
                  && field.getType() instanceof ArrowType.Interval i
                  && i.getUnit() == IntervalUnit.MONTH_DAY_NANO
              ? interval(repetition, name)
              : forms.int96Timestamps() && field.getType() instanceof ArrowType.Timestamp
                  ? element(PhysicalType.INT96, null, repetition, name, null, null)
                  : leaf(field);
      out.add(
          new SchemaElement(
              e.type(),
              e.typeLength(),
              repetition,
              name,
              null,
              e.convertedType(),
              e.scale(),
              e.precision(),
              e.fieldId(),
              e.logicalType(),
              null));
    }
  }

  private static SchemaElement group(
      String name,
      Repetition repetition,
      int children,
      ConvertedType converted,
      LogicalType logical) {
    return new SchemaElement(
        null, null, repetition, name, children, converted, null, null, null, logical, null);
  }

  /**
   * The element of a primitive field, with an annotation its metadata keeps put back.
   *
   * @param field a field of a primitive type
   * @return its schema element
   */
  public static SchemaElement leaf(Field field) {
    SchemaElement e = plainLeaf(field);
    String kept =
        field.getMetadata() == null
            ? null
            : field.getMetadata().get(ParquetToArrow.LOGICAL_TYPE_KEY);
    // An extension: a registered type, or its keys on the storage type (as Parrow reads them).
    String keyedExtension =
        field.getMetadata() == null
            ? null
            : field.getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY);
    String extension =
        field.getType() instanceof ArrowType.ExtensionType ext
            ? ext.extensionName()
            : keyedExtension;
    boolean uuid =
        "UUID".equals(kept)
            || "arrow.uuid".equals(extension)
            || "arrow.uuid".equals(keyedExtension);
    if (uuid
        && e.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
        && Integer.valueOf(16).equals(e.typeLength())) {
      return annotate(e, null, new LogicalType.UuidType());
    }
    if (e.logicalType() instanceof LogicalType.TimeType t
        && !t.adjustedToUtc()
        && kept != null
        && kept.equals(new LogicalType.TimeType(true, t.unit()).describe())) {
      // A time the caller says is UTC-normalised (Arrow's time type cannot say it): with the
      // converted type that means it, as writers before Arrow C++ 21 wrote every time.
      ConvertedType converted =
          switch (t.unit()) {
            case MILLIS -> ConvertedType.TIME_MILLIS;
            case MICROS -> ConvertedType.TIME_MICROS;
            case NANOS -> null;
          };
      return annotate(e, converted, new LogicalType.TimeType(true, t.unit()));
    }
    if (e.type() == PhysicalType.BYTE_ARRAY && GeoArrow.EXTENSION_NAME.equals(extension)) {
      // WKB geometries: GEOMETRY, or GEOGRAPHY when the metadata names spherical edges.
      String metadata =
          field.getType() instanceof ArrowType.ExtensionType ext
              ? ext.serialize()
              : field.getMetadata().get(ParquetToArrow.EXTENSION_METADATA_KEY);
      return annotate(e, null, GeoArrow.annotation(metadata));
    }
    // arrow.json (pyarrow's, or the keys Parrow reads JSON with) says JSON too, as Arrow C++
    // writes it; a kept annotation says it first.
    String textAnnotation =
        kept == null && ParquetToArrow.JSON_EXTENSION_NAME.equals(extension) ? "JSON" : kept;
    if (e.type() == PhysicalType.BYTE_ARRAY && textAnnotation != null) {
      return switch (textAnnotation) {
        case "JSON" -> annotate(e, ConvertedType.JSON, new LogicalType.JsonType());
        case "ENUM" -> annotate(e, ConvertedType.ENUM, new LogicalType.EnumType());
        case "BSON" -> annotate(e, ConvertedType.BSON, new LogicalType.BsonType());
        default -> e;
      };
    }
    return e;
  }

  private static SchemaElement annotate(
      SchemaElement e, ConvertedType converted, LogicalType logical) {
    return new SchemaElement(
        e.type(),
        e.typeLength(),
        e.repetition(),
        e.name(),
        e.numChildren(),
        converted,
        e.scale(),
        e.precision(),
        e.fieldId(),
        logical,
        e.vectorLength());
  }

  private static SchemaElement plainLeaf(Field field) {
    Repetition repetition = field.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    ArrowType type = field.getType();
    if (type instanceof ArrowType.ExtensionType ext) {
      type = ext.storageType();
    }
    UnitRescale rescale = UnitRescale.of(type);
    if (rescale != null) {
      type = rescale.storedType(type);
    }
    String name = field.getName();
    switch (type.getTypeID()) {
      case Null:
        return element(
            PhysicalType.INT32, null, Repetition.OPTIONAL, name, null, new LogicalType.NullType());
      case Bool:
        return element(PhysicalType.BOOLEAN, null, repetition, name, null, null);
      case Int:
        {
          ArrowType.Int i = (ArrowType.Int) type;
          PhysicalType p = i.getBitWidth() == 64 ? PhysicalType.INT64 : PhysicalType.INT32;
          if (i.getBitWidth() == 64 && i.getIsSigned()) {
            return element(p, null, repetition, name, null, null);
          }
          ConvertedType converted = converted(i.getBitWidth(), i.getIsSigned());
          return element(
              p,
              null,
              repetition,
              name,
              converted,
              new LogicalType.IntType(i.getBitWidth(), i.getIsSigned()));
        }
      case FloatingPoint:
        {
          FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
          return switch (precision) {
            case HALF ->
                element(
                    PhysicalType.FIXED_LEN_BYTE_ARRAY,
                    2,
                    repetition,
                    name,
                    null,
                    new LogicalType.Float16Type());
            case SINGLE -> element(PhysicalType.FLOAT, null, repetition, name, null, null);
            case DOUBLE -> element(PhysicalType.DOUBLE, null, repetition, name, null, null);
          };
        }
      case Decimal:
        {
          ArrowType.Decimal d = (ArrowType.Decimal) type;
          PhysicalType p =
              d.getPrecision() <= 9
                  ? PhysicalType.INT32
                  : d.getPrecision() <= 18 ? PhysicalType.INT64 : PhysicalType.FIXED_LEN_BYTE_ARRAY;
          Integer length =
              p == PhysicalType.FIXED_LEN_BYTE_ARRAY ? decimalBytes(d.getPrecision()) : null;
          return new SchemaElement(
              p,
              length,
              repetition,
              name,
              null,
              ConvertedType.DECIMAL,
              d.getScale(),
              d.getPrecision(),
              null,
              new LogicalType.DecimalType(d.getScale(), d.getPrecision()),
              null);
        }
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return element(
            PhysicalType.BYTE_ARRAY,
            null,
            repetition,
            name,
            ConvertedType.UTF8,
            new LogicalType.StringType());
      case Binary:
      case LargeBinary:
      case BinaryView:
        return element(PhysicalType.BYTE_ARRAY, null, repetition, name, null, null);
      case FixedSizeBinary:
        return element(
            PhysicalType.FIXED_LEN_BYTE_ARRAY,
            ((ArrowType.FixedSizeBinary) type).getByteWidth(),
            repetition,
            name,
            null,
            null);
      case Date:
        return element(
            PhysicalType.INT32,
            null,
            repetition,
            name,
            ConvertedType.DATE,
            new LogicalType.DateType());
      case Time:
        {
          // A time of day with no zone: local (isAdjustedToUTC = false, so no converted type,
          // which would mean UTC), as Arrow C++ writes it since 21 (pyarrow's
          // write_time_adjusted_to_utc=False) and as DuckDB reads TIME, not TIME WITH TIME ZONE.
          ArrowType.Time t = (ArrowType.Time) type;
          return switch (t.getUnit()) {
            case MILLISECOND ->
                element(
                    PhysicalType.INT32,
                    null,
                    repetition,
                    name,
                    null,
                    new LogicalType.TimeType(false, TimeUnit.MILLIS));
            case SECOND ->
                throw new IllegalStateException("time32[s] is mapped through UnitRescale");
            case MICROSECOND ->
                element(
                    PhysicalType.INT64,
                    null,
                    repetition,
                    name,
                    null,
                    new LogicalType.TimeType(false, TimeUnit.MICROS));
            case NANOSECOND ->
                element(
                    PhysicalType.INT64,
                    null,
                    repetition,
                    name,
                    null,
                    new LogicalType.TimeType(false, TimeUnit.NANOS));
          };
        }
      case Timestamp:
        {
          ArrowType.Timestamp t = (ArrowType.Timestamp) type;
          boolean adjusted = t.getTimezone() != null;
          return switch (t.getUnit()) {
            case MILLISECOND ->
                element(
                    PhysicalType.INT64,
                    null,
                    repetition,
                    name,
                    ConvertedType.TIMESTAMP_MILLIS,
                    new LogicalType.TimestampType(adjusted, TimeUnit.MILLIS));
            case SECOND ->
                throw new IllegalStateException("timestamp[s] is mapped through UnitRescale");
            case MICROSECOND ->
                element(
                    PhysicalType.INT64,
                    null,
                    repetition,
                    name,
                    ConvertedType.TIMESTAMP_MICROS,
                    new LogicalType.TimestampType(adjusted, TimeUnit.MICROS));
            case NANOSECOND ->
                element(
                    PhysicalType.INT64,
                    null,
                    repetition,
                    name,
                    null,
                    new LogicalType.TimestampType(adjusted, TimeUnit.NANOS));
          };
        }
      case Duration:
        return element(PhysicalType.INT64, null, repetition, name, null, null);
      case Interval:
        if (((ArrowType.Interval) type).getUnit() == IntervalUnit.MONTH_DAY_NANO) {
          // Lossless: the Arrow value's own 16 bytes (months, days, nanoseconds), no annotation;
          // the ARROW:schema hint makes it an interval again.
          return element(PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, repetition, name, null, null);
        }
        // YEAR_MONTH (months) and DAY_TIME (days, milliseconds) fit INTERVAL exactly.
        return interval(repetition, name);
      default:
        break;
    }
    throw new UnsupportedOperationException(
        "field '" + name + "' is " + type + ", which Parrow cannot write yet");
  }

  /** Parquet's INTERVAL: months, days and milliseconds in FIXED_LEN_BYTE_ARRAY(12). */
  private static SchemaElement interval(Repetition repetition, String name) {
    return element(
        PhysicalType.FIXED_LEN_BYTE_ARRAY, 12, repetition, name, ConvertedType.INTERVAL, null);
  }

  private static SchemaElement element(
      PhysicalType type,
      Integer length,
      Repetition repetition,
      String name,
      ConvertedType converted,
      LogicalType logical) {
    return new SchemaElement(
        type, length, repetition, name, null, converted, null, null, null, logical, null);
  }

  private static ConvertedType converted(int bits, boolean signed) {
    return switch (bits) {
      case 8 -> signed ? ConvertedType.INT_8 : ConvertedType.UINT_8;
      case 16 -> signed ? ConvertedType.INT_16 : ConvertedType.UINT_16;
      case 32 -> signed ? ConvertedType.INT_32 : ConvertedType.UINT_32;
      default -> signed ? ConvertedType.INT_64 : ConvertedType.UINT_64;
    };
  }

  /** The fewest bytes whose two's complement holds every unscaled value of this precision. */
  static int decimalBytes(int precision) {
    java.math.BigInteger max =
        java.math.BigInteger.TEN.pow(precision).subtract(java.math.BigInteger.ONE);
    return (max.bitLength() + 1 + 7) / 8;
  }
}
