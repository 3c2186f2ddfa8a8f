package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every file of the shared parquet-testing corpus that Spark's built-in Parquet source reads gives
 * the same rows through format("parrow"), in the same Spark types (VARIANT columns, shredded or
 * not, as Spark's variant type, compared by their JSON), with one known exception, asserted as
 * such: damaged files (a wrong CRC, levels that break the format) and invalid shredded variants,
 * which Spark reads without checking and Parrow refuses with a ParquetFormatException.
 */
class SparkCorpusIT {
  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = ParrowSparkIT.session();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Path corpus() {
    String shared = System.getProperty("parrow.shared.dir", "../../shared");
    String env = System.getenv("PARQUET_TESTING_DIR");
    return env != null ? Path.of(env) : Path.of(shared).resolve("parquet-testing");
  }

  @Test
  void corpusFilesReadAsSparkReadsThem() throws Exception {
    assumeTrue(ParrowSparkIT.BUILT_IN_READER, "Spark's own Parquet reader needs Java 17 or 21");
    Path root = corpus();
    assumeTrue(Files.isDirectory(root), "no parquet-testing corpus at " + root);
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    int compared = 0;
    List<String> refused = new ArrayList<>();
    List<String> differ = new ArrayList<>();
    for (Path file : files) {
      List<String> want;
      String wantSchema;
      try {
        Dataset<Row> builtIn = spark.read().parquet(file.toString());
        wantSchema = builtIn.schema().simpleString();
        want = ParrowSparkIT.sorted(builtIn);
      } catch (Exception | AssertionError e) {
        continue; // Spark's own reader cannot read it: nothing to compare with
      }
      String name = root.relativize(file).toString();
      try {
        Dataset<Row> parrow = spark.read().format("parrow").load(file.toString());
        String gotSchema = parrow.schema().simpleString();
        List<String> got = ParrowSparkIT.sorted(parrow);
        if (want.equals(got) && wantSchema.equals(gotSchema)) {
          compared++;
        } else {
          differ.add(name + ": " + wantSchema + " vs " + gotSchema);
        }
      } catch (Exception e) {
        if (causedByFormatError(e)) {
          refused.add(name + ": " + firstLine(e.getMessage()));
        } else {
          differ.add(name + ": " + e);
        }
      }
    }
    System.err.printf(
        "SparkCorpusIT: %d files equal, %d damaged files or invalid variants refused%n",
        compared, refused.size());
    refused.forEach(r -> System.err.println("  refused: " + r));
    assertEquals(List.of(), differ);
    assertTrue(compared >= 140, compared + " files compared");
    for (String r : refused) {
      // Damaged files, and the invalid shredded variants of cases.json, which Spark reads without
      // checking and Parrow refuses as the shredding spec allows (VariantIT checks each one).
      boolean invalidVariant =
          r.startsWith("shredded_variant/")
              && (r.contains("Invalid variant") || r.contains("Unsupported shredded value type"));
      assertTrue(r.startsWith("bad_data/") || r.contains("corrupt") || invalidVariant, r);
    }
  }

  static boolean causedByFormatError(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof dev.parrow.codec.ParquetFormatException
          || String.valueOf(t.getMessage()).contains("ParquetFormatException")) {
        return true;
      }
    }
    return false;
  }

  static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}
