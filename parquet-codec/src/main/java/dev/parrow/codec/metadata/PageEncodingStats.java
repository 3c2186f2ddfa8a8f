package dev.parrow.codec.metadata;

/** How many pages of one type a column chunk has in one encoding. */
public record PageEncodingStats(PageType pageType, Encoding encoding, int count) {}
