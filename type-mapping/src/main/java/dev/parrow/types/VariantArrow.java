package dev.parrow.types;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How a VARIANT column looks in Arrow: a struct of its metadata and value binaries, marked with the
 * {@code parquet.variant} extension's keys on the struct's field (Arrow Java has no variant
 * extension type; the keys are what IPC and the C Data Interface carry for one). The one place that
 * makes such a field, marks one, and tells one apart.
 */
public final class VariantArrow {
  private VariantArrow() {}

  /** The Arrow extension name of a variant column (Arrow C++'s), on its storage struct's field. */
  public static final String EXTENSION_NAME = "parquet.variant";

  /**
   * How a variant's stored columns (metadata, value, shredded typed_value) are mapped: the
   * defaults, with UUIDs marked so that a shredded UUID is told from a 16-byte binary. The caller's
   * type choices do not apply: the reassembly needs the types the shredding spec names.
   */
  public static final TypeOptions STORED_TYPES =
      TypeOptions.builder().uuidAsExtension(true).build();

  /**
   * The unshredded variant Parrow reads a VARIANT column as.
   *
   * @param name the column's name
   * @param nullable whether the variant may be null
   * @return a marked struct of a non-null metadata and a non-null value binary
   */
  public static Field field(String name, boolean nullable) {
    return new Field(
        name,
        new FieldType(nullable, ArrowType.Struct.INSTANCE, null, keys(null)),
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.notNullable("value", ArrowType.Binary.INSTANCE)));
  }

  /**
   * A struct of a metadata and a value binary (in either order, as Spark puts the value first)
   * marked as a variant, its other metadata kept.
   *
   * @param struct the struct's field
   * @return the marked field
   */
  public static Field marked(Field struct) {
    return new Field(
        struct.getName(),
        new FieldType(
            struct.isNullable(),
            struct.getType(),
            struct.getDictionary(),
            keys(struct.getMetadata())),
        struct.getChildren());
  }

  /**
   * Whether a field is a variant: the extension's keys over a struct of a metadata and a value
   * binary, in either order.
   *
   * @param field a field
   * @return true for a variant
   */
  public static boolean isVariant(Field field) {
    List<Field> children = field.getChildren();
    return field.getMetadata() != null
        && EXTENSION_NAME.equals(field.getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY))
        && field.getType() instanceof ArrowType.Struct
        && children.size() == 2
        && children.stream()
            .map(Field::getName)
            .sorted()
            .toList()
            .equals(List.of("metadata", "value"))
        && children.stream().allMatch(c -> c.getType() instanceof ArrowType.Binary);
  }

  private static Map<String, String> keys(Map<String, String> others) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (others != null) {
      metadata.putAll(others);
    }
    metadata.put(ParquetToArrow.EXTENSION_NAME_KEY, EXTENSION_NAME);
    metadata.put(ParquetToArrow.EXTENSION_METADATA_KEY, "");
    return metadata;
  }
}
