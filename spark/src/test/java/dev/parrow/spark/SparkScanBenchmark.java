package dev.parrow.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * format("parrow") against Spark's built-in vectorized Parquet reader on lineitem in local mode
 * (all cores), in one JVM, alternating after warm-up: a count, a sum over four columns, a selective
 * filter, an aggregate over all 16 columns, a hash of every column (every value handed to Spark), a
 * group-by on three string columns and a filter on a string. On demand, not in CI:
 *
 * <pre>
 * spark/bench LINEITEM.parquet [iterations] [warmup]
 * </pre>
 */
public final class SparkScanBenchmark {
  private SparkScanBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path file =
        Path.of(args.length > 0 ? args[0] : "benchmarks/data/lineitem.parquet").toAbsolutePath();
    int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    if (!Files.exists(file)) {
      throw new IllegalArgumentException(
          file + " is missing: run a benchmarks runner first (see benchmarks/README.md)");
    }
    SparkSession spark = ParrowSparkIT.session();
    Map<String, Function<Dataset<Row>, Object>> queries = new LinkedHashMap<>();
    queries.put("count", df -> df.count());
    queries.put(
        "sum of 4 columns",
        df ->
            df.selectExpr(
                    "sum(l_quantity)",
                    "sum(l_extendedprice)",
                    "round(sum(l_discount), 4)",
                    "round(sum(l_tax), 4)")
                .collectAsList()
                .get(0)
                .toString());
    queries.put(
        "l_orderkey 0.1%",
        df ->
            df.where("l_orderkey BETWEEN 700000 AND 701499")
                .selectExpr("sum(l_partkey)")
                .collectAsList()
                .get(0)
                .toString());
    queries.put(
        "aggregate of all 16",
        df ->
            df.selectExpr(
                    "count(*)",
                    "sum(l_orderkey + l_partkey + l_suppkey + l_linenumber)",
                    // A sum of doubles depends on the order of the rows; one of hashes does not.
                    "sum(cast(hash(l_quantity, l_extendedprice, l_discount, l_tax) AS BIGINT))",
                    "max(l_returnflag)",
                    "max(l_linestatus)",
                    "max(l_shipdate)",
                    "max(l_commitdate)",
                    "max(l_receiptdate)",
                    "max(l_shipinstruct)",
                    "max(l_shipmode)",
                    "max(l_comment)")
                .collectAsList()
                .get(0)
                .toString());
    queries.put(
        "hash of every column",
        df -> df.selectExpr("sum(hash(*))").collectAsList().get(0).toString());
    queries.put(
        "group by 3 strings",
        df ->
            df.groupBy("l_returnflag", "l_linestatus", "l_shipmode")
                .agg(
                    org.apache.spark.sql.functions.count("*"),
                    org.apache.spark.sql.functions.sum("l_quantity"))
                .orderBy("l_returnflag", "l_linestatus", "l_shipmode")
                .collectAsList()
                .toString());
    queries.put(
        "AIR, quantity < 5",
        df ->
            df.where("l_shipmode = 'AIR' AND l_quantity < 5")
                .selectExpr("count(*)", "sum(length(l_comment))")
                .collectAsList()
                .get(0)
                .toString());
    System.out.printf(
        "Spark %s, local[2], %s (%,d bytes), median of %d runs after %d warm-up rounds%n",
        spark.version(), file.getFileName(), Files.size(file), iterations, warmup);
    System.out.printf(
        "  %-20s %12s %12s %16s%n", "query", "parrow s", "built-in s", "parrow/built-in");
    for (Map.Entry<String, Function<Dataset<Row>, Object>> q : queries.entrySet()) {
      List<Long> parrow = new ArrayList<>();
      List<Long> builtIn = new ArrayList<>();
      for (int round = -warmup; round < iterations; round++) {
        long t0 = System.nanoTime();
        Object a = q.getValue().apply(spark.read().format("parrow").load(file.toString()));
        long t1 = System.nanoTime();
        Object b = q.getValue().apply(spark.read().parquet(file.toString()));
        long t2 = System.nanoTime();
        if (!a.toString().equals(b.toString())) {
          throw new IllegalStateException(q.getKey() + ": parrow " + a + ", built-in " + b);
        }
        if (round >= 0) {
          parrow.add(t1 - t0);
          builtIn.add(t2 - t1);
        }
      }
      double p = median(parrow) / 1e9;
      double s = median(builtIn) / 1e9;
      System.out.printf(Locale.ROOT, "  %-20s %12.3f %12.3f %16.2f%n", q.getKey(), p, s, p / s);
    }
    spark.stop();
  }

  static double median(List<Long> xs) {
    List<Long> sorted = new ArrayList<>(xs);
    sorted.sort(null);
    return sorted.get(sorted.size() / 2);
  }
}
