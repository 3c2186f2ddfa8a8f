package dev.parrow.types;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How a variant column is written shredded (VariantShredding.md): a shredding schema names the type
 * of {@code typed_value} as an Arrow type (a struct for an object's fields, a list for an array's
 * elements, else one of the spec's primitive types), and the column is written as the Arrow struct
 * {@link #shreddedField} makes of it, which maps onto the spec's Parquet groups. {@link #infer}
 * proposes a schema from values, as DuckDB and parquet-java do.
 */
public final class VariantShreddingSchema {
  private VariantShreddingSchema() {}

  /**
   * The Arrow struct a variant column is written as, shredded to {@code typed}: a required {@code
   * metadata}, an optional {@code value} and an optional {@code typed_value}, marked as a variant
   * (its Parquet group is annotated VARIANT).
   *
   * @param variant the unshredded variant field (struct of metadata and value)
   * @param typed the shredding schema: the type of {@code typed_value}
   * @return the shredded struct's field
   * @throws IllegalArgumentException if the schema holds a type the spec cannot shred
   */
  public static Field shreddedField(Field variant, Field typed) {
    check(typed, variant.getName());
    List<Field> children =
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            typedValue(typed));
    return new Field(
        variant.getName(),
        new FieldType(variant.isNullable(), ArrowType.Struct.INSTANCE, null, variant.getMetadata()),
        children);
  }

  /**
   * Whether a field is a variant written shredded: a struct marked as a variant holding {@code
   * metadata}, {@code value} and {@code typed_value}.
   *
   * @param field a field
   * @return true for a shredded variant
   */
  public static boolean isShredded(Field field) {
    return VariantArrow.markedStruct(field)
        && field.getChildren().size() == 3
        && field.getChildren().stream()
            .map(Field::getName)
            .toList()
            .equals(List.of("metadata", "value", "typed_value"));
  }

  /** {@code typed_value} of a shredded node: objects' fields and arrays' elements as groups. */
  private static Field typedValue(Field spec) {
    ArrowType type = spec.getType();
    if (type instanceof ArrowType.Struct) {
      List<Field> fields = new ArrayList<>();
      for (Field child : spec.getChildren()) {
        fields.add(group(child.getName(), child));
      }
      return new Field("typed_value", FieldType.nullable(ArrowType.Struct.INSTANCE), fields);
    }
    if (type instanceof ArrowType.List) {
      return new Field(
          "typed_value",
          FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(group("element", spec.getChildren().get(0))));
    }
    return new Field("typed_value", FieldType.nullable(type), null);
  }

  /** A required group of an optional {@code value} and {@code typed_value}. */
  private static Field group(String name, Field spec) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.nullable("value", ArrowType.Binary.INSTANCE), typedValue(spec)));
  }

  /**
   * The variant type id a shredded primitive of this Arrow type holds (VariantEncoding.md), -1 for
   * a type the spec does not shred. Decimals hold decimal4, 8 or 16 by their precision.
   *
   * @param type an Arrow type
   * @return the variant type id, or -1
   */
  public static int variantType(ArrowType type) {
    if (type instanceof UuidType) {
      return 20;
    }
    if (type instanceof ArrowType.Bool) {
      return 1;
    }
    if (type instanceof ArrowType.Int i && i.getIsSigned()) {
      return switch (i.getBitWidth()) {
        case 8 -> 3;
        case 16 -> 4;
        case 32 -> 5;
        default -> 6;
      };
    }
    if (type instanceof ArrowType.FloatingPoint f) {
      return f.getPrecision() == FloatingPointPrecision.DOUBLE
          ? 7
          : f.getPrecision() == FloatingPointPrecision.SINGLE ? 14 : -1;
    }
    if (type instanceof ArrowType.Decimal d && d.getBitWidth() == 128) {
      return d.getPrecision() <= 9 ? 8 : d.getPrecision() <= 18 ? 9 : 10;
    }
    if (type instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY) {
      return 11;
    }
    if (type instanceof ArrowType.Time t
        && t.getUnit() == TimeUnit.MICROSECOND
        && t.getBitWidth() == 64) {
      return 17;
    }
    if (type instanceof ArrowType.Timestamp t) {
      boolean utc = t.getTimezone() != null;
      return switch (t.getUnit()) {
        case MICROSECOND -> utc ? 12 : 13;
        case NANOSECOND -> utc ? 18 : 19;
        default -> -1;
      };
    }
    if (type instanceof ArrowType.Utf8) {
      return 16;
    }
    if (type instanceof ArrowType.Binary) {
      return 15;
    }
    return -1;
  }

  /** The Arrow type a shredded primitive of this variant type id takes, or null. */
  private static ArrowType arrowType(int variantType, int scale) {
    return switch (variantType) {
      case 1, 2 -> ArrowType.Bool.INSTANCE;
      case 3 -> new ArrowType.Int(8, true);
      case 4 -> new ArrowType.Int(16, true);
      case 5 -> new ArrowType.Int(32, true);
      case 6 -> new ArrowType.Int(64, true);
      case 7 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case 14 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case 8 -> new ArrowType.Decimal(9, scale, 128);
      case 9 -> new ArrowType.Decimal(18, scale, 128);
      case 10 -> new ArrowType.Decimal(38, scale, 128);
      case 11 -> new ArrowType.Date(DateUnit.DAY);
      case 12 -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      case 13 -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
      case 18 -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC");
      case 19 -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
      case 15 -> ArrowType.Binary.INSTANCE;
      case 16 -> ArrowType.Utf8.INSTANCE;
      case 17 -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case 20 -> UuidType.INSTANCE;
      default -> null;
    };
  }

  /** Fails, naming the path, on a type the spec cannot shred. */
  private static void check(Field spec, String path) {
    ArrowType type = spec.getType();
    if (type instanceof ArrowType.Struct) {
      if (spec.getChildren().isEmpty()) {
        throw new IllegalArgumentException(path + ": a shredded object needs at least one field");
      }
      for (Field child : spec.getChildren()) {
        check(child, path + "." + child.getName());
      }
    } else if (type instanceof ArrowType.List) {
      check(spec.getChildren().get(0), path + "[]");
    } else if (type instanceof ArrowType.Decimal d
        && (d.getScale() < 0 || d.getScale() > d.getPrecision())) {
      throw new IllegalArgumentException(
          path + ": " + type + " has a scale outside 0 to precision");
    } else if (variantType(type) < 0) {
      throw new IllegalArgumentException(
          path
              + ": "
              + type
              + " is not a type variants shred to (booleans, signed integers, float, double,"
              + " decimal128, date, time[us], timestamp[us|ns], string, binary, uuid, struct,"
              + " list)");
    }
  }

  /**
   * A shredding schema for these variant values, as engines infer one: at each path the kind of
   * value most of them have (an object, an array or a primitive type, exactly, a decimal's scale
   * included); an object's fields that at least a tenth of its objects have, at most {@code
   * maxFields} of them, the most frequent first; to {@code maxDepth} levels. Null when the values
   * have nothing in common worth shredding (no values, or mostly nulls).
   *
   * @param metadata each value's metadata blob
   * @param values each value's value blob (null entries are skipped)
   * @param maxFields the most fields shredded per object
   * @param maxDepth the most levels of nesting shredded
   * @return the schema (a field named {@code typed_value}), or null
   */
  public static Field infer(
      List<byte[]> metadata, List<byte[]> values, int maxFields, int maxDepth) {
    Node root = new Node();
    for (int i = 0; i < values.size(); i++) {
      byte[] v = values.get(i);
      if (v != null) {
        root.add(VariantEncoding.Metadata.of(metadata.get(i)), v, 0, maxDepth);
      }
    }
    return root.schema("typed_value", maxFields);
  }

  /** What the values at one path were: counts by kind, and the children's. */
  private static final class Node {
    private final Map<String, Integer> kinds = new LinkedHashMap<>();
    private int count;
    private final Map<String, Node> fields = new LinkedHashMap<>();
    private Node elements;

    void add(VariantEncoding.Metadata m, byte[] v, int offset, int depth) {
      count++;
      int type = VariantEncoding.typeOf(v, offset);
      if (type == VariantEncoding.TYPE_OBJECT) {
        kinds.merge("object", 1, Integer::sum);
        if (depth > 0) {
          int[][] f = VariantEncoding.objectFields(v, offset);
          for (int k = 0; k < f[0].length; k++) {
            fields.computeIfAbsent(m.name(f[0][k]), n -> new Node()).add(m, v, f[1][k], depth - 1);
          }
        }
      } else if (type == VariantEncoding.TYPE_ARRAY) {
        kinds.merge("array", 1, Integer::sum);
        if (depth > 0) {
          if (elements == null) {
            elements = new Node();
          }
          for (int start : VariantEncoding.arrayElements(v, offset)) {
            elements.add(m, v, start, depth - 1);
          }
        }
      } else if (type >= 8 && type <= 10) {
        // A decimal shreds only with its scale, and one its width can hold.
        java.math.BigDecimal d = VariantEncoding.decimal(v, offset);
        int digits = type == 8 ? 9 : type == 9 ? 18 : 38;
        if (d.scale() >= 0 && d.scale() <= digits && d.precision() <= digits) {
          kinds.merge(type + ":" + d.scale(), 1, Integer::sum);
        }
      } else if (type != 0) {
        kinds.merge((type == 2 ? 1 : type) + ":0", 1, Integer::sum);
      }
    }

    Field schema(String name, int maxFields) {
      String kind = null;
      int best = 0;
      for (Map.Entry<String, Integer> e : kinds.entrySet()) {
        if (e.getValue() > best) {
          best = e.getValue();
          kind = e.getKey();
        }
      }
      if (kind == null || best * 2 < count) {
        return null;
      }
      if (kind.equals("object")) {
        List<Map.Entry<String, Node>> common = new ArrayList<>();
        for (Map.Entry<String, Node> e : fields.entrySet()) {
          if (e.getValue().count * 10 >= best) {
            common.add(e);
          }
        }
        common.sort((a, b) -> Integer.compare(b.getValue().count, a.getValue().count));
        List<Field> children = new ArrayList<>();
        for (Map.Entry<String, Node> e : common) {
          if (children.size() == maxFields) {
            break;
          }
          Field child = e.getValue().schema(e.getKey(), maxFields);
          if (child != null) {
            // A field of no common type stays in the residual object.
            children.add(child);
          }
        }
        if (children.isEmpty()) {
          return null;
        }
        children.sort(java.util.Comparator.comparing(Field::getName));
        return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), children);
      }
      if (kind.equals("array")) {
        Field element = elements == null ? null : elements.schema("element", maxFields);
        if (element == null) {
          return null;
        }
        return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
      }
      String[] parts = kind.split(":");
      ArrowType type = arrowType(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
      return type == null ? null : new Field(name, FieldType.nullable(type), null);
    }
  }
}
