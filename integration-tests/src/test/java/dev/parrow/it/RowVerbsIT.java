package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verbs users of parquet-cli and DuckDB expect: count (from the footers, or the rows a filter
 * keeps), tail, sample, and convert with --where, --columns and --partition-by, each checked
 * against DuckDB's answer on the demo file and on a dataset.
 */
class RowVerbsIT {
  private static final Path ORDERS = FixturesIT.projectTestdata().resolve("orders.parquet");

  @TempDir Path dir;

  private static long duckCount(String where) throws Exception {
    try (DuckDb duck = new DuckDb()) {
      return ((Number)
              duck.query(
                      "SELECT count(*) AS n FROM read_parquet("
                          + DuckDb.literal(ORDERS)
                          + ")"
                          + (where == null ? "" : " WHERE " + where))
                  .get(0)
                  .get("n"))
          .longValue();
    }
  }

  @Test
  void countPrintsTheRowsAloneOnALine() throws Exception {
    assertEquals(duckCount(null) + "\n", CliOutputIT.ok("count", ORDERS.toString()).out());
    String where = "amount > 500 AND customer IN ('Ada', 'Grace')";
    assertEquals(
        duckCount(where) + "\n",
        CliOutputIT.ok("count", ORDERS.toString(), "--where", where).out());
  }

  /** The order ids of CSV output (the first column), header left out. */
  private static List<Long> ids(String csv) {
    return csv.lines().skip(1).map(l -> Long.parseLong(l.substring(0, l.indexOf(',')))).toList();
  }

  private static List<Long> duckIds(String sql) throws Exception {
    try (DuckDb duck = new DuckDb()) {
      return duck
          .query(sql.replace("ORDERS", "read_parquet(" + DuckDb.literal(ORDERS) + ")"))
          .stream()
          .map(r -> ((Number) r.get("order_id")).longValue())
          .toList();
    }
  }

  @Test
  void tailPrintsTheLastRows() throws Exception {
    // The file's rows in file order: DuckDB's file_row_number gives the order.
    List<Long> last =
        duckIds(
            "SELECT order_id FROM (SELECT order_id, file_row_number FROM read_parquet("
                + DuckDb.literal(ORDERS)
                + ", file_row_number = true) ORDER BY file_row_number DESC LIMIT 7)"
                + " ORDER BY file_row_number");
    assertEquals(
        last, ids(CliOutputIT.ok("tail", ORDERS.toString(), "-n", "7", "--format", "csv").out()));
    List<Long> lastMatching =
        duckIds(
            "SELECT order_id FROM (SELECT order_id, file_row_number FROM read_parquet("
                + DuckDb.literal(ORDERS)
                + ", file_row_number = true) WHERE customer = 'Ada'"
                + " ORDER BY file_row_number DESC LIMIT 5) ORDER BY file_row_number");
    assertEquals(
        lastMatching,
        ids(
            CliOutputIT.ok(
                    "tail",
                    ORDERS.toString(),
                    "-n",
                    "5",
                    "--format",
                    "csv",
                    "--where",
                    "customer = 'Ada'")
                .out()));
    // A table: one header and the rows.
    assertEquals(4, CliOutputIT.ok("tail", ORDERS.toString(), "-n", "3").out().lines().count());
  }

  /** The CSV output's order_id and file_row_number columns (the first and the last). */
  private static List<String> idsAndRowNumbers(String csv) {
    return csv.lines()
        .skip(1)
        .map(l -> l.substring(0, l.indexOf(',')) + ":" + l.substring(l.lastIndexOf(',') + 1))
        .toList();
  }

  /** {@code --row-number} adds DuckDB's file_row_number, as DuckDB numbers the rows. */
  @Test
  void rowNumbersAreDuckDbsFileRowNumbers() throws Exception {
    String where = "customer = 'Ada' OR amount < 100";
    List<String> want;
    try (DuckDb duck = new DuckDb()) {
      want =
          duck
              .query(
                  "SELECT order_id, file_row_number FROM read_parquet("
                      + DuckDb.literal(ORDERS)
                      + ", file_row_number = true) WHERE "
                      + where
                      + " ORDER BY file_row_number")
              .stream()
              .map(r -> r.get("order_id") + ":" + r.get("file_row_number"))
              .toList();
    }
    assertTrue(want.size() > 5, want.toString());
    String header =
        CliOutputIT.ok("cat", ORDERS.toString(), "--row-number", "--format", "csv")
            .out()
            .lines()
            .findFirst()
            .orElseThrow();
    assertTrue(header.endsWith(",file_row_number"), header);
    assertEquals(
        want,
        idsAndRowNumbers(
            CliOutputIT.ok(
                    "cat", ORDERS.toString(), "--row-number", "--format", "csv", "--where", where)
                .out()));
    assertEquals(
        want.subList(want.size() - 3, want.size()),
        idsAndRowNumbers(
            CliOutputIT.ok(
                    "tail",
                    ORDERS.toString(),
                    "-n",
                    "3",
                    "--row-number",
                    "--format",
                    "csv",
                    "--where",
                    where)
                .out()));
    // Converted: the column is written, and DuckDB reads it back.
    Path out = dir.resolve("numbered.parquet");
    CliOutputIT.ok("convert", ORDERS.toString(), out.toString(), "--row-number", "--where", where);
    try (DuckDb duck = new DuckDb()) {
      assertEquals(
          want,
          duck
              .query(
                  "SELECT order_id, file_row_number FROM read_parquet("
                      + DuckDb.literal(out)
                      + ") ORDER BY file_row_number")
              .stream()
              .map(r -> r.get("order_id") + ":" + r.get("file_row_number"))
              .toList());
    }
  }

  @Test
  void sampleRowsAreDistinctRowsOfTheFileInFileOrder() throws Exception {
    List<Long> all = duckIds("SELECT order_id FROM ORDERS");
    List<Long> a =
        ids(
            CliOutputIT.ok(
                    "sample", ORDERS.toString(), "-n", "25", "--seed", "7", "--format", "csv")
                .out());
    List<Long> b =
        ids(
            CliOutputIT.ok(
                    "sample", ORDERS.toString(), "-n", "25", "--seed", "7", "--format", "csv")
                .out());
    List<Long> c =
        ids(
            CliOutputIT.ok(
                    "sample", ORDERS.toString(), "-n", "25", "--seed", "8", "--format", "csv")
                .out());
    assertEquals(25, a.size());
    assertEquals(25, a.stream().distinct().count(), "no row twice");
    assertTrue(all.containsAll(a));
    int previous = -1;
    for (long id : a) {
      int at = all.indexOf(id);
      assertTrue(at > previous, "in the file's order");
      previous = at;
    }
    assertEquals(a, b, "the same seed picks the same rows");
    assertNotEquals(a, c, "another seed picks others");
    List<Long> ada =
        ids(
            CliOutputIT.ok(
                    "sample",
                    ORDERS.toString(),
                    "-n",
                    "1000",
                    "--where",
                    "customer = 'Ada'",
                    "--format",
                    "csv")
                .out());
    assertEquals(
        duckIds("SELECT order_id FROM ORDERS WHERE customer = 'Ada'").size(),
        ada.size(),
        "asked for more than match: every match");
  }

  @Test
  void convertKeepsTheColumnsAndRowsAskedFor() throws Exception {
    Path out = dir.resolve("ada.parquet");
    CliOutputIT.ok(
        "convert",
        ORDERS.toString(),
        out.toString(),
        "--columns",
        "order_id,amount",
        "--where",
        "customer = 'Ada'");
    try (DuckDb duck = new DuckDb()) {
      var rows =
          duck.query(
              "SELECT * FROM read_parquet("
                  + DuckDb.literal(out)
                  + ") EXCEPT ALL SELECT order_id, amount FROM read_parquet("
                  + DuckDb.literal(ORDERS)
                  + ") WHERE customer = 'Ada'");
      assertEquals(List.of(), rows);
      assertEquals(
          duckCount("customer = 'Ada'"),
          ((Number)
                  duck.query("SELECT count(*) AS n FROM read_parquet(" + DuckDb.literal(out) + ")")
                      .get(0)
                      .get("n"))
              .longValue());
    }
  }

  @Test
  void convertPartitionByWritesAHiveDatasetDuckDbReads() throws Exception {
    Path out = dir.resolve("by_customer");
    CliOutputIT.ok("convert", ORDERS.toString(), out.toString(), "--partition-by", "customer");
    try (Stream<Path> files = Files.walk(out)) {
      List<Path> parquet = files.filter(p -> p.toString().endsWith(".parquet")).toList();
      assertTrue(parquet.size() >= 2, parquet.toString());
      assertTrue(
          parquet.stream()
              .allMatch(p -> p.getParent().getFileName().toString().startsWith("customer=")));
    }
    try (DuckDb duck = new DuckDb()) {
      String written =
          "SELECT order_id, customer, amount FROM read_parquet("
              + DuckDb.literal(out.resolve("**").resolve("*.parquet"))
              + ", hive_partitioning = true)";
      String source =
          "SELECT order_id, customer, amount FROM read_parquet(" + DuckDb.literal(ORDERS) + ")";
      assertEquals(List.of(), duck.query(written + " EXCEPT ALL " + source));
      assertEquals(List.of(), duck.query(source + " EXCEPT ALL " + written));
    }
    // An existing dataset is not written over.
    String again =
        CliOutputIT.error(
            "convert", ORDERS.toString(), out.toString(), "--partition-by", "customer");
    assertTrue(again.contains(out.toString()), again);
  }
}
