package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.SchemaElement;
import java.util.List;

/**
 * An inner node: a struct, a LIST or MAP annotation's group, a repeated group, or the root.
 *
 * @param element the group's schema element
 * @param children its children, in order
 */
public record GroupNode(SchemaElement element, List<SchemaNode> children) implements SchemaNode {
  /**
   * Copies the children.
   *
   * @param element the group's schema element
   * @param children its children, in order
   */
  public GroupNode {
    children = List.copyOf(children);
  }
}
