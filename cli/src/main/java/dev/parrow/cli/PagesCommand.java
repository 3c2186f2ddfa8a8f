package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageHeaderIterator;
import dev.parrow.codec.page.PageInfo;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code parrow pages FILE}: every page header of every (or one) column chunk. */
@Command(
    name = "pages",
    mixinStandardHelpOptions = true,
    description =
        "Print each page of each column chunk: type, encodings, sizes, values, rows, nulls, "
            + "CRC and statistics.")
final class PagesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InspectedFile input;

  @Mixin ColumnChoice.Optional columnChoice;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFile f = input.open()) {
      List<ColumnDescriptor> columns = Columns.chosen(f, columnChoice.column);
      List<RowGroup> groups = f.footer().metaData().rowGroups();
      boolean first = true;
      for (int g = 0; g < groups.size(); g++) {
        for (ColumnDescriptor c : columns) {
          if (!first) {
            out.println();
          }
          first = false;
          printChunk(out, f, g, c);
        }
      }
    }
    return 0;
  }

  private static void printChunk(
      PrintWriter out, ParquetFile f, int group, ColumnDescriptor column) {
    ColumnMetaData meta =
        f.footer().metaData().rowGroups().get(group).columns().get(column.index()).metaData();
    out.printf(
        "row group %d, column %s (%s, %s, %s values)%n",
        group,
        column.dottedPath(),
        SchemaCommand.physical(column.element()),
        meta.codec(),
        Sizes.count(meta.numValues()));
    if (meta.numValues() == 0) {
      out.println("  (no pages to list: the chunk holds no values)");
      return;
    }
    Table table =
        new Table(
            ">page",
            ">offset",
            "type",
            "encoding",
            "levels",
            ">compressed",
            ">uncompressed",
            ">values",
            ">rows",
            ">nulls",
            "crc",
            "min",
            "max");
    try {
      PageHeaderIterator pages =
          new PageHeaderIterator(f.input(), ChunkRange.of(meta, f.footer()), meta.numValues());
      while (pages.hasNext()) {
        PageInfo page = pages.next();
        row(table, page, column);
      }
    } catch (ParquetFormatException e) {
      // Show the pages that were read before the error, then report it with its location.
      table.print(out, "  ");
      out.flush();
      throw e.inColumn(column.dottedPath()).inRowGroup(group).inFile(f.input().name());
    }
    table.print(out, "  ");
  }

  private static void row(Table table, PageInfo page, ColumnDescriptor column) {
    PageHeader h = page.header();
    String type;
    String encoding = null;
    String levels = null;
    Integer values = null;
    Integer rows = null;
    Long nulls = null;
    Statistics stats = null;
    switch (h.type()) {
      case DICTIONARY_PAGE -> {
        type = "DICTIONARY";
        encoding = h.dictionaryPageHeader().encoding().name();
        values = h.dictionaryPageHeader().numValues();
      }
      case DATA_PAGE -> {
        DataPageHeader d = h.dataPageHeader();
        type = "DATA_V1";
        encoding = d.encoding().name();
        levels = "rep " + d.repetitionLevelEncoding() + ", def " + d.definitionLevelEncoding();
        values = d.numValues();
        rows = column.maxRepetitionLevel() == 0 ? d.numValues() : null;
        stats = d.statistics();
        nulls = stats == null ? null : stats.nullCount();
      }
      case DATA_PAGE_V2 -> {
        DataPageHeaderV2 d = h.dataPageHeaderV2();
        type = "DATA_V2" + (d.valuesCompressed() ? "" : " (values uncompressed)");
        encoding = d.encoding().name();
        levels =
            "rep "
                + d.repetitionLevelsByteLength()
                + " B, def "
                + d.definitionLevelsByteLength()
                + " B";
        values = d.numValues();
        rows = d.numRows();
        nulls = (long) d.numNulls();
        stats = d.statistics();
      }
      default -> type = h.type().name();
    }
    table.row(
        page.index(),
        page.offset(),
        type,
        encoding,
        levels,
        Sizes.bytes(h.compressedPageSize()),
        Sizes.bytes(h.uncompressedPageSize()),
        values == null ? null : Sizes.count(values),
        rows == null ? null : Sizes.count(rows),
        nulls == null ? null : Sizes.count(nulls),
        h.crc() == null ? "no" : String.format("%08x", h.crc()),
        stats == null
            ? null
            : MetaCommand.abbreviate(
                ValueFormatter.format(column, MetaCommand.min(stats)), MetaCommand.MAX_STAT_TEXT),
        stats == null
            ? null
            : MetaCommand.abbreviate(
                ValueFormatter.format(column, MetaCommand.max(stats)), MetaCommand.MAX_STAT_TEXT));
  }
}
