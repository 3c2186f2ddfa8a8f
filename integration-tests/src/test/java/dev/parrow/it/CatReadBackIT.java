package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parrow cat}'s JSON lines and CSV are values other tools parse: DuckDB's {@code read_json}
 * and {@code read_csv}, given the columns' types, read them back to the values DuckDB reads from
 * the Parquet file itself (timestamps with their seconds and zone, times, dates, UUIDs, binary as
 * base64, exact decimals, strings with quotes, commas and line breaks, nulls).
 */
class CatReadBackIT {
  @TempDir static Path dir;

  /** The columns and their DuckDB types; binary comes back through from_base64. */
  private static final String COLUMNS =
      "{'id': 'INTEGER', 'ts': 'TIMESTAMP', 'tstz': 'TIMESTAMPTZ', 'ts_ms': 'TIMESTAMP_MS',"
          + " 'd': 'DATE', 'tm': 'TIME', 'u': 'UUID', 'b': 'VARCHAR', 'dec': 'DECIMAL(10,2)',"
          + " 's': 'VARCHAR', 'f': 'DOUBLE', 'flag': 'BOOLEAN'}";

  private static final String SELECT =
      "id, ts, tstz, ts_ms, d, tm, u, from_base64(b) AS b, dec, s, f, flag";

  private static Path source() throws Exception {
    Path file = dir.resolve("values.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      duck.execute(
          "COPY (SELECT * FROM (VALUES"
              + " (1, TIMESTAMP '1000-01-01 00:00:00', TIMESTAMPTZ '2024-03-01 12:00:00+00',"
              + "  '2024-03-01 12:00:00'::TIMESTAMP_MS, DATE '2024-02-29', TIME '13:00:00',"
              + "  UUID '550e8400-e29b-41d4-a716-446655440000', '\\xAA\\x00\\xFFab'::BLOB,"
              + "  12.50::DECIMAL(10,2), 'q\"uote, comma', 1.5::DOUBLE, true),"
              + " (2, TIMESTAMP '2024-06-30 23:59:59.123456', TIMESTAMPTZ '1969-12-31"
              + " 23:59:59.5+00', '1970-01-01 00:00:00.001'::TIMESTAMP_MS, DATE '0001-01-01',"
              + "  TIME '00:00:00.000001', UUID '00000000-0000-0000-0000-000000000001',"
              + "  ''::BLOB, -0.01::DECIMAL(10,2), 'line' || chr(10) || 'break ü 東京', -0.0,"
              + "  false),"
              + " (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', NULL, NULL),"
              + " (4, NULL, NULL, NULL, NULL, NULL, NULL, 'x'::BLOB, NULL, NULL, 1e300, NULL))"
              + " t(id, ts, tstz, ts_ms, d, tm, u, b, dec, s, f, flag)) TO "
              + DuckDb.literal(file)
              + " (FORMAT parquet)");
    }
    return file;
  }

  private static void assertSameRows(DuckDb duck, Path parquet, String readBack) throws Exception {
    String original = "SELECT * FROM read_parquet(" + DuckDb.literal(parquet) + ")";
    String back = "SELECT " + SELECT + " FROM " + readBack;
    List<Map<String, Object>> count = duck.query("SELECT count(*) AS n FROM (" + back + ")");
    assertEquals(4L, ((Number) count.get(0).get("n")).longValue(), "rows read back");
    for (String[] pair : new String[][] {{original, back}, {back, original}}) {
      List<Map<String, Object>> differ =
          duck.query("SELECT * FROM (" + pair[0] + " EXCEPT ALL " + pair[1] + ")");
      assertEquals(List.of(), differ, "rows of one not in the other, reading back " + readBack);
    }
  }

  @Test
  void duckDbReadsJsonLinesBackToTheSameValues() throws Exception {
    Path parquet = source();
    Path jsonl = dir.resolve("values.jsonl");
    CliOutputIT.ok("cat", parquet.toString(), "--format", "jsonl", "-o", jsonl.toString());
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      assertSameRows(
          duck,
          parquet,
          "read_json("
              + DuckDb.literal(jsonl)
              + ", format = 'newline_delimited', columns = "
              + COLUMNS
              + ")");
    }
  }

  @Test
  void duckDbReadsCsvBackToTheSameValues() throws Exception {
    Path parquet = source();
    Path csv = dir.resolve("values.csv");
    CliOutputIT.ok("cat", parquet.toString(), "--format", "csv", "-o", csv.toString());
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET TimeZone = 'UTC'");
      // An empty field is null, a quoted empty one the empty string ("" in cat's CSV).
      assertSameRows(
          duck,
          parquet,
          "read_csv("
              + DuckDb.literal(csv)
              + ", header = true, allow_quoted_nulls = false, columns = "
              + COLUMNS
              + ")");
    }
  }
}
