package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.page.PageIndexReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timestamps written as INT96 on request ({@code WriteOptions.int96Timestamps}, as pyarrow's {@code
 * use_deprecated_int96_timestamps} and Spark write them), days before 1970 and sub-microsecond
 * nanoseconds among them: Arrow C++ and DuckDB read the same instants, Parrow reads back the
 * written types through the ARROW:schema hint; statistics and the column index follow
 * INT96_TIMESTAMP_ORDER (parquet-format #584) with the bounds parquet-testing's
 * int96_timestamp_order documents for its values, and Parrow prunes by them, but not by INT96
 * bounds under the type order.
 */
class Int96WriteIT {
  @TempDir Path dir;

  private static final TimeUnit[] UNITS = TimeUnit.values();

  /** Nanoseconds from the epoch of each row; null for a null. */
  private static final Long[] NANOS = {
    0L,
    null,
    1_700_000_000_123_456_000L,
    -1_000L, // just before 1970: day -1, the last microsecond of it
    -86_400_000_000_000L * 40_000, // 1860
    7_258_118_400_000_000_000L + 1_234_567_891L, // 2200-01-01T00:00:01.234567891
  };

  private static Field field(TimeUnit unit) {
    String zone = unit == TimeUnit.MILLISECOND ? "America/New_York" : null;
    return new Field(
        "ts_" + unit.name().toLowerCase(java.util.Locale.ROOT),
        FieldType.nullable(new ArrowType.Timestamp(unit, zone)),
        null);
  }

  private static long perUnit(TimeUnit unit) {
    return dev.parrow.types.ParquetToArrow.nanos(unit);
  }

  /** The same instants in a column of each unit (truncated toward the past to it). */
  private static VectorSchemaRoot table(BufferAllocator allocator) {
    List<Field> fields = new ArrayList<>();
    for (TimeUnit unit : UNITS) {
      fields.add(field(unit));
    }
    VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
    for (int u = 0; u < UNITS.length; u++) {
      TimeStampVector v = (TimeStampVector) root.getVector(u);
      v.allocateNew(NANOS.length);
      for (int i = 0; i < NANOS.length; i++) {
        if (NANOS[i] == null) {
          v.setNull(i);
        } else {
          v.set(i, Math.floorDiv(NANOS[i], perUnit(UNITS[u])));
        }
      }
    }
    root.setRowCount(NANOS.length);
    return root;
  }

  private Path write(String name, WriteOptions options) throws Exception {
    Path file = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator);
        ParquetArrowWriter w = ParquetArrowWriter.create(file, root.getSchema(), options)) {
      w.write(root);
    }
    return file;
  }

  private static WriteOptions int96() {
    return WriteOptions.builder().int96Timestamps(true).build();
  }

  @Test
  void arrowCppReadsTheInstantsAndParrowTheWrittenTypes() throws Exception {
    Path file = write("int96.parquet", int96());
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot source = table(allocator);
        ParquetFile pf = ParquetFile.open(file)) {
      for (int u = 0; u < UNITS.length; u++) {
        assertEquals(PhysicalType.INT96, pf.footer().schema().column(u).physicalType());
        assertNull(pf.footer().schema().column(u).logicalType());
      }
      Columns expected = new Columns();
      expected.start(source.getSchema());
      expected.append(source);
      Columns back = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      assertEquals(
          new ArrayList<>(expected.fields.values()), new ArrayList<>(back.fields.values()));
      assertEquals(expected.values, back.values);

      // Arrow C++ reads INT96 as nanoseconds (its own split of day and nanoseconds, the hint's
      // unit and zone left aside): the same instants.
      assertEquals(expected.values, ArrowCpp.read(file, allocator).values);
    }
  }

  @Test
  void duckDbReadsTheSameInstants() throws Exception {
    Path file = write("int96.parquet", int96());
    for (TimeUnit unit : UNITS) {
      String column = field(unit).getName();
      List<String> got = new ArrayList<>();
      try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
          var s = c.createStatement();
          var rs =
              s.executeQuery(
                  "SELECT typeof("
                      + column
                      + "), epoch_us("
                      + column
                      + ") FROM read_parquet("
                      + DuckDb.literal(file)
                      + ")")) {
        while (rs.next()) {
          assertEquals("TIMESTAMP", rs.getString(1));
          Object us = rs.getObject(2);
          got.add(us == null ? "null" : us.toString());
        }
      }
      List<String> truncated = new ArrayList<>();
      for (Long nanos : NANOS) {
        truncated.add(
            nanos == null
                ? "null"
                : Long.toString(
                    Math.floorDiv(Math.floorDiv(nanos, perUnit(unit)) * perUnit(unit), 1_000L)));
      }
      assertEquals(truncated, got, column);
    }
  }

  /**
   * parquet-testing's int96_timestamp_order values, in its order: LATE_IN_DAY, NEXT_DAY, EARLY,
   * SAME_DAY_EARLY.
   */
  private static final long[] ORDER_TEST_NANOS = {
    86_399_999_999_999L,
    86_400_000_000_000L,
    (2_440_000L - 2_440_588L) * 86_400_000_000_000L + 123,
    1_000L
  };

  private static final int REPEATS = 50;

  /** One column {@code ts}: a timestamp of {@code unit} without a zone. */
  private static Schema tsSchema(TimeUnit unit, boolean nullable) {
    return new Schema(
        List.of(
            new Field(
                "ts", new FieldType(nullable, new ArrowType.Timestamp(unit, null), null), null)));
  }

  private Path orderTestFile(String name) throws Exception {
    Path file = dir.resolve(name);
    Schema schema = tsSchema(TimeUnit.NANOSECOND, false);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter w = ParquetArrowWriter.create(file, schema, int96())) {
      // Each value REPEATS times, so that the chunk is dictionary-encoded.
      TimeStampVector v = (TimeStampVector) root.getVector(0);
      int rows = ORDER_TEST_NANOS.length * REPEATS;
      v.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        v.set(i, ORDER_TEST_NANOS[i % ORDER_TEST_NANOS.length]);
      }
      root.setRowCount(rows);
      w.write(root);
    }
    return file;
  }

  @Test
  void statisticsAndTheColumnIndexFollowTheInt96TimestampOrder() throws Exception {
    Path file = orderTestFile("order.parquet");
    // The bounds int96_timestamp_order.md documents for these values: EARLY and NEXT_DAY.
    byte[] min = HexFormat.ofDelimiter(" ").parseHex("7B 00 00 00 00 00 00 00 40 3B 25 00");
    byte[] max = HexFormat.ofDelimiter(" ").parseHex("00 00 00 00 00 00 00 00 8D 3D 25 00");
    try (ParquetFile pf = ParquetFile.open(file)) {
      assertEquals(List.of(ColumnOrder.INT96_TIMESTAMP_ORDER), pf.metadata().columnOrders());
      ColumnChunk chunk = pf.metadata().rowGroups().get(0).columns().get(0);
      Statistics s = chunk.metaData().statistics();
      assertArrayEquals(min, s.minValue().toByteArray());
      assertArrayEquals(max, s.maxValue().toByteArray());
      ColumnIndex index = PageIndexReader.columnIndex(pf.input(), chunk);
      assertNotNull(index);
      assertArrayEquals(min, index.minValues().get(0).toByteArray());
      assertArrayEquals(max, index.maxValues().get(0).toByteArray());
    }
  }

  @Test
  void filtersPruneByInt96BoundsOnlyUnderTheirOrder() throws Exception {
    Path file = orderTestFile("order.parquet");
    // The same file with its footer saying TYPE_ORDER, as a writer before the order would: its
    // INT96 bounds mean nothing then, so nothing is pruned by them.
    byte[] bytes = Files.readAllBytes(file);
    FileMetaData meta = Footers.read(bytes);
    FileMetaData typeOrder =
        new FileMetaData(
            meta.version(),
            meta.schema(),
            meta.numRows(),
            meta.rowGroups(),
            meta.keyValueMetadata(),
            meta.createdBy(),
            List.of(ColumnOrder.TYPE_ORDER),
            meta.encryptionAlgorithm(),
            meta.footerSigningKeyMetadata());
    Path legacy = dir.resolve("legacy.parquet");
    Files.write(legacy, Footers.replace(bytes, typeOrder));

    // Before EARLY (1968-05-23T00:00:00.000000123) and after NEXT_DAY (1970-01-02): no row.
    for (String filter :
        List.of(
            "ts < TIMESTAMP '1968-05-23 00:00:00.000000123'",
            "ts > TIMESTAMP '1970-01-02 00:00:00'")) {
      FilterCorpusIT.FilteredRead pruned = FilterCorpusIT.filteredRead(file, filter);
      assertEquals(0, pruned.rows(), filter);
      assertEquals(0, pruned.stats().rowGroupsRead(), filter + ": pruned by the statistics");
      FilterCorpusIT.FilteredRead kept = FilterCorpusIT.filteredRead(legacy, filter);
      assertEquals(0, kept.rows(), filter);
      assertEquals(
          1, kept.stats().rowGroupsRead(), filter + ": the type order's INT96 bounds unused");
    }
    // Whatever the order, the dictionary's entries rule out a value it lacks and keep one it has.
    for (Path f : List.of(file, legacy)) {
      FilterCorpusIT.FilteredRead absent =
          FilterCorpusIT.filteredRead(f, "ts = TIMESTAMP '1970-01-01 00:00:00.000002'");
      assertEquals(0, absent.rows());
      assertEquals(0, absent.stats().rowGroupsRead(), f + ": pruned by the dictionary");
      assertEquals(
          REPEATS,
          FilterCorpusIT.filteredRead(f, "ts = TIMESTAMP '1970-01-01 00:00:00.000001'").rows());
    }
    // At the bounds themselves every row group stays, and the rows are the ones that match.
    assertEquals(
        REPEATS,
        FilterCorpusIT.filteredRead(file, "ts <= TIMESTAMP '1968-05-23 00:00:00.000000123'")
            .rows());
    assertEquals(
        REPEATS, FilterCorpusIT.filteredRead(file, "ts >= TIMESTAMP '1970-01-02 00:00:00'").rows());
    assertEquals(
        2 * REPEATS,
        FilterCorpusIT.filteredRead(
                file,
                "ts BETWEEN TIMESTAMP '1970-01-01 00:00:00' AND TIMESTAMP '1970-01-01 23:59:59.999999999'")
            .rows());
  }

  @Test
  void aDayBeyondA32BitJulianDayFailsTheWriteAndLeavesNothing() throws Exception {
    Path file = dir.resolve("far.parquet");
    Schema schema = tsSchema(TimeUnit.SECOND, true);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> {
              try (BufferAllocator allocator = new RootAllocator();
                  VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                  ParquetArrowWriter w = ParquetArrowWriter.create(file, schema, int96())) {
                TimeStampVector v = (TimeStampVector) root.getVector(0);
                v.allocateNew(2);
                v.set(0, 0);
                v.set(1, Long.MAX_VALUE / 2);
                root.setRowCount(2);
                w.write(root);
              }
            });
    assertTrue(e.getMessage().contains("'ts' row 1"), e.getMessage());
    assertTrue(e.getMessage().contains("INT96"), e.getMessage());
    assertFalse(Files.exists(file), "nothing written");
  }

  @Test
  void appendingToAnInt96FileTakesTheOptionAndKeepsTheOrder() throws Exception {
    Path file = write("appended.parquet", int96());
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator)) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  ParquetArrowWriter.append(file, root.getSchema(), WriteOptions.defaults(), null)
                      .close());
      assertTrue(
          refused.getMessage().contains("WriteOptions.int96Timestamps"), refused.getMessage());
      try (ParquetArrowWriter w =
          ParquetArrowWriter.append(file, root.getSchema(), int96(), null)) {
        w.write(root);
      }
      Columns expected = new Columns();
      expected.start(root.getSchema());
      expected.append(root);
      expected.append(root);
      assertEquals(
          expected.values,
          CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults()).values);
      assertEquals(expected.values, ArrowCpp.read(file, allocator).values);
    }
    try (ParquetFile pf = ParquetFile.open(file)) {
      assertEquals(2, pf.metadata().rowGroups().size());
      for (var group : pf.metadata().rowGroups()) {
        assertNotNull(group.columns().get(0).metaData().statistics().minValue());
      }
      assertEquals(
          java.util.Collections.nCopies(UNITS.length, ColumnOrder.INT96_TIMESTAMP_ORDER),
          pf.metadata().columnOrders());
    }
  }
}
