package dev.parrow.codec.metadata;

/** Header of a dictionary page; {@code isSorted} is null when absent. */
public record DictionaryPageHeader(int numValues, Encoding encoding, Boolean isSorted) {}
