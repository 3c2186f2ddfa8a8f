package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.SortingColumn;
import dev.parrow.types.DictionaryMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pruning steps seen on their own: dictionary pages rule out a value that statistics cannot (it
 * lies between the bounds), and the declared sort order reaches the footer.
 */
class PruningIT {
  @TempDir Path dir;

  /** s = "v" + (i % 100) but never "v50"; id = i. */
  private static VectorSchemaRoot table(BufferAllocator allocator, int n) {
    // "v0".."v99" by row, except that "v50" never occurs.
    return IdTextTable.of(allocator, n, i -> "v" + (i % 100 == 50 ? 51 : i % 100));
  }

  @Test
  void dictionariesRuleOutValuesBetweenTheBounds() throws Exception {
    Path file = dir.resolve("dictionary.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 10_000)) {
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file, root.getSchema(), WriteOptions.builder().rowGroupRows(2_000).build())) {
        w.write(root);
      }
      try (ParquetFile pf = ParquetFile.open(file)) {
        assertNull(
            pf.metadata().rowGroups().get(0).columns().get(1).metaData().bloomFilterOffset());
        for (String where : List.of("s = 'v50'", "s IN ('v50', 'zz', 'a')")) {
          try (ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().filter(where).build())) {
            assertFalse(reader.loadNextBatch(), where);
            // "v50" is between the bounds "v0" and "v99": only the dictionaries rule it out.
            assertEquals(5, reader.stats().rowGroups(), where);
            assertEquals(0, reader.stats().rowGroupsRead(), where);
            assertEquals(0, reader.stats().pagesRead(), where);
          }
        }
        try (ParquetArrowReader reader =
            pf.newReader(allocator, ReadOptions.builder().filter("s = 'v49'").build())) {
          long rows = 0;
          while (reader.loadNextBatch()) {
            rows += reader.getVectorSchemaRoot().getRowCount();
          }
          assertEquals(100, rows);
          assertEquals(5, reader.stats().rowGroupsRead());
        }
      }
    }
  }

  /**
   * A Bloom filter or page index that is garbage fails a filtered read with a
   * ParquetFormatException naming the file, the column and the row group, never another error.
   */
  @Test
  void corruptBloomFiltersAndIndexesAreClearErrors() throws Exception {
    Path file = dir.resolve("indexed.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 4_000)) {
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .rowGroupRows(2_000)
                  .pageRows(100)
                  .column("s", c -> c.bloomFilter(100, 0.01))
                  .build())) {
        w.write(root);
      }
    }
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    var chunk1 = dev.parrow.it.Footers.read(bytes).rowGroups().get(1).columns().get(1);
    var chunk0 = dev.parrow.it.Footers.read(bytes).rowGroups().get(0).columns().get(0);
    // The Bloom filter header of row group 1's "s", and the offset index of row group 0's "id".
    byte[] badBloom = bytes.clone();
    java.util.Arrays.fill(
        badBloom,
        (int) (long) chunk1.metaData().bloomFilterOffset(),
        (int) (long) chunk1.metaData().bloomFilterOffset() + 8,
        (byte) 0xFF);
    byte[] badIndex = bytes.clone();
    java.util.Arrays.fill(
        badIndex,
        (int) (long) chunk0.offsetIndexOffset(),
        (int) (long) chunk0.offsetIndexOffset() + chunk0.offsetIndexLength(),
        (byte) 0xFF);
    for (var c :
        List.of(
            List.of(badBloom, "s = 'v50'", "column s, row group 1"),
            List.of(badIndex, "id = 17", "column id, row group 0"))) {
      Path bad = dir.resolve("bad.parquet");
      java.nio.file.Files.write(bad, (byte[]) c.get(0));
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile pf = ParquetFile.open(bad);
          ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().filter((String) c.get(1)).build())) {
        var e =
            org.junit.jupiter.api.Assertions.assertThrows(
                dev.parrow.codec.ParquetFormatException.class,
                () -> {
                  while (reader.loadNextBatch()) {}
                });
        org.junit.jupiter.api.Assertions.assertTrue(
            e.getMessage().contains("bad.parquet") && e.getMessage().contains((String) c.get(2)),
            e.getMessage());
      }
    }
  }

  /**
   * Dictionaries replaced at each row group, of the same size but in another order: a filter tests
   * each row group's own entries (keeping results from the last would pick the wrong rows).
   */
  @Test
  void perRowGroupDictionariesAreTestedAfresh() throws Exception {
    Path file = dir.resolve("reordered.parquet");
    String[] values = {"a", "b", "c", "a", "b", "c", "c", "b", "a", "c", "b", "a"};
    try (BufferAllocator allocator = new RootAllocator()) {
      BigIntVector id = new BigIntVector("id", allocator);
      VarCharVector s = new VarCharVector("s", allocator);
      id.allocateNew(values.length);
      s.allocateNew(values.length);
      for (int i = 0; i < values.length; i++) {
        id.set(i, i);
        s.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      }
      id.setValueCount(values.length);
      s.setValueCount(values.length);
      try (VectorSchemaRoot root =
              new VectorSchemaRoot(List.of(id.getField(), s.getField()), List.of(id, s), 12);
          ParquetArrowWriter w =
              ParquetArrowWriter.create(
                  file, root.getSchema(), WriteOptions.builder().rowGroupRows(6).build())) {
        w.write(root);
      }
      for (ReadOptions options :
          List.of(
              // s read only for the filter (as dictionary ids, one dictionary per row group)
              ReadOptions.builder().filter("s = 'a'").columns("id").batchSize(3).build(),
              // s read as the caller's dictionary, per row group and unified
              ReadOptions.builder()
                  .filter("s = 'a'")
                  .types(t -> t.dictionaryColumns("s").dictionaryMode(DictionaryMode.PER_ROW_GROUP))
                  .batchSize(3)
                  .build(),
              ReadOptions.builder()
                  .filter("s = 'a'")
                  .types(t -> t.dictionaryColumns("s"))
                  .batchSize(3)
                  .build())) {
        List<Long> ids = new java.util.ArrayList<>();
        try (ParquetFile pf = ParquetFile.open(file);
            ParquetArrowReader reader = pf.newReader(allocator, options)) {
          while (reader.loadNextBatch()) {
            BigIntVector got = (BigIntVector) reader.getVectorSchemaRoot().getVector("id");
            for (int i = 0; i < got.getValueCount(); i++) {
              ids.add(got.get(i));
            }
          }
        }
        assertEquals(List.of(0L, 3L, 8L, 11L), ids, options.toString());
      }
    }
  }

  @Test
  void sortOrderIsRecordedInEveryRowGroup() throws Exception {
    Path file = dir.resolve("sorted.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = table(allocator, 5_000)) {
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .rowGroupRows(1_000)
                  .sortedBy(new WriteOptions.SortKey("id", false, true))
                  .build())) {
        w.write(root);
      }
    }
    try (ParquetFile pf = ParquetFile.open(file)) {
      for (var group : pf.metadata().rowGroups()) {
        assertEquals(List.of(new SortingColumn(0, false, true)), group.sortingColumns());
      }
    }
    // Other readers read the file as before.
    try (DuckDb duck = new DuckDb()) {
      assertEquals(
          5_000L,
          ((Number)
                  duck.query("SELECT count(*) AS n FROM read_parquet(" + DuckDb.literal(file) + ")")
                      .get(0)
                      .get("n"))
              .longValue());
    }
  }
}
