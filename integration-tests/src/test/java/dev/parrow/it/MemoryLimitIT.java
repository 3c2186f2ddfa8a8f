package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads and writes under a 64 MiB allocator, of a file whose one row group holds about 120 MiB of
 * Arrow data: a batch that does not fit fails with Arrow's OutOfMemoryException naming the file,
 * column and row group and saying what to change, and leaks nothing; smaller batches read the whole
 * file within the limit. The writer takes its batches from a 64 MiB allocator and allocates nothing
 * beyond them.
 */
class MemoryLimitIT {
  private static final long LIMIT = 64L << 20;
  private static final int BATCH = 100_000;
  private static final int BATCHES = 10;
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
              Field.nullable("text", ArrowType.Utf8.INSTANCE)));

  @TempDir static Path dir;
  private static Path file;

  /** One row group of a million rows, each with a 110-byte string, written under the limit. */
  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("big.parquet");
    try (BufferAllocator allocator = new RootAllocator(LIMIT);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file,
                SCHEMA,
                WriteOptions.builder()
                    .dictionary(false)
                    .rowGroupRows(BATCH * BATCHES)
                    .rowGroupBytes(Long.MAX_VALUE)
                    .build())) {
      for (int b = 0; b < BATCHES; b++) {
        try (VectorSchemaRoot batch = batch(allocator, (long) b * BATCH)) {
          writer.write(batch);
        }
      }
      assertEquals(0, allocator.getAllocatedMemory(), "the writer holds no Arrow memory");
    }
  }

  private static VectorSchemaRoot batch(BufferAllocator allocator, long first) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector text = (VarCharVector) root.getVector("text");
    root.allocateNew();
    byte[] filler = new byte[100];
    Arrays.fill(filler, (byte) 'x');
    String pad = new String(filler, StandardCharsets.US_ASCII);
    for (int i = 0; i < BATCH; i++) {
      id.setSafe(i, first + i);
      text.setSafe(
          i, String.format("%010d", first + i).concat(pad).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(BATCH);
    return root;
  }

  /** Row groups that end inside batches: the writer slices them, within the same allocator. */
  @Test
  void theWriterSlicesBatchesWithinTheLimit() throws Exception {
    Path sliced = dir.resolve("sliced.parquet");
    try (BufferAllocator allocator = new RootAllocator(LIMIT);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                sliced, SCHEMA, WriteOptions.builder().rowGroupRows(150_001).build())) {
      for (int b = 0; b < BATCHES; b++) {
        try (VectorSchemaRoot batch = batch(allocator, (long) b * BATCH)) {
          writer.write(batch);
        }
      }
    }
    try (ParquetFile parquet = ParquetFile.open(sliced)) {
      assertEquals((long) BATCH * BATCHES, parquet.metadata().numRows());
      assertEquals(7, parquet.metadata().rowGroups().size());
    }
  }

  @Test
  void aBatchOverTheLimitFailsClearlyAndLeaksNothing() throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      assertEquals(1, parquet.metadata().rowGroups().size());
      try (BufferAllocator allocator = new RootAllocator(LIMIT);
          ParquetArrowReader reader =
              parquet.newReader(
                  allocator, ReadOptions.builder().batchSize(BATCH * BATCHES).build())) {
        OutOfMemoryException e = assertThrows(OutOfMemoryException.class, reader::loadNextBatch);
        assertTrue(
            e.getMessage().startsWith(file + ": column text, row group 0: "), e.getMessage());
        assertTrue(e.getMessage().contains("ReadOptions.batchSize"), e.getMessage());
      }
    }
  }

  @Test
  void smallerBatchesReadTheWholeRowGroupWithinTheLimit() throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file);
        BufferAllocator allocator = new RootAllocator(LIMIT);
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().batchSize(BATCH).build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector text = (VarCharVector) root.getVector("text");
        for (int i = 0; i < root.getRowCount(); i += 997) {
          assertEquals(rows + i, id.get(i));
          assertTrue(
              new String(text.get(i), StandardCharsets.UTF_8)
                  .startsWith(String.format("%010d", rows + i)));
        }
        rows += root.getRowCount();
        assertTrue(allocator.getPeakMemoryAllocation() <= LIMIT);
      }
      assertEquals((long) BATCH * BATCHES, rows);
    }
  }
}
