package dev.parrow.codec.metadata;

/**
 * The header in front of a bloom filter's bitset. The three unions have a single known member each
 * (BLOCK, XXHASH, UNCOMPRESSED = field 1); their field ids are kept so a newer one can be
 * recognised.
 *
 * @param numBytes the bitset's size in bytes
 * @param algorithm the algorithm union's field id
 * @param hash the hash union's field id
 * @param compression the compression union's field id
 */
public record BloomFilterHeader(int numBytes, int algorithm, int hash, int compression) {
  /** The BLOCK member of the algorithm union: the split-block filter. */
  public static final int BLOCK = 1;

  /** The XXHASH member of the hash union: XXH64 with seed 0. */
  public static final int XXHASH = 1;

  /** The UNCOMPRESSED member of the compression union. */
  public static final int UNCOMPRESSED = 1;

  /**
   * Whether Parrow can probe the filter: the one algorithm, hash and compression the format
   * defines.
   *
   * @return true for a known kind of filter
   */
  public boolean isSupported() {
    return algorithm == BLOCK && hash == XXHASH && compression == UNCOMPRESSED;
  }
}
