package dev.parrow.arrow.internal.write;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Whether a batch has the columns a writer was made for: the same names, types, nullability and
 * dictionary encodings at every depth, except the names of list and map internals, which producers
 * choose freely (Arrow Java's "$data$" in a new or sliced vector, "element", "item", "entries").
 */
public final class SchemaMatch {
  private SchemaMatch() {}

  /** {@return whether {@code batch}'s fields match {@code writer}'s} */
  public static boolean sameColumns(List<Field> batch, List<Field> writer) {
    if (batch.size() != writer.size()) {
      return false;
    }
    for (int i = 0; i < batch.size(); i++) {
      if (!same(batch.get(i), writer.get(i), true)) {
        return false;
      }
    }
    return true;
  }

  private static boolean same(Field a, Field b, boolean namesMatter) {
    if (namesMatter && !a.getName().equals(b.getName())) {
      return false;
    }
    if (!a.getType().equals(b.getType())
        || a.isNullable() != b.isNullable()
        || !Objects.equals(a.getDictionary(), b.getDictionary())
        || a.getChildren().size() != b.getChildren().size()) {
      return false;
    }
    // A struct's children are columns, by name; a list's or map's are its internals.
    boolean childNames = a.getType() instanceof ArrowType.Struct;
    for (int i = 0; i < a.getChildren().size(); i++) {
      if (!same(a.getChildren().get(i), b.getChildren().get(i), childNames)) {
        return false;
      }
    }
    return true;
  }
}
