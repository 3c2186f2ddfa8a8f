package dev.parrow.codec.footer;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileCrypto;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds, checks and parses the footer of a Parquet file: the magic at both ends, a footer length
 * that fits the file, well-formed metadata, a schema that matches every row group. Everything that
 * is wrong is a {@link ParquetFormatException} naming the file.
 */
public final class FooterReader {
  /** Most footers fit in one speculative read of the file's tail. */
  static final int TAIL_READ = 64 * 1024;

  private FooterReader() {}

  /**
   * Reads and checks the footer: the magic at both ends, the metadata's length and the schema.
   *
   * @param file the Parquet file
   * @return the footer
   * @throws IOException if the file cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if the footer is malformed, encrypted or does
   *     not fit the file
   */
  public static Footer read(InputFile file) throws IOException {
    return read(file, null);
  }

  /**
   * Reads and checks the footer of a file that may be encrypted (Parquet Modular Encryption): an
   * encrypted footer is decrypted, a plaintext footer's signature checked, and the metadata of
   * every encrypted column the keys open decrypted.
   *
   * @param file the Parquet file
   * @param keys the reader's keys, or null for none
   * @return the footer
   * @throws IOException if the file cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if the footer is malformed, does not fit the
   *     file, or is encrypted and cannot be opened with the keys
   */
  public static Footer read(InputFile file, FileDecryption keys) throws IOException {
    try {
      return readUnchecked(file, keys);
    } catch (ParquetFormatException e) {
      throw e.inFile(file.name());
    }
  }

  private static Footer readUnchecked(InputFile file, FileDecryption keys) throws IOException {
    long fileLength = file.length();
    if (fileLength < ParquetMagic.MIN_FILE_LENGTH) {
      throw new ParquetFormatException(
          "not a Parquet file: "
              + fileLength
              + " bytes is shorter than the "
              + ParquetMagic.MIN_FILE_LENGTH
              + " bytes of magic and footer length alone");
    }
    int tailLength = (int) Math.min(fileLength, TAIL_READ);
    ByteBuffer tail = file.read(fileLength - tailLength, tailLength).order(ByteOrder.LITTLE_ENDIAN);
    byte[] endMagic = new byte[4];
    tail.get(tailLength - 4, endMagic);
    checkMagic(endMagic, "end");
    byte[] startMagic = new byte[4];
    if (fileLength == tailLength) {
      tail.get(0, startMagic);
    } else {
      file.read(0, 4).get(startMagic);
    }
    checkMagic(startMagic, "start");
    boolean encryptedFooter = Arrays.equals(endMagic, ParquetMagic.ENCRYPTED);
    if (encryptedFooter != Arrays.equals(startMagic, ParquetMagic.ENCRYPTED)) {
      throw new ParquetFormatException(
          "the magic at the start ("
              + printable(startMagic)
              + ") and at the end ("
              + printable(endMagic)
              + ") differ");
    }

    int metadataLength = tail.getInt(tailLength - ParquetMagic.TRAILER_LENGTH);
    long available = fileLength - ParquetMagic.MIN_FILE_LENGTH;
    if (metadataLength <= 0 || metadataLength > available) {
      throw new ParquetFormatException(
          "footer length "
              + Integer.toUnsignedLong(metadataLength)
              + " does not fit in a file of "
              + fileLength
              + " bytes");
    }
    ByteBuffer metadataBytes;
    if (metadataLength + ParquetMagic.TRAILER_LENGTH <= tailLength) {
      int start = tailLength - ParquetMagic.TRAILER_LENGTH - metadataLength;
      metadataBytes = tail.duplicate().position(start).limit(start + metadataLength).slice();
    } else {
      metadataBytes =
          file.read(fileLength - ParquetMagic.TRAILER_LENGTH - metadataLength, metadataLength);
    }
    FileMetaData metaData;
    FileCrypto crypto = null;
    if (encryptedFooter) {
      FileCrypto.Decrypted decrypted = FileCrypto.decryptFooter(metadataBytes, keys);
      crypto = decrypted.crypto();
      metaData = decrypted.metaData();
    } else {
      int start = metadataBytes.position();
      metaData = ThriftCodec.readFileMetaData(metadataBytes);
      if (metaData.encryptionAlgorithm() != null) {
        // A plaintext footer of encrypted columns: its signature (nonce and tag) follows it.
        byte[] signed = new byte[metadataBytes.position() - start];
        metadataBytes.get(start, signed);
        byte[] signature = new byte[metadataBytes.remaining()];
        metadataBytes.get(signature);
        crypto = FileCrypto.plaintextFooter(metaData, signed, signature, keys);
      } else {
        checkNoEncryptedColumns(metaData);
      }
    }
    if (metadataBytes.hasRemaining()) {
      // Trailing bytes inside the declared footer: tolerated (some writers pad), nothing to read
      // there.
      metadataBytes.position(metadataBytes.limit());
    }
    ParquetSchema schema = ParquetSchema.fromElements(metaData.schema());
    if (crypto != null) {
      List<String> paths = new ArrayList<>();
      for (var c : schema.columns()) {
        paths.add(c.dottedPath());
      }
      metaData = crypto.withColumnMetaData(metaData, paths);
    }
    checkRowGroups(metaData, schema);
    return new Footer(file.name(), fileLength, metadataLength, metaData, schema, crypto);
  }

  private static void checkMagic(byte[] magic, String end) {
    if (!Arrays.equals(magic, ParquetMagic.PLAIN)
        && !Arrays.equals(magic, ParquetMagic.ENCRYPTED)) {
      throw new ParquetFormatException(
          "not a Parquet file: no PAR1 magic at the " + end + " (found " + printable(magic) + ")");
    }
  }

  /** A plaintext file whose chunks say they are encrypted has lost its encryption algorithm. */
  private static void checkNoEncryptedColumns(FileMetaData metaData) {
    for (RowGroup group : metaData.rowGroups()) {
      for (ColumnChunk chunk : group.columns()) {
        if (chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null) {
          throw new ParquetFormatException(
              "column chunks carry encryption metadata, but the footer names no encryption"
                  + " algorithm");
        }
      }
    }
  }

  private static void checkRowGroups(FileMetaData metaData, ParquetSchema schema) {
    if (metaData.numRows() < 0) {
      throw new ParquetFormatException("negative row count " + metaData.numRows());
    }
    for (int i = 0; i < metaData.rowGroups().size(); i++) {
      RowGroup group = metaData.rowGroups().get(i);
      if (group.columns().size() != schema.columnCount()) {
        throw new ParquetFormatException(
                "row group has "
                    + group.columns().size()
                    + " column chunks but the schema has "
                    + schema.columnCount()
                    + " leaf columns")
            .inRowGroup(i);
      }
      if (group.numRows() < 0) {
        throw new ParquetFormatException("negative row count " + group.numRows()).inRowGroup(i);
      }
      for (int c = 0; c < group.columns().size(); c++) {
        ColumnChunk chunk = group.columns().get(c);
        // An encrypted column the reader has no key for keeps no metadata: reading it fails then.
        if (chunk.metaData() == null && chunk.cryptoMetadata() == null) {
          throw new ParquetFormatException("column chunk has no metadata")
              .inRowGroup(i)
              .inColumn(schema.column(c).dottedPath());
        }
      }
    }
  }

  private static String printable(byte[] bytes) {
    StringBuilder sb = new StringBuilder("\"");
    for (byte b : bytes) {
      sb.append(
          b >= 0x20 && b < 0x7f
              ? Character.toString((char) b)
              : String.format("\\x%02x", b & 0xff));
    }
    return sb.append('"').toString();
  }
}
