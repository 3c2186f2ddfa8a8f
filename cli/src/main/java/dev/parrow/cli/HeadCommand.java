package dev.parrow.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow head FILE [-n N] [--format F]}: the first rows, as a table, JSON lines or CSV. */
@Command(
    name = "head",
    mixinStandardHelpOptions = true,
    description =
        "Print the first rows of a Parquet file (10 unless -n says) as a table, JSON lines or CSV.")
final class HeadCommand implements Callable<Integer> {
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
    ReadCommands.print(
        spec,
        new ReadCommands.Request(
            file,
            0,
            null,
            rows.limitOr(10),
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
