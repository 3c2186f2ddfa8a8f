package dev.parrow.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

  @Mixin RowVerb verb;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description = "Write to this file (whole or not at all) instead of stdout.")
  Path output;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    try (ParquetSource parquet = verb.open()) {
      verb.print(
          spec,
          parquet,
          verb.rows.limitOr(Long.MAX_VALUE),
          0,
          null,
          output,
          overwrite.allowed,
          true);
    }
    return 0;
  }
}
