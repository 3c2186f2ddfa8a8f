package dev.parrow.arrow.internal.filter;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Keeps only the selected rows of a vector, in place: the selected runs move to the front, in bulk
 * (one copy per run of each buffer), and a list's elements follow its rows. The buffers keep their
 * capacity; only what is kept is rewritten, and a value never moves backwards over one not yet
 * moved, so no scratch copy of the data is needed.
 */
public final class Compaction {
  private Compaction() {}

  /**
   * Selected row runs: {@code start[i]}, {@code length[i]} for i below {@code count}, ascending.
   */
  public record Runs(int[] start, int[] length, int count, int total) {

    public static Runs of(long[] bits, int rows) {
      int[] start = new int[16];
      int[] length = new int[16];
      int count = 0;
      int total = 0;
      int i = 0;
      while (i < rows) {
        int w = i >>> 6;
        long word = bits[w] >>> (i & 63);
        if (word == 0) {
          i = (w + 1) << 6;
          continue;
        }
        i += Long.numberOfTrailingZeros(word);
        if (i >= rows) {
          break;
        }
        int s = i;
        while (i < rows && (bits[i >>> 6] >>> i & 1) != 0) {
          i++;
        }
        if (count == start.length) {
          start = java.util.Arrays.copyOf(start, count * 2);
          length = java.util.Arrays.copyOf(length, count * 2);
        }
        start[count] = s;
        length[count] = i - s;
        total += i - s;
        count++;
      }
      return new Runs(start, length, count, total);
    }
  }

  /** Compacts {@code vector} (of {@code rows} rows) to the rows of {@code runs}. */
  public static void compact(FieldVector vector, Runs runs) {
    if (vector instanceof ExtensionTypeVector<?> ext) {
      compact((FieldVector) ext.getUnderlyingVector(), runs);
      vector.setValueCount(runs.total());
      return;
    }
    if (vector instanceof NullVector) {
      vector.setValueCount(runs.total());
      return;
    }
    if (vector instanceof BitVector bits) {
      moveBits(bits.getValidityBuffer(), runs);
      moveBits(bits.getDataBuffer(), runs);
    } else if (vector instanceof BaseFixedWidthVector fixed) {
      moveBits(fixed.getValidityBuffer(), runs);
      moveBytes(fixed.getDataBuffer(), runs, fixed.getTypeWidth());
    } else if (vector instanceof BaseVariableWidthVector variable) {
      moveBits(variable.getValidityBuffer(), runs);
      moveVariable(variable.getOffsetBuffer(), variable.getDataBuffer(), runs, false);
      variable.setLastSet(runs.total() - 1);
    } else if (vector instanceof BaseLargeVariableWidthVector variable) {
      moveBits(variable.getValidityBuffer(), runs);
      moveVariable(variable.getOffsetBuffer(), variable.getDataBuffer(), runs, true);
      variable.setLastSet(runs.total() - 1);
    } else if (vector instanceof org.apache.arrow.vector.BaseVariableWidthViewVector views) {
      // Utf8View and BinaryView: the 16-byte views move; the data buffers they point into stay.
      moveBits(views.getValidityBuffer(), runs);
      moveBytes(views.getDataBuffer(), runs, 16);
      views.setLastSet(runs.total() - 1);
    } else if (vector instanceof StructVector struct) {
      moveBits(struct.getValidityBuffer(), runs);
      for (FieldVector child : struct.getChildrenFromFields()) {
        compact(child, runs);
      }
    } else if (vector instanceof ListVector list) {
      moveBits(list.getValidityBuffer(), runs);
      Runs elements = elementRuns(list.getOffsetBuffer(), runs, false);
      rewriteOffsets(list.getOffsetBuffer(), runs, false);
      compact(list.getDataVector(), elements);
      list.setLastSet(runs.total() - 1);
    } else if (vector instanceof LargeListVector list) {
      moveBits(list.getValidityBuffer(), runs);
      Runs elements = elementRuns(list.getOffsetBuffer(), runs, true);
      rewriteOffsets(list.getOffsetBuffer(), runs, true);
      compact(list.getDataVector(), elements);
      list.setLastSet(runs.total() - 1);
    } else if (vector instanceof org.apache.arrow.vector.complex.ListViewVector view) {
      compact(
          view.getDataVector(),
          compactView(
              view.getValidityBuffer(), view.getOffsetBuffer(), view.getSizeBuffer(), runs, 4));
    } else if (vector instanceof org.apache.arrow.vector.complex.LargeListViewVector view) {
      compact(
          view.getDataVector(),
          compactView(
              view.getValidityBuffer(), view.getOffsetBuffer(), view.getSizeBuffer(), runs, 8));
    } else if (vector instanceof FixedSizeListVector list) {
      moveBits(list.getValidityBuffer(), runs);
      int size = list.getListSize();
      int[] start = new int[runs.count()];
      int[] length = new int[runs.count()];
      for (int r = 0; r < runs.count(); r++) {
        start[r] = runs.start()[r] * size;
        length[r] = runs.length()[r] * size;
      }
      compact(list.getDataVector(), new Runs(start, length, runs.count(), runs.total() * size));
    } else {
      throw new IllegalStateException(
          "cannot keep selected rows of a " + vector.getClass().getSimpleName());
    }
    vector.setValueCount(runs.total());
  }

  /**
   * Keeps the selected lists of a list view as the reader builds them (offsets in order, no
   * overlap): their validity and sizes moved to the front, offsets summed anew; gives the runs of
   * their elements.
   */
  private static Runs compactView(
      ArrowBuf validity, ArrowBuf offsets, ArrowBuf sizes, Runs runs, int width) {
    int[] start = new int[runs.count()];
    int[] length = new int[runs.count()];
    int total = 0;
    for (int r = 0; r < runs.count(); r++) {
      int first = runs.start()[r];
      int last = first + runs.length()[r] - 1;
      long from = width == 4 ? offsets.getInt((long) first * 4) : offsets.getLong((long) first * 8);
      long to =
          width == 4
              ? offsets.getInt((long) last * 4) + sizes.getInt((long) last * 4)
              : offsets.getLong((long) last * 8) + sizes.getLong((long) last * 8);
      start[r] = (int) from;
      length[r] = (int) (to - from);
      total += length[r];
    }
    moveBits(validity, runs);
    moveBytes(sizes, runs, width);
    long at = 0;
    for (int i = 0; i < runs.total(); i++) {
      if (width == 4) {
        offsets.setInt((long) i * 4, (int) at);
        at += sizes.getInt((long) i * 4);
      } else {
        offsets.setLong((long) i * 8, at);
        at += sizes.getLong((long) i * 8);
      }
    }
    return new Runs(start, length, runs.count(), total);
  }

  private static void moveBits(ArrowBuf buf, Runs runs) {
    if (buf == null || buf.capacity() == 0) {
      return;
    }
    int to = 0;
    for (int r = 0; r < runs.count(); r++) {
      int from = runs.start()[r];
      int n = runs.length()[r];
      if (from == to) {
        to += n;
        continue;
      }
      for (int i = 0; i < n; i++, to++) {
        int src = from + i;
        boolean set = (buf.getByte(src >>> 3) >>> (src & 7) & 1) != 0;
        byte b = buf.getByte(to >>> 3);
        buf.setByte(to >>> 3, set ? b | (1 << (to & 7)) : b & ~(1 << (to & 7)));
      }
    }
  }

  private static void moveBytes(ArrowBuf buf, Runs runs, int width) {
    long to = 0;
    for (int r = 0; r < runs.count(); r++) {
      long from = (long) runs.start()[r] * width;
      long n = (long) runs.length()[r] * width;
      if (from != to) {
        buf.setBytes(to, buf, from, n);
      }
      to += n;
    }
  }

  private static long offset(ArrowBuf offsets, int i, boolean large) {
    return large ? offsets.getLong((long) i * 8) : offsets.getInt((long) i * 4);
  }

  private static void setOffset(ArrowBuf offsets, int i, long value, boolean large) {
    if (large) {
      offsets.setLong((long) i * 8, value);
    } else {
      offsets.setInt((long) i * 4, (int) value);
    }
  }

  /** Moves the runs' bytes to the front of {@code data} and rewrites their offsets. */
  private static void moveVariable(ArrowBuf offsets, ArrowBuf data, Runs runs, boolean large) {
    long dataTo = 0;
    int row = 0;
    long offset0 = offset(offsets, 0, large);
    setOffset(offsets, 0, 0, large);
    for (int r = 0; r < runs.count(); r++) {
      int from = runs.start()[r];
      int n = runs.length()[r];
      long first = from == 0 ? offset0 : offset(offsets, from, large);
      long last = offset(offsets, from + n, large);
      if (first != dataTo) {
        data.setBytes(dataTo, data, first, last - first);
      }
      // Offsets are read before they are overwritten: row + k + 1 <= from + k + 1.
      for (int k = 0; k < n; k++) {
        long end = offset(offsets, from + k + 1, large);
        setOffset(offsets, row + k + 1, dataTo + end - first, large);
      }
      dataTo += last - first;
      row += n;
    }
  }

  /** The element runs of the selected rows of a list, from its (not yet rewritten) offsets. */
  private static Runs elementRuns(ArrowBuf offsets, Runs runs, boolean large) {
    int[] start = new int[runs.count()];
    int[] length = new int[runs.count()];
    int total = 0;
    for (int r = 0; r < runs.count(); r++) {
      long first = offset(offsets, runs.start()[r], large);
      long last = offset(offsets, runs.start()[r] + runs.length()[r], large);
      start[r] = Math.toIntExact(first);
      length[r] = Math.toIntExact(last - first);
      total += length[r];
    }
    return new Runs(start, length, runs.count(), total);
  }

  private static void rewriteOffsets(ArrowBuf offsets, Runs runs, boolean large) {
    long to = 0;
    int row = 0;
    long firstOfAll = offset(offsets, 0, large);
    setOffset(offsets, 0, 0, large);
    for (int r = 0; r < runs.count(); r++) {
      int from = runs.start()[r];
      int n = runs.length()[r];
      long first = from == 0 ? firstOfAll : offset(offsets, from, large);
      for (int k = 0; k < n; k++) {
        long end = offset(offsets, from + k + 1, large);
        setOffset(offsets, row + k + 1, to + end - first, large);
      }
      to = offset(offsets, row + n, large);
      row += n;
    }
  }
}
