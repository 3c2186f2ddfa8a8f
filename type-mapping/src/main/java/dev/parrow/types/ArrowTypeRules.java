package dev.parrow.types;

import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Whether a field the ARROW:schema hint produced can be read: its shape is the Parquet node's (a
 * leaf a primitive type, a struct as many children, of distinct names, a list or map their one
 * child) and Arrow Java can make a vector of every type in it. A hint is untrusted input; these
 * rules keep what Arrow's vector factory would refuse (an Int of 29 bits, a FixedSizeBinary of
 * width 0, a dictionary index of 0 bits) from reaching it.
 */
final class ArrowTypeRules {
  private ArrowTypeRules() {}

  /** Whether {@code node}'s field has the node's shape and buildable types, all the way down. */
  static boolean fits(FieldNode node) {
    Field field = node.field();
    ArrowType type =
        field.getType() instanceof ArrowType.ExtensionType ext
            ? ext.storageType()
            : field.getType();
    List<FieldNode> children = node.children();
    boolean shape =
        switch (node.kind()) {
          case LEAF ->
              field.getChildren().isEmpty()
                  && buildableLeaf(type)
                  && (field.getDictionary() == null
                      || buildableLeaf(field.getDictionary().getIndexType()));
          case STRUCT ->
              type instanceof ArrowType.Struct
                  && field.getChildren().size() == children.size()
                  && distinctNames(field);
          case LIST ->
              (type instanceof ArrowType.List
                      || type instanceof ArrowType.LargeList
                      || type instanceof ArrowType.ListView
                      || type instanceof ArrowType.LargeListView
                      || type instanceof ArrowType.FixedSizeList f && f.getListSize() > 0)
                  && field.getChildren().size() == 1;
          case MAP -> type instanceof ArrowType.Map && field.getChildren().size() == 1;
          case VARIANT ->
              type instanceof ArrowType.Struct
                  && field.getChildren().size() == 2
                  && children.size() == 1;
        };
    if (!shape || field.getName() == null) {
      return false;
    }
    for (FieldNode child : children) {
      if (!fits(child)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a struct's children have distinct names: Arrow Java's StructVector holds one child per
   * name, so a hint naming two alike (a map's key and value both "key") would read one column into
   * the other's vector.
   */
  private static boolean distinctNames(Field struct) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Field child : struct.getChildren()) {
      if (!names.add(child.getName())) {
        return false;
      }
    }
    return true;
  }

  /** Whether Arrow Java makes a vector of this primitive type. */
  static boolean buildableLeaf(ArrowType type) {
    if (type instanceof ArrowType.Int i) {
      return i.getBitWidth() == 8
          || i.getBitWidth() == 16
          || i.getBitWidth() == 32
          || i.getBitWidth() == 64;
    }
    if (type instanceof ArrowType.FixedSizeBinary b) {
      return b.getByteWidth() > 0;
    }
    if (type instanceof ArrowType.Decimal d) {
      int max = d.getBitWidth() == 128 ? 38 : d.getBitWidth() == 256 ? 76 : 0;
      return d.getPrecision() >= 1 && d.getPrecision() <= max && d.getScale() <= d.getPrecision();
    }
    if (type instanceof ArrowType.Time t) {
      return t.getBitWidth() == 32
          ? t.getUnit() == TimeUnit.SECOND || t.getUnit() == TimeUnit.MILLISECOND
          : t.getBitWidth() == 64
              && (t.getUnit() == TimeUnit.MICROSECOND || t.getUnit() == TimeUnit.NANOSECOND);
    }
    if (type instanceof ArrowType.Date d) {
      return d.getUnit() == DateUnit.DAY || d.getUnit() == DateUnit.MILLISECOND;
    }
    return !(type instanceof ArrowType.Struct
        || type instanceof ArrowType.List
        || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.FixedSizeList
        || type instanceof ArrowType.Map
        || type instanceof ArrowType.Union
        || type instanceof ArrowType.ListView
        || type instanceof ArrowType.LargeListView
        || type instanceof ArrowType.RunEndEncoded);
  }
}
