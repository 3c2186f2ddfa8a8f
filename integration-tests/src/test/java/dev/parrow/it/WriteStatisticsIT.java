package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.RowGroup;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics Parrow writes agree with the values: for every column chunk, the null count is the
 * number of nulls in its rows, and the min and max DuckDB reports from the chunk's statistics
 * ({@code parquet_metadata}) are the min and max DuckDB computes over the chunk's values. Floats,
 * whose statistics DuckDB does not show, are checked against the vectors: NaN left out, a zero min
 * -0.0 and a zero max +0.0, as the format asks.
 */
class WriteStatisticsIT {
  /**
   * Types DuckDB cannot compare (no half floats, decimals past 38 digits, no interval order in
   * Parquet).
   */
  private static final Set<String> NOT_BY_DUCKDB =
      java.util.stream.Stream.concat(
              java.util.stream.Stream.of("f16", "interval"),
              java.util.stream.IntStream.rangeClosed(39, 76).mapToObj(p -> "dec" + p))
          .collect(java.util.stream.Collectors.toSet());

  /**
   * Distinct values (every chunk PLAIN) and values repeating (dictionary-encoded chunks, whose
   * statistics come from the dictionary entries each page uses).
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"0, true", "50, true", "0, false", "50, false"})
  void minMaxAndNullCountsAgreeWithTheValues(
      int repeating, boolean floatTotalOrder, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("stats.parquet");
    long chunks = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = WriteReadBackIT.data(allocator, repeating);
        DuckDb duckdb = new DuckDb()) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .compression(CompressionCodec.UNCOMPRESSED)
                  .rowGroupRows(700)
                  .floatTotalOrder(floatTotalOrder)
                  .build())) {
        writer.write(root);
      }
      long nulls = root.getVector("i32").getNullCount();
      ParquetFile parquet = ParquetFile.open(file);
      List<RowGroup> groups = parquet.metadata().rowGroups();
      assertEquals(3, groups.size());
      long i32Nulls = 0;
      long first = 0;
      for (int g = 0; g < groups.size(); g++) {
        RowGroup group = groups.get(g);
        for (ColumnChunk chunk : group.columns()) {
          String column = chunk.metaData().pathInSchema().get(0);
          var stats = chunk.metaData().statistics();
          if (repeating > 0) {
            assertEquals(
                chunk.metaData().type() != dev.parrow.codec.metadata.PhysicalType.BOOLEAN,
                chunk.metaData().dictionaryPageOffset() != null,
                column
                    + " row group "
                    + g
                    + ": dictionary-encoded "
                    + chunk.metaData().encodings());
          }
          String sql =
              "SELECT count(*) - count(\""
                  + column
                  + "\") AS nulls FROM read_parquet("
                  + DuckDb.literal(file)
                  + ", file_row_number = true) WHERE file_row_number >= "
                  + first
                  + " AND file_row_number < "
                  + (first + group.numRows());
          long expectedNulls = ((Number) duckdb.query(sql).get(0).get("nulls")).longValue();
          assertEquals(
              expectedNulls, stats.nullCount(), column + " row group " + g + ": null count");
          if (column.equals("i32")) {
            i32Nulls += stats.nullCount();
          }
          if (column.equals("f32") || column.equals("f64")) {
            // DuckDB shows no float statistics (not even arrow-rs's): checked against the vector
            // here.
            checkFloats(
                root.getVector(column),
                (int) first,
                (int) group.numRows(),
                stats,
                floatTotalOrder,
                column + " row group " + g);
            chunks++;
            continue;
          }
          if (NOT_BY_DUCKDB.contains(column)) {
            if (column.startsWith("dec")) {
              checkWideDecimals(
                  root.getVector(column),
                  (int) first,
                  (int) group.numRows(),
                  stats,
                  column + " row group " + g);
            } else if (column.equals("f16")) {
              checkFloats(
                  root.getVector(column),
                  (int) first,
                  (int) group.numRows(),
                  stats,
                  floatTotalOrder,
                  column + " row group " + g);
            } else {
              // MONTH_DAY_NANO in its lossless form: unannotated FIXED_LEN_BYTE_ARRAY(16), whose
              // order is the bytes' (unsigned, lexicographic).
              checkUnsignedBytes(
                  root.getVector(column),
                  (int) first,
                  (int) group.numRows(),
                  stats,
                  column + " row group " + g);
            }
            chunks++;
            continue;
          }
          String value = "\"" + column + "\"";
          Map<String, Object> computed =
              duckdb
                  .query(
                      "SELECT min("
                          + value
                          + ")::VARCHAR AS lo, max("
                          + value
                          + ")::VARCHAR AS hi FROM read_parquet("
                          + DuckDb.literal(file)
                          + ", file_row_number = true) WHERE "
                          + "file_row_number >= "
                          + first
                          + " AND file_row_number < "
                          + (first + group.numRows()))
                  .get(0);
          Map<String, Object> stated =
              duckdb
                  .query(
                      "SELECT stats_min_value AS lo, stats_max_value AS hi FROM "
                          + "parquet_metadata("
                          + DuckDb.literal(file)
                          + ") WHERE row_group_id = "
                          + g
                          + " AND path_in_schema = '"
                          + column
                          + "'")
                  .get(0);
          assertEquals(
              normal(computed.get("lo")),
              normal(stated.get("lo")),
              column + " row group " + g + ": min");
          assertEquals(
              normal(computed.get("hi")),
              normal(stated.get("hi")),
              column + " row group " + g + ": max");
          chunks++;
        }
        first += group.numRows();
      }
      assertEquals(nulls, i32Nulls);
      parquet.close();
    }
    assertTrue(chunks > 60, "chunks compared: " + chunks);
  }

  /**
   * The leaves of nested columns and of dictionary vectors (whose statistics come from the
   * dictionary entries the pages use): each chunk's min/max as DuckDB computes them over the leaf's
   * values in the row group (unnested), and as parquet_metadata shows the statistics. The null
   * count is of level entries without a value, as Arrow C++ counts them: null elements, and one per
   * null or empty list or null parent.
   */
  @Test
  void nestedAndDictionaryLeavesToo(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("nested_stats.parquet");
    // Leaf path -> the leaf's values (nulls included) as a DuckDB query over one row group's rows
    // ("%s"), and
    // the condition on a row under which the leaf has one entry without a value above its own
    // level.
    Map<String, List<String>> leaves =
        Map.of(
            "list_i32.list.element",
                List.of("SELECT unnest(list_i32) AS v FROM %s", "len(list_i32) = 0"),
            "large_list_utf8.list.element",
                List.of("SELECT unnest(large_list_utf8) AS v FROM %s", "len(large_list_utf8) = 0"),
            "struct.id",
                List.of("SELECT struct.id AS v FROM %s WHERE struct IS NOT NULL", "struct IS NULL"),
            "struct.days.list.element",
                List.of(
                    "SELECT unnest(struct.days) AS v FROM %s WHERE struct IS NOT NULL",
                    "struct IS NULL OR struct.days IS NULL OR len(struct.days) = 0"),
            "map.key_value.value",
                List.of("SELECT unnest(map_values(map)) AS v FROM %s", "cardinality(map) = 0"),
            "dict", List.of("SELECT dict AS v FROM %s", "false"),
            "list_dict.list.element",
                List.of("SELECT unnest(list_dict) AS v FROM %s", "len(list_dict) = 0"));
    int checked = 0;
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator);
        DuckDb duckdb = new DuckDb()) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              dev.parrow.storage.OutputFile.of(file),
              data.root.getSchema(),
              WriteOptions.builder().rowGroupRows(500).build(),
              data.provider)) {
        writer.write(data.root);
      }
      try (ParquetFile parquet = ParquetFile.open(file)) {
        long first = 0;
        List<RowGroup> groups = parquet.metadata().rowGroups();
        for (int g = 0; g < groups.size(); g++) {
          String rows =
              "(SELECT * FROM read_parquet("
                  + DuckDb.literal(file)
                  + ", file_row_number = true) WHERE "
                  + "file_row_number >= "
                  + first
                  + " AND file_row_number < "
                  + (first + groups.get(g).numRows())
                  + ")";
          for (ColumnChunk chunk : groups.get(g).columns()) {
            String path = String.join(".", chunk.metaData().pathInSchema());
            List<String> leaf = leaves.get(path);
            if (leaf == null) {
              continue;
            }
            String values = "(" + String.format(leaf.get(0), rows) + ")";
            // A null list (or map, or struct) is NULL in DuckDB, and the conditions above are then
            // NULL too.
            String empty =
                path.indexOf('.') < 0
                    ? leaf.get(1)
                    : path.substring(0, path.indexOf('.')) + " IS NULL OR (" + leaf.get(1) + ")";
            Map<String, Object> computed =
                duckdb
                    .query(
                        "SELECT min(v)::VARCHAR AS lo, max(v)::VARCHAR AS hi, "
                            + "count(*) - count(v) + (SELECT count(*) FROM "
                            + rows
                            + " WHERE "
                            + empty
                            + ") AS nulls FROM "
                            + values)
                    .get(0);
            Map<String, Object> stated =
                duckdb
                    .query(
                        "SELECT stats_min_value AS lo, stats_max_value AS hi, "
                            + "stats_null_count AS nulls FROM parquet_metadata("
                            + DuckDb.literal(file)
                            + ") WHERE row_group_id = "
                            + g
                            + " AND path_in_schema = '"
                            + String.join(", ", chunk.metaData().pathInSchema())
                            + "'")
                    .get(0);
            String where = path + " row group " + g;
            assertEquals(computed.get("lo"), stated.get("lo"), where + ": min");
            assertEquals(computed.get("hi"), stated.get("hi"), where + ": max");
            assertEquals(
                ((Number) computed.get("nulls")).longValue(),
                ((Number) stated.get("nulls")).longValue(),
                where + ": nulls");
            checked++;
          }
          first += groups.get(g).numRows();
        }
      }
    }
    assertEquals(7 * 3, checked, "every leaf of every row group");
  }

  /**
   * Min and max without NaN and the NaN count: under IEEE 754's total order the extremes exactly
   * (-0 below +0), the NaNs' own when there is nothing else; under the type order a zero min as
   * -0.0 and a zero max as +0.0.
   */
  private static void checkFloats(
      org.apache.arrow.vector.FieldVector v,
      int from,
      int rows,
      dev.parrow.codec.metadata.Statistics stats,
      boolean totalOrder,
      String where) {
    double lo = Double.NaN;
    double hi = Double.NaN;
    long nans = 0;
    for (int i = from; i < from + rows; i++) {
      if (v.isNull(i)) {
        continue;
      }
      double x =
          v instanceof org.apache.arrow.vector.Float2Vector h
              ? h.getValueAsFloat(i)
              : ((Number) v.getObject(i)).doubleValue();
      if (Double.isNaN(x)) {
        nans++;
        continue;
      }
      // Double.compare orders -0.0 below 0.0, as the total order does.
      lo = Double.isNaN(lo) || Double.compare(x, lo) < 0 ? x : lo;
      hi = Double.isNaN(hi) || Double.compare(x, hi) > 0 ? x : hi;
    }
    assertEquals(nans, stats.nanCount(), where + ": NaN count");
    if (Double.isNaN(lo) && (!totalOrder || nans == 0)) {
      assertEquals(null, stats.minValue(), where + ": no bounds");
      return;
    }
    java.nio.ByteBuffer min =
        stats.minValue().asByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN);
    java.nio.ByteBuffer max =
        stats.maxValue().asByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN);
    double statedMin;
    double statedMax;
    if (v instanceof org.apache.arrow.vector.Float2Vector) {
      statedMin = org.apache.arrow.memory.util.Float16.toFloat(min.getShort(0));
      statedMax = org.apache.arrow.memory.util.Float16.toFloat(max.getShort(0));
    } else if (v instanceof org.apache.arrow.vector.Float4Vector) {
      statedMin = min.getFloat(0);
      statedMax = max.getFloat(0);
    } else {
      statedMin = min.getDouble(0);
      statedMax = max.getDouble(0);
    }
    if (totalOrder) {
      assertEquals(lo, statedMin, where + ": min");
      assertEquals(hi, statedMax, where + ": max");
    } else {
      assertEquals(lo == 0 ? -0.0 : lo, statedMin, where + ": min");
      assertEquals(hi == 0 ? 0.0 : hi, statedMax, where + ": max");
    }
  }

  /**
   * Decimals past 38 digits: the stated bounds (big-endian two's complement) are the vector's
   * unscaled extremes.
   */
  private static void checkWideDecimals(
      org.apache.arrow.vector.FieldVector v,
      int from,
      int rows,
      dev.parrow.codec.metadata.Statistics stats,
      String where) {
    java.math.BigInteger lo = null;
    java.math.BigInteger hi = null;
    for (int i = from; i < from + rows; i++) {
      if (!v.isNull(i)) {
        java.math.BigInteger x = ((java.math.BigDecimal) v.getObject(i)).unscaledValue();
        lo = lo == null || x.compareTo(lo) < 0 ? x : lo;
        hi = hi == null || x.compareTo(hi) > 0 ? x : hi;
      }
    }
    assertEquals(lo, new java.math.BigInteger(stats.minValue().toByteArray()), where + ": min");
    assertEquals(hi, new java.math.BigInteger(stats.maxValue().toByteArray()), where + ": max");
  }

  /** -0.0 and 0.0 are the same bound (the format writes a zero min as -0.0). */
  private static Object normal(Object v) {
    return Objects.equals(v, "-0.0") ? "0.0" : v;
  }

  /** Min and max of a fixed-width vector's values as unsigned byte strings. */
  private static void checkUnsignedBytes(
      org.apache.arrow.vector.FieldVector v,
      int first,
      int rows,
      dev.parrow.codec.metadata.Statistics stats,
      String what) {
    int width = ((org.apache.arrow.vector.BaseFixedWidthVector) v).getTypeWidth();
    byte[] min = null;
    byte[] max = null;
    for (int i = first; i < first + rows; i++) {
      if (v.isNull(i)) {
        continue;
      }
      byte[] value = new byte[width];
      v.getDataBuffer().getBytes((long) i * width, value);
      if (min == null || java.util.Arrays.compareUnsigned(value, min) < 0) {
        min = value;
      }
      if (max == null || java.util.Arrays.compareUnsigned(value, max) > 0) {
        max = value;
      }
    }
    assertTrue(min != null, what + " has values");
    assertEquals(
        java.util.HexFormat.of().formatHex(min),
        java.util.HexFormat.of().formatHex(stats.minValue().toByteArray()),
        what + " min");
    assertEquals(
        java.util.HexFormat.of().formatHex(max),
        java.util.HexFormat.of().formatHex(stats.maxValue().toByteArray()),
        what + " max");
  }
}
