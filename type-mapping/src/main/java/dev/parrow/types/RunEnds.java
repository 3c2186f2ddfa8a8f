package dev.parrow.types;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Run-end encoded fields as Parquet stores them: by their values, run by run expanded (as arrow-rs
 * writes them). Parquet has no run-end encoding of its own (its RLE and dictionary encodings
 * compress runs anyway), so a run-end encoded field is written as its values' field, under the
 * run-end encoded field's name, nullability (its values' own) and metadata; {@code ARROW:schema}
 * keeps the run-end encoded type.
 */
public final class RunEnds {
  private RunEnds() {}

  /**
   * Whether {@code field}, or a field below it, is run-end encoded.
   *
   * @param field the field
   * @return whether a run-end encoded field is at or below it
   */
  public static boolean any(Field field) {
    if (field.getType() instanceof ArrowType.RunEndEncoded) {
      return true;
    }
    for (Field child : field.getChildren()) {
      if (any(child)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a field of {@code schema}, at any depth, is run-end encoded.
   *
   * @param schema the schema
   * @return whether a run-end encoded field is in it
   */
  public static boolean any(Schema schema) {
    return schema.getFields().stream().anyMatch(RunEnds::any);
  }

  /**
   * The schema with every run-end encoded field replaced by {@link #decoded(Field)}'s; the schema
   * itself when none is.
   *
   * @param schema the schema
   * @return the schema as it is written
   */
  public static Schema decoded(Schema schema) {
    if (!any(schema)) {
      return schema;
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(decoded(f));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /**
   * The field as it is written: a run-end encoded field becomes its values' field (decoded in turn)
   * with the run-end encoded field's name, and its metadata over the values'; any other field has
   * its children so decoded.
   *
   * @param field the field
   * @return the field as it is written
   */
  public static Field decoded(Field field) {
    if (field.getType() instanceof ArrowType.RunEndEncoded) {
      return decoded(values(field));
    }
    if (!any(field)) {
      return field;
    }
    List<Field> children = new ArrayList<>();
    for (Field child : field.getChildren()) {
      children.add(decoded(child));
    }
    return new Field(field.getName(), field.getFieldType(), children);
  }

  /**
   * A run-end encoded field's values field, one level down only, under the run-end encoded field's
   * name, nullability of its own and metadata over its own.
   *
   * @param field a run-end encoded field
   * @return its values' field
   * @throws IllegalArgumentException if the field lacks its run ends and values
   */
  public static Field values(Field field) {
    if (field.getChildren().size() != 2) {
      throw new IllegalArgumentException(
          "run-end encoded field '"
              + field.getName()
              + "' has "
              + field.getChildren().size()
              + " children, not its run ends and values");
    }
    Field values = field.getChildren().get(1);
    Map<String, String> metadata = new LinkedHashMap<>();
    if (values.getMetadata() != null) {
      metadata.putAll(values.getMetadata());
    }
    if (field.getMetadata() != null) {
      metadata.putAll(field.getMetadata());
    }
    return new Field(
        field.getName(),
        new FieldType(
            values.isNullable(),
            values.getType(),
            values.getDictionary(),
            metadata.isEmpty() ? null : metadata),
        values.getChildren());
  }
}
