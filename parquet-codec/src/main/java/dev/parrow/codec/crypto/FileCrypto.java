package dev.parrow.codec.crypto;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnCryptoMetaData;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.EncryptionAlgorithm;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.thrift.ThriftCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * How one encrypted file is decrypted: its algorithm, its AAD (the prefix, stored or given, and the
 * file's unique part) and the reader's keys. Made by the footer reader; hands out a {@link
 * ChunkCrypto} for each encrypted column chunk. A column whose key the reader lacks keeps no
 * metadata; reading it is an error naming it, leaving it out of a projection is not.
 */
public final class FileCrypto {
  private final EncryptionAlgorithm algorithm;

  /** The file's AAD; null for a file whose modules have none (DuckDB's). */
  private final byte[] fileAad;

  private final byte[] footerKey;

  /** The footer key's metadata as the file has it, or null. */
  private final byte[] footerKeyMetadata;

  private final FileDecryption keys;

  private FileCrypto(
      EncryptionAlgorithm algorithm,
      byte[] fileAad,
      byte[] footerKey,
      byte[] footerKeyMetadata,
      FileDecryption keys) {
    this.algorithm = algorithm;
    this.fileAad = fileAad;
    this.footerKey = footerKey;
    this.footerKeyMetadata = footerKeyMetadata;
    this.keys = keys;
  }

  /** {@return the algorithm the file is encrypted with} */
  public EncryptionAlgorithm algorithm() {
    return algorithm;
  }

  /**
   * The file's AAD: the prefix (the caller's when given, which must equal a stored one; the stored
   * one otherwise) followed by the file's unique part.
   */
  private static byte[] fileAad(EncryptionAlgorithm algorithm, FileDecryption keys) {
    if (algorithm.unionField() != 1 && algorithm.unionField() != 2) {
      throw new ParquetFormatException(
          "the file is encrypted with " + algorithm.describe() + ", which Parrow does not know");
    }
    byte[] stored = algorithm.aadPrefix() == null ? null : algorithm.aadPrefix().toByteArray();
    byte[] given = keys.aadPrefix();
    byte[] prefix;
    if (given != null) {
      if (stored != null && !java.util.Arrays.equals(stored, given)) {
        throw new ParquetFormatException(
            "the AAD prefix given differs from the one the file stores");
      }
      prefix = given;
    } else if (Boolean.TRUE.equals(algorithm.supplyAadPrefix())) {
      throw new ParquetFormatException(
          "the file's writer did not store its AAD prefix: the reader must supply it (an AAD"
              + " prefix, --aad-prefix in the CLI)");
    } else {
      prefix = stored == null ? new byte[0] : stored;
    }
    byte[] unique =
        algorithm.aadFileUnique() == null ? new byte[0] : algorithm.aadFileUnique().toByteArray();
    byte[] aad = new byte[prefix.length + unique.length];
    System.arraycopy(prefix, 0, aad, 0, prefix.length);
    System.arraycopy(unique, 0, aad, prefix.length, unique.length);
    return aad;
  }

  /**
   * Decrypts an encrypted footer ({@code PARE} magic): {@code footer} holds the plaintext
   * FileCryptoMetaData and then the encrypted FileMetaData module.
   *
   * @param footer the footer's bytes (without the length and magic after them)
   * @param keys the reader's keys, or null
   * @return the file's crypto and its decrypted metadata
   */
  public static Decrypted decryptFooter(ByteBuffer footer, FileDecryption keys) {
    var crypto = ThriftCodec.readFileCryptoMetaData(footer);
    if (keys == null) {
      throw new ParquetFormatException(
          "the file is encrypted ("
              + crypto.algorithm().describe()
              + ", encrypted footer): give its keys to read it (a footer key or a key retriever;"
              + " --footer-key in the CLI)");
    }
    byte[] key =
        keys.footerKey(crypto.keyMetadata() == null ? null : crypto.keyMetadata().toByteArray());
    if (key == null) {
      throw new ParquetFormatException(
          "no key for the encrypted footer"
              + (crypto.keyMetadata() == null
                  ? ""
                  : " (the key retriever has none for its key metadata)"));
    }
    byte[] aad = fileAad(crypto.algorithm(), keys);
    byte[] plain;
    ByteBuffer module = footer.duplicate();
    try {
      plain = Modules.decryptGcm(footer, key, Modules.aad(aad, Modules.FOOTER, -1, -1, -1));
    } catch (ParquetFormatException e) {
      if (aad.length > 0) {
        throw new ParquetFormatException("footer: " + e.getMessage());
      }
      // No AAD prefix and no unique part: DuckDB's writer, which authenticates every module with
      // no AAD at all. Only a footer written so authenticates so, and its modules are read alike.
      try {
        plain = Modules.decryptGcm(module, key, Modules.NO_AAD);
      } catch (ParquetFormatException noAad) {
        throw new ParquetFormatException("footer: " + e.getMessage());
      }
      aad = null;
    }
    FileCrypto fc =
        new FileCrypto(
            crypto.algorithm(),
            aad,
            key,
            crypto.keyMetadata() == null ? null : crypto.keyMetadata().toByteArray(),
            keys);
    return new Decrypted(fc, ThriftCodec.readFileMetaData(ByteBuffer.wrap(plain)));
  }

  /**
   * An encrypted footer's crypto and metadata.
   *
   * @param crypto how the file is decrypted
   * @param metaData the decrypted metadata
   */
  public record Decrypted(FileCrypto crypto, FileMetaData metaData) {}

  /**
   * The crypto of a file with a plaintext footer and encrypted columns, its footer's signature
   * checked when the keys ask for it (and a footer key is there).
   *
   * @param metaData the footer's metadata
   * @param signed the footer's Thrift bytes (what the signature covers)
   * @param signature the 28 bytes after them: nonce and tag
   * @param keys the reader's keys, or null
   * @return the crypto
   */
  public static FileCrypto plaintextFooter(
      FileMetaData metaData, byte[] signed, byte[] signature, FileDecryption keys) {
    if (keys == null) {
      throw new ParquetFormatException(
          "the file's columns are encrypted ("
              + metaData.encryptionAlgorithm().describe()
              + ", plaintext footer): give their keys to read it (--column-key in the CLI)");
    }
    byte[] aad = fileAad(metaData.encryptionAlgorithm(), keys);
    byte[] signingKeyMetadata =
        metaData.footerSigningKeyMetadata() == null
            ? null
            : metaData.footerSigningKeyMetadata().toByteArray();
    byte[] key = keys.footerKey(signingKeyMetadata);
    if (keys.checkFooterSignature()) {
      if (key == null) {
        throw new ParquetFormatException(
            "no footer key to check the plaintext footer's signature with (give one, or turn the"
                + " check off)");
      }
      if (signature == null || signature.length != Modules.NONCE_BYTES + Modules.TAG_BYTES) {
        throw new ParquetFormatException("the plaintext footer has no signature");
      }
      byte[] nonce = java.util.Arrays.copyOfRange(signature, 0, Modules.NONCE_BYTES);
      byte[] tag = java.util.Arrays.copyOfRange(signature, Modules.NONCE_BYTES, signature.length);
      if (!Modules.signatureHolds(
          signed, nonce, tag, key, Modules.aad(aad, Modules.FOOTER, -1, -1, -1))) {
        throw new ParquetFormatException(
            "the plaintext footer's signature does not hold: the footer was changed, or the footer"
                + " key or AAD prefix is wrong");
      }
    }
    return new FileCrypto(metaData.encryptionAlgorithm(), aad, key, signingKeyMetadata, keys);
  }

  /**
   * The metadata with every encrypted column's metadata decrypted where the reader has its key; a
   * column without a key keeps none (or the plaintext footer's stripped copy, dropped: its
   * statistics are not to be trusted without the key).
   *
   * @param metaData the footer's metadata
   * @param paths each leaf column's dotted path, by index
   * @return the metadata to read by
   */
  public FileMetaData withColumnMetaData(FileMetaData metaData, List<String> paths) {
    List<RowGroup> groups = new ArrayList<>();
    for (int g = 0; g < metaData.rowGroups().size(); g++) {
      RowGroup group = metaData.rowGroups().get(g);
      List<ColumnChunk> chunks = new ArrayList<>();
      for (int c = 0; c < group.columns().size(); c++) {
        ColumnChunk chunk = group.columns().get(c);
        chunks.add(
            chunk.cryptoMetadata() == null
                ? chunk
                : decrypted(
                    chunk, ordinal(group, g), c, c < paths.size() ? paths.get(c) : "#" + c));
      }
      groups.add(group.withColumns(chunks));
    }
    return metaData.withRowGroups(groups);
  }

  /** A row group's ordinal in the AAD: the one the writer recorded, else its position. */
  static int ordinal(RowGroup group, int position) {
    return group.ordinal() != null ? group.ordinal() : position;
  }

  private ColumnChunk decrypted(ColumnChunk chunk, int group, int column, String path) {
    byte[] key = key(chunk.cryptoMetadata(), path);
    if (key == null || chunk.encryptedColumnMetadata() == null) {
      // Without the key, a plaintext footer's copy of the metadata (stripped) is not read by.
      return chunk.withMetaData(key == null ? null : chunk.metaData());
    }
    try {
      byte[] plain =
          Modules.decryptGcm(
              ByteBuffer.wrap(chunk.encryptedColumnMetadata().toByteArray()),
              key,
              Modules.aad(fileAad, Modules.COLUMN_META_DATA, group, column, -1));
      ColumnMetaData meta = ThriftCodec.readColumnMetaData(ByteBuffer.wrap(plain));
      return chunk.withMetaData(meta);
    } catch (ParquetFormatException e) {
      throw new ParquetFormatException("column metadata: " + e.getMessage())
          .inColumn(path)
          .inRowGroup(group);
    }
  }

  /** {@return the file's AAD, null for a file written without (DuckDB's)} */
  byte[] fileAad() {
    return fileAad;
  }

  /** {@return the footer key, or null when the reader has none} */
  byte[] footerKey() {
    return footerKey;
  }

  /** {@return the footer key's metadata as the file has it, or null} */
  byte[] footerKeyMetadata() {
    return footerKeyMetadata;
  }

  /** The key of a chunk encrypted as {@code how}: its column's, or the footer's; null if none. */
  byte[] key(ColumnCryptoMetaData how, String path) {
    if (how instanceof ColumnCryptoMetaData.WithColumnKey withKey) {
      Bytes metadata = withKey.keyMetadata();
      return keys.columnKey(path, metadata == null ? null : metadata.toByteArray());
    }
    return footerKey;
  }

  /**
   * How a chunk's modules are decrypted: null for a column stored in plaintext.
   *
   * @param metaData the file's metadata
   * @param rowGroup the row group's position in the file
   * @param column the column's index
   * @param path its dotted path, for messages and the caller's column keys
   * @return the chunk's crypto, or null
   * @throws ParquetFormatException when the reader has no key for the column
   */
  public ChunkCrypto chunk(FileMetaData metaData, int rowGroup, int column, String path) {
    RowGroup group = metaData.rowGroups().get(rowGroup);
    ColumnChunk chunk = group.columns().get(column);
    ColumnCryptoMetaData how = chunk.cryptoMetadata();
    if (how == null && fileAad == null) {
      // DuckDB's writer encrypts every column with the footer key and does not say so.
      how = new ColumnCryptoMetaData.WithFooterKey();
    }
    if (how == null) {
      return null;
    }
    byte[] key = key(how, path);
    if (key == null) {
      throw missingKey(path);
    }
    return new ChunkCrypto(
        key, fileAad, ordinal(group, rowGroup), column, algorithm.unionField() == 2);
  }

  /**
   * The error of a column the reader has no key for.
   *
   * @param path the column's dotted path
   * @return the error, naming the column
   */
  public static ParquetFormatException missingKey(String path) {
    return new ParquetFormatException(
            "column '"
                + path
                + "' is encrypted with a key this read was not given (a column key or a key"
                + " retriever; --column-key in the CLI); leave it out of the columns read")
        .inColumn(path);
  }
}
