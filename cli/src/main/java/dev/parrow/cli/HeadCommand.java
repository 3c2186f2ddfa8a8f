package dev.parrow.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code parrow head FILE [-n N] [--format F]}: the first rows, as a table, JSON lines or CSV. */
@Command(
    name = "head",
    mixinStandardHelpOptions = true,
    description =
        "Print the first rows of a Parquet file (10 unless -n says) as a table, JSON lines or CSV.")
final class HeadCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin RowVerb verb;

  @Override
  public Integer call() throws Exception {
    try (ParquetSource parquet = verb.open()) {
      verb.print(spec, parquet, verb.rows.limitOr(10), 0, null, null, false, false);
    }
    return 0;
  }
}
