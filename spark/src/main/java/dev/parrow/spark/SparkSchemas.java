package dev.parrow.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * Arrow schemas as Spark's, by Spark's own mapping ({@code ArrowUtils}), which is also the one
 * {@code ArrowColumnVector} reads: a timestamp with a zone is TimestampType, one without is
 * TimestampNTZType, decimals, binary, structs, lists and maps map to their kind; a top-level
 * variant (Parrow's {@code arrow.parquet.variant} struct) is VariantType, marked as Spark marks its
 * own Arrow variants. A type Spark has no counterpart for fails with the column's name.
 */
final class SparkSchemas {
  private SparkSchemas() {}

  /** The variant field as Spark's ArrowUtils recognises a variant: its metadata child marked. */
  private static Field sparkVariant(Field field) {
    List<Field> children = new ArrayList<>();
    for (Field c : field.getChildren()) {
      children.add(
          c.getName().equals("metadata")
              ? new Field(
                  c.getName(),
                  new org.apache.arrow.vector.types.pojo.FieldType(
                      c.isNullable(), c.getType(), null, java.util.Map.of("variant", "true")),
                  List.of())
              : c);
    }
    return new Field(field.getName(), field.getFieldType(), children);
  }

  /**
   * Spark's Arrow schema of rows to write, its top-level variants marked as Parrow's variant
   * extension, so that they are written as VARIANT columns.
   */
  static Schema forWriting(Schema arrow, StructType spark) {
    List<Field> fields = new ArrayList<>();
    for (Field f : arrow.getFields()) {
      boolean variant =
          spark.getFieldIndex(f.getName()).isDefined()
              && spark.apply(f.getName()).dataType()
                  instanceof org.apache.spark.sql.types.VariantType;
      fields.add(variant ? dev.parrow.types.VariantArrow.marked(f) : f);
    }
    return new Schema(fields, arrow.getCustomMetadata());
  }

  static StructType toSpark(Schema arrow) {
    List<Field> fields = new ArrayList<>();
    for (Field original : arrow.getFields()) {
      Field f =
          dev.parrow.types.VariantArrow.isVariant(original) ? sparkVariant(original) : original;
      try {
        ArrowUtils.fromArrowField(f);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "column '"
                + f.getName()
                + "' of type "
                + f.getType()
                + " has no Spark type: "
                + e.getMessage(),
            e);
      }
      fields.add(f);
    }
    return ArrowUtils.fromArrowSchema(new Schema(fields));
  }
}
