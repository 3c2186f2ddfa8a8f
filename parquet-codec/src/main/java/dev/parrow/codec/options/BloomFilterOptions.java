package dev.parrow.codec.options;

/**
 * A Bloom filter to write for a column chunk, sized for {@code ndv} distinct values at
 * false-positive probability {@code fpp} (the bitset rounded up to a power of two, 32 bytes to 128
 * MiB).
 *
 * @param ndv distinct values expected, at least 1
 * @param fpp false-positive probability, in (0, 1)
 */
public record BloomFilterOptions(long ndv, double fpp) {
  /** The distinct values a filter is sized for when none are given. */
  public static final long DEFAULT_NDV = 1_000_000;

  /** The false-positive probability when none is given. */
  public static final double DEFAULT_FPP = 0.05;

  /**
   * Checks the options.
   *
   * @param ndv distinct values expected, at least 1
   * @param fpp false-positive probability, in (0, 1)
   */
  public BloomFilterOptions {
    if (ndv < 1) {
      throw new IllegalArgumentException("a Bloom filter for " + ndv + " distinct values");
    }
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("false-positive probability " + fpp + " not in (0, 1)");
    }
  }
}
