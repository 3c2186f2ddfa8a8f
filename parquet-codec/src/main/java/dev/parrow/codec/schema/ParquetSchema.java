package dev.parrow.codec.schema;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema tree rebuilt from the footer's depth-first list of schema elements, with a descriptor
 * for each leaf column.
 */
public final class ParquetSchema {
  /**
   * Far deeper than any real schema. Levels are kept as 16-bit values and the tree is walked
   * recursively, so a hostile schema must not nest without bound.
   */
  public static final int MAX_NESTING = 1000;

  private final GroupNode root;
  private final List<ColumnDescriptor> columns;

  private ParquetSchema(GroupNode root, List<ColumnDescriptor> columns) {
    this.root = root;
    this.columns = List.copyOf(columns);
  }

  /** {@return the root group} */
  public GroupNode root() {
    return root;
  }

  /** {@return the leaf columns, in the order of the column chunks} */
  public List<ColumnDescriptor> columns() {
    return columns;
  }

  /** {@return the number of leaf columns} */
  public int columnCount() {
    return columns.size();
  }

  /**
   * The leaf at a position.
   *
   * @param index the leaf's position, from 0
   * @return the leaf
   */
  public ColumnDescriptor column(int index) {
    return columns.get(index);
  }

  /**
   * The leaf with this dotted path, or null.
   *
   * @param dottedPath the path joined with dots
   * @return the leaf, or null
   */
  public ColumnDescriptor column(String dottedPath) {
    for (ColumnDescriptor c : columns) {
      if (c.dottedPath().equals(dottedPath)) {
        return c;
      }
    }
    return null;
  }

  /**
   * How many of {@code path}'s first names lead from the root to a VARIANT-annotated group, or -1
   * when none of its prefixes does (a name that is not a child ends the search).
   *
   * @param path names from the root's child down
   * @return the length of the prefix that names a VARIANT group, or -1
   */
  public int variantPrefix(List<String> path) {
    SchemaNode node = root;
    for (int i = 0; i < path.size(); i++) {
      SchemaNode next = null;
      if (node instanceof GroupNode g) {
        for (SchemaNode c : g.children()) {
          if (c.element().name().equals(path.get(i))) {
            next = c;
            break;
          }
        }
      }
      if (next == null) {
        return -1;
      }
      if (next.element().logicalType()
          instanceof dev.parrow.codec.metadata.LogicalType.VariantType) {
        return i + 1;
      }
      node = next;
    }
    return -1;
  }

  /**
   * Builds the tree.
   *
   * @throws ParquetFormatException if the list does not describe exactly one well-formed tree
   * @param elements the flattened schema, root first
   * @return the tree
   */
  public static ParquetSchema fromElements(List<SchemaElement> elements) {
    if (elements.isEmpty()) {
      throw new ParquetFormatException("the schema has no root element");
    }
    Builder builder = new Builder(elements);
    SchemaElement rootElement = elements.get(0);
    if (rootElement.numChildren() == null) {
      throw new ParquetFormatException(
          "the schema root '" + rootElement.name() + "' is not a group");
    }
    builder.next = 1;
    GroupNode root =
        new GroupNode(rootElement, builder.children(rootElement, new ArrayList<>(), 0, 0, 1));
    if (builder.next != elements.size()) {
      throw new ParquetFormatException(
          "the schema has "
              + (elements.size() - builder.next)
              + " elements after the end of the root's tree");
    }
    return new ParquetSchema(root, builder.columns);
  }

  private static final class Builder {
    final List<SchemaElement> elements;
    final List<ColumnDescriptor> columns = new ArrayList<>();
    int next;

    Builder(List<SchemaElement> elements) {
      this.elements = elements;
    }

    List<SchemaNode> children(
        SchemaElement parent, List<String> path, int def, int rep, int depth) {
      int count = parent.numChildren();
      if (count < 0 || count > elements.size() - next) {
        throw new ParquetFormatException(
            "schema group '"
                + parent.name()
                + "' claims "
                + count
                + " children but "
                + (elements.size() - next)
                + " elements remain");
      }
      if (depth > MAX_NESTING) {
        throw new ParquetFormatException("the schema nests deeper than " + MAX_NESTING + " levels");
      }
      List<SchemaNode> nodes = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        if (next >= elements.size()) {
          // Its nested groups took the elements its own count relied on.
          throw new ParquetFormatException(
              "schema group '"
                  + parent.name()
                  + "' claims "
                  + count
                  + " children but the schema ends after "
                  + i);
        }
        SchemaElement e = elements.get(next++);
        Repetition repetition = e.repetition();
        if (repetition == null) {
          throw new ParquetFormatException("schema field '" + e.name() + "' has no repetition");
        }
        if (repetition == Repetition.VECTOR
            && (e.vectorLength() == null || e.vectorLength() <= 0)) {
          throw new ParquetFormatException(
              "VECTOR field '" + e.name() + "' has no positive vector_length");
        }
        // VECTOR slots are always present, like REQUIRED: they add no level.
        int childDef =
            def + (repetition == Repetition.OPTIONAL || repetition == Repetition.REPEATED ? 1 : 0);
        int childRep = rep + (repetition == Repetition.REPEATED ? 1 : 0);
        List<String> childPath = new ArrayList<>(path);
        childPath.add(e.name());
        if (isLeaf(e)) {
          checkLeaf(e);
          int index = columns.size();
          columns.add(new ColumnDescriptor(index, childPath, e, childDef, childRep));
          nodes.add(new PrimitiveNode(e, index));
        } else {
          nodes.add(new GroupNode(e, children(e, childPath, childDef, childRep, depth + 1)));
        }
      }
      return nodes;
    }

    /**
     * A typed element is a leaf unless it also claims children (seen in the wild as num_children
     * 0).
     */
    private static boolean isLeaf(SchemaElement e) {
      if (e.type() != null && (e.numChildren() == null || e.numChildren() == 0)) {
        return true;
      }
      if (e.numChildren() == null) {
        throw new ParquetFormatException(
            "schema field '" + e.name() + "' has neither a type nor children");
      }
      return false;
    }

    private static void checkLeaf(SchemaElement e) {
      // A length of 0 holds nothing, and no reader (Arrow C++, Arrow Java's vectors) takes it.
      if (e.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
          && (e.typeLength() == null || e.typeLength() < 1)) {
        throw new ParquetFormatException(
            "FIXED_LEN_BYTE_ARRAY column '"
                + e.name()
                + "' has no valid type_length ("
                + e.typeLength()
                + ")");
      }
    }
  }
}
