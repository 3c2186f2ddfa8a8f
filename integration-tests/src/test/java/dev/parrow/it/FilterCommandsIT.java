package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.cli.ParrowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter verbs and options of the CLI: --where and --stats on head, cat and to-arrow (against
 * DuckDB's WHERE), --page-rows and --bloom-filter on convert, and the column-index, bloom-filter
 * and dictionary verbs.
 */
class FilterCommandsIT {
  private static final Path ORDERS = FixturesIT.projectTestdata().resolve("orders.parquet");

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exit, out.toString(), err.toString());
  }

  @Test
  void whereSelectsTheRowsDuckDbSelects() throws Exception {
    whereSelectsTheRowsDuckDbSelects(
        "amount > 500 AND customer IN ('Ada', 'Grace') AND NOT express");
    whereSelectsTheRowsDuckDbSelects("customer LIKE 'G%' OR customer NOT LIKE '%a_'");
    // Two columns compared: a decimal with an integer.
    whereSelectsTheRowsDuckDbSelects("amount < quantity OR NOT express");
    // The list of tags: membership, length and an element.
    whereSelectsTheRowsDuckDbSelects(
        "list_contains(tags, 'gift') AND len(tags) > 1 OR tags[-1] = 'bulk'");
  }

  private void whereSelectsTheRowsDuckDbSelects(String where) throws Exception {
    Result r =
        run(
            "cat",
            ORDERS.toString(),
            "--format",
            "csv",
            "--columns",
            "order_id",
            "--where",
            where,
            "--stats");
    assertEquals(0, r.exit(), r.err());
    StringBuilder expected = new StringBuilder("order_id\n");
    try (DuckDb duck = new DuckDb()) {
      for (var row :
          duck.query(
              "SELECT order_id FROM read_parquet("
                  + DuckDb.literal(ORDERS)
                  + ") WHERE "
                  + where
                  + " ORDER BY order_id")) {
        expected.append(row.get("order_id")).append('\n');
      }
    }
    assertTrue(expected.length() > 20);
    assertEquals(expected.toString(), r.out());
    // One JSON line of statistics on stderr.
    String stats = r.err().strip();
    assertTrue(stats.startsWith("{\"rowGroups\":3,"), stats);
    assertTrue(stats.contains("\"rows\":" + (expected.toString().split("\n").length - 1)), stats);
    // count reads the filter's columns alone, and reports the same rows.
    Result count = run("count", ORDERS.toString(), "--where", where, "--stats");
    assertEquals(0, count.exit(), count.err());
    assertEquals(expected.toString().split("\n").length - 1, Long.parseLong(count.out().strip()));
    String countStats = count.err().strip();
    assertTrue(countStats.startsWith("{\"rowGroups\":3,"), countStats);
    assertTrue(countStats.endsWith("\"rows\":" + count.out().strip() + "}"), countStats);
  }

  @Test
  void badExpressionsPointAtTheError() {
    Result r = run("head", ORDERS.toString(), "--where", "amount >> 5");
    assertEquals(1, r.exit());
    assertTrue(r.err().contains("position 9"), r.err());
    assertTrue(r.err().contains("        ^"), r.err());
    Result unknown = run("head", ORDERS.toString(), "--where", "nope = 5");
    assertEquals(1, unknown.exit());
    assertTrue(unknown.err().contains("orders.parquet"), unknown.err());
    assertTrue(unknown.err().contains("'nope'"), unknown.err());
  }

  @Test
  void convertWritesSmallPagesAndBloomFilters(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("pruned.parquet");
    Result c =
        run(
            "convert",
            ORDERS.toString(),
            out.toString(),
            "--page-rows",
            "100",
            "--bloom-filter",
            "customer:50:0.01",
            "--bloom-filter",
            "order_id");
    assertEquals(0, c.exit(), c.err());
    try (ParquetFile f = ParquetFile.open(out)) {
      var chunk = f.metadata().rowGroups().get(0).columns().get(1).metaData();
      assertTrue(chunk.bloomFilterOffset() != null);
      assertTrue(f.bloomFilterMightContain("customer", "Ada").stream().allMatch(b -> b));
      assertTrue(f.bloomFilterMightContain("customer", "Nobody").stream().noneMatch(b -> b));
    }
    Result index = run("column-index", out.toString(), "--column", "order_id");
    assertEquals(0, index.exit(), index.err());
    assertTrue(index.out().contains("ASCENDING"), index.out());
    // 5,000 rows in pages of 100: 50 pages in all.
    assertEquals(50, index.out().lines().filter(l -> l.matches("\\s+\\d+\\s+\\d+.*")).count());
    Result probe = run("bloom-filter", out.toString(), "--column", "customer", "--value", "Ada");
    assertEquals(0, probe.exit(), probe.err());
    assertTrue(probe.out().contains("might contain"), probe.out());
    Result absent =
        run("bloom-filter", out.toString(), "--column", "customer", "--value", "Nobody");
    assertTrue(absent.out().contains("definitely not"), absent.out());
    assertTrue(!absent.out().contains("might contain"), absent.out());
    Result dictionary = run("dictionary", out.toString(), "--column", "customer");
    assertEquals(0, dictionary.exit(), dictionary.err());
    assertTrue(dictionary.out().contains("\"Ada\""), dictionary.out());
    // A narrow range reads one page of the sorted column.
    Result head = run("head", out.toString(), "--where", "order_id = 4321", "--stats");
    assertEquals(0, head.exit(), head.err());
    assertTrue(head.out().contains("4321"), head.out());
    assertTrue(head.err().contains("\"rowsScanned\":100,"), head.err());
    // Without a filter head reads only the rows it prints: the first page of each column.
    Result first = run("head", "-n", "5", out.toString(), "--stats");
    assertEquals(0, first.exit(), first.err());
    assertEquals(6, first.out().lines().count(), first.out());
    assertTrue(first.err().contains("\"rowsScanned\":5,"), first.err());
    int columns;
    try (ParquetFile f = ParquetFile.open(out)) {
      columns = f.metadata().rowGroups().get(0).columns().size();
    }
    assertTrue(first.err().contains("\"pagesRead\":" + columns + ","), first.err());
  }

  @Test
  void toArrowWritesOnlyTheMatchingRows(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("some.arrow");
    Result r =
        run("to-arrow", ORDERS.toString(), out.toString(), "--where", "quantity BETWEEN 3 AND 4");
    assertEquals(0, r.exit(), r.err());
    long expected;
    try (DuckDb duck = new DuckDb()) {
      expected =
          ((Number)
                  duck.query(
                          "SELECT count(*) AS n FROM read_parquet("
                              + DuckDb.literal(ORDERS)
                              + ") WHERE quantity BETWEEN 3 AND 4")
                      .get(0)
                      .get("n"))
              .longValue();
    }
    assertTrue(r.err().contains("wrote " + String.format("%,d", expected) + " rows"), r.err());
  }
}
