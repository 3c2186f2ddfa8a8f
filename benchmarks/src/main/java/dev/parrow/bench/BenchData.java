package dev.parrow.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The benchmark tables of ../shared/BENCH-DATA.md, written by DuckDB with one thread so that the
 * same files come out every time. {@code h(i, s)} there is DuckDB's {@code hash(i, s)}.
 */
public final class BenchData {
  private BenchData() {}

  /** A table: its file name, the SELECT that makes it, and DuckDB's COPY options. */
  public record Table(String name, long rows, String query, String options) {
    public String file() {
      return name + ".parquet";
    }
  }

  public static final Table LINEITEM =
      new Table(
          "lineitem",
          6_000_000,
          """
      SELECT
        CAST(i // 4 + 1 AS BIGINT) AS l_orderkey,
        CAST(hash(i, 11) % 200000 + 1 AS BIGINT) AS l_partkey,
        CAST(hash(i, 12) % 10000 + 1 AS BIGINT) AS l_suppkey,
        CAST(i % 4 + 1 AS INTEGER) AS l_linenumber,
        CAST(hash(i, 13) % 50 + 1 AS INTEGER) AS l_quantity,
        CAST((hash(i, 14) % 10400000 + 90000) / 100 AS DECIMAL(15, 2)) AS l_extendedprice,
        (hash(i, 15) % 11) / 100.0 AS l_discount,
        (hash(i, 16) % 9) / 100.0 AS l_tax,
        ['A', 'N', 'R'][CAST(hash(i, 17) % 3 AS BIGINT) + 1] AS l_returnflag,
        ['F', 'O'][CAST(hash(i, 18) % 2 AS BIGINT) + 1] AS l_linestatus,
        DATE '1992-01-02' + CAST(hash(i, 19) % 2526 AS INTEGER) AS l_shipdate,
        DATE '1992-01-31' + CAST(hash(i, 20) % 2466 AS INTEGER) AS l_commitdate,
        DATE '1992-01-03' + CAST(hash(i, 21) % 2555 AS INTEGER) AS l_receiptdate,
        ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'][CAST(hash(i, 22) % 4 AS BIGINT) + 1]
            AS l_shipinstruct,
        ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'][CAST(hash(i, 23) % 7 AS BIGINT) + 1] AS l_shipmode,
        substr($text, CAST(hash(i, 24) % ($len - 45) AS BIGINT) + 1, CAST(hash(i, 25) % 18 + 5 AS BIGINT)) || ' '
            || substr($text, CAST(hash(i, 26) % ($len - 45) AS BIGINT) + 1, CAST(hash(i, 27) % 18 + 4 AS BIGINT))
            AS l_comment
      FROM range(6000000) t(i)
      ORDER BY i
      """,
          "COMPRESSION snappy, ROW_GROUP_SIZE 1000000");

  public static final Table NUMERIC_PLAIN =
      new Table(
          "numeric_plain",
          20_000_000,
          """
      SELECT
        CAST(hash(i, 31) >> 1 AS BIGINT) AS c_i64,
        CASE WHEN hash(i, 32) % 10 = 0 THEN NULL ELSE CAST(hash(i, 33) >> 33 AS INTEGER) END AS c_i32,
        (hash(i, 34) % 100000000) / 1000.0 AS c_f64,
        CASE WHEN hash(i, 35) % 10 = 0 THEN NULL ELSE CAST((hash(i, 36) % 10000000) / 100.0 AS FLOAT) END AS c_f32
      FROM range(20000000) t(i)
      ORDER BY i
      """,
          "COMPRESSION uncompressed, ROW_GROUP_SIZE 1000000, DICTIONARY_SIZE_LIMIT 1");

  public static final Table STRINGS_DICT =
      new Table(
          "strings_dict",
          10_000_000,
          """
      SELECT
        'category_' || (hash(i, 41) % 1000) || '_' || repeat('x', CAST(hash(hash(i, 41) % 1000, 42) % 20 AS BIGINT))
            AS s_dict,
        'key-' || i || '-' || (hash(i, 43) % 1000000007) AS s_high
      FROM range(10000000) t(i)
      ORDER BY i
      """,
          "COMPRESSION zstd, ROW_GROUP_SIZE 1000000");

  /**
   * numeric_plain's rows as DuckDB's V2 writer stores them without dictionaries:
   * DELTA_BINARY_PACKED integers, BYTE_STREAM_SPLIT floats, data pages v2 (not in BENCH-DATA.md:
   * the encodings issue's variant).
   */
  public static final Table NUMERIC_DELTA =
      new Table(
          "numeric_delta",
          NUMERIC_PLAIN.rows(),
          NUMERIC_PLAIN.query(),
          "COMPRESSION uncompressed, ROW_GROUP_SIZE 1000000, DICTIONARY_SIZE_LIMIT 1, PARQUET_VERSION V2");

  /**
   * strings_dict's rows with DELTA_LENGTH_BYTE_ARRAY strings (V2 writer, no dictionaries), zstd.
   */
  public static final Table STRINGS_DELTA =
      new Table(
          "strings_delta",
          STRINGS_DICT.rows(),
          STRINGS_DICT.query(),
          "COMPRESSION zstd, ROW_GROUP_SIZE 1000000, DICTIONARY_SIZE_LIMIT 1, PARQUET_VERSION V2");

  public static final Table LISTS =
      new Table(
          "lists",
          2_000_000,
          """
      SELECT
        CASE WHEN hash(i, 51) % 20 = 0 THEN NULL
             ELSE list_transform(range(CAST(hash(i, 52) % 11 AS BIGINT)),
                                 j -> CASE WHEN hash(i, j, 53) % 20 = 0 THEN NULL
                                           ELSE CAST(hash(i, j, 54) % 1000000000 AS BIGINT) END) END AS l_i64,
        CASE WHEN hash(i, 55) % 20 = 0 THEN NULL
             ELSE list_transform(range(CAST(hash(i, 56) % 11 AS BIGINT)),
                                 j -> CASE WHEN hash(i, j, 57) % 20 = 0 THEN NULL
                                           ELSE 'w' || (hash(i, j, 58) % 100000) END) END AS l_str
      FROM range(2000000) t(i)
      ORDER BY i
      """,
          "COMPRESSION snappy, ROW_GROUP_SIZE 1000000");

  /** Every table the comparison runner reads. */
  public static final List<Table> TABLES =
      List.of(LINEITEM, NUMERIC_PLAIN, STRINGS_DICT, NUMERIC_DELTA, STRINGS_DELTA, LISTS);

  /** Writes the table into {@code dir} unless it is there already; returns its path. */
  public static Path ensure(Path dir, Table table) throws IOException, SQLException {
    Path target = dir.resolve(table.file());
    if (Files.exists(target)) {
      return target;
    }
    Files.createDirectories(dir);
    Path temporary = dir.resolve(table.file() + ".tmp");
    String text = text();
    String query =
        table
            .query()
            .replace("$text", "'" + text.replace("'", "''") + "'")
            .replace("$len", Integer.toString(text.length()));
    long start = System.nanoTime();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads = 1");
      s.execute("SET preserve_insertion_order = true");
      s.execute(
          "COPY (" + query + ") TO '" + temporary + "' (FORMAT parquet, " + table.options() + ")");
    }
    Files.move(
        temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.out.printf(
        "generated %s in %.1f s (%,d bytes)%n",
        target, (System.nanoTime() - start) / 1e9, Files.size(target));
    return target;
  }

  /** The fixed English text that l_comment is cut from (committed beside this class). */
  static String text() throws IOException {
    try (InputStream in = BenchData.class.getResourceAsStream("bench-text.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().replace("\n", " ");
    }
  }
}
