package dev.parrow.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow tail FILE [-n N]}: the last rows, as head prints the first. */
@Command(
    name = "tail",
    mixinStandardHelpOptions = true,
    description =
        "Print the last rows of a Parquet file (10 unless -n says) as a table, JSON lines or CSV."
            + " A single file reads only the pages that hold them.")
final class TailCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description =
          "A Parquet file: a path, an http(s):// or s3:// URI, or a directory, glob or s3:// prefix (ending in /) read as one dataset, or - for stdin.")
  String file;

  @Mixin RowSettings rows;

  @Mixin ReadSettings read;

  @Mixin TableSettings table;

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    long limit = rows.limitOr(10);
    long total;
    try (ParquetSource parquet = ParquetSource.open(file)) {
      // With a filter, the matching rows are counted first: the last of them are printed.
      total = CountCommand.count(parquet, filter);
    }
    ReadCommands.print(
        spec,
        new ReadCommands.Request(
            file,
            Math.max(0, total - limit),
            null,
            limit,
            "-n",
            rows.format,
            rows.nullValue,
            rows.binary,
            rows.format == RowPrinter.Format.table ? table.width() : 0,
            null,
            false,
            false),
        read,
        filter);
    return 0;
  }
}
