package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.cli.ParrowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI on remote files and datasets: every verb takes an http:// URI and answers as for the
 * local file; head, cat, schema, meta, to-arrow and convert take a directory or a glob as one
 * dataset, whose rows are DuckDB's hive reading of it.
 */
class CliRemoteIT {
  private static final Path ORDERS = FixturesIT.projectTestdata().resolve("orders.parquet");

  @TempDir static Path dir;
  static RangeServer server;
  static String uri;

  @BeforeAll
  static void start() throws Exception {
    server = new RangeServer();
    uri = server.serve("data/orders.parquet", ORDERS).toString();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exit, out.toString(), err.toString());
  }

  /** Each verb prints the same for the URI as for the path (names aside). */
  @Test
  void everyVerbReadsAUri() {
    List<List<String>> verbs =
        List.of(
            List.of("head", "-n", "5"),
            List.of("cat", "--format", "csv", "--where", "amount > 900"),
            List.of("schema"),
            List.of("meta", "--json"),
            List.of("types"),
            List.of("pages"),
            List.of("column-index", "--column", "order_id"),
            List.of("dictionary", "--column", "customer"),
            List.of("bloom-filter", "--column", "customer", "--value", "Ada"));
    for (List<String> verb : verbs) {
      String[] local = args(verb, ORDERS.toString());
      String[] remote = args(verb, uri);
      Result want = run(local);
      Result got = run(remote);
      assertEquals(want.exit(), got.exit(), verb + ": " + got.err());
      assertEquals(
          want.out().replace(ORDERS.toString(), "FILE"),
          got.out().replace(uri, "FILE"),
          verb.toString());
    }
    Result missing = run("head", uri.replace("orders", "nothing"));
    assertEquals(1, missing.exit());
    assertTrue(
        missing.err().contains(uri.replace("orders", "nothing") + ": not found"), missing.err());
  }

  /** from-arrow and append take their Arrow IPC input from a URI too. */
  @Test
  void arrowInputFromAUri() throws Exception {
    Path arrow = dir.resolve("orders.arrow");
    assertEquals(0, run("to-arrow", ORDERS.toString(), arrow.toString()).exit());
    String arrowUri = server.serve("data/orders.arrow", arrow).toString();
    Path fromLocal = dir.resolve("from-local.parquet");
    Path fromRemote = dir.resolve("from-remote.parquet");
    assertEquals(0, run("from-arrow", arrow.toString(), fromLocal.toString()).exit());
    Result remote = run("from-arrow", arrowUri, fromRemote.toString());
    assertEquals(0, remote.exit(), remote.err());
    assertEquals(
        run("cat", fromLocal.toString(), "--format", "csv").out(),
        run("cat", fromRemote.toString(), "--format", "csv").out());
    Result append = run("append", arrowUri, fromRemote.toString());
    assertEquals(0, append.exit(), append.err());
    assertTrue(run("meta", fromRemote.toString()).out().contains("10,000"));
    Result missing =
        run("from-arrow", arrowUri.replace("orders", "none"), dir.resolve("x.parquet").toString());
    assertEquals(1, missing.exit());
    assertTrue(missing.err().contains(arrowUri.replace("orders", "none")), missing.err());
  }

  private static String[] args(List<String> verb, String file) {
    String[] out = new String[verb.size() + 1];
    out[0] = verb.get(0);
    out[1] = file;
    for (int i = 1; i < verb.size(); i++) {
      out[i + 1] = verb.get(i);
    }
    return out;
  }

  @Test
  void directoriesAndGlobsAreDatasets() throws Exception {
    Path root = dir.resolve("orders");
    for (String region : List.of("EU", "US")) {
      Files.createDirectories(root.resolve("region=" + region));
      Files.copy(ORDERS, root.resolve("region=" + region).resolve("orders.parquet"));
    }
    String where = "region = 'US' AND quantity > 18";
    StringBuilder expected = new StringBuilder("order_id,region\n");
    try (DuckDb duck = new DuckDb()) {
      for (var row :
          duck.query(
              "SELECT order_id, region FROM read_parquet("
                  + DuckDb.literal(root.resolve("*").resolve("*.parquet"))
                  + ", hive_partitioning = true) WHERE "
                  + where
                  + " ORDER BY order_id")) {
        expected.append(row.get("order_id")).append(',').append(row.get("region")).append('\n');
      }
    }
    for (String location : List.of(root.toString(), root + "/*/*.parquet")) {
      Result cat =
          run(
              "cat",
              location,
              "--format",
              "csv",
              "--columns",
              "order_id,region",
              "--where",
              where,
              "--stats");
      assertEquals(0, cat.exit(), cat.err());
      assertEquals(expected.toString(), cat.out());
      assertTrue(cat.err().contains("\"rowGroupsRead\":"), cat.err());
    }
    Result schema = run("schema", root.toString());
    assertEquals(0, schema.exit(), schema.err());
    assertTrue(schema.out().contains("2 files, 10,000 rows"), schema.out());
    assertTrue(schema.out().matches("(?s).*region +Utf8 +true +partition key.*"), schema.out());
    Result meta = run("meta", root.toString());
    assertTrue(meta.out().contains("region=EU"), meta.out());
    Path copy = dir.resolve("all.parquet");
    Result convert = run("convert", root.toString(), copy.toString());
    assertEquals(0, convert.exit(), convert.err());
    try (DuckDb duck = new DuckDb()) {
      assertEquals(
          duck.query(
              "SELECT count(*) AS n, count(DISTINCT region) AS r FROM read_parquet("
                  + DuckDb.literal(root.resolve("*").resolve("*.parquet"))
                  + ", hive_partitioning = true)"),
          duck.query(
              "SELECT count(*) AS n, count(DISTINCT region) AS r FROM read_parquet("
                  + DuckDb.literal(copy)
                  + ")"));
    }
    Result pages = run("pages", root.toString());
    assertEquals(1, pages.exit());
    assertTrue(pages.err().contains("is a directory"), pages.err());
  }
}
