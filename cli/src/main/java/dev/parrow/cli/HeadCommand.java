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

/** {@code parrow head FILE [-n N]}: the first rows as a table. */
@Command(
    name = "head",
    mixinStandardHelpOptions = true,
    description = "Print the first rows of a Parquet file as a table.")
final class HeadCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A Parquet file.")
  Path file;

  @Option(
      names = {"-n", "--rows"},
      paramLabel = "N",
      defaultValue = "10",
      description = "Rows to print (default 10).")
  long rows;

  @Option(names = "--columns", split = ",", paramLabel = "A,B", description = "Only these columns.")
  List<String> columns = List.of();

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    ReadCommands.print(
        file,
        columns,
        rows,
        RowPrinter.Format.table,
        spec.commandLine().getOut(),
        spec.commandLine().getErr(),
        filter);
    return 0;
  }
}
