package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow's three interval types written and read back exactly: YEAR_MONTH and DAY_TIME as Parquet
 * INTERVAL (DuckDB reads the same intervals) restored from the ARROW:schema hint; MONTH_DAY_NANO in
 * its lossless 16-byte form by default (sub-millisecond and negative values kept; DuckDB sees a
 * BLOB), or as INTERVAL on request, where a value INTERVAL cannot hold fails the write and leaves
 * nothing behind.
 */
class IntervalIT {
  @TempDir Path dir;

  /** Rows: a value, null, a negative value, and one with sub-millisecond nanoseconds. */
  private static VectorSchemaRoot table(BufferAllocator allocator, boolean subMillisecond) {
    IntervalYearVector ym = new IntervalYearVector("ym", allocator);
    IntervalDayVector dt = new IntervalDayVector("dt", allocator);
    IntervalMonthDayNanoVector mdn = new IntervalMonthDayNanoVector("mdn", allocator);
    ym.allocateNew(4);
    dt.allocateNew(4);
    mdn.allocateNew(4);
    ym.set(0, 14);
    ym.setNull(1);
    ym.set(2, -3);
    ym.set(3, 1200);
    dt.set(0, 2, 3_600_000);
    dt.setNull(1);
    dt.set(2, -1, -500);
    dt.set(3, 36_500, 86_399_999);
    mdn.set(0, 1, 2, 3_000_000L);
    mdn.setNull(1);
    mdn.set(2, 0, 5, 7_000_000L);
    mdn.set(3, 12, 0, subMillisecond ? 1_500L : 2_000_000L);
    VectorSchemaRoot root = VectorSchemaRoot.of(ym, dt, mdn);
    root.setRowCount(4);
    return root;
  }

  private Path write(String name, boolean subMillisecond, WriteOptions options) throws Exception {
    Path file = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, subMillisecond);
        ParquetArrowWriter w = ParquetArrowWriter.create(file, root.getSchema(), options)) {
      w.write(root);
    }
    return file;
  }

  @Test
  void everyIntervalTypeComesBackExactly() throws Exception {
    Path file = write("intervals.parquet", true, WriteOptions.defaults());
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot source = table(allocator, true)) {
      Columns expected = new Columns();
      expected.start(source.getSchema());
      expected.append(source);
      Columns back = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      assertEquals(
          new ArrayList<>(expected.fields.values()), new ArrayList<>(back.fields.values()));
      assertEquals(expected.values, back.values);
    }
  }

  @Test
  void duckDbReadsYearMonthAndDayTimeAsIntervalsAndTheLosslessFormAsBytes() throws Exception {
    Path file = write("intervals.parquet", true, WriteOptions.defaults());
    List<String> rows = new ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT ym::VARCHAR, dt::VARCHAR, typeof(mdn), octet_length(mdn) FROM read_parquet("
                    + DuckDb.literal(file)
                    + ")")) {
      while (rs.next()) {
        rows.add(
            rs.getString(1)
                + " | "
                + rs.getString(2)
                + " | "
                + rs.getString(3)
                + " "
                + rs.getObject(4));
      }
    }
    // One documented difference: the format calls INTERVAL's counts unsigned, and DuckDB reads
    // the milliseconds so (-500 ms as 2^32 - 500); Parrow and arrow-rs read and write them signed.
    assertEquals(
        List.of(
            "1 year 2 months | 2 days 01:00:00 | BLOB 16",
            "null | null | BLOB null",
            "-3 months | -1 day 1193:02:46.796 | BLOB 16",
            "100 years | 36500 days 23:59:59.999 | BLOB 16"),
        rows);
  }

  @Test
  void monthDayNanoAsIntervalOnRequestFailsRatherThanTruncate() throws Exception {
    WriteOptions asInterval = WriteOptions.builder().monthDayNanoAsInterval(true).build();
    Path whole = write("whole.parquet", false, asInterval);
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT string_agg(mdn::VARCHAR, ', ') FROM read_parquet("
                    + DuckDb.literal(whole)
                    + ")")) {
      assertTrue(rs.next());
      assertEquals(
          "1 month 2 days 00:00:00.003, 5 days 00:00:00.007, 1 year 00:00:00.002", rs.getString(1));
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns back = CorpusReadIT.readWithParrow(whole, allocator, ReadOptions.defaults());
      VectorSchemaRoot source = table(allocator, false);
      Columns expected = new Columns();
      expected.start(source.getSchema());
      expected.append(source);
      source.close();
      assertEquals(expected.values, back.values);
    }

    Path partial = dir.resolve("partial.parquet");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> write("partial.parquet", true, asInterval));
    assertTrue(e.getMessage().contains("does not fit a Parquet INTERVAL"), e.getMessage());
    assertFalse(Files.exists(partial), "nothing written");
  }
}
