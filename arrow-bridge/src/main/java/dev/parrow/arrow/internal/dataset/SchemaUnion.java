package dev.parrow.arrow.internal.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The schema of many files, unified by top-level field name: a field takes the first file's place
 * in the order; a field some files lack is nullable (they read it as nulls); integers of one
 * signedness widen to the widest, floats to double, decimals to the precision and scale that hold
 * both; any other difference is an error naming both files.
 */
public final class SchemaUnion {
  private final Map<String, Field> fields = new LinkedHashMap<>();
  private final Map<String, String> firstFile = new LinkedHashMap<>();
  private final Map<String, Integer> seen = new LinkedHashMap<>();
  private int files;

  /**
   * Adds one file's schema.
   *
   * @throws IllegalArgumentException when a field's type cannot be unified with an earlier file's
   */
  public void add(String file, Schema schema) {
    files++;
    for (Field f : schema.getFields()) {
      seen.merge(f.getName(), 1, Integer::sum);
      Field before = fields.get(f.getName());
      if (before == null) {
        fields.put(f.getName(), f);
        firstFile.put(f.getName(), file);
        continue;
      }
      Field merged = merge(before, f);
      if (merged == null) {
        throw new IllegalArgumentException(
            "column '"
                + f.getName()
                + "' is "
                + describe(before)
                + " in "
                + firstFile.get(f.getName())
                + " but "
                + describe(f)
                + " in "
                + file
                + ": the files cannot be read as one dataset");
      }
      fields.put(f.getName(), merged);
    }
  }

  /** {@return the unified fields, nullable where some file lacks them} */
  public List<Field> fields() {
    List<Field> out = new ArrayList<>();
    for (Field f : fields.values()) {
      boolean everywhere = seen.get(f.getName()) == files;
      out.add(everywhere ? f : nullable(f));
    }
    return out;
  }

  private static Field nullable(Field f) {
    if (f.isNullable()) {
      return f;
    }
    FieldType t = f.getFieldType();
    return new Field(
        f.getName(),
        new FieldType(true, t.getType(), t.getDictionary(), t.getMetadata()),
        f.getChildren());
  }

  private static String describe(Field f) {
    return f.getChildren().isEmpty() ? f.getType().toString() : f.toString();
  }

  /** The field that holds both, or null when there is none. */
  static Field merge(Field a, Field b) {
    ArrowType type = widen(a.getType(), b.getType());
    if (type == null) {
      return null;
    }
    if (!a.getChildren().isEmpty() || !b.getChildren().isEmpty()) {
      if (!a.getType().equals(b.getType()) || a.getChildren().size() != b.getChildren().size()) {
        return null;
      }
      List<Field> children = new ArrayList<>();
      for (int i = 0; i < a.getChildren().size(); i++) {
        Field ca = a.getChildren().get(i);
        Field cb = b.getChildren().get(i);
        if (!ca.getName().equals(cb.getName()) || !ca.getType().equals(cb.getType())) {
          return null;
        }
        Field child = merge(ca, cb);
        if (child == null) {
          return null;
        }
        children.add(child);
      }
      return new Field(a.getName(), fieldType(a, b, type), children);
    }
    return new Field(a.getName(), fieldType(a, b, type), List.of());
  }

  private static FieldType fieldType(Field a, Field b, ArrowType type) {
    boolean nullable = a.isNullable() || b.isNullable();
    return new FieldType(nullable, type, null, a.getMetadata());
  }

  /** The type that holds every value of both, or null. */
  public static ArrowType widen(ArrowType a, ArrowType b) {
    if (a.equals(b)) {
      return a;
    }
    if (a instanceof ArrowType.Int x && b instanceof ArrowType.Int y) {
      if (x.getIsSigned() == y.getIsSigned()) {
        return x.getBitWidth() >= y.getBitWidth() ? x : y;
      }
      ArrowType.Int signed = x.getIsSigned() ? x : y;
      ArrowType.Int unsigned = x.getIsSigned() ? y : x;
      return signed.getBitWidth() > unsigned.getBitWidth() ? signed : null;
    }
    if (a instanceof ArrowType.FloatingPoint && b instanceof ArrowType.FloatingPoint) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    }
    if (a instanceof ArrowType.Decimal x && b instanceof ArrowType.Decimal y) {
      int scale = Math.max(x.getScale(), y.getScale());
      int precision =
          Math.max(x.getPrecision() - x.getScale(), y.getPrecision() - y.getScale()) + scale;
      if (precision > 76) {
        return null;
      }
      int width = Math.max(Math.max(x.getBitWidth(), y.getBitWidth()), precision > 38 ? 256 : 128);
      return new ArrowType.Decimal(precision, scale, width);
    }
    return null;
  }
}
