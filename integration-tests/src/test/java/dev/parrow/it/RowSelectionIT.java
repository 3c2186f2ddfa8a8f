package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.OutputFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Row selection without a predicate ({@code ReadOptions.rows}) on nested data (lists, large and
 * fixed-size lists, structs, maps, dictionaries) in small pages, v1 and v2: every selection gives
 * the rows of the whole read at those positions, and the pages before it are passed over without
 * being read.
 */
class RowSelectionIT {
  @TempDir Path dir;

  /**
   * Filters on struct fields and a dictionary column over nested data: the kept rows of every
   * nested vector (lists, maps, structs, fixed-size lists) are those DuckDB's WHERE selects.
   */
  @Test
  void filtersKeepWholeNestedRows() throws Exception {
    Path file = dir.resolve("nested_filter.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              OutputFile.of(file),
              data.root.getSchema(),
              WriteOptions.builder().pageRows(50).rowGroupRows(400).build(),
              data.provider)) {
        writer.write(data.root);
      }
    }
    List<List<Object>> all = FilterCorpusIT.rows(file, ReadOptions.defaults());
    List<String> filters =
        List.of(
            "\"struct\".\"id\" > 500",
            "\"struct\".\"id\" BETWEEN 100 AND 140 OR dict = 'alpha'",
            "\"struct\".\"name\" IS NULL",
            "NOT (\"struct\".\"id\" >= 600) AND dict IN ('βeta', '🦜')",
            "dict IS NOT NULL AND \"struct\".\"id\" <> 7");
    try (DuckDb duck = new DuckDb()) {
      for (String where : filters) {
        List<List<Object>> want = new java.util.ArrayList<>();
        for (var row :
            duck.query(
                "SELECT file_row_number FROM read_parquet("
                    + DuckDb.literal(file)
                    + ", file_row_number = true) WHERE "
                    + where
                    + " ORDER BY file_row_number")) {
          want.add(all.get(((Number) row.get("file_row_number")).intValue()));
        }
        for (int batch : new int[] {7, 1000}) {
          List<List<Object>> got =
              FilterCorpusIT.rows(
                  file, ReadOptions.builder().filter(where).batchSize(batch).build());
          assertEquals(want, got, where + " in batches of " + batch);
        }
        assertTrue(!want.isEmpty() || where.contains("IS NULL"), where + " selects rows");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void selectionsAreSlicesOfTheWholeRead(int pageVersion) throws Exception {
    Path file = dir.resolve("nested_v" + pageVersion + ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              OutputFile.of(file),
              data.root.getSchema(),
              WriteOptions.builder()
                  .dataPageVersion(WriteOptions.DataPageVersion.of(pageVersion))
                  .pageRows(37)
                  .rowGroupRows(500)
                  .build(),
              data.provider)) {
        writer.write(data.root);
      }
    }
    List<List<Object>> all = FilterCorpusIT.rows(file, ReadOptions.defaults());
    assertEquals(NestedData.ROWS, all.size());
    Random r = new Random(pageVersion);
    for (int n = 0; n < 40; n++) {
      int offset = r.nextInt(all.size() + 10);
      int limit = r.nextInt(3) == 0 ? r.nextInt(3) : r.nextInt(700);
      ReadOptions options =
          ReadOptions.builder()
              .rowOffset(offset)
              .rowLimit(limit)
              .batchSize(1 + r.nextInt(200))
              .build();
      List<List<Object>> got = FilterCorpusIT.rows(file, options);
      int from = Math.min(offset, all.size());
      int to = (int) Math.min(all.size(), (long) offset + limit);
      assertEquals(all.subList(from, to), got, "rows(" + offset + ", " + limit + ")");
    }
    // A limit so large that offset + limit overflows a long still means "to the end".
    assertEquals(
        all.subList(5, all.size()),
        FilterCorpusIT.rows(
            file, ReadOptions.builder().rowOffset(5).rowLimit(Long.MAX_VALUE - 1).build()));
    // A late slice reads one or two pages per column, not the pages before it.
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader =
            pf.newReader(allocator, ReadOptions.builder().rowOffset(1_100).rowLimit(20).build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(20, rows);
      ReadStats stats = reader.stats();
      assertEquals(3, stats.rowGroups());
      assertEquals(1, stats.rowGroupsRead());
      int columns = pf.parquetSchema().columnCount();
      assertTrue(stats.pagesRead() <= 2L * columns, stats.toJson());
      assertTrue(stats.pages() > 4L * columns, stats.toJson());
    }
  }
}
