package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.crypto.ChunkCrypto;
import dev.parrow.codec.crypto.FileCrypto;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.storage.InputFile;

/** The pages of one column chunk, as every read opens them. */
public final class ChunkPages {
  private ChunkPages() {}

  /**
   * The pages of one column chunk, read with the options' CRC check and page size limit.
   *
   * @param input the file
   * @param footer its footer
   * @param rowGroup the row group
   * @param column the leaf column
   * @param options the read options
   * @return the chunk's page reader
   */
  public static PageReader open(
      InputFile input, Footer footer, int rowGroup, ColumnDescriptor column, ReadOptions options) {
    ColumnMetaData meta =
        footer.metaData().rowGroups().get(rowGroup).columns().get(column.index()).metaData();
    ChunkCrypto crypto = crypto(footer, rowGroup, column);
    return new PageReader(
        input,
        column,
        meta,
        ChunkRange.of(meta, footer),
        options.verifyCrc(),
        options.maxPageBytes(),
        crypto);
  }

  /**
   * How a chunk's modules are decrypted: null for a plaintext one; an error naming the column when
   * the read has no key for it.
   *
   * @param footer the file's footer
   * @param rowGroup the row group
   * @param column the leaf column
   * @return the chunk's crypto, or null
   */
  public static ChunkCrypto crypto(Footer footer, int rowGroup, ColumnDescriptor column) {
    FileCrypto crypto = footer.crypto();
    if (crypto == null) {
      return null;
    }
    if (footer.metaData().rowGroups().get(rowGroup).columns().get(column.index()).metaData()
        == null) {
      throw FileCrypto.missingKey(column.dottedPath()).inRowGroup(rowGroup);
    }
    return crypto.chunk(footer.metaData(), rowGroup, column.index(), column.dottedPath());
  }

  /**
   * Checks that the read has the key of every encrypted column it reads (or filters on), in each of
   * its row groups, before anything is read; a column left out of the read needs none.
   *
   * @param footer the file's footer
   * @param columns the leaf columns read
   * @param rowGroups the row groups read
   * @throws dev.parrow.codec.ParquetFormatException naming the file, column and row group
   */
  public static void checkKeys(
      Footer footer, java.util.List<ColumnDescriptor> columns, java.util.List<Integer> rowGroups) {
    if (footer.crypto() == null) {
      return;
    }
    for (ColumnDescriptor column : columns) {
      for (int g : rowGroups) {
        if (footer.metaData().rowGroups().get(g).columns().get(column.index()).metaData() == null) {
          throw FileCrypto.missingKey(column.dottedPath()).inRowGroup(g).inFile(footer.fileName());
        }
      }
    }
  }
}
