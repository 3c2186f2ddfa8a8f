package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.bloom.BloomFilter;
import dev.parrow.codec.metadata.ColumnMetaData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Split-block Bloom filters both ways against DuckDB: DuckDB's {@code parquet_bloom_probe} on the
 * filters Parrow writes, and Parrow's probes of the filters DuckDB writes (for its
 * dictionary-encoded columns), must give the same answer for every row group and value; and a
 * filtered read skips the row groups whose filter rules the value out.
 */
class BloomFilterIT {
  @TempDir Path dir;

  /** Values present (some) and absent (most) in the files: v0..v99 present, w0..w299 absent. */
  private static List<String> probes() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 100; i += 7) {
      out.add("v" + i);
    }
    for (int i = 0; i < 300; i++) {
      out.add("w" + i);
    }
    return out;
  }

  @Test
  void duckDbReadsParrowsFilters() throws Exception {
    Path file = dir.resolve("parrow_bloom.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 10_000)) {
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .rowGroupRows(2_000)
                  .column("s", c -> c.bloomFilter(100, 0.01))
                  .column("id", c -> c.bloomFilter(2_000, 0.01))
                  .build())) {
        w.write(root);
      }
    }
    compareProbes(file);
    // Arrow C++ reads the file with its Bloom filters in place, every value.
    try (BufferAllocator allocator = new RootAllocator()) {
      assertEquals(10_000, ArrowCpp.read(file, allocator).rows);
    }
    try (DuckDb duck = new DuckDb()) {
      // Ids: present in exactly one row group each; DuckDB must not exclude it from its own.
      var rows =
          duck.query(
              "SELECT row_group_id, bloom_filter_excludes FROM parquet_bloom_probe("
                  + DuckDb.literal(file)
                  + ", 'id', 4321) ORDER BY row_group_id");
      assertEquals(5, rows.size());
      assertEquals(false, rows.get(2).get("bloom_filter_excludes"));
    }
  }

  /**
   * A filter asked for without a distinct count is sized to each chunk's distinct values, not to
   * the million of the cap: 100 strings and 2,000 ids per row group take a few hundred bytes and a
   * few KiB, and the probes DuckDB makes still find every present value and rule out most absent
   * ones. Past the cap, a chunk gets the cap's filter.
   */
  @Test
  void filtersAreSizedToEachChunksDistinctValues() throws Exception {
    Path file = dir.resolve("sized_bloom.parquet");
    Path capped = dir.resolve("capped_bloom.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 10_000)) {
      for (Path target : List.of(file, capped)) {
        WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(2_000);
        if (target == file) {
          options.column("s", c -> c.bloomFilter()).column("id", c -> c.bloomFilter());
        } else {
          options
              .column("s", c -> c.bloomFilter(10, 0.05))
              .column("id", c -> c.bloomFilter(10, 0.05));
        }
        try (ParquetArrowWriter w =
            ParquetArrowWriter.create(target, root.getSchema(), options.build())) {
          w.write(root);
        }
      }
    }
    int bitsetFor100 = dev.parrow.codec.bloom.BloomFilter.optimalBytes(100, 0.05);
    int bitsetFor2000 = dev.parrow.codec.bloom.BloomFilter.optimalBytes(2_000, 0.05);
    int bitsetFor10 = dev.parrow.codec.bloom.BloomFilter.optimalBytes(10, 0.05);
    try (ParquetFile pf = ParquetFile.open(file);
        ParquetFile cf = ParquetFile.open(capped)) {
      for (var group : pf.metadata().rowGroups()) {
        for (var chunk : group.columns()) {
          var meta = chunk.metaData();
          int bitset = meta.pathInSchema().get(0).equals("s") ? bitsetFor100 : bitsetFor2000;
          assertTrue(
              meta.bloomFilterLength() <= bitset + 64,
              meta.pathInSchema()
                  + ": "
                  + meta.bloomFilterLength()
                  + " bytes, not about "
                  + bitset);
        }
      }
      for (var group : cf.metadata().rowGroups()) {
        for (var chunk : group.columns()) {
          assertTrue(chunk.metaData().bloomFilterLength() <= bitsetFor10 + 64);
        }
      }
      assertTrue(java.nio.file.Files.size(file) < 200_000, "no 1 MiB filter per chunk");
    }
    compareProbes(file);
  }

  @Test
  void parrowReadsDuckDbsFilters() throws Exception {
    Path file = dir.resolve("duck_bloom.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i::BIGINT AS id, 'v' || (i % 100) AS s FROM range(10000) t(i)) TO "
              + DuckDb.literal(file)
              + " (FORMAT parquet, ROW_GROUP_SIZE 2000)");
    }
    try (ParquetFile pf = ParquetFile.open(file)) {
      assertNotNull(
          pf.metadata().rowGroups().get(0).columns().get(1).metaData().bloomFilterOffset());
    }
    compareProbes(file);
  }

  /** Parrow's probe of every row group's filter on "s" equals DuckDB's, for every value. */
  private static void compareProbes(Path file) throws Exception {
    int excluded = 0;
    try (DuckDb duck = new DuckDb();
        ParquetFile pf = ParquetFile.open(file)) {
      int groups = pf.metadata().rowGroups().size();
      List<BloomFilter> filters = new ArrayList<>();
      for (int g = 0; g < groups; g++) {
        ColumnMetaData meta = pf.metadata().rowGroups().get(g).columns().get(1).metaData();
        filters.add(BloomFilter.read(pf.input(), meta));
      }
      for (String value : probes()) {
        var rows =
            duck.query(
                "SELECT row_group_id, bloom_filter_excludes FROM parquet_bloom_probe("
                    + DuckDb.literal(file)
                    + ", 's', '"
                    + value
                    + "') ORDER BY row_group_id");
        assertEquals(groups, rows.size());
        long hash = BloomFilter.hash(value.getBytes(StandardCharsets.UTF_8));
        for (int g = 0; g < groups; g++) {
          boolean duckExcludes = (Boolean) rows.get(g).get("bloom_filter_excludes");
          boolean parrowExcludes = !filters.get(g).mightContain(hash);
          assertEquals(duckExcludes, parrowExcludes, value + " in row group " + g);
          if (value.startsWith("v")) {
            assertFalse(parrowExcludes, value + " is in row group " + g);
          }
          excluded += parrowExcludes ? 1 : 0;
        }
      }
    }
    // Most absent values are ruled out (the filters were sized for 1% or DuckDB's default).
    assertTrue(excluded > 300 * 5 * 8 / 10, excluded + " exclusions");
  }

  @Test
  void filteredReadsSkipRowGroupsByTheirFilters() throws Exception {
    Path file = dir.resolve("skip.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 10_000)) {
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .rowGroupRows(2_000)
                  .dictionary(false)
                  .column("s", c -> c.bloomFilter(100, 0.001))
                  .build())) {
        w.write(root);
      }
      try (ParquetFile pf = ParquetFile.open(file);
          ParquetArrowReader reader =
              pf.newReader(
                  allocator, ReadOptions.builder().filter(Filter.in("s", "w1", "w2")).build())) {
        // "w1" sorts after every value, so the statistics alone rule the row groups out.
        while (reader.loadNextBatch()) {
          assertEquals(0, reader.getVectorSchemaRoot().getRowCount());
        }
        assertEquals(0, reader.stats().rowGroupsRead());
      }
      try (ParquetFile pf = ParquetFile.open(file);
          ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().filter("s = 'v10a'").build())) {
        // "v10a" lies between the statistics' bounds "v0" and "v99": only the Bloom filter knows.
        assertFalse(reader.loadNextBatch());
        assertEquals(5, reader.stats().rowGroups());
        assertEquals(0, reader.stats().rowGroupsRead());
      }
    }
  }

  /** id 0..n-1 and s = "v" + (id % 100). */
  private static VectorSchemaRoot table(BufferAllocator allocator, int n) {
    return IdTextTable.of(allocator, n, i -> "v" + (i % 100));
  }
}
