package dev.parrow.arrow.internal;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
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
    FIXED_SIZE,
    /** A list view: each list's own offset and size, in any order, overlapping or not. */
    VIEW,
    LARGE_VIEW
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
                : field.getType() instanceof ArrowType.ListView
                    ? Layout.VIEW
                    : field.getType() instanceof ArrowType.LargeListView
                        ? Layout.LARGE_VIEW
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
          case VIEW -> ((ListViewVector) v).getOffsetBuffer().getInt((long) i * 4);
          case LARGE_VIEW -> ((LargeListViewVector) v).getOffsetBuffer().getLong((long) i * 8);
        };
    long end =
        switch (layout) {
          case OFFSETS -> ((ListVector) v).getElementEndIndex(i);
          case LARGE_OFFSETS -> ((LargeListVector) v).getElementEndIndex(i);
          case FIXED_SIZE -> ((FixedSizeListVector) v).getElementEndIndex(i);
          case VIEW -> start + ((ListViewVector) v).getSizeBuffer().getInt((long) i * 4);
          case LARGE_VIEW ->
              start + ((LargeListViewVector) v).getSizeBuffer().getLong((long) i * 8);
        };
    if (start == end) {
      addEmpty(level, rep);
      return;
    }
    FieldVector data =
        switch (layout) {
          case OFFSETS -> ((ListVector) v).getDataVector();
          case LARGE_OFFSETS -> ((LargeListVector) v).getDataVector();
          case FIXED_SIZE -> ((FixedSizeListVector) v).getDataVector();
          case VIEW -> ((ListViewVector) v).getDataVector();
          case LARGE_VIEW -> ((LargeListViewVector) v).getDataVector();
        };
    for (long k = start; k < end; k++) {
      element.shred(data, (int) k, level + 1, k == start ? rep : depth + 1, depth + 1);
    }
  }
}
