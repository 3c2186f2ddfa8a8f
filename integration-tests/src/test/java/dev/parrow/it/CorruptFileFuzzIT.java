package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.storage.InputFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Corrupted and truncated copies of real files, read whole: each read either succeeds or fails with
 * a ParquetFormatException naming the file. Never another exception, a crash, a hang or a leaked
 * buffer (every allocator is closed, which fails on a leak). Deterministic seeds, so a failure
 * reproduces.
 */
class CorruptFileFuzzIT {
  private static final int TRIALS_PER_FILE = 150;

  @org.junit.jupiter.api.io.TempDir static Path dir;

  @TestFactory
  Stream<DynamicTest> corruptedCopies() {
    return Stream.of(
            "all_types_snappy.parquet",
            "all_types_gzip.parquet",
            "all_types_uncompressed.parquet",
            "all_types_v2_nodict_snappy.parquet",
            "nested_uncompressed.parquet",
            "nested_v2_snappy.parquet",
            "variants_snappy.parquet")
        .map(
            name ->
                DynamicTest.dynamicTest(
                    name, () -> fuzz(FixturesIT.projectTestdata().resolve(name))));
  }

  /**
   * Files Parrow writes: every type dictionary-encoded with page statistics, CRCs, page index and
   * ARROW:schema (a corrupt blob must only lose the hint), and the nested and dictionary-vector
   * table in v2 pages.
   */
  @TestFactory
  Stream<DynamicTest> corruptedCopiesOfParrowFiles() throws Exception {
    Path flat = dir.resolve("parrow_flat.parquet");
    Path nested = dir.resolve("parrow_nested.parquet");
    var options =
        dev.parrow.arrow.WriteOptions.builder().pageSizeBytes(4096).rowGroupRows(700).build();
    try (BufferAllocator allocator = new RootAllocator();
        var root = WriteReadBackIT.data(allocator);
        NestedData data = new NestedData(allocator)) {
      try (var writer =
          dev.parrow.arrow.ParquetArrowWriter.create(flat, root.getSchema(), options)) {
        writer.write(root);
      }
      try (var writer =
          dev.parrow.arrow.ParquetArrowWriter.create(
              dev.parrow.storage.OutputFile.of(nested),
              data.root.getSchema(),
              dev.parrow.arrow.WriteOptions.builder()
                  .dataPageVersion(WriteOptions.DataPageVersion.V2)
                  .pageSizeBytes(4096)
                  .build(),
              data.provider)) {
        writer.write(data.root);
      }
    }
    return Stream.of(flat, nested)
        .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> fuzz(file)));
  }

  private static void fuzz(Path file) throws Exception {
    byte[] original = Files.readAllBytes(file);
    Random random = new Random(file.getFileName().toString().hashCode());
    int formatErrors = 0;
    for (int trial = 0; trial < TRIALS_PER_FILE; trial++) {
      byte[] bytes;
      String what;
      if (trial % 10 == 9) {
        int length = random.nextInt(original.length);
        bytes = Arrays.copyOf(original, length);
        what = "truncated to " + length;
      } else {
        bytes = original.clone();
        // Hit the data region mostly, the footer sometimes.
        int burst = 1 + random.nextInt(16);
        int at = random.nextInt(bytes.length - burst);
        for (int k = 0; k < burst; k++) {
          bytes[at + k] = (byte) random.nextInt(256);
        }
        what = burst + " bytes at " + at;
      }
      try {
        readAll(bytes, "trial-" + trial);
      } catch (ParquetFormatException e) {
        assertTrue(e.getMessage().startsWith("trial-" + trial), e.getMessage());
        formatErrors++;
      } catch (Throwable t) {
        fail(file.getFileName() + " trial " + trial + " (" + what + "): " + t, t);
      }
    }
    assertTrue(
        formatErrors > 0, "no corruption was ever detected: the test does not reach the decoder");
  }

  /** Reads every batch of the file in {@code bytes}, named {@code name}. */
  static void readAll(byte[] bytes, String name) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(InputFile.of(ByteBuffer.wrap(bytes), name));
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().batchSize(1000).build())) {
      while (reader.loadNextBatch()) {
        reader.getVectorSchemaRoot().getRowCount();
      }
    }
  }
}
