package dev.parrow.codec.metadata;

/**
 * Header of a v2 data page: levels come first, uncompressed, with their byte lengths here; only the
 * values section may be compressed. {@code isCompressed} is null when absent, which means true.
 *
 * @param numValues level entries in the page, nulls included
 * @param numNulls the nulls among them
 * @param numRows the rows the page holds
 * @param encoding the values' encoding
 * @param definitionLevelsByteLength bytes of the definition levels
 * @param repetitionLevelsByteLength bytes of the repetition levels
 * @param isCompressed whether the values are compressed, or null for the default (true)
 * @param statistics the page's statistics, or null
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
