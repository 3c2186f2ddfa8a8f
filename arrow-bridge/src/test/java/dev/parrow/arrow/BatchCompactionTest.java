package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch of flat and nested columns (strings, a list, a struct) compacted to some of its rows
 * holds exactly those rows, in order, as each row's values read whole say, and passes Arrow's full
 * validation; every row kept, none, and runs at the batch's edges too.
 */
class BatchCompactionTest {
  @TempDir Path dir;

  @Test
  void aCompactedBatchHoldsTheRowsKeptInOrder() throws Exception {
    Path file = dir.resolve("mixed.parquet");
    ConcurrentReadTest.write(file, 0);
    List<String> all = rows(file, null);
    int batch = 1_000;
    List<BitSet> selections = new ArrayList<>();
    selections.add(every(batch, 1));
    selections.add(new BitSet());
    selections.add(every(batch, 3));
    BitSet edges = new BitSet();
    edges.set(0, 10);
    edges.set(batch - 7, batch);
    selections.add(edges);
    for (BitSet keep : selections) {
      List<String> want = new ArrayList<>();
      for (int i = 0; i < all.size(); i++) {
        if (keep.get(i % batch)) {
          want.add(all.get(i));
        }
      }
      assertEquals(want, rows(file, keep), keep.cardinality() + " rows a batch");
    }
  }

  private static BitSet every(int rows, int step) {
    BitSet b = new BitSet();
    for (int i = 0; i < rows; i += step) {
      b.set(i);
    }
    return b;
  }

  /** Each row of the file as text, each batch of 1,000 compacted to {@code keep} first. */
  private static List<String> rows(Path file, BitSet keep) throws Exception {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile f = ParquetFile.open(file);
        ParquetArrowReader reader =
            f.newReader(allocator, ReadOptions.builder().batchSize(1_000).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        assertEquals(1_000, root.getRowCount());
        if (keep != null) {
          BatchCompaction.keep(root, keep);
          assertEquals(keep.cardinality(), root.getRowCount());
        }
        for (FieldVector v : root.getFieldVectors()) {
          ValueVectorUtility.validateFull(v);
          assertEquals(root.getRowCount(), v.getValueCount());
        }
        for (int r = 0; r < root.getRowCount(); r++) {
          List<String> values = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            values.add(String.valueOf(v.getObject(r)));
          }
          out.add(String.join("|", values));
        }
      }
    }
    assertTrue(keep != null || out.size() > 10_000);
    return out;
  }
}
