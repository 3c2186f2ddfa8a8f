package dev.parrow.bench;

import java.util.Random;

/** Row selections for the selective-read benchmarks. */
final class Selections {
  private Selections() {}

  /**
   * Ascending positions below {@code n}, one in {@code every} on average, the gaps between them
   * random (1 to 2 * every - 1), as a filter matching rows spread over a page selects them.
   */
  static int[] spread(Random random, int n, int every) {
    int[] selected = new int[n];
    int count = 0;
    for (int i = random.nextInt(every); i < n; i += 1 + random.nextInt(2 * every - 1)) {
      selected[count++] = i;
    }
    return java.util.Arrays.copyOf(selected, count);
  }
}
