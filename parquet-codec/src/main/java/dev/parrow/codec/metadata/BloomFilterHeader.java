package dev.parrow.codec.metadata;

/**
 * The header in front of a bloom filter's bitset. The three unions have a single known member each
 * (BLOCK, XXHASH, UNCOMPRESSED = field 1); their field ids are kept so a newer one can be
 * recognised.
 */
public record BloomFilterHeader(int numBytes, int algorithm, int hash, int compression) {
  public static final int BLOCK = 1;
  public static final int XXHASH = 1;
  public static final int UNCOMPRESSED = 1;

  public boolean isSupported() {
    return algorithm == BLOCK && hash == XXHASH && compression == UNCOMPRESSED;
  }
}
