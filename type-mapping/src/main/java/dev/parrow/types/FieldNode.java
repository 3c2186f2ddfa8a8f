package dev.parrow.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * One field of the Arrow schema derived from a Parquet schema, with what a reader needs to assemble
 * it: its kind, the levels that place it ({@link LevelInfo}), and for a leaf the Parquet column it
 * reads.
 *
 * @param field the Arrow field (children included)
 * @param kind what vector the field becomes
 * @param levels where the field's slots are in its leaves' levels; for a list, those of its
 *     repeated field (a slot has elements at {@code levels.defLevel()}) with the repeated ancestor
 *     outside the list
 * @param column the leaf column index, or -1 for a group
 * @param children list: the element; map: the entries struct; struct: its fields; variant: the
 *     stored struct; leaf: none
 */
public record FieldNode(
    Field field, Kind kind, LevelInfo levels, int column, List<FieldNode> children) {

  /** What vector a field becomes. */
  public enum Kind {
    /** A primitive column. */
    LEAF,
    /** A struct of its children. */
    STRUCT,
    /** A list of its one child. */
    LIST,
    /** A map of its one child, the entries struct. */
    MAP,
    /**
     * A VARIANT group: its one child is the struct it is stored as (metadata, value and shredded
     * typed_value), its field the unshredded variant the reader reassembles from that.
     */
    VARIANT
  }

  /**
   * Copies the children.
   *
   * @param field the Arrow field
   * @param kind what vector the field becomes
   * @param levels where the field's slots are in its leaves' levels
   * @param column the leaf column index, or -1 for a group
   * @param children the node's children, as the record says
   */
  public FieldNode {
    children = List.copyOf(children);
  }

  /**
   * The first leaf column under this node (a leaf's own).
   *
   * @return the column index
   */
  public int firstColumn() {
    return kind == Kind.LEAF ? column : children.get(0).firstColumn();
  }

  /**
   * Every leaf column under this node, in schema order.
   *
   * @return the column indices
   */
  public List<Integer> columns() {
    List<Integer> out = new ArrayList<>();
    collect(out);
    return out;
  }

  private void collect(List<Integer> out) {
    if (kind == Kind.LEAF) {
      out.add(column);
    }
    for (FieldNode child : children) {
      child.collect(out);
    }
  }

  /**
   * This node with only the leaves in {@code keep}, or null when none of its leaves is kept. A
   * struct keeps the children that keep something; a list its element; a map (or a variant) is kept
   * whole when any of its leaves is chosen, since a map without its keys (or entries without a
   * value) would change type, and a variant cannot be reassembled from part of its columns.
   *
   * @param keep the leaf column indices to keep
   * @return the pruned node, or null
   */
  public FieldNode prune(Set<Integer> keep) {
    return switch (kind) {
      case LEAF -> keep.contains(column) ? this : null;
      case MAP, VARIANT -> columns().stream().anyMatch(keep::contains) ? this : null;
      case LIST -> {
        FieldNode element = children.get(0).prune(keep);
        yield element == null
            ? null
            : element == children.get(0) ? this : withChildren(List.of(element));
      }
      case STRUCT -> {
        List<FieldNode> kept = new ArrayList<>();
        for (FieldNode child : children) {
          FieldNode p = child.prune(keep);
          if (p != null) {
            kept.add(p);
          }
        }
        yield kept.isEmpty() ? null : kept.equals(children) ? this : withChildren(kept);
      }
    };
  }

  /**
   * This node with {@code f} applied to every leaf below it (parents' fields follow their
   * children); a variant's stored columns are its own and left as they are.
   *
   * @param f what to do to a leaf
   * @return the new node
   */
  public FieldNode mapLeaves(java.util.function.UnaryOperator<FieldNode> f) {
    if (kind == Kind.LEAF) {
      return f.apply(this);
    }
    if (kind == Kind.VARIANT) {
      return this;
    }
    List<FieldNode> mapped = children.stream().map(c -> c.mapLeaves(f)).toList();
    Field newField =
        new Field(
            field.getName(), field.getFieldType(), mapped.stream().map(FieldNode::field).toList());
    return new FieldNode(newField, kind, levels, column, mapped);
  }

  /**
   * This node read as {@code newField} (same kind, levels and column).
   *
   * @param newField the field to read as
   * @return the new node
   */
  public FieldNode withField(Field newField) {
    return new FieldNode(newField, kind, levels, column, children);
  }

  /**
   * This node with new children, read as {@code newField}.
   *
   * @param newChildren the children
   * @param newField the field to read as
   * @return the new node
   */
  public FieldNode withChildren(List<FieldNode> newChildren, Field newField) {
    return new FieldNode(newField, kind, levels, column, newChildren);
  }

  private FieldNode withChildren(List<FieldNode> newChildren) {
    List<Field> fields = newChildren.stream().map(FieldNode::field).toList();
    FieldType type = field.getFieldType();
    return new FieldNode(
        new Field(field.getName(), type, fields), kind, levels, column, newChildren);
  }
}
