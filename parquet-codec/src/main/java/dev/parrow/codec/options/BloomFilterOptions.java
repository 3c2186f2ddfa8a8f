package dev.parrow.codec.options;

/**
 * A Bloom filter to write for each column chunk, sized for the chunk's own distinct values at
 * false-positive probability {@code fpp}, and for at most {@code ndv} of them (the bitset rounded
 * up to a power of two, 32 bytes to 128 MiB): a chunk of 100 distinct values gets a filter of a few
 * hundred bytes, one with more than {@code ndv} the filter {@code ndv} values need.
 *
 * @param ndv the most distinct values a filter is sized for, at least 1
 * @param fpp false-positive probability, in (0, 1)
 */
public record BloomFilterOptions(long ndv, double fpp) {
  /** The most distinct values a filter is sized for when no cap is given (about 1 MiB at 5%). */
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
