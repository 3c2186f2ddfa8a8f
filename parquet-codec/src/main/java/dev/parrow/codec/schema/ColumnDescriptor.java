package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.SchemaElement;
import java.util.List;

/**
 * Everything needed to decode one leaf column: where it is in the tree and what its values are.
 *
 * @param index position among the leaves; the column chunk with this index in each row group holds it
 * @param path names from the root's child down to the leaf
 * @param typeLength byte length of FIXED_LEN_BYTE_ARRAY values, 0 for other types
 * @param maxDefinitionLevel OPTIONAL and REPEATED nodes on the path, the leaf included
 * @param maxRepetitionLevel REPEATED nodes on the path, the leaf included
 */
public record ColumnDescriptor(
    int index,
    List<String> path,
    SchemaElement element,
    int maxDefinitionLevel,
    int maxRepetitionLevel) {

  public ColumnDescriptor {
    path = List.copyOf(path);
  }

  public PhysicalType physicalType() {
    return element.type();
  }

  public int typeLength() {
    Integer length = element.typeLength();
    return length == null ? 0 : length;
  }

  /** Null when the leaf has no logical type annotation. */
  public LogicalType logicalType() {
    return element.logicalType();
  }

  /** Null when the leaf has no converted type annotation. */
  public ConvertedType convertedType() {
    return element.convertedType();
  }

  /** The path joined with dots, as users write it. */
  public String dottedPath() {
    return String.join(".", path);
  }
}
