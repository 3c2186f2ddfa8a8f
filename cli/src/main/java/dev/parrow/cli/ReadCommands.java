package dev.parrow.cli;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** Shared by head and cat: open, read the chosen columns in batches, print up to a row limit. */
final class ReadCommands {
  private ReadCommands() {}

  static void print(
      Path file,
      List<String> columns,
      long limit,
      RowPrinter.Format format,
      PrintWriter out,
      PrintWriter err,
      FilterSettings filter)
      throws Exception {
    // Batches of at most 1,000 rows keep a table's columns aligned within a screenful.
    int batch =
        (int) Math.max(1, Math.min(limit, format == RowPrinter.Format.table ? 1_000 : 64 * 1024));
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(
                allocator,
                filter
                    .apply(ReadOptions.builder())
                    .columns(columns)
                    .batchSize(batch)
                    .dictionaryMode(ReadOptions.DictionaryMode.DECODE)
                    .build())) {
      for (String warning : reader.warnings()) {
        err.println("parrow: warning: " + warning);
      }
      RowPrinter printer = new RowPrinter(out, format);
      long printed = 0;
      boolean first = true;
      while (printed < limit && reader.loadNextBatch()) {
        var root = reader.getVectorSchemaRoot();
        int rows = (int) Math.min(root.getRowCount(), limit - printed);
        if (!first && format == RowPrinter.Format.table) {
          out.println();
        }
        printer.print(root, rows);
        printed += rows;
        first = false;
      }
      if (first && format == RowPrinter.Format.table) {
        out.println("(no rows)");
      }
      out.flush();
      filter.report(reader, err);
    }
  }
}
