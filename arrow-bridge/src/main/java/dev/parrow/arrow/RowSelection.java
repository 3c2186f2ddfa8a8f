package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.RowRanges;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The rows of a file the caller wants, by their position in the file (rows are numbered from 0
 * across the row groups, in file order): ranges or a bitmap, of the rows to keep or of the rows to
 * leave out (a deletion vector). Given to {@link ReadOptions.Builder#select}, it combines with the
 * filter and the row range; row groups and pages holding no selected row are neither read nor
 * decompressed, and flat columns decode only the selected values.
 *
 * <p>Immutable; a bitmap given to it is copied.
 */
public final class RowSelection {
  /** Ranges mode: the kept rows as sorted, disjoint, non-touching [from, to) ranges. */
  private final long[] from;

  private final long[] to;

  /** Bitmap mode: the bits (null in ranges mode). */
  private final BitSet bits;

  /** Bitmap mode: whether a set bit keeps its row (else it leaves it out). */
  private final boolean setBitsKept;

  private RowSelection(long[] from, long[] to, BitSet bits, boolean setBitsKept) {
    this.from = from;
    this.to = to;
    this.bits = bits;
    this.setBitsKept = setBitsKept;
  }

  /**
   * The rows from {@code from} (inclusive) to {@code to} (exclusive).
   *
   * @param from the first row kept
   * @param to the row after the last kept
   * @return the selection
   */
  public static RowSelection range(long from, long to) {
    return ranges(new long[] {from}, new long[] {to});
  }

  /**
   * The rows of the ranges [from[i], to[i]), in any order; overlapping ranges are joined.
   *
   * @param from the first row of each range
   * @param to the row after the last of each range
   * @return the selection
   */
  public static RowSelection ranges(long[] from, long[] to) {
    RowRanges kept = normalized(from, to);
    return new RowSelection(kept.from(), kept.to(), null, true);
  }

  /**
   * Every row but those of the ranges [from[i], to[i]).
   *
   * @param from the first row of each range left out
   * @param to the row after the last of each range left out
   * @return the selection
   */
  public static RowSelection allBut(long[] from, long[] to) {
    RowRanges out = normalized(from, to);
    List<long[]> kept = new ArrayList<>();
    long at = 0;
    for (int i = 0; i < out.count(); i++) {
      if (out.from()[i] > at) {
        kept.add(new long[] {at, out.from()[i]});
      }
      at = out.to()[i];
    }
    kept.add(new long[] {at, Long.MAX_VALUE});
    RowRanges ranges = RowRanges.ofSorted(kept);
    return new RowSelection(ranges.from(), ranges.to(), null, true);
  }

  /**
   * The rows whose bit is set.
   *
   * @param rows bit i keeps row i
   * @return the selection
   */
  public static RowSelection rows(BitSet rows) {
    return new RowSelection(null, null, (BitSet) rows.clone(), true);
  }

  /**
   * Every row but those whose bit is set: a deletion vector.
   *
   * @param deleted bit i leaves out row i
   * @return the selection
   */
  public static RowSelection allBut(BitSet deleted) {
    return new RowSelection(null, null, (BitSet) deleted.clone(), false);
  }

  private static RowRanges normalized(long[] from, long[] to) {
    if (from.length != to.length) {
      throw new IllegalArgumentException(
          "a range needs a start and an end: " + from.length + " starts, " + to.length + " ends");
    }
    List<long[]> sorted = new ArrayList<>();
    for (int i = 0; i < from.length; i++) {
      if (from[i] < 0 || to[i] < from[i]) {
        throw new IllegalArgumentException(
            "row range [" + from[i] + ", " + to[i] + ") is not a range of rows");
      }
      sorted.add(new long[] {from[i], to[i]});
    }
    sorted.sort((a, b) -> Long.compare(a[0], b[0]));
    return RowRanges.ofSorted(sorted);
  }

  /**
   * The spans of rows [start, start + rows) holding selected rows, relative to {@code start}: runs
   * of selected rows, those fewer than {@code minGap} rows apart joined, so that a scattered
   * selection reads in whole batches (whose unselected rows {@link #bits} then drops) while a gap
   * of a page or more is passed over.
   */
  RowRanges spans(long start, long rows, long minGap) {
    long end = start + rows;
    List<long[]> out = new ArrayList<>();
    if (bits == null) {
      int i = Arrays.binarySearch(to, start);
      i = i >= 0 ? i + 1 : -i - 1;
      for (; i < from.length && from[i] < end; i++) {
        add(out, Math.max(from[i], start) - start, Math.min(to[i], end) - start, minGap);
      }
    } else {
      long at = start;
      while (at < end) {
        long runStart = nextSelected(at, end);
        if (runStart >= end) {
          break;
        }
        long runEnd = nextUnselected(runStart, end);
        add(out, runStart - start, runEnd - start, minGap);
        at = runEnd;
      }
    }
    return RowRanges.ofSorted(out);
  }

  private static void add(List<long[]> out, long from, long to, long minGap) {
    long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
    if (last != null && from - last[1] < minGap) {
      last[1] = to;
    } else {
      out.add(new long[] {from, to});
    }
  }

  /** The first selected row at or after {@code at}, or {@code end} when none is before it. */
  private long nextSelected(long at, long end) {
    if (at > Integer.MAX_VALUE) {
      // Beyond any bit: rows of a bitmap of kept rows are not selected, of left-out rows are.
      return setBitsKept ? end : at;
    }
    long next = setBitsKept ? bits.nextSetBit((int) at) : bits.nextClearBit((int) at);
    return next < 0 ? end : Math.min(next, end);
  }

  /** The first unselected row after {@code at} (a selected one), or {@code end}. */
  private long nextUnselected(long at, long end) {
    if (at > Integer.MAX_VALUE) {
      return end;
    }
    long next = setBitsKept ? bits.nextClearBit((int) at) : bits.nextSetBit((int) at);
    return next < 0 ? end : Math.min(next, end);
  }

  /**
   * The selected rows of a batch of {@code rows} rows from row {@code first} of the file, as bits
   * (bit i of word i / 64 for row first + i).
   */
  long[] bits(long first, int rows) {
    long[] words = new long[(rows + 63) >>> 6];
    RowRanges spans = spans(first, rows, 1);
    for (int k = 0; k < spans.count(); k++) {
      setBits(words, (int) spans.from()[k], (int) spans.to()[k]);
    }
    return words;
  }

  private static void setBits(long[] words, int from, int to) {
    for (int i = from; i < to; ) {
      int word = i >>> 6;
      int bit = i & 63;
      int n = Math.min(64 - bit, to - i);
      long mask = n == 64 ? -1L : ((1L << n) - 1) << bit;
      words[word] |= mask;
      i += n;
    }
  }

  @Override
  public String toString() {
    if (bits == null) {
      return "RowSelection[" + from.length + " ranges]";
    }
    return "RowSelection["
        + bits.cardinality()
        + " rows "
        + (setBitsKept ? "kept" : "left out")
        + "]";
  }
}
