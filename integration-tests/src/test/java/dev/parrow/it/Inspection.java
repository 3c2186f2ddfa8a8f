package dev.parrow.it;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageHeaderIterator;
import dev.parrow.codec.page.PageInfo;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file's footer and every page header of every column chunk, as {@code parrow pages} reads them.
 */
public record Inspection(Footer footer, List<List<List<PageInfo>>> pages) {

  /** Pages of row group {@code group}, column {@code column}. */
  public List<PageInfo> pages(int group, int column) {
    return pages.get(group).get(column);
  }

  public static Inspection of(Path file) throws IOException {
    try (InputFile in = InputFile.of(file)) {
      Footer footer = FooterReader.read(in);
      List<List<List<PageInfo>>> all = new ArrayList<>();
      for (int g = 0; g < footer.metaData().rowGroups().size(); g++) {
        List<List<PageInfo>> group = new ArrayList<>();
        for (int c = 0; c < footer.schema().columnCount(); c++) {
          ColumnMetaData meta = footer.metaData().rowGroups().get(g).columns().get(c).metaData();
          List<PageInfo> chunk = new ArrayList<>();
          try {
            PageHeaderIterator it =
                new PageHeaderIterator(in, ChunkRange.of(meta, footer), meta.numValues());
            it.forEachRemaining(chunk::add);
          } catch (dev.parrow.codec.ParquetFormatException e) {
            throw e.inColumn(footer.schema().column(c).dottedPath())
                .inRowGroup(g)
                .inFile(in.name());
          }
          group.add(chunk);
        }
        all.add(group);
      }
      return new Inspection(footer, all);
    }
  }
}
