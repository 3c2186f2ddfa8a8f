package dev.parrow.codec.metadata;

/**
 * One column of one row group. Optional fields are null when absent. {@code metaData} is optional
 * in the format only because encrypted columns may store it encrypted.
 *
 * @param filePath the file holding the chunk when not this one, or null
 * @param fileOffset the deprecated offset of the chunk's metadata
 * @param metaData the chunk's metadata
 * @param offsetIndexOffset the file offset of the offset index, or null
 * @param offsetIndexLength the offset index's length, or null
 * @param columnIndexOffset the file offset of the column index, or null
 * @param columnIndexLength the column index's length, or null
 * @param cryptoMetadata how the chunk is encrypted, or null
 * @param encryptedColumnMetadata the encrypted metadata, or null
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
    Bytes encryptedColumnMetadata) {

  /**
   * This chunk with its offset index at {@code offset}, {@code length} bytes.
   *
   * @param offset the file offset of the offset index
   * @param length its length in bytes
   * @return the new chunk
   */
  public ColumnChunk withOffsetIndex(long offset, int length) {
    return new ColumnChunk(
        filePath,
        fileOffset,
        metaData,
        offset,
        length,
        columnIndexOffset,
        columnIndexLength,
        cryptoMetadata,
        encryptedColumnMetadata);
  }

  /**
   * This chunk with its column index at {@code offset}, {@code length} bytes.
   *
   * @param offset the file offset of the column index
   * @param length its length in bytes
   * @return the new chunk
   */
  public ColumnChunk withColumnIndex(long offset, int length) {
    return new ColumnChunk(
        filePath,
        fileOffset,
        metaData,
        offsetIndexOffset,
        offsetIndexLength,
        offset,
        length,
        cryptoMetadata,
        encryptedColumnMetadata);
  }

  /**
   * This chunk with other metadata.
   *
   * @param meta the metadata
   * @return the new chunk
   */
  public ColumnChunk withMetaData(ColumnMetaData meta) {
    return new ColumnChunk(
        filePath,
        fileOffset,
        meta,
        offsetIndexOffset,
        offsetIndexLength,
        columnIndexOffset,
        columnIndexLength,
        cryptoMetadata,
        encryptedColumnMetadata);
  }
}
