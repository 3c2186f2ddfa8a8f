package dev.parrow.codec.footer;

import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.schema.ParquetSchema;

/**
 * A parsed and checked footer.
 *
 * @param fileLength bytes in the file
 * @param metadataLength bytes of the Thrift-encoded FileMetaData (without length and magic)
 * @param fileName the file's name, for messages
 * @param metaData the decoded metadata
 * @param schema the schema tree built from it
 * @param crypto how the file is decrypted, or null for a plaintext file
 */
public record Footer(
    String fileName,
    long fileLength,
    int metadataLength,
    FileMetaData metaData,
    ParquetSchema schema,
    dev.parrow.codec.crypto.FileCrypto crypto) {

  /**
   * A plaintext file's footer.
   *
   * @param fileName the file's name, for messages
   * @param fileLength bytes in the file
   * @param metadataLength bytes of the Thrift-encoded FileMetaData
   * @param metaData the decoded metadata
   * @param schema the schema tree built from it
   */
  public Footer(
      String fileName,
      long fileLength,
      int metadataLength,
      FileMetaData metaData,
      ParquetSchema schema) {
    this(fileName, fileLength, metadataLength, metaData, schema, null);
  }

  /**
   * Where the Thrift metadata starts: everything before it may hold pages and indexes.
   *
   * @return the file offset of the Thrift-encoded metadata
   */
  public long metadataOffset() {
    return fileLength - ParquetMagic.TRAILER_LENGTH - metadataLength;
  }
}
