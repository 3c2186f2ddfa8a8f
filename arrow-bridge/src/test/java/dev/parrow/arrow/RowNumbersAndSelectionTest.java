package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row numbers and the caller's row selections, on a file whose {@code id} column holds each row's
 * position (7 row groups, pages of 500 rows, flat and nested columns): the row number of every row
 * read is its id, and a selection reads exactly the ids it selects, under row groups, row ranges,
 * filters, batch sizes and threads; pages with no selected row are not read.
 */
class RowNumbersAndSelectionTest {
  private static final int ROWS = 20_000;
  private static final int[] THREADS = {1, 4, 16};

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() throws IOException {
    file = dir.resolve("ids.parquet");
    ConcurrentReadTest.write(file, 0);
  }

  /** What a read gave: the ids and row numbers of its rows, and its stats. */
  private record Read(List<Long> ids, List<Long> rowNumbers, ReadStats stats) {}

  private static Read read(Consumer<ReadOptions.Builder> options, int threads) throws IOException {
    ReadOptions.Builder b =
        ReadOptions.builder().parallelism(threads).rowNumbers("file_row_number");
    options.accept(b);
    List<Long> ids = new ArrayList<>();
    List<Long> numbers = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, b.build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<String> names = root.getSchema().getFields().stream().map(f -> f.getName()).toList();
      assertEquals("file_row_number", names.get(names.size() - 1), names.toString());
      while (reader.loadNextBatch()) {
        ValueVectorUtility.validateFull(root);
        BigIntVector number = (BigIntVector) root.getVector("file_row_number");
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int r = 0; r < root.getRowCount(); r++) {
          numbers.add(number.get(r));
          if (id != null) {
            ids.add(id.get(r));
          }
        }
      }
      return new Read(ids, numbers, reader.stats());
    }
  }

  private static List<Long> idsWhere(LongPredicate keep) {
    List<Long> out = new ArrayList<>();
    for (long i = 0; i < ROWS; i++) {
      if (keep.test(i)) {
        out.add(i);
      }
    }
    return out;
  }

  private static void check(Consumer<ReadOptions.Builder> options, LongPredicate expected)
      throws IOException {
    List<Long> want = idsWhere(expected);
    for (int threads : THREADS) {
      for (int batch : new int[] {333, 65_536}) {
        Read got = read(o -> options.accept(o.batchSize(batch)), threads);
        String what = threads + " threads, batches of " + batch;
        same(want, got.rowNumbers(), "row numbers, " + what);
        if (!got.ids().isEmpty()) {
          same(want, got.ids(), "ids, " + what);
        }
      }
    }
  }

  /** The lists are equal; else where they first differ (they are long). */
  private static void same(List<Long> want, List<Long> got, String what) {
    if (!want.equals(got)) {
      int i = 0;
      while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) {
        i++;
      }
      throw new AssertionError(
          what
              + ": "
              + got.size()
              + " rows, not "
              + want.size()
              + "; first difference at "
              + i
              + ": "
              + (i < got.size() ? got.get(i) : "none")
              + " for "
              + (i < want.size() ? want.get(i) : "none"));
    }
  }

  @Test
  void rowNumbersAreEachRowsPositionInTheFile() throws IOException {
    check(o -> {}, i -> true);
    check(o -> o.columns("id", "l", "st"), i -> true);
    // Flat columns only: row groups are split into runs of batches read at once.
    check(o -> o.columns("id", "txt"), i -> true);
    check(o -> o.columns("id").filter("id >= 4321 AND id < 17777"), i -> i >= 4321 && i < 17777);
  }

  @Test
  void rowNumbersFollowRowGroupsRangesAndFilters() throws IOException {
    // Row groups in the order asked: the numbers follow the groups read.
    List<Long> want = new ArrayList<>();
    for (int g : new int[] {5, 1, 3}) {
      want.addAll(idsWhere(i -> i >= g * 3_000L && i < g * 3_000L + 3_000));
    }
    for (int threads : THREADS) {
      same(want, read(o -> o.rowGroups(5, 1, 3), threads).rowNumbers(), threads + " threads");
    }
    check(o -> o.rowOffset(2_999).rowLimit(9_002), i -> i >= 2_999 && i < 12_001);
    check(
        o -> o.filter("id IN (3, 2999, 3000, 17001) OR id BETWEEN 4000 AND 4100"),
        i -> i == 3 || i == 2999 || i == 3000 || i == 17001 || i >= 4000 && i <= 4100);
    // A filter on a column not read, nested columns beside it.
    check(o -> o.filter("s = 'k3'").columns("l", "st"), i -> i % 11 != 0 && i % 37 == 3);
  }

  @Test
  void theRowNumberColumnAloneCountsRows() throws IOException {
    Read got = read(o -> o.columns(List.of()).select(RowSelection.range(100, 250)), 1);
    assertEquals(idsWhere(i -> i >= 100 && i < 250), got.rowNumbers());
  }

  @Test
  void rangesSelectTheirRowsAndSkipPagesOutsideThem() throws IOException {
    RowSelection ranges =
        RowSelection.ranges(
            new long[] {17_000, 10, 3_000, 2_990}, new long[] {17_500, 20, 3_005, 3_001});
    LongPredicate in =
        i -> i >= 10 && i < 20 || i >= 2_990 && i < 3_005 || i >= 17_000 && i < 17_500;
    check(o -> o.select(ranges), in);
    check(o -> o.select(ranges).columns("id", "l", "st"), in);
    ReadStats stats = read(o -> o.select(ranges).columns("id"), 1).stats();
    // Pages of 500 rows: the rows above are in 4 pages (of 18 in the 3 row groups of 7 read).
    assertEquals(3, stats.rowGroupsRead(), stats.toString());
    assertEquals(4, stats.pagesRead(), stats.toString());
  }

  @Test
  void aDeletionVectorLeavesOutItsRows() throws IOException {
    BitSet deleted = new BitSet();
    Random random = new Random(7);
    for (int i = 0; i < ROWS; i++) {
      if (random.nextInt(10) == 0 || i >= 6_000 && i < 15_000) {
        deleted.set(i);
      }
    }
    check(o -> o.select(RowSelection.allBut(deleted)), i -> !deleted.get((int) i));
    check(
        o -> o.select(RowSelection.allBut(deleted)).columns("id", "txt", "l"),
        i -> !deleted.get((int) i));
    // Row groups 2 to 4 are all deleted: not read.
    ReadStats stats = read(o -> o.select(RowSelection.allBut(deleted)), 1).stats();
    assertEquals(4, stats.rowGroupsRead(), stats.toString());
    // The rows kept, as a bitmap, read the same rows; with a filter, those it keeps too.
    BitSet kept = new BitSet();
    kept.set(0, ROWS);
    kept.andNot(deleted);
    check(o -> o.select(RowSelection.rows(kept)), i -> !deleted.get((int) i));
    check(
        o -> o.select(RowSelection.rows(kept)).filter("id >= 3000 AND s <> 'k1'"),
        i -> !deleted.get((int) i) && i >= 3000 && i % 11 != 0 && i % 37 != 1);
    check(
        o -> o.select(RowSelection.allBut(new long[] {0, 19_990}, new long[] {5, 20_000})),
        i -> i >= 5 && i < 19_990);
  }

  @Test
  void aSelectionWithNoRowsReadsNothing() throws IOException {
    Read got = read(o -> o.select(RowSelection.rows(new BitSet())), 1);
    assertTrue(got.ids().isEmpty());
    assertEquals(0, got.stats().rowGroupsRead());
    assertThrows(
        IllegalArgumentException.class, () -> RowSelection.range(5, 4), "a range that ends first");
  }

  /** A dataset's row numbers are each file's own; its file-path column names the file. */
  @Test
  void aDatasetGivesEachFilesRowNumbersAndPath() throws IOException {
    Path second = dir.resolve("second.parquet");
    ConcurrentReadTest.write(second, 100_000);
    for (String filter : new String[] {null, "id >= 19990 AND id < 100005"}) {
      for (List<String> columns : List.of(List.of("id"), List.<String>of())) {
        ReadOptions.Builder b =
            ReadOptions.builder().rowNumbers("n").filePaths("f").columns(columns).parallelism(4);
        if (filter != null) {
          b.filter(filter);
        }
        List<String> rows = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
            ParquetDatasetReader reader =
                ParquetDataset.open(file.toString(), second.toString())
                    .newReader(allocator, b.build())) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          while (reader.loadNextBatch()) {
            ValueVectorUtility.validateFull(root);
            BigIntVector id = (BigIntVector) root.getVector("id");
            for (int r = 0; r < root.getRowCount(); r++) {
              long n = ((BigIntVector) root.getVector("n")).get(r);
              String f = root.getVector("f").getObject(r).toString();
              if (id != null) {
                assertEquals(id.get(r) % 100_000, n, "row number of id " + id.get(r));
              }
              rows.add(f.substring(f.lastIndexOf('/') + 1) + ":" + n);
            }
          }
        }
        List<String> want = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
          if (filter == null || i >= 19_990) {
            want.add("ids.parquet:" + i);
          }
        }
        for (long i = 0; i < ROWS; i++) {
          if (filter == null || i < 5) {
            want.add("second.parquet:" + i);
          }
        }
        assertEquals(want, rows, filter + " " + columns);
      }
    }
  }

  @Test
  void aRowNumberColumnNamedAsAFileColumnIsRefused() throws IOException {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> read(o -> o.rowNumbers("txt"), 1));
    assertTrue(e.getMessage().contains("'txt'"), e.getMessage());
  }
}
