package dev.parrow.arrow.internal.write;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.encoding.Bits;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
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

  private int[] offsets = new int[0];
  private byte[] listValid = new byte[0];
  private byte[] elementValid = new byte[0];

  /**
   * A top-level list of a leaf (list&lt;int64&gt;, list&lt;utf8&gt;) with offsets: its levels from
   * the offsets and validity bits copied out in bulk, the same entries {@link #shred} gives,
   * without three calls down the tree for every element.
   */
  @Override
  boolean shredInBulk(FieldVector vector, int rows) {
    if (layout != Layout.OFFSETS
        || !(element instanceof LeafWriter leaf)
        || !(vector instanceof ListVector list)
        || rows == 0) {
      return false;
    }
    FieldVector data = list.getDataVector();
    if (!(data instanceof BaseFixedWidthVector
        || data instanceof BaseVariableWidthVector
        || data instanceof BaseLargeVariableWidthVector)) {
      return false;
    }
    offsets = Spread.ensure(offsets, rows + 1);
    Buffers.getInts(list.getOffsetBuffer(), offsets, 0, rows + 1);
    // Entries: one for a null or empty list, one per element otherwise (none for a list whose
    // offsets run backwards, as shred gives).
    long entries = 0;
    int lastElement = 0;
    for (int i = 0; i < rows; i++) {
      int length = offsets[i + 1] - offsets[i];
      entries += length == 0 ? 1 : Math.max(length, 0);
      lastElement = Math.max(lastElement, offsets[i + 1]);
    }
    if (nullable) {
      listValid = bits(list.getValidityBuffer(), rows, listValid);
      entries += rows; // at most one each for null lists
    }
    if (entries > Integer.MAX_VALUE - 16) {
      return false;
    }
    byte[] valid = null;
    if (leaf.nullable) {
      elementValid = bits(data.getValidityBuffer(), lastElement, elementValid);
      valid = elementValid;
    }
    leaf.reserve(data, (int) entries);
    int[] defs = leaf.defs();
    int[] reps = leaf.reps();
    int[] slots = leaf.slots();
    int n = leaf.entries();
    int p = leaf.present();
    int firstEntry = n;
    int firstPresent = p;
    // Levels as shred gives them from (def 0, rep 0, depth 0): a list present is 1 when nullable, a
    // non-empty one a level more, an element present a level more again when nullable.
    int present = nullable ? 1 : 0;
    int element = present + 1;
    int value = leaf.nullable ? element + 1 : element;
    for (int i = 0; i < rows; i++) {
      if (nullable && !Bits.get(listValid, i)) {
        defs[n] = 0;
        reps[n++] = 0;
        continue;
      }
      int start = offsets[i];
      int end = offsets[i + 1];
      if (start == end) {
        defs[n] = present;
        reps[n++] = 0;
        continue;
      }
      for (int k = start; k < end; k++) {
        reps[n] = k == start ? 0 : 1;
        if (valid != null && !Bits.get(valid, k)) {
          defs[n++] = element;
        } else {
          defs[n++] = value;
          slots[p++] = k;
        }
      }
    }
    leaf.added(n - firstEntry, p - firstPresent);
    return true;
  }

  /** The first {@code count} validity bits of {@code buffer}, in {@code into} or a larger array. */
  private static byte[] bits(ArrowBuf buffer, int count, byte[] into) {
    int bytes = (count + 7) >>> 3;
    byte[] out = into.length >= bytes ? into : new byte[bytes];
    buffer.getBytes(0, out, 0, bytes);
    return out;
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
