package dev.parrow.arrow.internal.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of a row group as sorted, disjoint, non-adjacent ranges [from, to): the rows a filter may
 * match by the page index.
 */
public record RowRanges(long[] from, long[] to) {

  public static RowRanges all(long rows) {
    return rows == 0 ? none() : new RowRanges(new long[] {0}, new long[] {rows});
  }

  /** Rows [from, to). */
  public static RowRanges between(long from, long to) {
    return from >= to ? none() : new RowRanges(new long[] {from}, new long[] {to});
  }

  public static RowRanges none() {
    return new RowRanges(new long[0], new long[0]);
  }

  public int count() {
    return from.length;
  }

  public long rows() {
    long n = 0;
    for (int i = 0; i < from.length; i++) {
      n += to[i] - from[i];
    }
    return n;
  }

  /**
   * Ranges from possibly overlapping or touching ones, in ascending order of their start.
   *
   * @param ranges [from, to) pairs, sorted by from
   * @return the ranges, joined where they overlap or touch
   */
  public static RowRanges ofSorted(List<long[]> ranges) {
    List<long[]> merged = new ArrayList<>();
    for (long[] r : ranges) {
      if (r[1] <= r[0]) {
        continue;
      }
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && r[0] <= last[1]) {
        last[1] = Math.max(last[1], r[1]);
      } else {
        merged.add(new long[] {r[0], r[1]});
      }
    }
    long[] f = new long[merged.size()];
    long[] t = new long[merged.size()];
    for (int i = 0; i < f.length; i++) {
      f[i] = merged.get(i)[0];
      t[i] = merged.get(i)[1];
    }
    return new RowRanges(f, t);
  }

  public RowRanges union(RowRanges other) {
    List<long[]> all = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < count() || j < other.count()) {
      if (j == other.count() || (i < count() && from[i] <= other.from[j])) {
        all.add(new long[] {from[i], to[i]});
        i++;
      } else {
        all.add(new long[] {other.from[j], other.to[j]});
        j++;
      }
    }
    return ofSorted(all);
  }

  public RowRanges intersect(RowRanges other) {
    List<long[]> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < count() && j < other.count()) {
      long lo = Math.max(from[i], other.from[j]);
      long hi = Math.min(to[i], other.to[j]);
      if (lo < hi) {
        out.add(new long[] {lo, hi});
      }
      if (to[i] < other.to[j]) {
        i++;
      } else {
        j++;
      }
    }
    return ofSorted(out);
  }
}
