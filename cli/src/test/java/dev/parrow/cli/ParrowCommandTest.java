package dev.parrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands on the demo fixture (testdata/orders.parquet: 5,000 rows that DuckDB writes in row
 * groups of 2,048, see Fixtures.java) and on bad input. Expected values follow from the fixture's
 * query.
 */
class ParrowCommandTest {
  static final Path ORDERS = Path.of("..", "testdata", "orders.parquet");

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  @Test
  void schemaPrintsTheTreeAndEachLeafWithItsLevels() {
    Result r = run("schema", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("5,000 rows, 3 row groups, 9 leaf columns"), r.out());
    assertTrue(
        r.out()
            .contains(
                "  optional group tags (LIST) {\n    repeated group list {\n"
                    + "      optional binary element (UTF8);"),
        r.out());
    assertTrue(r.out().contains("  optional int64 ordered_at (TIMESTAMP(MICROS,true));"), r.out());
    String leaf =
        r.out().lines().filter(l -> l.contains("tags.list.element")).findFirst().orElseThrow();
    assertTrue(leaf.matches(".*BINARY\\s+-\\s+UTF8\\s+3\\s+1$"), leaf);
  }

  @Test
  void metaShowsRowGroupsChunksAndDecodedStatistics() {
    Result r = run("meta", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("row group 0: 2,048 rows"), r.out());
    assertTrue(r.out().contains("row group 2: 904 rows"), r.out());
    String customer =
        r.out().lines().filter(l -> l.trim().startsWith("customer")).findFirst().orElseThrow();
    // The query picks from Ada, Grace, Edsger, Barbara, Donald, Frances.
    assertTrue(
        customer.contains("ZSTD") && customer.contains("\"Ada\"") && customer.contains("\"Grace\""),
        customer);
  }

  @Test
  void metaJsonCarriesTheSameFacts() {
    Result r = run("meta", "--json", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    String json = r.out();
    assertTrue(json.contains("\"numRows\": 5000"), json);
    assertTrue(json.contains("\"numRowGroups\": 3"), json);
    assertTrue(json.contains("\"path\": \"tags.list.element\""), json);
    assertTrue(json.contains("\"codec\": \"ZSTD\""), json);
    assertTrue(json.contains("\"min\": \"Ada\""), json);
  }

  @Test
  void pagesListsEveryPageOfOneColumn() {
    Result r = run("pages", "--column", "customer", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(3, r.out().lines().filter(l -> l.startsWith("row group ")).count(), r.out());
    assertTrue(r.out().contains("DICTIONARY"), r.out());
    assertTrue(r.out().contains("DATA_V1"), r.out());
    assertFalse(r.out().contains("column order_id"), "only the chosen column");
  }

  @Test
  void anUnknownColumnNamesTheColumnsThereAre() {
    Result r = run("pages", "--column", "nope", ORDERS.toString());
    assertEquals(1, r.code());
    assertTrue(
        r.err().contains("no leaf column 'nope'") && r.err().contains("tags.list.element"),
        r.err());
  }

  @Test
  void errorsAreOneLineWithoutStackTraceUnlessVerbose(@TempDir Path dir) throws IOException {
    Result missing = run("meta", dir.resolve("missing.parquet").toString());
    assertEquals(1, missing.code());
    assertEquals("parrow: no such file: " + dir.resolve("missing.parquet"), missing.err().strip());

    Path text = Files.writeString(dir.resolve("notes.txt"), "this is not a parquet file at all");
    Result notParquet = run("schema", text.toString());
    assertEquals(1, notParquet.code());
    assertTrue(
        notParquet.err().startsWith("parrow: " + text + ": not a Parquet file"), notParquet.err());
    assertFalse(notParquet.err().contains("\tat "), notParquet.err());

    Result verbose = run("schema", "--verbose", text.toString());
    assertEquals(1, verbose.code());
    assertTrue(verbose.err().contains("\tat "), "stack trace with --verbose");
  }

  @Test
  void everyCommandsHelpPrintsWithoutPicocliWarnings() {
    // picocli formats descriptions with String.format: a lone % (an operator named in a help
    // text) makes it warn on the process's stderr and print the raw text.
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      for (String verb : ParrowCommand.VERBS.keySet()) {
        Result r = run(verb, "--help");
        assertEquals(0, r.code(), verb + ": " + r.err());
        assertFalse(r.out().isBlank(), verb);
      }
    } finally {
      System.setErr(saved);
    }
    String warnings = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertFalse(warnings.contains("picocli WARN"), warnings);
  }

  @Test
  void usageErrorsExitWithOne() {
    Result r = run("schema");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("Missing required parameter"), r.err());
    assertEquals(1, run("no-such-command").code());
    assertEquals(0, run("--help").code());
  }

  @Test
  void headPrintsTheFirstRowsOfEveryColumnListsIncluded() {
    Result r = run("head", "-n", "3", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(4, lines.size(), r.out());
    assertTrue(lines.get(0).startsWith("order_id  customer  amount"), lines.get(0));
    // order_id is i + 1 for i = 0, 1, 2, right-aligned under its header as numbers are.
    assertTrue(
        lines.get(1).startsWith("       1 ") && lines.get(3).startsWith("       3 "), r.out());
    assertTrue(lines.get(0).endsWith("tags"), lines.get(0));
    assertTrue(lines.get(1).matches(".*(null|\\[.*\\])$"), lines.get(1));
    assertEquals("", r.err());
  }

  @Test
  void nestedValuesAreJsonInJsonLines() {
    Result r = run("cat", "--columns", "order_id,tags", "--format", "jsonl", ORDERS.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(5000, lines.size());
    String tag = "\"(gift|fragile|bulk|priority)\"";
    String tags = "(null|\\[\\]|\\[" + tag + "(, " + tag + "){0,2}\\])";
    for (String line : lines) {
      assertTrue(line.matches("\\{\"order_id\": \\d+, \"tags\": " + tags + "\\}"), line);
    }
    // The fixture has null lists, empty lists and lists of three.
    assertTrue(
        lines.stream().anyMatch(l -> l.endsWith("null}"))
            && lines.stream().anyMatch(l -> l.endsWith("[]}"))
            && lines.stream().anyMatch(l -> l.chars().filter(ch -> ch == ',').count() == 3));
  }

  @Test
  void catWritesJsonLinesAndCsv() {
    Result json =
        run(
            "cat",
            "--columns",
            "order_id,customer,express",
            "--format",
            "jsonl",
            "--limit",
            "2",
            ORDERS.toString());
    assertEquals(0, json.code(), json.err());
    List<String> lines = json.out().lines().toList();
    assertEquals(2, lines.size());
    assertTrue(
        lines
            .get(0)
            .matches(
                "\\{\"order_id\": 1, \"customer\": \"[A-Za-z]+\", \"express\": (true|false)\\}"),
        lines.get(0));
    Result csv = run("cat", "--columns", "order_id,quantity", "--format", "csv", ORDERS.toString());
    assertEquals(0, csv.code(), csv.err());
    List<String> rows = csv.out().lines().toList();
    assertEquals("order_id,quantity", rows.get(0));
    assertEquals(5001, rows.size(), "a header and 5,000 rows");
    assertTrue(rows.stream().anyMatch(l -> l.endsWith(",")), "null quantities are empty cells");
  }

  @Test
  void jvmErrorsAreOneLineWithAdvice() {
    assertTrue(
        ParrowCommand.describeError(new OutOfMemoryError("Java heap space"))
            .contains("PARROW_JAVA_OPTS=-Xmx"));
    Error allocator = new ExceptionInInitializerError(new UnsupportedOperationException());
    allocator.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement(
              "org.apache.arrow.memory.netty.DefaultAllocationManagerFactory", "<clinit>", null, 26)
        });
    assertTrue(
        ParrowCommand.describeError(allocator)
            .startsWith("Arrow's memory allocator could not start on this JVM"));
    String other = ParrowCommand.describeError(new StackOverflowError());
    assertTrue(other.startsWith("internal error: java.lang.StackOverflowError"), other);
  }
}
