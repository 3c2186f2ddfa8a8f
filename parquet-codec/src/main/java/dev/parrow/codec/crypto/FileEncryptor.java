package dev.parrow.codec.crypto;

import dev.parrow.codec.footer.ParquetMagic;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnCryptoMetaData;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.EncryptionAlgorithm;
import dev.parrow.codec.metadata.FileCryptoMetaData;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The encryption of one file being written: its AAD (the prefix and a random unique part), each
 * column's key, and what the footer becomes. The writer asks it for each chunk's {@link
 * ChunkEncryptor}, for each chunk's footer entry ({@link #columnChunk}) and for the file's tail
 * ({@link #footer}).
 */
public final class FileEncryptor {
  /** The unique part of a file's AAD: 8 random bytes, as parquet-java and Arrow C++ make it. */
  private static final int UNIQUE_BYTES = 8;

  private final FileEncryption settings;
  private final List<List<String>> paths;
  private final List<FileEncryption.ColumnKey> keys;
  private final byte[] fileAad;
  private final EncryptionAlgorithm algorithm;

  FileEncryptor(
      FileEncryption settings, List<List<String>> paths, List<FileEncryption.ColumnKey> keys) {
    this.settings = settings;
    this.paths = List.copyOf(paths);
    this.keys = keys;
    byte[] unique = new byte[UNIQUE_BYTES];
    new java.security.SecureRandom().nextBytes(unique);
    byte[] prefix = settings.aadPrefix() == null ? new byte[0] : settings.aadPrefix();
    this.fileAad = new byte[prefix.length + unique.length];
    System.arraycopy(prefix, 0, fileAad, 0, prefix.length);
    System.arraycopy(unique, 0, fileAad, prefix.length, unique.length);
    boolean supplied = settings.aadPrefix() != null && !settings.storeAadPrefix();
    this.algorithm =
        new EncryptionAlgorithm(
            settings.algorithm() == FileEncryption.Algorithm.AES_GCM_V1 ? 1 : 2,
            settings.aadPrefix() != null && settings.storeAadPrefix()
                ? Bytes.of(settings.aadPrefix())
                : null,
            Bytes.of(unique),
            supplied ? Boolean.TRUE : null);
  }

  /** {@return the magic the file starts with: PARE with an encrypted footer, else PAR1} */
  public byte[] magic() {
    return settings.plaintextFooter() ? ParquetMagic.PLAIN : ParquetMagic.ENCRYPTED;
  }

  /**
   * The encryption of one chunk's modules.
   *
   * @param rowGroup the row group's ordinal in the file
   * @param column the leaf column's index
   * @return the chunk's encryptor, or null for a column stored in plaintext
   */
  public ChunkEncryptor chunk(int rowGroup, int column) {
    FileEncryption.ColumnKey key = keys.get(column);
    if (key == null) {
      return null;
    }
    return new ChunkEncryptor(
        key == FileEncryption.FOOTER ? settings.footerKey() : key.key(),
        fileAad,
        rowGroup,
        column,
        settings.algorithm() == FileEncryption.Algorithm.AES_GCM_CTR_V1);
  }

  /**
   * A chunk's entry in the footer as the specification has it for its key and the footer's mode:
   * its crypto metadata; the column metadata in the (encrypted) footer when the column takes the
   * footer's key, else encrypted with the column's key, and under a plaintext footer also a copy
   * for readers without keys, stripped of what tells of the values (statistics, encoding
   * statistics, size and geospatial statistics).
   *
   * @param chunk the chunk's entry, its metadata complete
   * @param rowGroup the row group's ordinal in the file
   * @param column the leaf column's index
   * @return the entry to write
   */
  public ColumnChunk columnChunk(ColumnChunk chunk, int rowGroup, int column) {
    FileEncryption.ColumnKey key = keys.get(column);
    if (key == null) {
      return chunk;
    }
    ColumnCryptoMetaData how =
        key == FileEncryption.FOOTER
            ? new ColumnCryptoMetaData.WithFooterKey()
            : new ColumnCryptoMetaData.WithColumnKey(
                paths.get(column), key.keyMetadata() == null ? null : Bytes.of(key.keyMetadata()));
    ColumnMetaData meta = chunk.metaData();
    boolean metadataEncrypted = key != FileEncryption.FOOTER || settings.plaintextFooter();
    Bytes encrypted =
        metadataEncrypted
            ? Bytes.wrap(
                chunk(rowGroup, column).columnMetaData(ThriftCodec.writeColumnMetaData(meta)))
            : null;
    ColumnMetaData inFooter =
        !metadataEncrypted ? meta : settings.plaintextFooter() ? meta.redacted() : null;
    return new ColumnChunk(
        chunk.filePath(),
        chunk.fileOffset(),
        inFooter,
        chunk.offsetIndexOffset(),
        chunk.offsetIndexLength(),
        chunk.columnIndexOffset(),
        chunk.columnIndexLength(),
        how,
        encrypted);
  }

  /**
   * The file's tail: with an encrypted footer the file crypto metadata, the footer's module, their
   * length and PARE; with a plaintext one the footer (naming the algorithm and the signing key),
   * its signature, their length and PAR1.
   *
   * @param metaData the file's metadata, its chunks' entries from {@link #columnChunk}
   * @return the bytes that end the file
   */
  public byte[] footer(FileMetaData metaData) {
    byte[] footerAad = Modules.aad(fileAad, Modules.FOOTER, -1, -1, -1);
    byte[] keyMetadata = settings.footerKeyMetadata();
    byte[] head;
    byte[] body;
    if (settings.plaintextFooter()) {
      head =
          ThriftCodec.writeFileMetaData(
              metaData.withEncryption(
                  algorithm, keyMetadata == null ? null : Bytes.of(keyMetadata)));
      body = Modules.sign(head, settings.footerKey(), footerAad);
    } else {
      head =
          ThriftCodec.writeFileCryptoMetaData(
              new FileCryptoMetaData(
                  algorithm, keyMetadata == null ? null : Bytes.of(keyMetadata)));
      byte[] plain = ThriftCodec.writeFileMetaData(metaData);
      body = Modules.sealGcm(settings.footerKey(), plain, 0, plain.length, footerAad);
    }
    ByteBuffer out =
        ByteBuffer.allocate(head.length + body.length + ParquetMagic.TRAILER_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    out.put(head).put(body).putInt(head.length + body.length).put(magic());
    return out.array();
  }
}
