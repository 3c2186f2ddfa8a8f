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

  private final List<List<String>> paths;
  private final List<FileEncryption.ColumnKey> keys;
  private final byte[] fileAad;
  private final EncryptionAlgorithm algorithm;
  private final byte[] footerKey;
  private final byte[] footerKeyMetadata;
  private final boolean plaintextFooter;

  private FileEncryptor(
      List<List<String>> paths,
      List<FileEncryption.ColumnKey> keys,
      byte[] fileAad,
      EncryptionAlgorithm algorithm,
      byte[] footerKey,
      byte[] footerKeyMetadata,
      boolean plaintextFooter) {
    this.paths = List.copyOf(paths);
    this.keys = keys;
    this.fileAad = fileAad;
    this.algorithm = algorithm;
    this.footerKey = footerKey;
    this.footerKeyMetadata = footerKeyMetadata;
    this.plaintextFooter = plaintextFooter;
  }

  /** A new file's encryption: the settings' keys and choices, and a random unique AAD part. */
  static FileEncryptor newFile(
      FileEncryption settings, List<List<String>> paths, List<FileEncryption.ColumnKey> keys) {
    byte[] unique = Modules.random(UNIQUE_BYTES);
    byte[] prefix = settings.aadPrefix() == null ? new byte[0] : settings.aadPrefix();
    byte[] fileAad = new byte[prefix.length + unique.length];
    System.arraycopy(prefix, 0, fileAad, 0, prefix.length);
    System.arraycopy(unique, 0, fileAad, prefix.length, unique.length);
    boolean supplied = settings.aadPrefix() != null && !settings.storeAadPrefix();
    EncryptionAlgorithm algorithm =
        new EncryptionAlgorithm(
            settings.algorithm() == FileEncryption.Algorithm.AES_GCM_V1 ? 1 : 2,
            settings.aadPrefix() != null && settings.storeAadPrefix()
                ? Bytes.of(settings.aadPrefix())
                : null,
            Bytes.of(unique),
            supplied ? Boolean.TRUE : null);
    return new FileEncryptor(
        paths,
        keys,
        fileAad,
        algorithm,
        settings.footerKey(),
        settings.footerKeyMetadata(),
        settings.plaintextFooter());
  }

  /**
   * The encryption of row groups appended to an encrypted file: its algorithm, AAD, footer mode,
   * and each column's key as its first row group has it, so that the old row groups and the new
   * read as one file.
   *
   * @param crypto the file's crypto, from a read with its keys
   * @param metaData its metadata, as that read decrypted it
   * @param paths each leaf column's path, in schema order
   * @return the encryptor of the appended row groups and of the new footer
   * @throws UnsupportedOperationException when the file's encryption cannot be continued: no row
   *     group to take the columns' keys from, a key the read was not given, DuckDB's AAD-less file
   */
  public static FileEncryptor continuing(
      FileCrypto crypto, FileMetaData metaData, List<List<String>> paths) {
    if (crypto.fileAad() == null) {
      throw new UnsupportedOperationException(
          "appending to a file encrypted without AAD (DuckDB's) is not supported");
    }
    if (crypto.footerKey() == null) {
      throw new UnsupportedOperationException(
          "appending to an encrypted file needs its footer key");
    }
    if (metaData.rowGroups().isEmpty()) {
      throw new UnsupportedOperationException(
          "appending to an encrypted file without row groups is not supported: its columns' keys"
              + " are unknown");
    }
    List<FileEncryption.ColumnKey> keys = new java.util.ArrayList<>();
    List<ColumnChunk> first = metaData.rowGroups().get(0).columns();
    for (int c = 0; c < paths.size(); c++) {
      ColumnCryptoMetaData how = c < first.size() ? first.get(c).cryptoMetadata() : null;
      String path = String.join(".", paths.get(c));
      if (how == null) {
        keys.add(null);
      } else if (how instanceof ColumnCryptoMetaData.WithColumnKey k) {
        byte[] key = crypto.key(how, path);
        if (key == null) {
          throw new UnsupportedOperationException(
              "appending to an encrypted file needs the key of every encrypted column; none for '"
                  + path
                  + "'");
        }
        keys.add(
            new FileEncryption.ColumnKey(
                key, k.keyMetadata() == null ? null : k.keyMetadata().toByteArray()));
      } else {
        keys.add(FileEncryption.FOOTER);
      }
    }
    return new FileEncryptor(
        paths,
        keys,
        crypto.fileAad(),
        crypto.algorithm(),
        crypto.footerKey(),
        crypto.footerKeyMetadata(),
        metaData.encryptionAlgorithm() != null);
  }

  /** {@return the magic the file starts with: PARE with an encrypted footer, else PAR1} */
  public byte[] magic() {
    return plaintextFooter ? ParquetMagic.PLAIN : ParquetMagic.ENCRYPTED;
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
        key == FileEncryption.FOOTER ? footerKey : key.key(),
        fileAad,
        rowGroup,
        column,
        algorithm.unionField() == 2);
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
    boolean metadataEncrypted = key != FileEncryption.FOOTER || plaintextFooter;
    Bytes encrypted =
        metadataEncrypted
            ? Bytes.wrap(
                chunk(rowGroup, column).columnMetaData(ThriftCodec.writeColumnMetaData(meta)))
            : null;
    ColumnMetaData inFooter = !metadataEncrypted ? meta : plaintextFooter ? meta.redacted() : null;
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
    Bytes keyMetadata = footerKeyMetadata == null ? null : Bytes.of(footerKeyMetadata);
    byte[] head;
    byte[] body;
    if (plaintextFooter) {
      head = ThriftCodec.writeFileMetaData(metaData.withEncryption(algorithm, keyMetadata));
      body = Modules.sign(head, footerKey, footerAad);
    } else {
      head = ThriftCodec.writeFileCryptoMetaData(new FileCryptoMetaData(algorithm, keyMetadata));
      byte[] plain = ThriftCodec.writeFileMetaData(metaData);
      body = Modules.sealGcm(footerKey, plain, 0, plain.length, footerAad);
    }
    ByteBuffer out =
        ByteBuffer.allocate(head.length + body.length + ParquetMagic.TRAILER_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    out.put(head).put(body).putInt(head.length + body.length).put(magic());
    return out.array();
  }
}
