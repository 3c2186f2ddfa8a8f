package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Union and intersection of row ranges against bit sets. */
class RowRangesTest {
  @Test
  void unionAndIntersectionMatchBitSets() {
    Random r = new Random(3);
    for (int trial = 0; trial < 500; trial++) {
      int rows = 1 + r.nextInt(200);
      BitSet a = new BitSet();
      BitSet b = new BitSet();
      RowRanges ra = random(r, rows, a);
      RowRanges rb = random(r, rows, b);
      BitSet or = (BitSet) a.clone();
      or.or(b);
      BitSet and = (BitSet) a.clone();
      and.and(b);
      assertEquals(or, bits(ra.union(rb)));
      assertEquals(and, bits(ra.intersect(rb)));
      assertEquals(and.cardinality(), ra.intersect(rb).rows());
    }
  }

  private static RowRanges random(Random r, int rows, BitSet into) {
    java.util.List<long[]> ranges = new java.util.ArrayList<>();
    long at = 0;
    while (at < rows) {
      long from = at + r.nextInt(20);
      long to = Math.min(rows, from + r.nextInt(20));
      if (from < to) {
        ranges.add(new long[] {from, to});
        into.set((int) from, (int) to);
      }
      at = to + 1;
    }
    return RowRanges.ofSorted(ranges);
  }

  private static BitSet bits(RowRanges ranges) {
    BitSet out = new BitSet();
    for (int i = 0; i < ranges.count(); i++) {
      out.set((int) ranges.from()[i], (int) ranges.to()[i]);
    }
    return out;
  }
}
