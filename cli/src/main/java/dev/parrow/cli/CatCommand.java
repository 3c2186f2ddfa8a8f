package dev.parrow.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow cat FILE}: every row, as a table, JSON lines or CSV. */
@Command(
    name = "cat",
    mixinStandardHelpOptions = true,
    description =
        "Print every row of a Parquet file (or the first --limit rows) as a table, JSON lines or"
            + " CSV. Stops as soon as its output is closed (parrow cat F | head).")
final class CatCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description =
          "A Parquet file: a path, an http(s):// or s3:// URI, or a directory, glob or s3:// prefix (ending in /) read as one dataset, or - for stdin.")
  String file;

  @Mixin RowSettings rows;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description = "Write to this file (whole or not at all) instead of stdout.")
  Path output;

  @Mixin Overwrite overwrite;

  @Mixin ReadSettings read;

  @Mixin TableSettings table;

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    boolean toFile = output != null && !Inputs.isStdio(output);
    ReadCommands.print(
        spec,
        new ReadCommands.Request(
            file,
            0,
            null,
            rows.limitOr(Long.MAX_VALUE),
            "--limit",
            rows.format,
            rows.nullValue,
            rows.binary,
            toFile || rows.format != RowPrinter.Format.table ? 0 : table.width(),
            output,
            overwrite.allowed,
            true),
        read,
        filter);
    return 0;
  }
}
