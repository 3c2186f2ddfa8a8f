package dev.parrow.arrow.internal;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A list, large list, fixed-size list or map (a list of key-value structs): its own definition level when
 * nullable, one more for a non-empty list, and each element one level deeper in repetition; an element
 * after the first repeats at this list's depth.
 */
final class ListWriter extends FieldWriter {
  private final FieldWriter element;

  ListWriter(Field field, FieldWriter element) {
    super(field);
    this.element = element;
  }

  @Override
  void collectLeaves(List<LeafWriter> out) {
    out.addAll(element.leaves());
  }

  @Override
  void shred(ValueVector v, int i, int def, int rep, int depth) {
    if (nullable) {
      if (v.isNull(i)) {
        addEmpty(def, rep);
        return;
      }
      def++;
    }
    long start;
    long end;
    FieldVector data;
    if (v instanceof LargeListVector large) {
      start = large.getOffsetBuffer().getLong((long) i * 8);
      end = large.getOffsetBuffer().getLong((long) (i + 1) * 8);
      data = large.getDataVector();
    } else if (v instanceof FixedSizeListVector fixed) {
      start = (long) i * fixed.getListSize();
      end = start + fixed.getListSize();
      data = fixed.getDataVector();
    } else {
      ListVector list = (ListVector) v;
      start = list.getOffsetBuffer().getInt((long) i * 4);
      end = list.getOffsetBuffer().getInt((long) (i + 1) * 4);
      data = list.getDataVector();
    }
    if (start == end) {
      addEmpty(def, rep);
      return;
    }
    for (long k = start; k < end; k++) {
      element.shred(data, (int) k, def + 1, k == start ? rep : depth + 1, depth + 1);
    }
  }
}
