package dev.parrow.codec.metadata;

/**
 * One column of one row group. Optional fields are null when absent. {@code metaData} is optional
 * in the format only because encrypted columns may store it encrypted.
 */
public record ColumnChunk(
    String filePath,
    long fileOffset,
    ColumnMetaData metaData,
    Long offsetIndexOffset,
    Integer offsetIndexLength,
    Long columnIndexOffset,
    Integer columnIndexLength,
    ColumnCryptoMetaData cryptoMetadata,
    Bytes encryptedColumnMetadata) {}
