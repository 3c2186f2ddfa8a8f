package dev.parrow.types;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.GroupNode;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.schema.PrimitiveNode;
import dev.parrow.codec.schema.SchemaNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema of a whole Parquet schema, groups included: LIST in the standard 3-level form
 * and every backward-compatibility form of LogicalTypes.md (a repeated primitive, a repeated group
 * of several fields, one-field groups named {@code array} or {@code <list>_tuple}, 2-level lists),
 * MAP and MAP_KEY_VALUE (a key-value group without a value reads as a list of keys, as arrow-rs
 * does), structs, and repeated fields outside LIST/MAP (a list of non-null elements). Leaves map by
 * {@link ParquetToArrow}. Each field comes with its {@link LevelInfo}, computed as Arrow C++ does
 * while the schema is derived; a leaf whose levels do not come out as its column's maximum levels
 * means a schema this derivation got wrong, and fails.
 */
public final class NestedSchema {
  private NestedSchema() {}

  /**
   * The Arrow schema of a Parquet schema.
   *
   * @param schema the Parquet schema
   * @param options how to map the types
   * @param warnings where a mapping that loses something is reported
   * @return the Arrow schema
   */
  public static Schema arrowSchema(
      ParquetSchema schema, TypeOptions options, List<String> warnings) {
    return new Schema(fields(schema, options, warnings).stream().map(FieldNode::field).toList());
  }

  /**
   * The top-level fields, with the levels and columns a reader assembles them from.
   *
   * @param schema the Parquet schema
   * @param options how to map the types
   * @param warnings where a mapping that loses something is reported
   * @return the fields, in schema order
   */
  public static List<FieldNode> fields(
      ParquetSchema schema, TypeOptions options, List<String> warnings) {
    Builder b = new Builder(schema, options, warnings);
    List<FieldNode> fields = new ArrayList<>();
    for (SchemaNode child : schema.root().children()) {
      fields.add(b.field(child, LevelInfo.ROOT));
    }
    return fields;
  }

  /**
   * The Arrow field of one node (and its subtree).
   *
   * @param schema the Parquet schema the node belongs to
   * @param node a node of it
   * @param options how to map the types
   * @param warnings where a mapping that loses something is reported
   * @return the field
   */
  public static Field field(
      ParquetSchema schema, SchemaNode node, TypeOptions options, List<String> warnings) {
    return new Builder(schema, options, warnings).field(node, LevelInfo.ROOT).field();
  }

  private record Builder(ParquetSchema schema, TypeOptions options, List<String> warnings) {

    /** A node reached at {@code parent}'s levels. */
    FieldNode field(SchemaNode node, LevelInfo parent) {
      if (node.repetition() == Repetition.REPEATED) {
        // A repeated field outside LIST/MAP: a required list of required elements.
        LevelInfo inner = parent.repeated();
        FieldNode element = nonRepeated(node, "element", false, inner);
        return withId(list(node.name(), false, LevelInfo.list(parent, inner), element), node);
      }
      boolean optional = node.repetition() == Repetition.OPTIONAL;
      return withId(
          nonRepeated(node, node.name(), optional, parent.enter(node.repetition())), node);
    }

    /** The node with the element's field id, if it has one, in its field's metadata. */
    private static FieldNode withId(FieldNode node, SchemaNode from) {
      Integer id = from.element().fieldId();
      return id == null ? node : node.withField(FieldIds.withId(node.field(), id));
    }

    /** The node as if it were not repeated, under {@code name}, its own levels {@code here}. */
    private FieldNode nonRepeated(SchemaNode node, String name, boolean nullable, LevelInfo here) {
      if (node instanceof PrimitiveNode p) {
        ColumnDescriptor column = schema.column(p.column());
        if (here.defLevel() != column.maxDefinitionLevel()
            || here.repLevel() != column.maxRepetitionLevel()) {
          throw new ParquetFormatException(
              "column '"
                  + column.dottedPath()
                  + "': derived levels "
                  + here
                  + " differ from its maximum definition level "
                  + column.maxDefinitionLevel()
                  + " and repetition level "
                  + column.maxRepetitionLevel());
        }
        Field leaf = ParquetToArrow.leafField(column, options, warnings);
        Field field =
            new Field(
                name, new FieldType(nullable, leaf.getType(), null, leaf.getMetadata()), null);
        return new FieldNode(field, FieldNode.Kind.LEAF, here, p.column(), List.of());
      }
      GroupNode group = (GroupNode) node;
      if (isList(group)) {
        return listGroup(group, name, nullable, here);
      }
      if (isMap(group)) {
        return map(group, name, nullable, here);
      }
      if (group.element().logicalType() instanceof LogicalType.VariantType) {
        return variant(group, name, nullable, here);
      }
      return struct(name, nullable, here, group.children());
    }

    /**
     * A VARIANT group: read as the group it is stored as (its metadata, value and shredded
     * typed_value columns, mapped without the caller's type choices, so that the reassembly sees
     * the types the shredding spec names), and presented as the unshredded variant, a struct of the
     * metadata and value binaries marked as the {@code arrow.parquet.variant} extension (or the
     * older name, as the options ask).
     */
    private FieldNode variant(GroupNode group, String name, boolean nullable, LevelInfo here) {
      VariantShredding.check(group);
      FieldNode stored =
          new Builder(schema, VariantArrow.STORED_TYPES, warnings)
              .struct(name, nullable, here, group.children());
      Field field =
          VariantArrow.field(
              name,
              nullable,
              options.legacyVariantExtensionName()
                  ? VariantArrow.LEGACY_EXTENSION_NAME
                  : VariantArrow.EXTENSION_NAME);
      return new FieldNode(field, FieldNode.Kind.VARIANT, here, -1, List.of(stored));
    }

    private FieldNode struct(
        String name, boolean nullable, LevelInfo here, List<SchemaNode> members) {
      List<FieldNode> children = new ArrayList<>();
      for (SchemaNode child : members) {
        children.add(field(child, here));
      }
      distinctNames(name, children);
      Field field =
          new Field(
              name,
              new FieldType(nullable, ArrowType.Struct.INSTANCE, null),
              children.stream().map(FieldNode::field).toList());
      return new FieldNode(field, FieldNode.Kind.STRUCT, here, -1, children);
    }

    /** Arrow Java's StructVector holds one child per name: two of a name would lose one. */
    private static void distinctNames(String struct, List<FieldNode> children) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (FieldNode child : children) {
        if (!seen.add(child.field().getName())) {
          throw new dev.parrow.codec.ParquetFormatException(
              "group '"
                  + struct
                  + "' has two fields named '"
                  + child.field().getName()
                  + "', which an Arrow struct (Arrow Java's StructVector) cannot hold");
        }
      }
    }

    private static FieldNode list(
        String name, boolean nullable, LevelInfo levels, FieldNode element) {
      Field field =
          new Field(
              name,
              new FieldType(nullable, ArrowType.List.INSTANCE, null),
              List.of(element.field()));
      return new FieldNode(field, FieldNode.Kind.LIST, levels, -1, List.of(element));
    }

    /** A LIST-annotated group whose own levels are {@code outer}. */
    private FieldNode listGroup(GroupNode list, String name, boolean nullable, LevelInfo outer) {
      if (list.children().size() != 1
          || list.children().get(0).repetition() != Repetition.REPEATED) {
        throw new ParquetFormatException(
            "LIST group '" + list.name() + "' must have exactly one repeated child");
      }
      SchemaNode repeated = list.children().get(0);
      LevelInfo inner = outer.repeated();
      FieldNode element;
      if (repeated instanceof PrimitiveNode) {
        // 2-level: the repeated primitive is the element.
        element = withId(nonRepeated(repeated, repeated.name(), false, inner), repeated);
      } else {
        GroupNode r = (GroupNode) repeated;
        // LogicalTypes.md's backward-compatibility rules 2 to 4: the repeated group itself is the
        // (required) element when it has several fields, when its one field is repeated (old
        // writers' 2-level lists of lists), or when it is named array or LIST-name_tuple.
        boolean repeatedIsElement =
            r.children().size() != 1
                || r.children().get(0).repetition() == Repetition.REPEATED
                || r.name().equals("array")
                || r.name().equals(list.name() + "_tuple");
        if (!repeatedIsElement) {
          // Rule 5, the standard 3-level list: the repeated group's one field is the element.
          element = field(r.children().get(0), inner);
        } else if (isList(r) || isMap(r)) {
          // An annotated element: a LIST-annotated 2-level list inside a LIST is a list of lists.
          element = withId(nonRepeated(r, r.name(), false, inner), r);
        } else {
          element = withId(struct(r.name(), false, inner, r.children()), r);
        }
      }
      return list(name, nullable, LevelInfo.list(outer, inner), element);
    }

    private FieldNode map(GroupNode map, String name, boolean nullable, LevelInfo outer) {
      if (map.children().size() != 1
          || !(map.children().get(0) instanceof GroupNode keyValue)
          || keyValue.repetition() != Repetition.REPEATED
          || keyValue.children().isEmpty()
          || keyValue.children().size() > 2) {
        throw new ParquetFormatException(
            "MAP group '"
                + map.name()
                + "' must have one repeated group of a key and "
                + "at most one value");
      }
      LevelInfo inner = outer.repeated();
      SchemaNode keyNode = keyValue.children().get(0);
      FieldNode key = field(keyNode, inner);
      if (key.field().isNullable()) {
        // Arrow map keys are never null; some writers (Presto) leave the key OPTIONAL.
        warnings.add(
            map.name()
                + ": map key '"
                + keyNode.name()
                + "' is OPTIONAL in the file; read as non-null");
        Field k = key.field();
        key =
            new FieldNode(
                new Field(
                    k.getName(),
                    new FieldType(false, k.getType(), k.getDictionary(), k.getMetadata()),
                    k.getChildren()),
                key.kind(),
                key.levels(),
                key.column(),
                key.children());
      }
      LevelInfo levels = LevelInfo.list(outer, inner);
      if (keyValue.children().size() == 1) {
        // No value: a list of the keys.
        return list(name, nullable, levels, key);
      }
      FieldNode value = field(keyValue.children().get(1), inner);
      distinctNames(keyValue.name(), List.of(key, value));
      Field entriesField =
          new Field(
              keyValue.name(),
              FieldType.notNullable(ArrowType.Struct.INSTANCE),
              List.of(key.field(), value.field()));
      FieldNode entries =
          withId(
              new FieldNode(entriesField, FieldNode.Kind.STRUCT, inner, -1, List.of(key, value)),
              keyValue);
      Field field =
          new Field(
              name,
              new FieldType(nullable, new ArrowType.Map(false), null),
              List.of(entries.field()));
      return new FieldNode(field, FieldNode.Kind.MAP, levels, -1, List.of(entries));
    }
  }

  private static boolean isList(GroupNode g) {
    return g.element().logicalType() instanceof LogicalType.ListType
        || g.element().convertedType() == ConvertedType.LIST;
  }

  private static boolean isMap(GroupNode g) {
    return g.element().logicalType() instanceof LogicalType.MapType
        || g.element().convertedType() == ConvertedType.MAP
        || g.element().convertedType() == ConvertedType.MAP_KEY_VALUE;
  }
}
