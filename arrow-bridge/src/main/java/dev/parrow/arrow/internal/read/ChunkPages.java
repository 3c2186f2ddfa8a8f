package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.ReadOptions;
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
    return new PageReader(
        input,
        column,
        meta,
        ChunkRange.of(meta, footer),
        options.verifyCrc(),
        options.maxPageBytes());
  }
}
