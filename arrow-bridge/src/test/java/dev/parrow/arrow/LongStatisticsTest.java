package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.Statistics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * By default string and binary bounds longer than 4 KiB are written truncated (a prefix for the
 * min, a raised prefix for the max, marked inexact): a column of large values otherwise puts each
 * value whole in its page header, the footer and the column index.
 */
class LongStatisticsTest {
  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE)));

  private Path write(String name, WriteOptions options, String... values) throws Exception {
    Path file = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(file, SCHEMA, options)) {
      VarCharVector s = (VarCharVector) root.getVector(0);
      s.allocateNew();
      for (int i = 0; i < values.length; i++) {
        s.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(values.length);
      writer.write(root);
    }
    return file;
  }

  private static Statistics statistics(Path file) throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      return parquet.metadata().rowGroups().get(0).columns().get(0).metaData().statistics();
    }
  }

  private static long matching(Path file, String filter) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().filter(filter).build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      return rows;
    }
  }

  @Test
  void boundsOverFourKibibytesAreTruncatedByDefault() throws Exception {
    String small = "a" + "é".repeat(3000); // 6,001 bytes: the cut falls inside a character
    String large = "z".repeat(5_000);
    Path file = write("long.parquet", WriteOptions.defaults(), small, large);
    Statistics st = statistics(file);
    assertFalse(st.isMinValueExact());
    assertFalse(st.isMaxValueExact());
    // Whole characters: 'a' and 2,047 two-byte characters, 4,095 bytes.
    assertArrayEquals(
        ("a" + "é".repeat(2047)).getBytes(StandardCharsets.UTF_8), st.minValue().toByteArray());
    assertArrayEquals(
        ("z".repeat(4095) + "{").getBytes(StandardCharsets.UTF_8), st.maxValue().toByteArray());
    // Still bounds: each value is found, and a value past them is pruned.
    assertEquals(1, matching(file, "s = '" + large + "'"));
    assertEquals(1, matching(file, "s = '" + small + "'"));
    assertEquals(0, matching(file, "s > '" + "z".repeat(4095) + "{'"));
  }

  /**
   * A fixed-size binary's bound must keep the column's width (Arrow C++ aborts on a shorter one):
   * it is written whole, whatever the limit.
   */
  @Test
  void fixedSizeBinaryBoundsAreNeverTruncated() throws Exception {
    Schema schema = new Schema(List.of(Field.nullable("f", new ArrowType.FixedSizeBinary(5_000))));
    Path file = dir.resolve("fixed.parquet");
    byte[] a = "a".repeat(5_000).getBytes(StandardCharsets.UTF_8);
    byte[] b = "b".repeat(5_000).getBytes(StandardCharsets.UTF_8);
    for (Integer limit : new Integer[] {null, 8}) {
      WriteOptions options =
          limit == null
              ? WriteOptions.defaults()
              : WriteOptions.builder().statisticsTruncateLength(limit).build();
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          ParquetArrowWriter writer = ParquetArrowWriter.create(file, schema, options)) {
        org.apache.arrow.vector.FixedSizeBinaryVector f =
            (org.apache.arrow.vector.FixedSizeBinaryVector) root.getVector(0);
        f.allocateNew(2);
        f.set(0, a);
        f.set(1, b);
        root.setRowCount(2);
        writer.write(root);
      }
      Statistics st = statistics(file);
      assertTrue(st.isMinValueExact() && st.isMaxValueExact());
      assertArrayEquals(a, st.minValue().toByteArray());
      assertArrayEquals(b, st.maxValue().toByteArray());
    }
  }

  @Test
  void boundsOfFourKibibytesOrNoLimitStayExact() throws Exception {
    String edge = "q".repeat(WriteOptions.DEFAULT_STATISTICS_TRUNCATE_LENGTH);
    Statistics st = statistics(write("edge.parquet", WriteOptions.defaults(), "p", edge));
    assertTrue(st.isMinValueExact());
    assertTrue(st.isMaxValueExact());
    assertArrayEquals(edge.getBytes(StandardCharsets.UTF_8), st.maxValue().toByteArray());

    String large = "z".repeat(5_000);
    Statistics exact =
        statistics(
            write(
                "exact.parquet",
                WriteOptions.builder().statisticsTruncateLength(null).build(),
                "a",
                large));
    assertTrue(exact.isMaxValueExact());
    assertArrayEquals(large.getBytes(StandardCharsets.UTF_8), exact.maxValue().toByteArray());
  }
}
