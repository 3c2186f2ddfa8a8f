package dev.parrow.arrow.internal.write;

import java.util.List;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/** A struct: its own definition level when nullable, then each child at the same slot. */
final class StructWriter extends FieldWriter {
  private final List<FieldWriter> children;

  StructWriter(Field field, List<FieldWriter> children) {
    super(field);
    this.children = List.copyOf(children);
  }

  @Override
  void collectLeaves(List<LeafWriter> out) {
    for (FieldWriter child : children) {
      out.addAll(child.leaves());
    }
  }

  @Override
  void shred(ValueVector v, int i, int def, int rep, int depth) {
    int level = enter(v, i, def, rep);
    if (level >= 0) {
      StructVector struct = (StructVector) v;
      for (int c = 0; c < children.size(); c++) {
        children.get(c).shred(struct.getChildByOrdinal(c), i, level, rep, depth);
      }
    }
  }
}
