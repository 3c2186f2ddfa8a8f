package dev.parrow.it;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A smaller lineitem (400,000 rows in four row groups, the 16 columns of ../shared/BENCH-DATA.md's
 * lineitem, with an md5 for the comment), written by DuckDB for the remote-read tests.
 */
final class LineitemFile {
  private LineitemFile() {}

  /** Writes {@code dir/lineitem.parquet} (once) and gives its path. */
  static synchronized Path write(Path dir) throws Exception {
    Path lineitem = dir.resolve("lineitem.parquet");
    if (Files.exists(lineitem)) {
      return lineitem;
    }
    try (DuckDb duck = new DuckDb()) {
      duck.execute("SET threads = 1");
      duck.execute(
          "COPY (SELECT CAST(i // 4 + 1 AS BIGINT) AS l_orderkey,"
              + " CAST(hash(i, 11) % 200000 + 1 AS BIGINT) AS l_partkey,"
              + " CAST(hash(i, 12) % 10000 + 1 AS BIGINT) AS l_suppkey,"
              + " CAST(i % 4 + 1 AS INTEGER) AS l_linenumber,"
              + " CAST(hash(i, 13) % 50 + 1 AS INTEGER) AS l_quantity,"
              + " CAST((hash(i, 14) % 10400000 + 90000) / 100 AS DECIMAL(15, 2)) AS"
              + " l_extendedprice,"
              + " (hash(i, 15) % 11) / 100.0 AS l_discount, (hash(i, 16) % 9) / 100.0 AS l_tax,"
              + " ['A', 'N', 'R'][CAST(hash(i, 17) % 3 AS BIGINT) + 1] AS l_returnflag,"
              + " ['F', 'O'][CAST(hash(i, 18) % 2 AS BIGINT) + 1] AS l_linestatus,"
              + " DATE '1992-01-02' + CAST(hash(i, 19) % 2526 AS INTEGER) AS l_shipdate,"
              + " DATE '1992-01-31' + CAST(hash(i, 20) % 2466 AS INTEGER) AS l_commitdate,"
              + " DATE '1992-01-03' + CAST(hash(i, 21) % 2555 AS INTEGER) AS l_receiptdate,"
              + " ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK"
              + " RETURN'][CAST(hash(i, 22) % 4 AS BIGINT) + 1] AS l_shipinstruct,"
              + " ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'][CAST(hash(i, 23) % 7"
              + " AS BIGINT) + 1] AS l_shipmode,"
              + " md5(CAST(hash(i, 24) AS VARCHAR)) AS l_comment"
              + " FROM range(400000) t(i) ORDER BY i) TO "
              + DuckDb.literal(lineitem)
              + " (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 100000)");
    }
    return lineitem;
  }
}
