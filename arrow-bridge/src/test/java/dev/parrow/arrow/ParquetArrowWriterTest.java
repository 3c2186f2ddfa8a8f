package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.storage.OutputFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Row groups written to the stream on another thread while the next is encoded (parallelism 2): the
 * file holds every row group in order, and a stream that fails part-way fails the write, and the
 * output is aborted, never committed, whichever call meets the failure.
 */
class ParquetArrowWriterTest {
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("text", new ArrowType.Utf8())));

  /** An output in memory that fails once {@code failAfter} bytes are written (-1: never). */
  private static final class MemoryOutput implements OutputFile {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final long failAfter;
    final List<String> calls = new ArrayList<>();

    MemoryOutput(long failAfter) {
      this.failAfter = failAfter;
    }

    @Override
    public OutputStream open() {
      return new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          if (failAfter >= 0 && bytes.size() + (long) len > failAfter) {
            throw new IOException("no space left on the test's device");
          }
          bytes.write(b, off, len);
        }
      };
    }

    @Override
    public void commit() {
      calls.add("commit");
    }

    @Override
    public void abort() {
      calls.add("abort");
    }
  }

  private static WriteOptions options() {
    return options(null);
  }

  private static WriteOptions options(java.util.concurrent.Executor executor) {
    return WriteOptions.builder().parallelism(2).rowGroupRows(1_000).executor(executor).build();
  }

  private static void fill(VectorSchemaRoot root, int batch, int rows) {
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector text = (VarCharVector) root.getVector("text");
    id.allocateNew(rows);
    text.allocateNew(rows);
    for (int i = 0; i < rows; i++) {
      long value = (long) batch * rows + i;
      id.set(i, value);
      text.setSafe(i, ("row " + value + " " + "x".repeat((int) (value % 50))).getBytes());
    }
    root.setRowCount(rows);
  }

  @Test
  void rowGroupsWrittenInTheBackgroundComeInOrder() throws Exception {
    writeAndCheck(options());
  }

  /**
   * A caller's executor runs the helpers' work (columns encoded beside the caller, row groups
   * written out), and one that rejects everything leaves it all to the caller: the file is the
   * same.
   */
  @Test
  void aCallersExecutorRunsTheHelpersWork() throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.atomic.AtomicInteger ran =
          new java.util.concurrent.atomic.AtomicInteger();
      writeAndCheck(
          options(
              task -> {
                ran.incrementAndGet();
                pool.execute(task);
              }));
      assertTrue(ran.get() > 0, "the executor ran nothing");
    } finally {
      pool.shutdown();
    }
    writeAndCheck(
        options(
            task -> {
              throw new java.util.concurrent.RejectedExecutionException("full");
            }));
  }

  private static void writeAndCheck(WriteOptions options) throws Exception {
    MemoryOutput output = new MemoryOutput(-1);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.create(output, SCHEMA, options)) {
        for (int batch = 0; batch < 10; batch++) {
          fill(root, batch, 700);
          writer.write(root);
        }
      }
      assertEquals(List.of("commit"), output.calls);
      try (ParquetFile file =
              ParquetFile.open(dev.parrow.storage.InputFile.of(output.bytes.toByteArray()));
          ParquetArrowReader reader = file.newReader(allocator, ReadOptions.defaults())) {
        assertEquals(7, file.metadata().rowGroups().size());
        long expected = 0;
        while (reader.loadNextBatch()) {
          BigIntVector id = (BigIntVector) reader.getVectorSchemaRoot().getVector("id");
          VarCharVector text = (VarCharVector) reader.getVectorSchemaRoot().getVector("text");
          for (int i = 0; i < id.getValueCount(); i++, expected++) {
            assertEquals(expected, id.get(i));
            assertEquals(
                "row " + expected + " " + "x".repeat((int) (expected % 50)),
                new String(text.get(i)));
          }
        }
        assertEquals(7_000, expected);
      }
    }
  }

  @Test
  void aStreamThatFailsPartWayAbortsTheFile() throws Exception {
    for (long failAfter : new long[] {10, 5_000, 20_000, 60_000}) {
      MemoryOutput output = new MemoryOutput(failAfter);
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
        IOException e =
            assertThrows(
                IOException.class,
                () -> {
                  try (ParquetArrowWriter writer =
                      ParquetArrowWriter.create(output, SCHEMA, options())) {
                    for (int batch = 0; batch < 10; batch++) {
                      fill(root, batch, 700);
                      writer.write(root);
                    }
                  }
                },
                "failing after " + failAfter + " bytes");
        assertTrue(e.getMessage().contains("no space left"), failAfter + ": " + e.getMessage());
        assertEquals(List.of("abort"), output.calls, "failing after " + failAfter + " bytes");
      }
    }
  }
}
