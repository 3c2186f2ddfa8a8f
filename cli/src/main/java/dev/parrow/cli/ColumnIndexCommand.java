package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code parrow column-index FILE [--column C]}: the page index, page by page. */
@Command(
    name = "column-index",
    mixinStandardHelpOptions = true,
    description =
        "Print the page index of each column chunk: per data page its offset, size, first row,"
            + " null and NaN counts, string and binary bytes, definition and repetition level"
            + " counts, and min/max bounds (what filtered reads prune pages by).")
final class ColumnIndexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InspectedFile input;

  @Mixin ColumnChoice.Optional columnChoice;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFile f = input.open()) {
      List<ColumnDescriptor> columns = Columns.chosen(f, columnChoice.column);
      List<RowGroup> groups = f.metadata().rowGroups();
      boolean first = true;
      for (int g = 0; g < groups.size(); g++) {
        for (ColumnDescriptor c : columns) {
          if (!first) {
            out.println();
          }
          first = false;
          try {
            print(out, f, g, groups.get(g), c);
          } catch (ParquetFormatException e) {
            throw e.inColumn(c.dottedPath()).inRowGroup(g).inFile(f.footer().fileName());
          }
        }
      }
    }
    return 0;
  }

  private static void print(
      PrintWriter out, ParquetFile f, int g, RowGroup group, ColumnDescriptor c) throws Exception {
    ColumnChunk chunk = group.columns().get(c.index());
    OffsetIndex offsets = PageIndexReader.offsetIndex(f.input(), chunk, group.numRows());
    ColumnIndex index = PageIndexReader.columnIndex(f.input(), chunk);
    out.printf(
        "row group %d, column %s: %s%n",
        g,
        c.dottedPath(),
        offsets == null
            ? "no offset index"
            : offsets.pageLocations().size()
                + " pages"
                + (index == null ? ", no column index" : ", " + index.boundaryOrder() + " bounds"));
    if (offsets == null) {
      return;
    }
    // Size statistics where the writer gave them: the page's string and binary bytes, and its
    // definition and repetition level histograms.
    List<Long> unencoded = offsets.unencodedByteArrayDataBytes();
    List<Long> defs = index == null ? null : index.definitionLevelHistograms();
    List<Long> reps = index == null ? null : index.repetitionLevelHistograms();
    boolean nans = index != null && index.nanCounts() != null;
    Table table =
        new Table(
            ">page",
            ">offset",
            ">size",
            ">first row",
            ">rows",
            ">nulls",
            ">NaNs",
            ">unencoded",
            "def levels",
            "rep levels",
            "min",
            "max");
    List<PageLocation> pages = offsets.pageLocations();
    for (int p = 0; p < pages.size(); p++) {
      PageLocation l = pages.get(p);
      long end = p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : group.numRows();
      String nulls = null;
      String nanCount = null;
      String min = null;
      String max = null;
      if (index != null && p < index.nullPages().size()) {
        if (index.nullCounts() != null && p < index.nullCounts().size()) {
          nulls = Sizes.count(index.nullCounts().get(p));
        }
        if (nans && p < index.nanCounts().size()) {
          nanCount = Sizes.count(index.nanCounts().get(p));
        }
        if (index.nullPages().get(p)) {
          min = "(all null)";
        } else if (p < index.minValues().size() && p < index.maxValues().size()) {
          min = MetaCommand.abbreviate(ValueFormatter.format(c, index.minValues().get(p)), 40);
          max = MetaCommand.abbreviate(ValueFormatter.format(c, index.maxValues().get(p)), 40);
        }
      }
      table.row(
          p,
          l.offset(),
          Sizes.count(l.compressedPageSize()),
          Sizes.count(l.firstRowIndex()),
          Sizes.count(end - l.firstRowIndex()),
          nulls,
          nanCount,
          unencoded != null && p < unencoded.size() ? Sizes.bytes(unencoded.get(p)) : null,
          histogram(defs, c.maxDefinitionLevel(), p),
          histogram(reps, c.maxRepetitionLevel(), p),
          min,
          max);
    }
    table.print(out, "  ");
  }

  /**
   * Page {@code page}'s level histogram from the column index's concatenated ones (each {@code
   * maxLevel + 1} counts): the count of each level from 0, separated by '/'; null when absent or
   * malformed.
   */
  static String histogram(List<Long> histograms, int maxLevel, int page) {
    int width = maxLevel + 1;
    if (histograms == null || maxLevel == 0 || (long) (page + 1) * width > histograms.size()) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    for (int level = 0; level < width; level++) {
      if (level > 0) {
        text.append('/');
      }
      text.append(histograms.get(page * width + level));
    }
    return text.toString();
  }
}
