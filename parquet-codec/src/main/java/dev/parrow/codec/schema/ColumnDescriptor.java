package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.SchemaElement;
import java.util.List;

/**
 * Everything needed to decode one leaf column: where it is in the tree and what its values are.
 *
 * @param index position among the leaves; the column chunk with this index in each row group holds
 *     it
 * @param path names from the root's child down to the leaf
 * @param element the leaf's schema element: its physical type, type length and annotations
 * @param maxDefinitionLevel OPTIONAL and REPEATED nodes on the path, the leaf included
 * @param maxRepetitionLevel REPEATED nodes on the path, the leaf included
 */
public record ColumnDescriptor(
    int index,
    List<String> path,
    SchemaElement element,
    int maxDefinitionLevel,
    int maxRepetitionLevel) {

  /**
   * Copies the path.
   *
   * @param index position among the leaves
   * @param path names from the root's child down to the leaf
   * @param element the leaf's schema element
   * @param maxDefinitionLevel OPTIONAL and REPEATED nodes on the path, the leaf included
   * @param maxRepetitionLevel REPEATED nodes on the path, the leaf included
   */
  public ColumnDescriptor {
    path = List.copyOf(path);
  }

  /** {@return the leaf's physical type} */
  public PhysicalType physicalType() {
    return element.type();
  }

  /** {@return the byte length of FIXED_LEN_BYTE_ARRAY values, 0 for other types} */
  public int typeLength() {
    Integer length = element.typeLength();
    return length == null ? 0 : length;
  }

  /**
   * Null when the leaf has no logical type annotation.
   *
   * @return the logical type, or null
   */
  public LogicalType logicalType() {
    return element.logicalType();
  }

  /**
   * Null when the leaf has no converted type annotation.
   *
   * @return the converted type, or null
   */
  public ConvertedType convertedType() {
    return element.convertedType();
  }

  /**
   * The bytes of one PLAIN value of a fixed-width type (4, 8, 12 or the type length), or -1 for
   * BOOLEAN (one bit) and BYTE_ARRAY (variable).
   *
   * @return the width in bytes, or -1
   */
  public int byteWidth() {
    return switch (physicalType()) {
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      case INT96 -> 12;
      case FIXED_LEN_BYTE_ARRAY -> typeLength();
      case BOOLEAN, BYTE_ARRAY -> -1;
    };
  }

  /**
   * The path joined with dots, as users write it.
   *
   * @return the dotted path
   */
  public String dottedPath() {
    return String.join(".", path);
  }
}
