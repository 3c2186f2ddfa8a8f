package dev.parrow.iceberg;

import dev.parrow.types.FieldIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Iceberg schemas as the Arrow schemas Parrow reads Iceberg's Parquet data files as: each field
 * with its Iceberg id as {@code PARQUET:field_id} (at every depth: struct fields, list elements,
 * map keys and values), so that a data file written under an older schema is matched by id
 * (renamed, reordered, added and widened columns), as Iceberg's own readers match it.
 *
 * <p>The types are the ones Parrow reads the Parquet types Iceberg writes as: int and long as Int32
 * and Int64, float and double, decimal(P, S) as Decimal128, date as Date(DAY), time as
 * Time(MICROSECOND, 64), timestamp and timestamptz as Timestamp(MICROSECOND) without and with the
 * UTC zone (timestamp_ns and timestamptz_ns in nanoseconds), string as Utf8, uuid as Arrow's UUID
 * extension type, fixed(L) as FixedSizeBinary(L), binary as Binary, and struct, list and map.
 */
public final class IcebergSchemas {
  private IcebergSchemas() {}

  /**
   * The Arrow schema of an Iceberg schema.
   *
   * @param schema the Iceberg schema (a table's, or a scan's projection)
   * @return its Arrow form, with field ids
   * @throws UnsupportedOperationException for a type Parrow cannot read from Iceberg's Parquet
   *     files (variant, geometry, geography, unknown)
   */
  public static Schema toArrow(org.apache.iceberg.Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (Types.NestedField f : schema.columns()) {
      fields.add(field(f.name(), f.fieldId(), f.isOptional(), f.type()));
    }
    return new Schema(fields);
  }

  /** The Arrow field of an Iceberg field (or list element, map key or value). */
  static Field field(String name, int id, boolean nullable, Type type) {
    Map<String, String> metadata = Map.of(FieldIds.KEY, Integer.toString(id));
    if (type instanceof Types.StructType struct) {
      List<Field> children = new ArrayList<>();
      for (Types.NestedField f : struct.fields()) {
        children.add(field(f.name(), f.fieldId(), f.isOptional(), f.type()));
      }
      return new Field(
          name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null, metadata), children);
    }
    if (type instanceof Types.ListType list) {
      Field element =
          field("element", list.elementId(), list.isElementOptional(), list.elementType());
      return new Field(
          name, new FieldType(nullable, ArrowType.List.INSTANCE, null, metadata), List.of(element));
    }
    if (type instanceof Types.VariantType) {
      // As Parrow reads a VARIANT column: its metadata and value binaries, marked a variant.
      return FieldIds.withId(dev.parrow.types.VariantArrow.field(name, nullable), id);
    }
    if (type instanceof Types.MapType map) {
      Field key = field("key", map.keyId(), false, map.keyType());
      Field value = field("value", map.valueId(), map.isValueOptional(), map.valueType());
      Field entries =
          new Field(
              "key_value",
              new FieldType(false, ArrowType.Struct.INSTANCE, null),
              List.of(key, value));
      return new Field(
          name,
          new FieldType(nullable, new ArrowType.Map(false), null, metadata),
          List.of(entries));
    }
    return new Field(name, new FieldType(nullable, primitive(type), null, metadata), null);
  }

  /** The Arrow type of an Iceberg primitive type. */
  static ArrowType primitive(Type type) {
    switch (type.typeId()) {
      case BOOLEAN:
        return ArrowType.Bool.INSTANCE;
      case INTEGER:
        return new ArrowType.Int(32, true);
      case LONG:
        return new ArrowType.Int(64, true);
      case FLOAT:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DECIMAL:
        Types.DecimalType d = (Types.DecimalType) type;
        return new ArrowType.Decimal(d.precision(), d.scale(), 128);
      case DATE:
        return new ArrowType.Date(DateUnit.DAY);
      case TIME:
        return new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case TIMESTAMP:
        return new ArrowType.Timestamp(
            TimeUnit.MICROSECOND, ((Types.TimestampType) type).shouldAdjustToUTC() ? "UTC" : null);
      case TIMESTAMP_NANO:
        return new ArrowType.Timestamp(
            TimeUnit.NANOSECOND,
            ((Types.TimestampNanoType) type).shouldAdjustToUTC() ? "UTC" : null);
      case STRING:
        return ArrowType.Utf8.INSTANCE;
      case UUID:
        return UuidType.INSTANCE;
      case FIXED:
        return new ArrowType.FixedSizeBinary(((Types.FixedType) type).length());
      case BINARY:
        return ArrowType.Binary.INSTANCE;
      case GEOMETRY:
      case GEOGRAPHY:
        // Well-known binary, as Parquet's GEOMETRY and GEOGRAPHY columns hold them.
        return ArrowType.Binary.INSTANCE;
      case UNKNOWN:
        // No data file holds a value of it: null in every row.
        return ArrowType.Null.INSTANCE;
      default:
        throw new UnsupportedOperationException(
            "Iceberg type " + type + " cannot be read into Arrow by Parrow yet");
    }
  }

  /**
   * The initial defaults (format version 3) of the projected top-level columns a data file lacks:
   * each of the file's rows holds its column's default. A file with field ids lacks a column whose
   * id it does not have; one without (a migrated table) one it has no field of that name for.
   *
   * @throws UnsupportedOperationException for a field with a default inside a struct, list or map
   *     the file lacks it in (read as nulls it would be wrong)
   */
  static Map<Integer, Object> missingDefaults(
      org.apache.iceberg.Schema projection, dev.parrow.arrow.ParquetFile file, String location) {
    java.util.Set<Integer> ids = fieldIds(file);
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Field f : file.arrowSchema().getFields()) {
      names.add(f.getName());
    }
    Map<Integer, Object> out = new java.util.HashMap<>();
    for (Types.NestedField f : projection.columns()) {
      boolean lacks = ids.isEmpty() ? !names.contains(f.name()) : !ids.contains(f.fieldId());
      if (lacks && f.initialDefault() != null && f.type().isPrimitiveType()) {
        out.put(f.fieldId(), f.initialDefault());
      } else if (f.type().isNestedType() && !ids.isEmpty()) {
        checkNestedDefaults(f.type(), ids, location);
      }
    }
    return out;
  }

  /** The field ids a data file's schema holds, at every depth (none for a migrated file). */
  static java.util.Set<Integer> fieldIds(dev.parrow.arrow.ParquetFile file) {
    java.util.Set<Integer> ids = new java.util.HashSet<>();
    for (Field f : file.arrowSchema().getFields()) {
      collectIds(f, ids);
    }
    return ids;
  }

  private static void collectIds(Field f, java.util.Set<Integer> ids) {
    Integer id = FieldIds.read(f);
    if (id != null) {
      ids.add(id);
    }
    f.getChildren().forEach(c -> collectIds(c, ids));
  }

  private static void checkNestedDefaults(Type type, java.util.Set<Integer> ids, String location) {
    for (Types.NestedField f : type.asNestedType().fields()) {
      if (!ids.contains(f.fieldId()) && f.initialDefault() != null) {
        throw new UnsupportedOperationException(
            location
                + " lacks field '"
                + f.name()
                + "' (id "
                + f.fieldId()
                + "), added with a default inside a struct, list or map; Parrow fills initial"
                + " defaults of top-level columns only");
      }
      if (f.type().isNestedType()) {
        checkNestedDefaults(f.type(), ids, location);
      }
    }
  }
}
