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
    List<Path> files = new ArrayList<>();
    // The corpus, and the interop files of arrow-rs and nanoparquet beside it (unsigned integers,
    // fixed-size binaries, nested types written by other writers).
    for (Path dir : List.of(root, root.resolveSibling("interop"))) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> s = Files.walk(dir)) {
        s.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(files::add);
      }
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
      String name = root.getParent().relativize(file).toString();
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
          r.startsWith("parquet-testing/shredded_variant/")
              && (r.contains("Invalid variant") || r.contains("Unsupported shredded value type"));
      assertTrue(
          r.startsWith("parquet-testing/bad_data/") || r.contains("corrupt") || invalidVariant, r);
    }
  }

  /**
   * Types Spark's reader maps its own way, top-level and inside structs and lists: INT96 timestamps
   * outside the nanosecond range (year 1 and year 9999, written by Spark itself), unsigned integers
   * (UINT_8 to UINT_64, which Spark reads as the next wider signed type and UINT_64 as DECIMAL(20,
   * 0)), written by DuckDB. (Fixed-size byte arrays, read as binary, are in the interop files the
   * corpus test reads; Spark's reader refuses DuckDB's UUID columns.)
   */
  @Test
  void typesSparkMapsItsOwnWayReadAsSparkReadsThem(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    assumeTrue(ParrowSparkIT.BUILT_IN_READER, "Spark's own Parquet reader needs Java 17 or 21");
    Path int96 = dir.resolve("int96");
    spark.conf().set("spark.sql.parquet.outputTimestampType", "INT96");
    try {
      spark
          .sql(
              "SELECT * FROM VALUES"
                  + " (1, TIMESTAMP '0001-01-01 00:00:00', TIMESTAMP '2024-02-29 12:00:00.123456'),"
                  + " (2, TIMESTAMP '9999-12-31 23:59:59.999999', NULL),"
                  + " (3, TIMESTAMP '1677-09-21 00:12:43.145224', TIMESTAMP '1500-06-01 00:00:00')"
                  + " AS t(id, a, b)")
          .selectExpr("id", "a", "named_struct('b', b, 'id', id) AS s", "array(a, b) AS l")
          .coalesce(1)
          .write()
          .parquet(int96.toString());
    } finally {
      spark.conf().unset("spark.sql.parquet.outputTimestampType");
    }
    Path unsigned = dir.resolve("unsigned.parquet");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        java.sql.Statement st = c.createStatement()) {
      st.execute(
          "COPY (SELECT i::UTINYINT AS u8, (i * 300)::USMALLINT AS u16,"
              + " (i * 70000)::UINTEGER AS u32, (18446744073709551615 - i)::UBIGINT AS u64,"
              + " {'u': (i * 7)::UBIGINT, 'small': i::UTINYINT} AS s,"
              + " [i::UBIGINT, 18446744073709551615::UBIGINT] AS l"
              + " FROM range(5) t(i)) TO '"
              + unsigned
              + "' (FORMAT parquet)");
    }
    List<String> differ = new ArrayList<>();
    for (Path file : List.of(int96, unsigned)) {
      Dataset<Row> builtIn = spark.read().parquet(file.toString());
      Dataset<Row> parrow = spark.read().format("parrow").load(file.toString());
      String want = builtIn.schema().simpleString();
      String got;
      List<String> gotRows;
      try {
        got = parrow.schema().simpleString();
        gotRows = ParrowSparkIT.sorted(parrow);
      } catch (Exception e) {
        differ.add(file.getFileName() + ": " + e);
        continue;
      }
      if (!want.equals(got)) {
        differ.add(file.getFileName() + ": " + want + " vs " + got);
      } else if (!ParrowSparkIT.sorted(builtIn).equals(gotRows)) {
        differ.add(
            file.getFileName() + ": rows " + ParrowSparkIT.sorted(builtIn) + " vs " + gotRows);
      }
    }
    assertEquals(List.of(), differ);
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
