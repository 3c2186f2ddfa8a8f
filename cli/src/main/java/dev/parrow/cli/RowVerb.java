package dev.parrow.cli;

import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;

/**
 * What the verbs that print rows (head, tail, sample, cat) share: the FILE they read, how many rows
 * in which format, the read options, the table's width and the filter; and the printing itself.
 */
final class RowVerb {
  @Parameters(index = "0", paramLabel = "FILE", description = Inputs.PARQUET_LOCATION_STDIN)
  String file;

  @Mixin RowSettings rows;

  @Mixin ReadSettings read;

  @Mixin KeySettings keys;

  @Mixin TableSettings table;

  @Mixin FilterSettings filter;

  /**
   * The file or dataset, opened once for everything the verb reads of it (standard input can be
   * read only once, and a remote footer need be fetched only once).
   */
  ParquetSource open() throws java.io.IOException {
    return ParquetSource.open(file, read.types(), keys.decryption());
  }

  /** The rows of {@code parquet} the filter keeps, from the footers when there is none. */
  long matchingRows(ParquetSource parquet) throws java.io.IOException {
    return CountCommand.count(parquet, filter, null);
  }

  /**
   * Prints at most {@code limit} rows: those from {@code offset} on, or the sorted positions {@code
   * picks} holds; to standard output, or to {@code output} (whole or not at all, replacing a file
   * only with {@code overwrite}); with {@code progress}, a progress bar where the rows go to a
   * file.
   */
  void print(
      CommandSpec spec,
      ParquetSource parquet,
      long limit,
      long offset,
      long[] picks,
      Path output,
      boolean overwrite,
      boolean progress)
      throws Exception {
    boolean toFile = output != null && !Inputs.isStdio(output);
    ReadCommands.print(
        spec,
        parquet,
        new ReadCommands.Request(
            offset,
            picks,
            limit,
            "-n",
            rows.format,
            rows.nullValue,
            rows.binary,
            toFile || rows.format != RowPrinter.Format.table ? 0 : table.width(),
            output,
            overwrite,
            progress),
        read,
        filter);
  }
}
