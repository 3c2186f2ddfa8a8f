package dev.parrow.types;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Parquet field ids in Arrow: a schema element's {@code field_id} is the {@value #KEY} entry of the
 * Arrow field's metadata, at every depth, as Arrow C++ and arrow-rs put it; a writer writes the
 * entry back as the element's {@code field_id}. Table formats (Iceberg, Delta's column mapping)
 * match a file's columns to the table's by these ids.
 */
public final class FieldIds {
  /** The Arrow field metadata key of a Parquet field id. */
  public static final String KEY = "PARQUET:field_id";

  private FieldIds() {}

  /**
   * The field's id.
   *
   * @param field an Arrow field
   * @return its {@value #KEY}, or null when it has none
   * @throws IllegalArgumentException when the entry is not a 32-bit integer
   */
  public static Integer of(Field field) {
    String id = entry(field);
    Integer parsed = parse(id);
    if (id != null && parsed == null) {
      throw new IllegalArgumentException(
          "field '" + field.getName() + "' has " + KEY + " '" + id + "', which is not an integer");
    }
    return parsed;
  }

  /**
   * The field's id as a reader takes it: an entry that is not an integer (in a stored Arrow schema
   * of another writer) is no id.
   *
   * @param field an Arrow field
   * @return its id, or null
   */
  public static Integer read(Field field) {
    return parse(entry(field));
  }

  /**
   * An id's text as an id.
   *
   * @param id the metadata entry, or null
   * @return the id, or null when there is none or it is not a 32-bit integer
   */
  public static Integer parse(String id) {
    if (id == null) {
      return null;
    }
    try {
      return Integer.valueOf(id.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String entry(Field field) {
    Map<String, String> metadata = field.getMetadata();
    return metadata == null ? null : metadata.get(KEY);
  }

  /**
   * The field with {@code id} as its {@value #KEY} (its other metadata, type and children kept).
   *
   * @param field an Arrow field
   * @param id the id
   * @return the field with the id
   */
  public static Field withId(Field field, int id) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (field.getMetadata() != null) {
      metadata.putAll(field.getMetadata());
    }
    metadata.put(KEY, Integer.toString(id));
    FieldType type = field.getFieldType();
    return new Field(
        field.getName(),
        new FieldType(type.isNullable(), type.getType(), type.getDictionary(), metadata),
        field.getChildren());
  }
}
