package dev.parrow.arrow.internal.filter;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * A list column's rows in a batch, whatever Arrow list type holds them: row {@code i} holds the
 * element slots {@code starts[i]} to {@code ends[i]} of the element vector, and is a list (not
 * null) where its bit in {@code present} is set.
 *
 * @param present the rows whose list is not null, as bits
 * @param starts each row's first element slot
 * @param ends each row's element slot past its last
 * @param elements how many element slots the rows reach (the element values to read)
 */
record ListRows(long[] present, int[] starts, int[] ends, int elements) {

  /**
   * The elements numbered row after row, as pairs of row and slot: row {@code i}'s are {@code
   * starts[i]} to {@code starts[i + 1]}, so that a function of an element and a row's value
   * (list_contains of a column) computes over pairs, also where list views share slots.
   *
   * @param starts each row's first pair, and the pair count after the last row
   * @param row each pair's row
   * @param slot each pair's element slot
   */
  record Pairs(int[] starts, int[] row, int[] slot) {}

  /**
   * The first {@code rows} rows of the innermost list among {@code above} (the vectors above its
   * element leaf, from the top-level field down, the list in no other list): null also where a
   * struct above it is (a list not nullable in its struct is null with it, as SQL reads it).
   */
  static ListRows of(List<FieldVector> above, int rows) {
    int at = above.size() - 1;
    while (at >= 0 && !isList(above.get(at))) {
      at--;
    }
    if (at < 0) {
      throw new IllegalStateException("no list above the column");
    }
    ListRows lists = of(above.get(at), rows);
    for (FieldVector ancestor : above.subList(0, at)) {
      long[] valid = ColumnValues.validity(ancestor, rows);
      if (valid != null) {
        for (int w = 0; w < valid.length; w++) {
          lists.present[w] &= valid[w];
        }
      }
    }
    return lists.withElements();
  }

  private static boolean isList(FieldVector v) {
    return v instanceof ListVector
        || v instanceof LargeListVector
        || v instanceof ListViewVector
        || v instanceof LargeListViewVector
        || v instanceof FixedSizeListVector;
  }

  /** The first {@code rows} rows of a list vector. */
  private static ListRows of(FieldVector list, int rows) {
    int[] starts = new int[rows];
    int[] ends = new int[rows];
    if (list instanceof ListVector v) {
      offsets(v.getOffsetBuffer(), false, rows, starts, ends);
    } else if (list instanceof LargeListVector v) {
      offsets(v.getOffsetBuffer(), true, rows, starts, ends);
    } else if (list instanceof ListViewVector v) {
      views(v.getOffsetBuffer(), v.getSizeBuffer(), false, rows, starts, ends);
    } else if (list instanceof LargeListViewVector v) {
      views(v.getOffsetBuffer(), v.getSizeBuffer(), true, rows, starts, ends);
    } else if (list instanceof FixedSizeListVector v) {
      int size = v.getListSize();
      for (int i = 0; i < rows; i++) {
        starts[i] = Math.multiplyExact(i, size);
        ends[i] = starts[i] + size;
      }
    } else {
      throw new IllegalStateException("not a list: " + list.getClass().getSimpleName());
    }
    long[] present = ColumnValues.validity(list, rows);
    if (present == null) {
      present = new long[(rows + 63) >>> 6];
      for (int i = 0; i < rows; i++) {
        present[i >>> 6] |= 1L << i;
      }
    }
    return new ListRows(present, starts, ends, 0);
  }

  /** These rows with their element count, a null list holding none. */
  private ListRows withElements() {
    int rows = starts.length;
    int elements = 0;
    for (int i = 0; i < rows; i++) {
      if (!has(i)) {
        // A null list's slots may hold anything (a fixed-size list's do): none are read.
        ends[i] = starts[i];
      }
      elements = Math.max(elements, ends[i]);
    }
    return new ListRows(present, starts, ends, elements);
  }

  /** The elements as pairs of row and slot. */
  Pairs pairs() {
    int rows = starts.length;
    int[] pairStarts = new int[rows + 1];
    for (int i = 0; i < rows; i++) {
      pairStarts[i + 1] = Math.addExact(pairStarts[i], ends[i] - starts[i]);
    }
    int[] row = new int[pairStarts[rows]];
    int[] slot = new int[row.length];
    for (int i = 0, p = 0; i < rows; i++) {
      for (int j = starts[i]; j < ends[i]; j++, p++) {
        row[p] = i;
        slot[p] = j;
      }
    }
    return new Pairs(pairStarts, row, slot);
  }

  /** Whether row {@code i}'s list is not null. */
  boolean has(int i) {
    return (present[i >>> 6] & 1L << i) != 0;
  }

  private static void offsets(ArrowBuf offsets, boolean large, int rows, int[] starts, int[] ends) {
    for (int i = 0; i < rows; i++) {
      starts[i] = large ? Math.toIntExact(offsets.getLong(8L * i)) : offsets.getInt(4L * i);
      ends[i] =
          large ? Math.toIntExact(offsets.getLong(8L * (i + 1))) : offsets.getInt(4L * (i + 1));
    }
  }

  private static void views(
      ArrowBuf offsets, ArrowBuf sizes, boolean large, int rows, int[] starts, int[] ends) {
    for (int i = 0; i < rows; i++) {
      starts[i] = large ? Math.toIntExact(offsets.getLong(8L * i)) : offsets.getInt(4L * i);
      int size = large ? Math.toIntExact(sizes.getLong(8L * i)) : sizes.getInt(4L * i);
      ends[i] = starts[i] + size;
    }
  }
}
