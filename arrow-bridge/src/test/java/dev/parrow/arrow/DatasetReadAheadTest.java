package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset reads its next files ahead (each through its own batches decoded ahead), hands their
 * rows over in file order, and, closed at any point or after a file fails, stops the read-ahead and
 * frees everything it held.
 */
class DatasetReadAheadTest {
  @TempDir Path dir;

  /** Six files of 1,000 rows, file f holding f * 1000 .. f * 1000 + 999, in row groups of 100. */
  private void writeFiles() throws IOException {
    for (int f = 0; f < 6; f++) {
      long first = f * 1000L;
      LongFiles.write(
          dir.resolve("part-" + f + ".parquet"),
          WriteOptions.builder().rowGroupRows(100).build(),
          java.util.stream.LongStream.range(first, first + 1000).toArray());
    }
  }

  private ParquetDataset open() throws IOException {
    return ParquetDataset.open(
        List.of(dir.toString()), DatasetOptions.builder().filesAtOnce(3).build());
  }

  @Test
  void rowsComeInFileOrderWhateverTheReadAhead() throws Exception {
    writeFiles();
    List<Long> got = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            open().newReader(allocator, ReadOptions.builder().batchSize(64).build())) {
      while (reader.loadNextBatch()) {
        BigIntVector v = (BigIntVector) reader.getVectorSchemaRoot().getVector("v");
        for (int i = 0; i < v.getValueCount(); i++) {
          got.add(v.get(i));
        }
      }
      assertEquals(6, reader.filesRead());
      assertEquals(6000, reader.stats().rows());
    }
    assertEquals(6000, got.size());
    for (int i = 0; i < got.size(); i++) {
      assertEquals(i, got.get(i));
    }
  }

  @Test
  void aReaderClosedAtAnyPointFreesWhatItsFilesHeld() throws Exception {
    writeFiles();
    for (int batches = 0; batches <= 40; batches += 8) {
      // The allocator's close fails on anything left allocated.
      try (BufferAllocator allocator = new RootAllocator()) {
        ParquetDatasetReader reader =
            open().newReader(allocator, ReadOptions.builder().batchSize(64).build());
        for (int b = 0; b < batches; b++) {
          assertTrue(reader.loadNextBatch());
        }
        reader.close();
        assertEquals(0, allocator.getAllocatedMemory(), "after " + batches + " batches");
        assertThrows(IllegalStateException.class, reader::loadNextBatch);
      }
    }
  }

  @Test
  void aFileThatFailsEndsTheReadNamingTheFile() throws Exception {
    writeFiles();
    ParquetDataset dataset = open();
    // The third file is cut short after the dataset read its footer.
    Path bad = dir.resolve("part-2.parquet");
    byte[] bytes = Files.readAllBytes(bad);
    Files.write(bad, new byte[bytes.length / 2]);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            dataset.newReader(allocator, ReadOptions.builder().batchSize(64).build())) {
      Exception e =
          assertThrows(
              Exception.class,
              () -> {
                while (reader.loadNextBatch()) {
                  // read on to the failure
                }
              });
      assertTrue(String.valueOf(e.getMessage()).contains("part-2.parquet"), e.toString());
      assertFalse(reader.loadNextBatch(), "no file is read after the failure");
      assertEquals(2, reader.filesRead());
    }
  }
}
