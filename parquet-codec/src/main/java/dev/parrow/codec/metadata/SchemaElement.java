package dev.parrow.codec.metadata;

/**
 * One node of the flattened schema list: a group when {@code numChildren} is set, a leaf otherwise.
 * Optional Thrift fields are null when absent.
 *
 * @param type physical type; null for a group
 * @param typeLength byte length of FIXED_LEN_BYTE_ARRAY values
 * @param repetition null only for the root
 * @param scale legacy decimal scale (also set alongside a DECIMAL logical type)
 * @param precision legacy decimal precision
 * @param vectorLength element slots per parent occurrence of a VECTOR field
 * @param name the field's name
 * @param numChildren the number of children of a group; null for a leaf
 * @param convertedType the legacy annotation, or null
 * @param fieldId the writer's field id, or null
 * @param logicalType the annotation, or null
 */
public record SchemaElement(
    PhysicalType type,
    Integer typeLength,
    Repetition repetition,
    String name,
    Integer numChildren,
    ConvertedType convertedType,
    Integer scale,
    Integer precision,
    Integer fieldId,
    LogicalType logicalType,
    Integer vectorLength) {

  /**
   * Checks the element.
   *
   * @param type physical type; null for a group
   * @param typeLength byte length of FIXED_LEN_BYTE_ARRAY values
   * @param repetition null only for the root
   * @param name the field's name
   * @param numChildren the number of children of a group; null for a leaf
   * @param convertedType the legacy annotation, or null
   * @param scale legacy decimal scale (also set alongside a DECIMAL logical type)
   * @param precision legacy decimal precision
   * @param fieldId the writer's field id, or null
   * @param logicalType the annotation, or null
   * @param vectorLength element slots per parent occurrence of a VECTOR field
   */
  public SchemaElement {
    java.util.Objects.requireNonNull(name, "name");
  }
}
