package dev.parrow.arrow.internal.buffers;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/** When vectors of two fields can trade their buffers. */
public final class Layouts {
  private Layouts() {}

  /**
   * Whether vectors of the two fields hold the same buffers, so that one's move into the other
   * without a copy: one type and dictionary encoding, children of the same names (a struct's are
   * transferred by name) laid out alike. The fields' own names, nullability and metadata do not
   * matter.
   */
  public static boolean alike(Field a, Field b) {
    if (!a.getType().equals(b.getType())
        || !Objects.equals(a.getDictionary(), b.getDictionary())
        || a.getChildren().size() != b.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < a.getChildren().size(); i++) {
      Field x = a.getChildren().get(i);
      Field y = b.getChildren().get(i);
      if (!x.getName().equals(y.getName()) || !alike(x, y)) {
        return false;
      }
    }
    return true;
  }
}
