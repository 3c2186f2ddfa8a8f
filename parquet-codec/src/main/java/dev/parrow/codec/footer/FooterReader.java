package dev.parrow.codec.footer;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

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
    try {
      return readUnchecked(file);
    } catch (ParquetFormatException e) {
      throw e.inFile(file.name());
    }
  }

  private static Footer readUnchecked(InputFile file) throws IOException {
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
    FileMetaData metaData = ThriftCodec.readFileMetaData(metadataBytes);
    if (metadataBytes.hasRemaining()) {
      // Trailing bytes inside the declared footer: tolerated (some writers pad), nothing to read
      // there.
      metadataBytes.position(metadataBytes.limit());
    }
    checkNotEncrypted(metaData);
    ParquetSchema schema = ParquetSchema.fromElements(metaData.schema());
    checkRowGroups(metaData, schema);
    return new Footer(file.name(), fileLength, metadataLength, metaData, schema);
  }

  private static void checkMagic(byte[] magic, String end) {
    if (Arrays.equals(magic, ParquetMagic.ENCRYPTED)) {
      throw encrypted("the file has an encrypted footer (PARE magic)");
    }
    if (!Arrays.equals(magic, ParquetMagic.PLAIN)) {
      throw new ParquetFormatException(
          "not a Parquet file: no PAR1 magic at the " + end + " (found " + printable(magic) + ")");
    }
  }

  private static void checkNotEncrypted(FileMetaData metaData) {
    if (metaData.encryptionAlgorithm() != null) {
      throw encrypted(
          "the footer is plaintext but the columns are encrypted with "
              + metaData.encryptionAlgorithm().describe());
    }
    for (RowGroup group : metaData.rowGroups()) {
      for (ColumnChunk chunk : group.columns()) {
        if (chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null) {
          throw encrypted("column chunks carry encryption metadata");
        }
      }
    }
  }

  private static ParquetFormatException encrypted(String detail) {
    return new ParquetFormatException("encrypted Parquet files are not supported: " + detail);
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
        if (group.columns().get(c).metaData() == null) {
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
