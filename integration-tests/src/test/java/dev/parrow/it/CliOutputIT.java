package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.Versions;
import dev.parrow.cli.ParrowCommand;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the commands print, checked against DuckDB's own reading of the same files: column order,
 * binary as text, escaping and cutting in tables, nulls in CSV, empty files, warnings; and every
 * error names the file and says what to do.
 */
class CliOutputIT {
  private static final Path ORDERS = FixturesIT.projectTestdata().resolve("orders.parquet");

  @TempDir static Path dir;

  /** Rows with line breaks, an escape sequence, a long value, a BLOB and null and empty strings. */
  private static Path mixed;

  /** Columns and no rows. */
  private static Path empty;

  @BeforeAll
  static void files() throws Exception {
    mixed = dir.resolve("mixed.parquet");
    empty = dir.resolve("empty.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT * FROM (VALUES"
              + " (1, 'a' || chr(10) || 'b', 'text one'::BLOB, NULL::VARCHAR),"
              + " (2, chr(27) || '[31mred' || chr(9) || 'tab', 'two,2'::BLOB, ''),"
              + " (3, repeat('long', 30), NULL, 'q\"uote, comma')) t(id, txt, raw, s)) TO "
              + DuckDb.literal(mixed)
              + " (FORMAT parquet)");
      duck.execute(
          "COPY (SELECT 1 AS a, 'x' AS b WHERE false) TO "
              + DuckDb.literal(empty)
              + " (FORMAT parquet)");
    }
  }

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(code, out.toString(), err.toString());
  }

  static Result ok(String... args) {
    Result r = run(args);
    assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
    return r;
  }

  /** The one-line error of a failed command, without the "parrow: " prefix. */
  static String error(String... args) {
    Result r = run(args);
    assertEquals(1, r.code(), String.join(" ", args) + " succeeded: " + r.out());
    String message = r.err().strip();
    assertTrue(message.startsWith("parrow: "), message);
    assertFalse(message.contains("\tat "), "no stack trace: " + message);
    return message.substring("parrow: ".length());
  }

  @Test
  void columnsComeInTheOrderAsked() throws Exception {
    Result csv =
        ok(
            "cat",
            "--columns",
            "amount,order_id",
            "--format",
            "csv",
            "--limit",
            "3",
            ORDERS.toString());
    List<String> lines = csv.out().lines().toList();
    assertEquals("amount,order_id", lines.get(0));
    try (DuckDb duck = new DuckDb()) {
      var rows = duck.query("SELECT amount, order_id FROM " + DuckDb.literal(ORDERS) + " LIMIT 3");
      for (int i = 0; i < 3; i++) {
        assertEquals(
            rows.get(i).get("amount") + "," + rows.get(i).get("order_id"), lines.get(i + 1));
      }
    }
    String header =
        ok("head", "--columns", "tags,customer", "-n", "1", ORDERS.toString())
            .out()
            .lines()
            .findFirst()
            .orElseThrow();
    assertTrue(header.matches("tags\\s+customer"), header);
    // A dotted path places its top-level field.
    Result nested =
        ok(
            "cat",
            "--columns",
            "express,tags.list.element",
            "--format",
            "jsonl",
            "--limit",
            "1",
            ORDERS.toString());
    assertTrue(nested.out().startsWith("{\"express\": "), nested.out());
  }

  @Test
  void binaryAsStringShowsUnannotatedBinaryAsText() throws Exception {
    Result hex =
        ok("cat", "--columns", "raw", "--format", "csv", "--binary", "hex", mixed.toString());
    Result base64 = ok("cat", "--columns", "raw", "--format", "csv", mixed.toString());
    Result text =
        ok("cat", "--columns", "raw", "--format", "csv", "--binary-as-string", mixed.toString());
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET binary_as_string = true");
      var rows = duck.query("SELECT raw FROM " + DuckDb.literal(mixed) + " ORDER BY id");
      assertEquals(
          List.of("raw", "text one", "\"two,2\"", ""),
          text.out().lines().toList(),
          "DuckDB reads " + rows);
      assertEquals("text one", rows.get(0).get("raw"));
    }
    assertEquals("0x74657874206f6e65", hex.out().lines().toList().get(1));
    // CSV and JSON lines write binary as base64 unless asked for hex.
    assertEquals("dGV4dCBvbmU=", base64.out().lines().toList().get(1));
  }

  @Test
  void tablesEscapeControlCharactersAndFitTheWidth() {
    Result wide = ok("cat", mixed.toString(), "--wide");
    assertTrue(wide.out().contains("a\\nb"), wide.out());
    assertTrue(wide.out().contains("\\x1b[31mred\\ttab"), wide.out());
    assertTrue(wide.out().contains("long".repeat(30)), wide.out());
    assertFalse(wide.out().contains("\u001b"), "no raw escape reaches the terminal");
    assertEquals(4, wide.out().lines().count(), "one line per row: " + wide.out());

    Result narrow = ok("cat", mixed.toString(), "--width", "50");
    for (String line : narrow.out().lines().toList()) {
      assertTrue(line.codePointCount(0, line.length()) <= 50, line);
    }
    assertTrue(narrow.out().contains("…"), narrow.out());
    assertFalse(narrow.out().contains("long".repeat(30)), narrow.out());
  }

  @Test
  void csvTellsNullFromEmpty() throws Exception {
    List<String> s =
        ok("cat", "--columns", "s", "--format", "csv", mixed.toString()).out().lines().toList();
    try (DuckDb duck = new DuckDb()) {
      var rows = duck.query("SELECT s FROM " + DuckDb.literal(mixed) + " ORDER BY id");
      assertEquals(null, rows.get(0).get("s"));
      assertEquals("", rows.get(1).get("s"));
    }
    assertEquals(List.of("s", "", "\"\"", "\"q\"\"uote, comma\""), s);
    List<String> marked =
        ok("cat", "--columns", "s", "--format", "csv", "--null-value", "NULL", mixed.toString())
            .out()
            .lines()
            .toList();
    assertEquals(List.of("s", "NULL", "", "\"q\"\"uote, comma\""), marked);
  }

  @Test
  void anEmptyFileStillPrintsItsHeader() {
    assertEquals(List.of("a  b", "(no rows)"), ok("head", empty.toString()).out().lines().toList());
    assertEquals(
        List.of("a,b"), ok("cat", empty.toString(), "--format", "csv").out().lines().toList());
    assertEquals("", ok("cat", empty.toString(), "--format", "jsonl").out());
    // A filter that matches nothing is an empty result too.
    assertEquals(
        List.of("order_id", "(no rows)"),
        ok("head", "--columns", "order_id", "--where", "order_id < 0", ORDERS.toString())
            .out()
            .lines()
            .toList());
  }

  @Test
  void jsonStatisticsAreStrings() throws Exception {
    String json = ok("meta", "--json", ORDERS.toString()).out();
    try (DuckDb duck = new DuckDb()) {
      var row =
          duck.query(
                  "SELECT stats_min_value FROM parquet_metadata("
                      + DuckDb.literal(ORDERS)
                      + ") WHERE path_in_schema = 'customer' AND row_group_id = 0")
              .get(0);
      assertTrue(json.contains("\"min\": \"" + row.get("stats_min_value") + "\""), json);
    }
    assertFalse(json.contains("\"min\": \"\\\""), "no quotes inside the JSON string");
  }

  @Test
  void warningsOnceEachAndQuietSilencesThem() {
    Path unknown = Corpus.parquetTesting().resolve("data").resolve("unknown-logical-type.parquet");
    Result r = ok("head", unknown.toString(), "--where", "\"column with known type\" IS NOT NULL");
    List<String> warnings = r.err().lines().filter(l -> l.startsWith("parrow: warning: ")).toList();
    assertEquals(1, warnings.size(), r.err());
    assertEquals(warnings.stream().distinct().count(), warnings.size());
    assertEquals("", ok("head", "-q", unknown.toString()).err());
    assertEquals("", ok("--quiet", "head", unknown.toString()).err());
  }

  @Test
  void errorsNameTheFileAndSayWhatToDo() throws Exception {
    // A verb that reads one file refuses a directory; the reading verbs take it as a dataset.
    assertTrue(error("pages", dir.toString()).startsWith(dir + ": is a directory"));
    Path empty = Files.createDirectories(dir.resolve("empty"));
    String none = error("head", empty.toString());
    assertTrue(none.startsWith(empty + ": no Parquet files there"), none);
    String column = error("pages", ORDERS.toString(), "--column", "nope");
    assertTrue(column.startsWith(ORDERS + ": no leaf column 'nope'"), column);
    String noDir = error("convert", ORDERS.toString(), "/no/such/dir/o.parquet");
    assertEquals("cannot write /no/such/dir/o.parquet: no directory /no/such/dir", noDir);
    assertTrue(error("head", "-n", "-5", ORDERS.toString()).contains("-n must not be negative"));
    assertTrue(error("cat", "--limit", "-1", ORDERS.toString()).contains("must not be negative"));

    Path same = dir.resolve("same.parquet");
    Files.copy(ORDERS, same);
    String exists = error("convert", same.toString(), same.toString());
    assertTrue(exists.contains("exists; add --overwrite"), exists);
    Path existing = dir.resolve("existing.arrow");
    Files.writeString(existing, "keep");
    assertTrue(error("to-arrow", ORDERS.toString(), existing.toString()).contains("--overwrite"));
    assertEquals("keep", Files.readString(existing));
    ok("convert", same.toString(), same.toString(), "--overwrite", "--compression", "zstd");
    try (ParquetFile f = ParquetFile.open(same)) {
      assertEquals(
          CompressionCodec.ZSTD,
          f.footer().metaData().rowGroups().get(0).columns().get(0).metaData().codec());
    }
    assertEquals(
        ok("cat", "--format", "jsonl", ORDERS.toString()).out(),
        ok("cat", "--format", "jsonl", same.toString()).out(),
        "convert IN IN kept every value");

    String lzo =
        error(
            "convert",
            ORDERS.toString(),
            dir.resolve("l.parquet").toString(),
            "--compression",
            "lzo");
    assertTrue(
        lzo.contains("LZO compression is not supported: Parrow neither reads nor writes"), lzo);
    assertTrue(error("cat", "--format", "xml", ORDERS.toString()).contains("xml"));
  }

  /** Arrow Java has no vector for decimal32/64: the error names the input and the column. */
  @Test
  void narrowDecimalsInArrowInputAreNamed() throws Exception {
    Path stream = dir.resolve("d32.arrows");
    try (var out = Files.newOutputStream(stream)) {
      var schema =
          new org.apache.arrow.vector.types.pojo.Schema(
              List.of(
                  new org.apache.arrow.vector.types.pojo.Field(
                      "price",
                      org.apache.arrow.vector.types.pojo.FieldType.nullable(
                          new org.apache.arrow.vector.types.pojo.ArrowType.Decimal(9, 2, 32)),
                      null)));
      var channel =
          new org.apache.arrow.vector.ipc.WriteChannel(java.nio.channels.Channels.newChannel(out));
      org.apache.arrow.vector.ipc.message.MessageSerializer.serialize(channel, schema);
      channel.writeIntLittleEndian(0xFFFFFFFF);
      channel.writeIntLittleEndian(0);
    }
    String message = error("from-arrow", stream.toString(), dir.resolve("d.parquet").toString());
    assertTrue(
        message.startsWith(stream + ": has 32- or 64-bit decimals (price: decimal32(9, 2))"),
        message);
    assertTrue(message.contains("decimal128"), message);
  }

  /**
   * Every error message of the library that points at a ReadOptions setting also names the CLI flag
   * that does the same, and that flag exists.
   */
  @Test
  void hintsNameTheirCliFlags() throws Exception {
    Path root = FixturesIT.projectTestdata().getParent();
    Pattern option = Pattern.compile("ReadOptions\\.([a-zA-Z0-9]+)");
    Pattern flag = Pattern.compile("--[a-z][a-z0-9-]+");
    String help = ok("to-arrow", "--help").out() + ok("cat", "--help").out();
    List<String> checked = new ArrayList<>();
    for (String module : List.of("parquet-codec", "arrow-bridge", "type-mapping")) {
      try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String source = Files.readString(f);
          // A message: the string literals of one statement, joined.
          for (String statement : statements(source)) {
            String literals = literals(statement);
            Matcher m = option.matcher(literals);
            if (!m.find() || !statement.contains("new ") || !statement.contains("Exception")) {
              continue;
            }
            Matcher flags = flag.matcher(literals);
            assertTrue(flags.find(), f.getFileName() + ": " + literals + " names no CLI flag");
            do {
              assertTrue(help.contains(flags.group()), flags.group() + " is no flag: " + literals);
            } while (flags.find());
            checked.add(m.group(1));
          }
        }
      }
    }
    assertTrue(
        checked.containsAll(
            List.of(
                "maxPageBytes",
                "batchSize",
                "int96Unit",
                "useArrowSchemaHint",
                "maxLevelsPerBatch")),
        checked.toString());
  }

  /**
   * The source cut at each semicolon outside string and character literals, comments left out (an
   * apostrophe in a comment is no character literal).
   */
  private static List<String> statements(String source) {
    List<String> out = new ArrayList<>();
    StringBuilder statement = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (quote != 0) {
        statement.append(c);
        if (c == '\\' && i + 1 < source.length()) {
          statement.append(source.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
      } else if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? source.length() : end + 1;
      } else if (c == '"' || c == '\'') {
        quote = c;
        statement.append(c);
      } else if (c == ';') {
        out.add(statement.toString());
        statement.setLength(0);
      } else {
        statement.append(c);
      }
    }
    return out;
  }

  private static String literals(String statement) {
    StringBuilder sb = new StringBuilder();
    // Possessive: no backtracking stack, whatever the literal's length.
    Matcher m = Pattern.compile("\"((?:[^\"\\\\]++|\\\\.)*+)\"").matcher(statement);
    while (m.find()) {
      sb.append(m.group(1));
    }
    return sb.toString();
  }

  @Test
  void helpAndVersionTellTheTruth() throws Exception {
    String version = ok("--version").out();
    Path written = dir.resolve("v.parquet");
    ok("convert", ORDERS.toString(), written.toString());
    try (ParquetFile f = ParquetFile.open(written)) {
      assertEquals(Versions.createdBy(), f.footer().metaData().createdBy());
      assertTrue(version.startsWith(f.footer().metaData().createdBy() + "\n"), version);
    }
    // The arrow-vector version the build pins.
    assertTrue(version.contains("Arrow Java 19.0.0"), version);
    String convert = ok("convert", "--help").out();
    assertTrue(convert.contains("BROTLI"), convert);
    assertTrue(convert.replaceAll("\\s+", " ").contains("Write every column PLAIN"), convert);
    for (String verb :
        List.of(
            "head",
            "cat",
            "to-arrow",
            "convert",
            "from-arrow",
            "append",
            "schema",
            "meta",
            "pages")) {
      assertEquals(0, run(verb, "--help").code(), verb);
    }
  }

  @Test
  void choicesIgnoreCase() {
    Path out = dir.resolve("case.arrow");
    ok(
        "to-arrow",
        ORDERS.toString(),
        out.toString(),
        "--overwrite",
        "--dictionary-mode",
        "PER_ROW_GROUP");
    assertEquals(
        2, ok("cat", "--format", "CSV", "--limit", "1", ORDERS.toString()).out().lines().count());
  }
}
