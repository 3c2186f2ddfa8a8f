package dev.parrow.delta;

import dev.parrow.types.FieldIds;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Delta Kernel's physical schemas as the Arrow schemas Parrow reads data files as: each field by
 * its physical name, and by its Parquet field id where column mapping gives one ({@code
 * parquet.field.id} in the field's metadata, as {@code PARQUET:field_id}), so that a file is read
 * as the table's schema (renamed columns, columns added later as nulls, widened integers);
 * timestamps in microseconds (with the UTC zone, or without for timestamp_ntz), dates in days,
 * decimals as Decimal128. Kernel's metadata columns (the row index) are not columns of the file.
 */
final class KernelSchemas {
  private KernelSchemas() {}

  /** The key of a field's Parquet field id in Kernel's field metadata, under column mapping. */
  static final String PARQUET_FIELD_ID = "parquet.field.id";

  /** The schema as written: a non-null field is a required column. */
  static Schema toArrow(StructType schema) {
    return toArrow(schema, false);
  }

  /**
   * The schema a data file is read as: every field, list element and map value nullable, since
   * writers of Delta tables (Spark among them) write every column optional whatever the table's
   * schema says; Kernel sees the values, as its default engine does.
   */
  static Schema toArrowForReading(StructType schema) {
    return toArrow(schema, true);
  }

  private static Schema toArrow(StructType schema, boolean anyNullable) {
    List<Field> fields = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (!f.isMetadataColumn()) {
        fields.add(field(f, anyNullable));
      }
    }
    return new Schema(fields);
  }

  private static Field field(StructField f, boolean anyNullable) {
    Object id = f.getMetadata().get(PARQUET_FIELD_ID);
    Map<String, String> metadata =
        id instanceof Number n ? Map.of(FieldIds.KEY, Long.toString(n.longValue())) : null;
    return field(
        f.getName(), anyNullable || f.isNullable(), f.getDataType(), metadata, anyNullable);
  }

  private static Field field(
      String name, boolean nullable, DataType type, Map<String, String> md, boolean anyNullable) {
    if (type instanceof StructType struct) {
      List<Field> children = new ArrayList<>();
      for (StructField f : struct.fields()) {
        children.add(field(f, anyNullable));
      }
      return new Field(
          name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null, md), children);
    }
    if (type instanceof ArrayType array) {
      Field element =
          field(
              "element",
              anyNullable || array.containsNull(),
              array.getElementType(),
              null,
              anyNullable);
      return new Field(
          name, new FieldType(nullable, ArrowType.List.INSTANCE, null, md), List.of(element));
    }
    if (type instanceof MapType map) {
      Field entries =
          new Field(
              "key_value",
              new FieldType(false, ArrowType.Struct.INSTANCE, null),
              List.of(
                  field("key", false, map.getKeyType(), null, anyNullable),
                  field(
                      "value",
                      anyNullable || map.isValueContainsNull(),
                      map.getValueType(),
                      null,
                      anyNullable)));
      return new Field(
          name, new FieldType(nullable, new ArrowType.Map(false), null, md), List.of(entries));
    }
    return new Field(name, new FieldType(nullable, primitive(type), null, md), null);
  }

  static ArrowType primitive(DataType type) {
    if (type instanceof BooleanType) {
      return ArrowType.Bool.INSTANCE;
    }
    if (type instanceof ByteType) {
      return new ArrowType.Int(8, true);
    }
    if (type instanceof ShortType) {
      return new ArrowType.Int(16, true);
    }
    if (type instanceof IntegerType) {
      return new ArrowType.Int(32, true);
    }
    if (type instanceof LongType) {
      return new ArrowType.Int(64, true);
    }
    if (type instanceof FloatType) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    }
    if (type instanceof DoubleType) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    }
    if (type instanceof StringType) {
      return ArrowType.Utf8.INSTANCE;
    }
    if (type instanceof BinaryType) {
      return ArrowType.Binary.INSTANCE;
    }
    if (type instanceof DecimalType d) {
      return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
    }
    if (type instanceof DateType) {
      return new ArrowType.Date(DateUnit.DAY);
    }
    if (type instanceof TimestampType) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
    }
    if (type instanceof TimestampNTZType) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
    }
    throw new UnsupportedOperationException("Delta type " + type + " is not read by Parrow yet");
  }
}
