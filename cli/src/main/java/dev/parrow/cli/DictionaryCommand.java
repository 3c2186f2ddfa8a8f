package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code parrow dictionary FILE --column C}: each row group's dictionary page, entry by entry. */
@Command(
    name = "dictionary",
    mixinStandardHelpOptions = true,
    description = "Print the dictionary page of a column in each row group, entry by entry.")
final class DictionaryCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InspectedFile input;

  @Mixin ColumnChoice.Required columnChoice;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFile f = input.open()) {
      ColumnDescriptor c = Columns.chosen(f, columnChoice.column).get(0);
      var groups = f.metadata().rowGroups();
      for (int g = 0; g < groups.size(); g++) {
        if (g > 0) {
          out.println();
        }
        ColumnMetaData meta = groups.get(g).columns().get(c.index()).metaData();
        DenseValues dictionary;
        try {
          dictionary =
              meta.numValues() == 0
                  ? null
                  : new ColumnReader(
                          c,
                          new PageReader(
                              f.input(), c, meta, ChunkRange.of(meta, f.footer()), true, 1 << 30))
                      .readDictionaryOnly();
        } catch (ParquetFormatException e) {
          throw e.inColumn(c.dottedPath()).inRowGroup(g).inFile(f.footer().fileName());
        }
        if (dictionary == null) {
          out.printf("row group %d, column %s: no dictionary page%n", g, c.dottedPath());
          continue;
        }
        out.printf(
            "row group %d, column %s: %s entries%n",
            g, c.dottedPath(), Sizes.count(dictionary.size()));
        Table table = new Table(">index", "value");
        for (int i = 0; i < dictionary.size(); i++) {
          table.row(i, MetaCommand.abbreviate(ValueFormatter.format(c, plain(dictionary, i)), 72));
        }
        table.print(out, "  ");
      }
    }
    return 0;
  }

  /** Entry i as PLAIN bytes, the form the value formatter reads. */
  private static Bytes plain(DenseValues values, int i) {
    if (values instanceof Int32Values v) {
      return Bytes.wrap(
          ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v.values()[i]).array());
    }
    if (values instanceof Int64Values v) {
      return Bytes.wrap(
          ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v.values()[i]).array());
    }
    if (values instanceof FixedWidthValues v) {
      return Bytes.wrap(v.value(i));
    }
    return Bytes.wrap(((BinaryValues) values).value(i));
  }
}
