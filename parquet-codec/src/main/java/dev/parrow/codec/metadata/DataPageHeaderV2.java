package dev.parrow.codec.metadata;

/**
 * Header of a v2 data page: levels come first, uncompressed, with their byte lengths here; only the
 * values section may be compressed. {@code isCompressed} is null when absent, which means true.
 */
public record DataPageHeaderV2(
    int numValues,
    int numNulls,
    int numRows,
    Encoding encoding,
    int definitionLevelsByteLength,
    int repetitionLevelsByteLength,
    Boolean isCompressed,
    Statistics statistics) {

  /**
   * Whether the values section is compressed (the format's default is true).
   *
   * @return false only when the header says so
   */
  public boolean valuesCompressed() {
    return isCompressed == null || isCompressed;
  }
}
