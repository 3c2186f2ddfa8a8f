package dev.parrow.codec.options;

/**
 * Content-defined chunking, as Arrow C++ 21 ({@code use_content_defined_chunking}) and arrow-rs
 * define it: data pages end where a rolling hash of the values (and their levels) says, not at a
 * byte count, so that inserting or deleting rows changes only the pages around the change and
 * deduplicating storage keeps the rest. Sizes count the bytes hashed: each value as Arrow holds it,
 * and two bytes for each definition and repetition level, before any encoding.
 *
 * @param minChunkSize no page ends before this many bytes (the hash is not even computed before)
 * @param maxChunkSize a page ends at this many bytes whatever the hash says
 * @param normLevel how much more narrowly chunk sizes gather around their mean (0 = Arrow's
 *     default; each step up halves the odds of a cut being missed, giving more, smaller pages)
 */
public record ContentDefinedChunking(int minChunkSize, int maxChunkSize, int normLevel) {

  /** Arrow C++'s defaults: 256 KiB to 1 MiB, normalisation level 0. */
  public static final ContentDefinedChunking DEFAULTS =
      new ContentDefinedChunking(256 * 1024, 1024 * 1024, 0);

  /**
   * Checks the parameters: the mask the hash is tested against needs at least one bit.
   *
   * @param minChunkSize the least bytes per chunk, at least 1
   * @param maxChunkSize the most bytes per chunk, more than the least
   * @param normLevel the normalisation level, at least 0
   */
  public ContentDefinedChunking {
    if (minChunkSize < 1 || maxChunkSize <= minChunkSize) {
      throw new IllegalArgumentException(
          "content-defined chunks need 0 < min < max, not min "
              + minChunkSize
              + ", max "
              + maxChunkSize);
    }
    if (normLevel < 0 || maskBits(minChunkSize, maxChunkSize, normLevel) < 1) {
      throw new IllegalArgumentException(
          "content-defined chunking between "
              + minChunkSize
              + " and "
              + maxChunkSize
              + " bytes leaves no room for normalisation level "
              + normLevel
              + ": widen the range or lower the level");
    }
  }

  /**
   * The number of high bits of the rolling hash that must be zero for a match: from the span
   * between the least and the mean chunk size (hashing starts at the least), less three because a
   * cut takes eight matches in a row, less the normalisation level.
   */
  static int maskBits(long min, long max, int normLevel) {
    long target = (min + max) / 2 - min;
    int log2 = 63 - Long.numberOfLeadingZeros(target);
    return log2 - 3 - normLevel;
  }

  /**
   * {@return the mask the rolling hash is tested against: a match when the hash has zeros in all
   * its bits}
   */
  public long hashMask() {
    return -1L << (64 - maskBits(minChunkSize, maxChunkSize, normLevel));
  }
}
