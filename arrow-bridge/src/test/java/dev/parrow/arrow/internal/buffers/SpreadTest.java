package dev.parrow.arrow.internal.buffers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The in-place spreads of 4- and 8-byte values against a plain reference (one slot at a time, into
 * a fresh array), on random validity at every null density, for row counts from 1 upward.
 */
class SpreadTest {

  @Test
  void inPlaceSpreadsMatchTheReference() {
    Random random = new Random(31);
    for (int trial = 0; trial < 3000; trial++) {
      int rows = 1 + (trial < 1000 ? trial % 70 : random.nextInt(70_000));
      double nulls = random.nextInt(5) == 0 ? 0.999 : random.nextDouble();
      byte[] validity = new byte[(rows + 7) / 8];
      int present = 0;
      for (int i = 0; i < rows; i++) {
        if (random.nextDouble() >= nulls) {
          validity[i >>> 3] |= (byte) (1 << (i & 7));
          present++;
        }
      }
      if (present == rows) {
        continue; // the fillers spread only batches with a null
      }
      long[] dense = random.longs(rows).toArray();
      long[] want = new long[rows];
      int[] wantInts = new int[rows];
      for (int i = 0, j = 0; i < rows; i++) {
        if ((validity[i >>> 3] & (1 << (i & 7))) != 0) {
          want[i] = dense[j];
          wantInts[i] = (int) dense[j];
          j++;
        }
      }
      long[] longs = Arrays.copyOf(dense, rows + random.nextInt(3));
      Spread.longsInPlace(longs, validity, rows, present);
      assertArrayEquals(want, Arrays.copyOf(longs, rows), "longs, trial " + trial);
      int[] ints = Arrays.stream(dense).mapToInt(v -> (int) v).toArray();
      Spread.intsInPlace(ints, validity, rows, present);
      assertArrayEquals(wantInts, ints, "ints, trial " + trial);
    }
  }
}
