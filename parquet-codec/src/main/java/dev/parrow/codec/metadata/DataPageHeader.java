package dev.parrow.codec.metadata;

/** Header of a v1 data page: levels and values share one (possibly compressed) section. */
public record DataPageHeader(
    int numValues,
    Encoding encoding,
    Encoding definitionLevelEncoding,
    Encoding repetitionLevelEncoding,
    Statistics statistics) {}
