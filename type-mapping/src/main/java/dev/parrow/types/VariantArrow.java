package dev.parrow.types;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How a VARIANT column looks in Arrow: a struct of its metadata and value binaries, marked with the
 * {@code arrow.parquet.variant} extension's keys on the struct's field (Arrow Java has no variant
 * extension type; the keys are what IPC and the C Data Interface carry for one). The one place that
 * makes such a field, marks one, and tells one apart.
 */
public final class VariantArrow {
  private VariantArrow() {}

  /**
   * The canonical Arrow extension name of a variant column (the Arrow specification's, arrow-rs's),
   * on its storage struct's field.
   */
  public static final String EXTENSION_NAME = "arrow.parquet.variant";

  /** The name Arrow C++ 18 to 23 and Arrow Java 19 give it; taken as a variant too. */
  public static final String LEGACY_EXTENSION_NAME = "parquet.variant";

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
    return field(name, nullable, EXTENSION_NAME);
  }

  /**
   * The unshredded variant Parrow reads a VARIANT column as, marked with this extension name.
   *
   * @param name the column's name
   * @param nullable whether the variant may be null
   * @param extensionName {@link #EXTENSION_NAME} or {@link #LEGACY_EXTENSION_NAME}
   * @return a marked struct of a non-null metadata and a non-null value binary
   */
  public static Field field(String name, boolean nullable, String extensionName) {
    return new Field(
        name,
        new FieldType(nullable, ArrowType.Struct.INSTANCE, null, keys(null, extensionName)),
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
            keys(struct.getMetadata(), EXTENSION_NAME)),
        struct.getChildren());
  }

  /**
   * Whether a field is a variant: the extension's keys (either name) over a struct of a metadata
   * and a value binary, in either order.
   *
   * @param field a field
   * @return true for a variant
   */
  public static boolean isVariant(Field field) {
    List<Field> children = field.getChildren();
    return markedStruct(field)
        && children.size() == 2
        && children.stream()
            .map(Field::getName)
            .sorted()
            .toList()
            .equals(List.of("metadata", "value"))
        && children.stream().allMatch(c -> c.getType() instanceof ArrowType.Binary);
  }

  /**
   * Whether a field is a struct marked as a variant (either extension name), whatever its children:
   * the unshredded form ({@link #isVariant}) or the shredded one ({@link
   * VariantShreddingSchema#isShredded}).
   */
  static boolean markedStruct(Field field) {
    String extension =
        field.getMetadata() == null
            ? null
            : field.getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY);
    return (EXTENSION_NAME.equals(extension) || LEGACY_EXTENSION_NAME.equals(extension))
        && field.getType() instanceof ArrowType.Struct;
  }

  private static Map<String, String> keys(Map<String, String> others, String extensionName) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (others != null) {
      metadata.putAll(others);
    }
    metadata.put(ParquetToArrow.EXTENSION_NAME_KEY, extensionName);
    metadata.put(ParquetToArrow.EXTENSION_METADATA_KEY, "");
    return metadata;
  }
}
