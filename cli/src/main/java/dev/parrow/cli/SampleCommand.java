package dev.parrow.cli;

import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the random pick: the same seed picks the same rows.")
  Long seed;

  @Mixin RowVerb verb;

  @Override
  public Integer call() throws Exception {
    long limit = verb.rows.limitOr(10);
    try (ParquetSource parquet = verb.open()) {
      long[] picks =
          pick(verb.matchingRows(parquet), limit, seed == null ? new Random() : new Random(seed));
      verb.print(spec, parquet, limit, 0, picks, null, false, false);
    }
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
