package dev.parrow.codec.metadata;

/**
 * Header of a v1 data page: levels and values share one (possibly compressed) section.
 *
 * @param numValues level entries in the page, nulls included
 * @param encoding the values' encoding
 * @param definitionLevelEncoding the definition levels' encoding
 * @param repetitionLevelEncoding the repetition levels' encoding
 * @param statistics the page's statistics, or null
 */
public record DataPageHeader(
    int numValues,
    Encoding encoding,
    Encoding definitionLevelEncoding,
    Encoding repetitionLevelEncoding,
    Statistics statistics) {}
