package dev.parrow.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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

  @Mixin RowVerb verb;

  @Override
  public Integer call() throws Exception {
    long limit = verb.rows.limitOr(10);
    try (ParquetSource parquet = verb.open()) {
      // With a filter, the matching rows are counted first: the last of them are printed.
      long total = verb.matchingRows(parquet);
      verb.print(spec, parquet, limit, Math.max(0, total - limit), null, null, false, false);
    }
    return 0;
  }
}
