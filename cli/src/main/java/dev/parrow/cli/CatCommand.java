package dev.parrow.cli;

import java.nio.file.Path;
import java.util.List;
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
    description = "Print every row of a Parquet file (or the first --limit rows).")
final class CatCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A Parquet file.")
  Path file;

  @Option(names = "--columns", split = ",", paramLabel = "A,B", description = "Only these columns.")
  List<String> columns = List.of();

  @Option(
      names = "--format",
      defaultValue = "table",
      paramLabel = "FORMAT",
      description = "table (default), jsonl or csv.")
  RowPrinter.Format format;

  @Option(names = "--limit", paramLabel = "N", description = "At most N rows.")
  Long limit;

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    ReadCommands.print(
        file,
        columns,
        limit == null ? Long.MAX_VALUE : limit,
        format,
        spec.commandLine().getOut(),
        spec.commandLine().getErr(),
        filter);
    return 0;
  }
}
