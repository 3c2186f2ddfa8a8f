package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parrow import}: CSV and JSON lines as Parquet, each column typed by all of its values,
 * read back by DuckDB to the values DuckDB's own {@code read_csv} and {@code read_json} read from
 * the same text; types given with --schema; a bad value named by its line, leaving no output.
 */
class ImportIT {
  @TempDir Path dir;

  private static final String CSV =
      "id,name,amount,flag,day,ts,tstz,nothing,code\n"
          + "1,Ada,12.5,true,2024-02-29,2024-01-01 10:00:00,2024-01-01T10:00:00Z,,007\n"
          + "2,\"Lovelace, Ada\",-3,false,1815-12-10,1815-12-10T08:30:00.123456,"
          + "2024-06-01T12:00:00+02:00,,x1\n"
          + "3,\"says \"\"hi\"\"\nover two lines\",,TRUE,,,,,\n"
          + "4,,1e3,false,2000-01-01,2000-01-01 00:00:00,1999-12-31T23:00:00-01:00,,42\n";

  private static final String JSONL =
      "{\"id\": 1, \"name\": \"Ada\", \"amount\": 12.5, \"flag\": true, \"day\": \"2024-02-29\","
          + " \"tags\": [\"a\", \"b\"]}\n"
          + "{\"id\": 2, \"name\": \"Grace \\\"Amazing\\\"\", \"amount\": -3, \"flag\": false,"
          + " \"day\": null, \"extra\": \"only here\"}\n"
          + "\n"
          + "{\"id\": 3, \"name\": null, \"amount\": 1e3, \"day\": \"1815-12-10\"}\n";

  private static Map<String, String> types(DuckDb duck, Path parquet) throws Exception {
    return types(duck, "read_parquet(" + DuckDb.literal(parquet) + ")");
  }

  /** Each column's DuckDB type, in order, of what {@code from} (a FROM clause's source) gives. */
  private static Map<String, String> types(DuckDb duck, String from) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    for (var row : duck.query("DESCRIBE SELECT * FROM " + from)) {
      out.put((String) row.get("column_name"), (String) row.get("column_type"));
    }
    return out;
  }

  /** Each row of the query with every column cast to text, in id order. */
  private static List<Map<String, Object>> text(DuckDb duck, String from, List<String> columns)
      throws Exception {
    StringBuilder select = new StringBuilder();
    for (String c : columns) {
      select
          .append(select.length() > 0 ? ", " : "")
          .append("CAST(\"")
          .append(c)
          .append("\" AS VARCHAR) AS \"")
          .append(c)
          .append('"');
    }
    return duck.query("SELECT " + select + " FROM " + from + " ORDER BY id");
  }

  @Test
  void csvImportsWithEveryColumnTypedAndDuckDbReadsTheSameValues() throws Exception {
    Path csv = Files.writeString(dir.resolve("data.csv"), CSV);
    Path out = dir.resolve("data.parquet");
    CliOutputIT.ok("import", csv.toString(), out.toString());
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      Map<String, String> types = types(duck, out);
      assertEquals(
          Map.of(
              "id", "BIGINT",
              "name", "VARCHAR",
              "amount", "DOUBLE",
              "flag", "BOOLEAN",
              "day", "DATE",
              "ts", "TIMESTAMP",
              "tstz", "TIMESTAMP WITH TIME ZONE",
              "nothing", "VARCHAR",
              "code", "VARCHAR"),
          types);
      List<String> columns = List.copyOf(types.keySet());
      // DuckDB's reader, given the same types, reads the same values.
      String duckTypes =
          "{'id': 'BIGINT', 'name': 'VARCHAR', 'amount': 'DOUBLE', 'flag': 'BOOLEAN', 'day':"
              + " 'DATE', 'ts': 'TIMESTAMP', 'tstz': 'TIMESTAMPTZ', 'nothing': 'VARCHAR', 'code':"
              + " 'VARCHAR'}";
      assertEquals(
          text(
              duck,
              "read_csv(" + DuckDb.literal(csv) + ", header = true, columns = " + duckTypes + ")",
              columns),
          text(duck, "read_parquet(" + DuckDb.literal(out) + ")", columns));
    }
  }

  /**
   * Numbers written with leading zeros (postal codes, account numbers) are inferred as text, as
   * DuckDB's own sniffer infers them, so their zeros are kept; a zero alone, a fraction and a
   * signed number stay numbers.
   */
  @Test
  void leadingZerosAreInferredAsDuckDbInfersThem() throws Exception {
    Path csv =
        Files.writeString(
            dir.resolve("zeros.csv"),
            "id,zip,n,f,half,neg\n"
                + "1,02134,0,0.5,00.5,-01\n"
                + "2,10001,-5,-0.25,1.0,3\n"
                + "3,,12,,,\n");
    assertImportedAsDuckDbSniffs(csv, Map.of("zip", "VARCHAR"));
  }

  /**
   * Booleans spelled t/f or yes/no, times of day and timestamps with offsets of every form DuckDB
   * takes are inferred as DuckDB's sniffer infers them, with the same values; 1/0 stay numbers and
   * y/n text.
   */
  @Test
  void booleansTimesAndOffsetsAreInferredAsDuckDbInfersThem() throws Exception {
    Path csv =
        Files.writeString(
            dir.resolve("spellings.csv"),
            "id,bit,yn,tf,yesno,hm,hms,plain,short\n"
                + "1,1,y,T,Yes,10:00,10:00:00.123456,2024-01-31 10:00:00+0100,"
                + "2024-01-31T10:00:00-05\n"
                + "2,0,n,F,NO,23:59,23:59:59,2024-01-31 10:00:00+01:30,2024-01-31T10:00:00Z\n"
                + "3,,,,,,,,\n");
    assertImportedAsDuckDbSniffs(csv, Map.of("hm", "TIME", "yesno", "BOOLEAN"));
  }

  /**
   * Imports {@code csv} and checks that the file has the types DuckDB's own sniffer gives the CSV
   * (some of them, {@code expected}, named here) and the values DuckDB reads from the CSV with
   * them.
   */
  private void assertImportedAsDuckDbSniffs(Path csv, Map<String, String> expected)
      throws Exception {
    Path out = dir.resolve(csv.getFileName() + ".parquet");
    CliOutputIT.ok("import", csv.toString(), out.toString());
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      String fromCsv = "read_csv(" + DuckDb.literal(csv) + ")";
      Map<String, String> sniffed = types(duck, fromCsv);
      expected.forEach((column, type) -> assertEquals(type, sniffed.get(column), column));
      assertEquals(sniffed, types(duck, out));
      List<String> columns = List.copyOf(sniffed.keySet());
      assertEquals(
          text(duck, fromCsv, columns),
          text(duck, "read_parquet(" + DuckDb.literal(out) + ")", columns));
    }
  }

  @Test
  void jsonLinesImportWithNestedValuesAsText() throws Exception {
    Path jsonl = Files.writeString(dir.resolve("data.jsonl"), JSONL);
    Path out = dir.resolve("json.parquet");
    CliOutputIT.ok("import", jsonl.toString(), out.toString());
    try (DuckDb duck = new DuckDb()) {
      Map<String, String> types = types(duck, out);
      assertEquals(
          List.of("id", "name", "amount", "flag", "day", "tags", "extra"),
          List.copyOf(types.keySet()),
          "columns in first-seen order");
      assertEquals("BIGINT", types.get("id"));
      assertEquals("DOUBLE", types.get("amount"));
      assertEquals("BOOLEAN", types.get("flag"));
      assertEquals("DATE", types.get("day"));
      assertEquals("VARCHAR", types.get("tags"));
      List<String> scalar = List.of("id", "name", "amount", "flag", "day", "extra");
      String duckTypes =
          "{'id': 'BIGINT', 'name': 'VARCHAR', 'amount': 'DOUBLE', 'flag': 'BOOLEAN', 'day':"
              + " 'DATE', 'tags': 'VARCHAR[]', 'extra': 'VARCHAR'}";
      assertEquals(
          text(
              duck,
              "read_json("
                  + DuckDb.literal(jsonl)
                  + ", format = 'newline_delimited', columns = "
                  + duckTypes
                  + ")",
              scalar),
          text(duck, "read_parquet(" + DuckDb.literal(out) + ")", scalar));
      var tags =
          duck.query("SELECT tags FROM read_parquet(" + DuckDb.literal(out) + ") ORDER BY id");
      assertEquals("[\"a\",\"b\"]", tags.get(0).get("tags"), "a nested value as its JSON text");
    }
  }

  @Test
  void givenTypesAreCheckedAndABadValueNamesItsLineAndLeavesNoFile() throws Exception {
    Path csv = Files.writeString(dir.resolve("data.csv"), CSV);
    Path out = dir.resolve("typed.parquet");
    CliOutputIT.ok(
        "import", csv.toString(), out.toString(), "--schema", "id INTEGER, amount FLOAT");
    try (DuckDb duck = new DuckDb()) {
      Map<String, String> types = types(duck, out);
      assertEquals("INTEGER", types.get("id"));
      assertEquals("FLOAT", types.get("amount"));
    }
    Path bad = dir.resolve("bad.parquet");
    String message =
        CliOutputIT.error("import", csv.toString(), bad.toString(), "--schema", "code BIGINT");
    assertTrue(
        message.contains(csv.toString())
            && message.contains("line 3")
            && message.contains("'x1' is not a BIGINT"),
        message);
    assertFalse(Files.exists(bad), "a failed import leaves no file");
    String unknown =
        CliOutputIT.error("import", csv.toString(), bad.toString(), "--schema", "nope BIGINT");
    assertTrue(unknown.contains("nope"), unknown);
  }
}
