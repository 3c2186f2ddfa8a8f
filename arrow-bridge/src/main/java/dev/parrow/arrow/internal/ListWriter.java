package dev.parrow.arrow.internal;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A list, large list, fixed-size list or map (a list of key-value structs): its own definition
 * level when nullable, one more for a non-empty list, and each element one level deeper in
 * repetition; an element after the first repeats at this list's depth.
 */
final class ListWriter extends FieldWriter {
  /** How the vector keeps its element ranges. */
  private enum Layout {
    OFFSETS,
    LARGE_OFFSETS,
    FIXED_SIZE
  }

  private final Layout layout;
  private final FieldWriter element;

  ListWriter(Field field, FieldWriter element) {
    super(field);
    this.layout =
        field.getType() instanceof ArrowType.LargeList
            ? Layout.LARGE_OFFSETS
            : field.getType() instanceof ArrowType.FixedSizeList
                ? Layout.FIXED_SIZE
                : Layout.OFFSETS;
    this.element = element;
  }

  @Override
  void collectLeaves(List<LeafWriter> out) {
    out.addAll(element.leaves());
  }

  @Override
  void shred(ValueVector v, int i, int def, int rep, int depth) {
    int level = enter(v, i, def, rep);
    if (level < 0) {
      return;
    }
    long start =
        switch (layout) {
          case OFFSETS -> ((ListVector) v).getElementStartIndex(i);
          case LARGE_OFFSETS -> ((LargeListVector) v).getElementStartIndex(i);
          case FIXED_SIZE -> ((FixedSizeListVector) v).getElementStartIndex(i);
        };
    long end =
        switch (layout) {
          case OFFSETS -> ((ListVector) v).getElementEndIndex(i);
          case LARGE_OFFSETS -> ((LargeListVector) v).getElementEndIndex(i);
          case FIXED_SIZE -> ((FixedSizeListVector) v).getElementEndIndex(i);
        };
    if (start == end) {
      addEmpty(level, rep);
      return;
    }
    FieldVector data =
        layout == Layout.LARGE_OFFSETS
            ? ((LargeListVector) v).getDataVector()
            : layout == Layout.FIXED_SIZE
                ? ((FixedSizeListVector) v).getDataVector()
                : ((ListVector) v).getDataVector();
    for (long k = start; k < end; k++) {
      element.shred(data, (int) k, level + 1, k == start ? rep : depth + 1, depth + 1);
    }
  }
}
