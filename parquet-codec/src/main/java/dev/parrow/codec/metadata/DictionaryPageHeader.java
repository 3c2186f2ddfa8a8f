package dev.parrow.codec.metadata;

/**
 * Header of a dictionary page; {@code isSorted} is null when absent.
 *
 * @param numValues the dictionary's entries
 * @param encoding the entries' encoding
 * @param isSorted whether the entries are sorted, or null
 */
public record DictionaryPageHeader(int numValues, Encoding encoding, Boolean isSorted) {}
