package dev.parrow.codec.write;

/**
 * A Bloom filter to write for a column chunk, sized for {@code ndv} distinct values at
 * false-positive probability {@code fpp} (the bitset rounded up to a power of two, 32 bytes to 128
 * MiB).
 */
public record BloomFilterOptions(long ndv, double fpp) {
  public static final long DEFAULT_NDV = 1_000_000;
  public static final double DEFAULT_FPP = 0.05;

  public BloomFilterOptions {
    if (ndv < 1) {
      throw new IllegalArgumentException("a Bloom filter for " + ndv + " distinct values");
    }
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("false-positive probability " + fpp + " not in (0, 1)");
    }
  }
}
