package dev.parrow.codec.metadata;

/**
 * How many pages of one type a column chunk has in one encoding.
 *
 * @param pageType the pages' type
 * @param encoding their encoding
 * @param count how many there are
 */
public record PageEncodingStats(PageType pageType, Encoding encoding, int count) {}
