package dev.parrow.codec.page;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.ChunkCrypto;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Reads a column chunk's page index: its offset index (where each data page is and its first row)
 * and its column index (each page's bounds). The offset index is checked, since readers skip pages
 * by it: first rows start at 0, rise strictly and stay inside the row group.
 */
public final class PageIndexReader {
  /**
   * No index of a chunk is larger than this (its Thrift struct; Arrow C++ has no tighter bound).
   */
  static final int MAX_INDEX_BYTES = 64 * 1024 * 1024;

  private PageIndexReader() {}

  /** The chunk's offset index, or null when it has none. */
  public static OffsetIndex offsetIndex(InputFile file, ColumnChunk chunk, long groupRows)
      throws IOException {
    return offsetIndex(file, chunk, groupRows, null);
  }

  /**
   * The offset index of a chunk that may be encrypted.
   *
   * @param file the file
   * @param chunk the chunk
   * @param groupRows its row group's rows
   * @param crypto how its modules are decrypted, or null for a plaintext chunk
   * @return the offset index, or null when it has none
   * @throws IOException if the file cannot be read
   */
  public static OffsetIndex offsetIndex(
      InputFile file, ColumnChunk chunk, long groupRows, ChunkCrypto crypto) throws IOException {
    ByteBuffer bytes = read(file, chunk.offsetIndexOffset(), chunk.offsetIndexLength(), "offset");
    if (bytes == null) {
      return null;
    }
    if (crypto != null) {
      bytes = ByteBuffer.wrap(crypto.offsetIndex(bytes));
    }
    OffsetIndex index = ThriftCodec.readOffsetIndex(bytes);
    List<PageLocation> pages = index.pageLocations();
    long previous = -1;
    for (int i = 0; i < pages.size(); i++) {
      long first = pages.get(i).firstRowIndex();
      if ((i == 0 && first != 0) || first <= previous || first >= Math.max(groupRows, 1)) {
        throw new ParquetFormatException(
            "the offset index puts page "
                + i
                + " at row "
                + first
                + " (after row "
                + previous
                + ", in a row group of "
                + groupRows
                + " rows)");
      }
      previous = first;
    }
    return index;
  }

  /** The chunk's column index, or null when it has none. */
  public static ColumnIndex columnIndex(InputFile file, ColumnChunk chunk) throws IOException {
    return columnIndex(file, chunk, null);
  }

  /**
   * The column index of a chunk that may be encrypted.
   *
   * @param file the file
   * @param chunk the chunk
   * @param crypto how its modules are decrypted, or null for a plaintext chunk
   * @return the column index, or null when it has none
   * @throws IOException if the file cannot be read
   */
  public static ColumnIndex columnIndex(InputFile file, ColumnChunk chunk, ChunkCrypto crypto)
      throws IOException {
    ByteBuffer bytes = read(file, chunk.columnIndexOffset(), chunk.columnIndexLength(), "column");
    if (bytes == null) {
      return null;
    }
    return ThriftCodec.readColumnIndex(
        crypto == null ? bytes : ByteBuffer.wrap(crypto.columnIndex(bytes)));
  }

  private static ByteBuffer read(InputFile file, Long offset, Integer length, String what)
      throws IOException {
    if (offset == null || length == null) {
      return null;
    }
    long fileLength = file.length();
    if (offset < 4 || length <= 0 || length > MAX_INDEX_BYTES || offset + length > fileLength) {
      throw new ParquetFormatException(
          "the "
              + what
              + " index of "
              + length
              + " bytes at offset "
              + offset
              + " is not inside the file of "
              + fileLength
              + " bytes");
    }
    return file.read(offset, length);
  }
}
