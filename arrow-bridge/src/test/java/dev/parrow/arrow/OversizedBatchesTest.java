package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch whose values of one column do not fit one batch (more than 2 GiB of strings, or more
 * level entries than {@link ReadOptions#maxLevelsPerBatch}) is read again as smaller batches, as
 * Arrow C++ splits such a column into chunks: every row comes out, in order, at any thread count,
 * with filters and dictionaries. The level limit stands in for the 2 GiB one here (both are the
 * same {@code BatchTooLargeException}); only a row that alone does not fit is an error.
 */
class OversizedBatchesTest {
  private static final int ROWS = 20_000;

  @TempDir static Path dir;

  private static Path file;
  private static BufferAllocator expectedAllocator;

  /** Every row written, as {@link MixedRows} makes them. */
  private static VectorSchemaRoot expected;

  @BeforeAll
  static void writeFile() throws IOException {
    file = dir.resolve("mixed.parquet");
    ConcurrentReadTest.write(file, 0);
    expectedAllocator = new RootAllocator();
    expected = VectorSchemaRoot.create(new Schema(MixedRows.FIELDS), expectedAllocator);
    expected.allocateNew();
    MixedRows.fill(
        expected,
        0,
        ROWS,
        i -> ("row " + i * 7919 + " of a text column").getBytes(StandardCharsets.UTF_8));
    expected.setRowCount(ROWS);
  }

  @AfterAll
  static void freeExpected() {
    expected.close();
    expectedAllocator.close();
  }

  /**
   * The list column takes up to four level entries a row: with 64 entries a batch, a batch of the
   * default 65,536 rows (and of 1,000) is cut to batches of at most 64 rows.
   */
  @Test
  void aBatchOverTheLevelLimitIsReadAsSmallerBatches() throws Exception {
    for (int threads : new int[] {1, 4, 16}) {
      for (int batch : new int[] {65_536, 1_000, 7}) {
        int most =
            readsEveryRow(
                o -> o.parallelism(threads).batchSize(batch).maxLevelsPerBatch(64), id -> true);
        assertTrue(most <= Math.min(64, batch) && most > 1, "largest batch " + most);
      }
    }
  }

  @Test
  void filtersRowRangesAndDictionariesToo() throws Exception {
    for (int threads : new int[] {1, 4}) {
      readsEveryRow(
          o -> o.parallelism(threads).maxLevelsPerBatch(50).filter("id >= 2500"), id -> id >= 2500);
      readsEveryRow(
          o -> o.parallelism(threads).maxLevelsPerBatch(50).filter("s = 'k3' OR txt > 'row 5'"),
          id ->
              (id % 11 != 0 && id % 37 == 3)
                  || ("row " + id * 7919 + " of a text column").compareTo("row 5") > 0);
      readsEveryRow(
          o -> o.parallelism(threads).maxLevelsPerBatch(40).rowOffset(2_999).rowLimit(9_002),
          id -> id >= 2_999 && id < 2_999 + 9_002);
      readsEveryRow(
          o ->
              o.parallelism(threads)
                  .maxLevelsPerBatch(40)
                  .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP)),
          id -> true);
      readsEveryRow(
          o ->
              o.parallelism(threads)
                  .maxLevelsPerBatch(40)
                  .types(t -> t.dictionaryMode(DictionaryMode.UNIFY)),
          id -> true);
    }
  }

  /** A row with more list items than the limit allows cannot be read in any batch. */
  @Test
  void aRowThatAloneDoesNotFitIsAnErrorWithItsPlace() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().maxLevelsPerBatch(3).build())) {
      ParquetFormatException e =
          assertThrows(
              ParquetFormatException.class,
              () -> {
                while (reader.loadNextBatch()) {
                  // Rows with up to three items fit; the first with four does not.
                }
              });
      assertEquals("l.list.element", e.column());
      assertEquals(0, e.rowGroup());
      assertTrue(
          e.problem().startsWith("one row has more than 3 level entries in one column"),
          e.getMessage());
    }
  }

  /**
   * Reads the file with {@code options}, checks that the batches hold the rows written that {@code
   * keeps} keeps, in order, value for value, and returns the largest batch.
   */
  private static int readsEveryRow(
      Consumer<ReadOptions.Builder> options, java.util.function.LongPredicate keeps)
      throws Exception {
    ReadOptions.Builder b = ReadOptions.builder();
    options.accept(b);
    int most = 0;
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, b.build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      long lastId = -1;
      while (reader.loadNextBatch()) {
        for (FieldVector v : root.getFieldVectors()) {
          ValueVectorUtility.validateFull(v);
        }
        most = Math.max(most, root.getRowCount());
        BigIntVector ids = (BigIntVector) root.getVector("id");
        for (int r = 0; r < root.getRowCount(); r++) {
          long id = ids.get(r);
          assertTrue(id > lastId, "rows in order");
          for (long skipped = lastId + 1; skipped < id; skipped++) {
            assertTrue(!keeps.test(skipped), "row " + skipped + " missing");
          }
          assertTrue(keeps.test(id), "row " + id + " kept");
          lastId = id;
          for (FieldVector v : root.getFieldVectors()) {
            Object got = v.getObject(r);
            if (v.getField().getDictionary() != null) {
              got =
                  reader
                      .getDictionaryVectors()
                      .get(v.getField().getDictionary().getId())
                      .getVector()
                      .getObject(
                          (int) ((org.apache.arrow.vector.BaseIntVector) v).getValueAsLong(r));
            }
            assertEquals(
                String.valueOf(expected.getVector(v.getName()).getObject((int) id)),
                String.valueOf(got),
                v.getName() + " of row " + id);
          }
        }
        rows += root.getRowCount();
      }
      assertEquals(rows, reader.stats().rows());
    }
    assertEquals(java.util.stream.LongStream.range(0, ROWS).filter(keeps).count(), rows);
    return most;
  }
}
