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
 * The Arrow schema of a whole Parquet schema, groups included: LIST in the standard 3-level form and every
 * backward-compatibility form of LogicalTypes.md (a repeated primitive, a repeated group of several fields,
 * one-field groups named {@code array} or {@code <list>_tuple}, 2-level lists), MAP and MAP_KEY_VALUE (a
 * key-value group without a value reads as a list of keys, as arrow-rs does), structs, and repeated fields
 * outside LIST/MAP (a list of non-null elements). Leaves map by {@link ParquetToArrow}.
 */
public final class NestedSchema {
  private NestedSchema() {}

  public static Schema arrowSchema(ParquetSchema schema, TypeOptions options, List<String> warnings) {
    List<Field> fields = new ArrayList<>();
    for (SchemaNode child : schema.root().children()) {
      fields.add(field(schema, child, options, warnings));
    }
    return new Schema(fields);
  }

  /** The Arrow field of one node (and its subtree). */
  public static Field field(ParquetSchema schema, SchemaNode node, TypeOptions options, List<String> warnings) {
    if (node.repetition() == Repetition.REPEATED) {
      // A repeated field outside LIST/MAP: a required list of required elements.
      Field element = nonRepeated(schema, node, "element", false, options, warnings);
      return new Field(node.name(), FieldType.notNullable(ArrowType.List.INSTANCE), List.of(element));
    }
    return nonRepeated(schema, node, node.name(), node.repetition() == Repetition.OPTIONAL, options, warnings);
  }

  /** The node as if it were not repeated, under {@code name}. */
  private static Field nonRepeated(ParquetSchema schema, SchemaNode node, String name, boolean nullable,
      TypeOptions options, List<String> warnings) {
    if (node instanceof PrimitiveNode p) {
      ColumnDescriptor column = schema.column(p.column());
      Field leaf = ParquetToArrow.leafField(column, options, warnings);
      return new Field(name, new FieldType(nullable, leaf.getType(), null, leaf.getMetadata()), null);
    }
    GroupNode group = (GroupNode) node;
    if (isList(group)) {
      return list(schema, group, name, nullable, options, warnings);
    }
    if (isMap(group)) {
      return map(schema, group, name, nullable, options, warnings);
    }
    List<Field> children = new ArrayList<>();
    for (SchemaNode child : group.children()) {
      children.add(field(schema, child, options, warnings));
    }
    return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
  }

  private static boolean isList(GroupNode g) {
    return g.element().logicalType() instanceof LogicalType.ListType || g.element().convertedType() == ConvertedType.LIST;
  }

  private static boolean isMap(GroupNode g) {
    return g.element().logicalType() instanceof LogicalType.MapType || g.element().convertedType() == ConvertedType.MAP
        || g.element().convertedType() == ConvertedType.MAP_KEY_VALUE;
  }

  private static Field list(ParquetSchema schema, GroupNode list, String name, boolean nullable, TypeOptions options,
      List<String> warnings) {
    if (list.children().size() != 1 || list.children().get(0).repetition() != Repetition.REPEATED) {
      throw new ParquetFormatException("LIST group '" + list.name() + "' must have exactly one repeated child");
    }
    SchemaNode repeated = list.children().get(0);
    Field element;
    if (repeated instanceof PrimitiveNode) {
      // 2-level: the repeated primitive is the element.
      element = nonRepeated(schema, repeated, repeated.name(), false, options, warnings);
    } else {
      GroupNode r = (GroupNode) repeated;
      boolean elementIsGroup = r.children().size() != 1 || r.name().equals("array")
          || r.name().equals(list.name() + "_tuple");
      if (elementIsGroup) {
        // The repeated group itself is the (required) element: a struct of its fields.
        List<Field> children = new ArrayList<>();
        for (SchemaNode child : r.children()) {
          children.add(field(schema, child, options, warnings));
        }
        element = new Field(r.name(), FieldType.notNullable(ArrowType.Struct.INSTANCE), children);
      } else {
        SchemaNode only = r.children().get(0);
        element = field(schema, only, options, warnings);
      }
    }
    return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(element));
  }

  private static Field map(ParquetSchema schema, GroupNode map, String name, boolean nullable, TypeOptions options,
      List<String> warnings) {
    if (map.children().size() != 1 || !(map.children().get(0) instanceof GroupNode keyValue)
        || keyValue.repetition() != Repetition.REPEATED || keyValue.children().isEmpty()
        || keyValue.children().size() > 2) {
      throw new ParquetFormatException("MAP group '" + map.name() + "' must have one repeated group of a key and "
          + "at most one value");
    }
    SchemaNode keyNode = keyValue.children().get(0);
    Field key = field(schema, keyNode, options, warnings);
    if (key.isNullable()) {
      // Arrow map keys are never null; some writers (Presto) leave the key OPTIONAL.
      warnings.add(map.name() + ": map key '" + keyNode.name() + "' is OPTIONAL in the file; read as non-null");
      key = new Field(key.getName(), new FieldType(false, key.getType(), key.getDictionary(), key.getMetadata()),
          key.getChildren());
    }
    if (keyValue.children().size() == 1) {
      // No value: a list of the keys.
      return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(key));
    }
    Field value = field(schema, keyValue.children().get(1), options, warnings);
    Field entries = new Field(keyValue.name(), FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
    return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
  }
}
