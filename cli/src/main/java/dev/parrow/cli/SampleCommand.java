package dev.parrow.cli;

import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow sample FILE [-n N] [--seed S]}: rows picked at random, in file order. */
@Command(
    name = "sample",
    mixinStandardHelpOptions = true,
    description =
        "Print N rows (10 unless -n says) picked uniformly at random, without repeats, in the order"
            + " of the file, as a table, JSON lines or CSV. --seed makes the pick repeatable.")
final class SampleCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description =
          "A Parquet file: a path, an http(s):// or s3:// URI, or a directory, glob or s3:// prefix (ending in /) read as one dataset, or - for stdin.")
  String file;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the random pick: the same seed picks the same rows.")
  Long seed;

  @Mixin RowSettings rows;

  @Mixin ReadSettings read;

  @Mixin TableSettings table;

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    long limit = rows.limitOr(10);
    long total;
    try (ParquetSource parquet = ParquetSource.open(file)) {
      total = CountCommand.count(parquet, filter);
    }
    ReadCommands.print(
        spec,
        new ReadCommands.Request(
            file,
            0,
            pick(total, limit, seed == null ? new Random() : new Random(seed)),
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

  /**
   * {@code min(n, total)} distinct positions of {@code [0, total)}, each set of them equally
   * likely, sorted (Floyd's algorithm: n draws, whatever the total).
   */
  static long[] pick(long total, long n, Random random) {
    long k = Math.min(n, total);
    TreeSet<Long> picked = new TreeSet<>();
    for (long j = total - k; j < total; j++) {
      long t = random.nextLong(j + 1);
      picked.add(picked.contains(t) ? j : t);
    }
    return picked.stream().mapToLong(Long::longValue).toArray();
  }
}
