package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.storage.OutputFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that fails inside the writer, used the way the README shows (try-with-resources), leaves
 * the target exactly as it was, with no temporary file beside it: for a file, an append, {@code
 * writeAll} and a dataset, and for each kind of failure (a batch of another schema, an I/O error,
 * an interrupt, an allocator's limit). The writer then refuses further batches, naming the failure.
 */
class FailedWritesTest {
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("key", new ArrowType.Int(64, true)),
              Field.nullable("text", new ArrowType.Utf8())));

  private static final Schema OTHER =
      new Schema(List.of(Field.nullable("other", new ArrowType.Int(32, true))));

  @TempDir Path dir;

  private static void fill(VectorSchemaRoot root, int batch, int rows) {
    BigIntVector key = (BigIntVector) root.getVector("key");
    VarCharVector text = (VarCharVector) root.getVector("text");
    key.allocateNew(rows);
    text.allocateNew((long) rows * 16, rows);
    for (int i = 0; i < rows; i++) {
      key.set(i, i % 3);
      text.setSafe(i, ("batch " + batch + " row " + i).getBytes());
    }
    root.setRowCount(rows);
  }

  private static WriteOptions options() {
    return options(2);
  }

  private static WriteOptions options(int parallelism) {
    return WriteOptions.builder().rowGroupRows(1_000).parallelism(parallelism).build();
  }

  /**
   * The options a failure shows with: an allocator's limit is met by a writer of one thread, which
   * slices the caller's batch in the caller's allocator (with more, the batch is first copied into
   * the writer's own).
   */
  private static WriteOptions optionsFor(Class<? extends Throwable> expected) {
    return options(expected == OutOfMemoryException.class ? 1 : 2);
  }

  /** A previous file at {@code target}, written whole. */
  private static byte[] previousFile(Path target) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(target, SCHEMA, options())) {
      fill(root, 99, 2_000);
      writer.write(root);
    }
    return Files.readAllBytes(target);
  }

  /** Every regular file under {@code root} with its bytes, by relative path. */
  private static Map<String, byte[]> tree(Path root) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.toList()) {
        if (Files.isRegularFile(p)) {
          out.put(root.relativize(p).toString(), Files.readAllBytes(p));
        } else if (!p.equals(root)) {
          out.put(root.relativize(p) + "/", new byte[0]);
        }
      }
    }
    return out;
  }

  private static void assertSameTree(Map<String, byte[]> before, Path root) throws IOException {
    Map<String, byte[]> after = tree(root);
    assertEquals(before.keySet(), after.keySet(), "the files and directories under " + root);
    for (String name : before.keySet()) {
      assertArrayEquals(before.get(name), after.get(name), name + " is unchanged");
    }
  }

  /** How a write fails, inside the writer, after some good batches. */
  private interface Failure {
    /** Writes the failing batch; the writer must throw. */
    void writeFailing(ParquetArrowWriter writer, BufferAllocator allocator) throws Exception;
  }

  private static void aBatchOfAnotherSchema(ParquetArrowWriter writer, BufferAllocator allocator)
      throws Exception {
    try (VectorSchemaRoot other = VectorSchemaRoot.create(OTHER, allocator)) {
      other.allocateNew();
      other.setRowCount(0);
      writer.write(other);
    }
  }

  private static void anInterrupt(ParquetArrowWriter writer, BufferAllocator allocator)
      throws Exception {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      fill(root, 7, 500);
      Thread.currentThread().interrupt();
      try {
        writer.write(root);
      } finally {
        Thread.interrupted();
      }
    }
  }

  /**
   * A batch whose vectors live in an allocator at its limit: splitting it into row groups needs new
   * offset buffers, which the allocator refuses.
   */
  private static void anAllocatorLimit(ParquetArrowWriter writer, BufferAllocator allocator)
      throws Exception {
    try (BufferAllocator limited = allocator.newChildAllocator("limited", 0, Long.MAX_VALUE);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, limited)) {
      fill(root, 8, 2_500);
      limited.setLimit(limited.getAllocatedMemory());
      writer.write(root);
    }
  }

  private void failedWriteLeavesTheTarget(Failure failure, Class<? extends Throwable> expected)
      throws Exception {
    Path target = dir.resolve("t.parquet");
    previousFile(target);
    Map<String, byte[]> before = tree(dir);
    try (BufferAllocator allocator = new RootAllocator()) {
      Throwable thrown =
          assertThrows(
              expected,
              () -> {
                try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
                    ParquetArrowWriter writer =
                        ParquetArrowWriter.create(target, SCHEMA, optionsFor(expected))) {
                  for (int batch = 0; batch < 3; batch++) {
                    fill(root, batch, 700);
                    writer.write(root);
                  }
                  try {
                    failure.writeFailing(writer, allocator);
                  } finally {
                    // The writer stays failed: another batch is refused, naming the failure.
                    IllegalStateException again =
                        assertThrows(IllegalStateException.class, () -> writer.write(root));
                    assertTrue(
                        again.getMessage().contains("failed and was aborted"), again.getMessage());
                    assertThrows(IllegalStateException.class, writer::flush);
                  }
                }
              });
      if (!(thrown instanceof OutOfMemoryException)) {
        assertTrue(thrown.getMessage().contains(target.toString()), "names the file: " + thrown);
      }
    }
    assertSameTree(before, dir);
  }

  @Test
  void aBatchOfAnotherSchemaLeavesTheTargetAsItWas() throws Exception {
    failedWriteLeavesTheTarget(
        FailedWritesTest::aBatchOfAnotherSchema, IllegalArgumentException.class);
  }

  @Test
  void anInterruptLeavesTheTargetAsItWas() throws Exception {
    failedWriteLeavesTheTarget(FailedWritesTest::anInterrupt, InterruptedIOException.class);
  }

  @Test
  void anAllocatorsLimitLeavesTheTargetAsItWas() throws Exception {
    failedWriteLeavesTheTarget(FailedWritesTest::anAllocatorLimit, OutOfMemoryException.class);
  }

  /** An output to a real path whose stream fails once {@code failAfter} bytes are written. */
  private static OutputFile failingAfter(Path target, long failAfter) {
    OutputFile real = OutputFile.of(target);
    return new OutputFile() {
      @Override
      public String name() {
        return real.name();
      }

      @Override
      public OutputStream open() throws IOException {
        return new FilterOutputStream(real.open()) {
          long written;

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            written += len;
            if (written > failAfter) {
              throw new IOException(target + ": no space left on the test's device");
            }
            out.write(b, off, len);
          }

          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }
        };
      }

      @Override
      public void commit() throws IOException {
        real.commit();
      }

      @Override
      public void abort() throws IOException {
        real.abort();
      }
    };
  }

  @Test
  void anIoErrorLeavesTheTargetAsItWas() throws Exception {
    Path target = dir.resolve("t.parquet");
    previousFile(target);
    Map<String, byte[]> before = tree(dir);
    for (long failAfter : new long[] {10, 8_000, 25_000}) {
      try (BufferAllocator allocator = new RootAllocator()) {
        IOException e =
            assertThrows(
                IOException.class,
                () -> {
                  try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
                      ParquetArrowWriter writer =
                          ParquetArrowWriter.create(
                              failingAfter(target, failAfter), SCHEMA, options())) {
                    for (int batch = 0; batch < 10; batch++) {
                      fill(root, batch, 700);
                      writer.write(root);
                    }
                  }
                },
                "failing after " + failAfter + " bytes");
        assertTrue(e.getMessage().contains("no space left"), e.toString());
      }
      assertSameTree(before, dir);
    }
  }

  @Test
  void aFailedAppendLeavesTheFileAsItWas() throws Exception {
    Path target = dir.resolve("t.parquet");
    byte[] original = previousFile(target);
    List<Failure> failures =
        List.of(
            FailedWritesTest::aBatchOfAnotherSchema,
            FailedWritesTest::anInterrupt,
            FailedWritesTest::anAllocatorLimit);
    List<Class<? extends Throwable>> kinds =
        List.of(
            IllegalArgumentException.class,
            InterruptedIOException.class,
            OutOfMemoryException.class);
    Map<String, byte[]> after = null;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int k = 0; k < failures.size(); k++) {
        Failure failure = failures.get(k);
        WriteOptions options = optionsFor(kinds.get(k));
        assertThrows(
            kinds.get(k),
            () -> {
              try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
                  ParquetArrowWriter writer =
                      ParquetArrowWriter.append(target, SCHEMA, options, null)) {
                fill(root, 1, 700);
                writer.write(root);
                failure.writeFailing(writer, allocator);
              }
            });
        assertArrayEquals(original, Files.readAllBytes(target), kinds.get(k) + ": the file");
        // The append lock file is made by the first append and stays, by design; nothing else.
        if (after == null) {
          after = tree(dir);
        } else {
          assertSameTree(after, dir);
        }
      }
    }
    assertEquals(2, after.size(), "the file and the append lock: " + after.keySet());
  }

  @Test
  void writeAllOfAStreamThatBreaksLeavesTheTargetAsItWas() throws Exception {
    Path target = dir.resolve("t.parquet");
    previousFile(target);
    Map<String, byte[]> before = tree(dir);
    try (BufferAllocator allocator = new RootAllocator()) {
      ByteArrayOutputStream ipc = new ByteArrayOutputStream();
      try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
          ArrowStreamWriter writer = new ArrowStreamWriter(root, null, ipc)) {
        writer.start();
        for (int batch = 0; batch < 4; batch++) {
          fill(root, batch, 700);
          writer.writeBatch();
        }
        writer.end();
      }
      byte[] bytes = ipc.toByteArray();
      byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length * 3 / 4);
      try (ArrowStreamReader reader =
          new ArrowStreamReader(new ByteArrayInputStream(cut), allocator)) {
        assertThrows(
            IOException.class,
            () -> ParquetArrowWriter.writeAll(reader, OutputFile.of(target), options(), r -> {}));
      }
    }
    assertSameTree(before, dir);
  }

  /** A dataset written with ADD beside an old file, failing after files were finished. */
  private void failedDatasetWriteLeavesTheRoot(Class<? extends Throwable> expected)
      throws Exception {
    Path root = dir.resolve("dataset");
    Files.createDirectories(root.resolve("key=0"));
    previousFile(root.resolve("key=0").resolve("old.parquet"));
    // A file where a partition's directory would go: making that directory is an I/O error.
    Files.writeString(root.resolve("key=5"), "in the way");
    Map<String, byte[]> before = tree(root);
    ParquetDatasetWriter.Layout layout =
        ParquetDatasetWriter.Layout.partitionBy("key")
            .withMaxRowsPerFile(300)
            .withExisting(ParquetDatasetWriter.ExistingData.ADD);
    try (BufferAllocator allocator = new RootAllocator()) {
      assertThrows(
          expected,
          () -> {
            try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
                ParquetDatasetWriter writer =
                    ParquetDatasetWriter.create(root, SCHEMA, WriteOptions.defaults(), layout)) {
              for (int b = 0; b < 3; b++) {
                fill(batch, b, 1_000);
                writer.write(batch);
              }
              assertTrue(writer.files().size() >= 3, "files were finished before the failure");
              try {
                datasetFailure(writer, allocator, expected);
              } finally {
                IllegalStateException again =
                    assertThrows(IllegalStateException.class, () -> writer.write(batch));
                assertTrue(
                    again.getMessage().contains("failed and was aborted"), again.getMessage());
              }
            }
          });
    }
    assertSameTree(before, root);
  }

  /** The dataset writer's own failing batch of each kind. */
  private static void datasetFailure(
      ParquetDatasetWriter writer, BufferAllocator allocator, Class<? extends Throwable> kind)
      throws Exception {
    if (kind == IllegalArgumentException.class) {
      try (VectorSchemaRoot other = VectorSchemaRoot.create(OTHER, allocator)) {
        other.allocateNew();
        writer.write(other);
      }
    } else if (kind == InterruptedIOException.class) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
        fill(root, 5, 100);
        Thread.currentThread().interrupt();
        try {
          writer.write(root);
        } finally {
          Thread.interrupted();
        }
      }
    } else if (kind == OutOfMemoryException.class) {
      // Splitting the batch by partition needs new offset buffers, which the allocator refuses.
      try (BufferAllocator limited = allocator.newChildAllocator("limited", 0, Long.MAX_VALUE);
          VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, limited)) {
        fill(root, 8, 1_000);
        limited.setLimit(limited.getAllocatedMemory());
        writer.write(root);
      }
    } else {
      // key 5 goes to the directory key=5, where a file is in the way.
      try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
        fill(root, 6, 10);
        BigIntVector key = (BigIntVector) root.getVector("key");
        for (int i = 0; i < 10; i++) {
          key.set(i, 5);
        }
        writer.write(root);
      }
    }
  }

  @Test
  void aFailedDatasetWriteLeavesTheDatasetAsItWas() throws Exception {
    failedDatasetWriteLeavesTheRoot(IllegalArgumentException.class);
  }

  @Test
  void anInterruptedDatasetWriteLeavesTheDatasetAsItWas() throws Exception {
    failedDatasetWriteLeavesTheRoot(InterruptedIOException.class);
  }

  @Test
  void aDatasetWriteAtItsAllocatorsLimitLeavesTheDatasetAsItWas() throws Exception {
    failedDatasetWriteLeavesTheRoot(OutOfMemoryException.class);
  }

  @Test
  void aDatasetWriteThatMeetsAnIoErrorLeavesTheDatasetAsItWas() throws Exception {
    failedDatasetWriteLeavesTheRoot(IOException.class);
  }

  @Test
  void aDatasetAppearsOnlyWhenClosed() throws Exception {
    Path root = dir.resolve("fresh");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator)) {
      ParquetDatasetWriter writer =
          ParquetDatasetWriter.create(
              root,
              SCHEMA,
              WriteOptions.defaults(),
              ParquetDatasetWriter.Layout.partitionBy("key").withMaxRowsPerFile(100));
      fill(batch, 0, 1_000);
      writer.write(batch);
      List<Path> files = writer.files();
      assertTrue(files.size() >= 9, files.toString());
      for (Path f : files) {
        assertTrue(Files.notExists(f), f + " is not there before close");
      }
      writer.close();
      for (Path f : files) {
        assertTrue(Files.isRegularFile(f), f + " is there after close");
      }
      assertEquals(1_000, rows(root));
      // An abort after a successful close changes nothing.
      writer.abort();
      assertEquals(1_000, rows(root));
    }
  }

  private static long rows(Path root) throws IOException {
    return ParquetDataset.open(root.toString()).files().stream().mapToLong(DatasetFile::rows).sum();
  }

  /**
   * With commitOnClose off, only commit() makes the file or the dataset appear: a failure of the
   * caller's own code inside try-with-resources leaves the target as it was.
   */
  @Test
  void withCommitOnCloseOffTheCallersOwnFailureLeavesTheTargetAsItWas() throws Exception {
    WriteOptions strict = WriteOptions.builder().rowGroupRows(1_000).commitOnClose(false).build();
    Path target = dir.resolve("t.parquet");
    byte[] original = previousFile(target);
    Path root = dir.resolve("dataset");
    Map<String, byte[]> before = tree(dir);
    ParquetDatasetWriter.Layout layout =
        ParquetDatasetWriter.Layout.partitionBy("key").withMaxRowsPerFile(300);
    try (BufferAllocator allocator = new RootAllocator()) {
      IllegalStateException callers =
          assertThrows(
              IllegalStateException.class,
              () -> {
                try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
                    ParquetArrowWriter writer = ParquetArrowWriter.create(target, SCHEMA, strict);
                    ParquetDatasetWriter dataset =
                        ParquetDatasetWriter.create(root, SCHEMA, strict, layout)) {
                  fill(batch, 0, 2_000);
                  writer.write(batch);
                  dataset.write(batch);
                  throw new IllegalStateException("the caller's own failure");
                }
              });
      assertEquals("the caller's own failure", callers.getMessage());
      assertSameTree(before, dir);
      // commit() makes them appear.
      try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
          ParquetArrowWriter writer = ParquetArrowWriter.create(target, SCHEMA, strict);
          ParquetDatasetWriter dataset =
              ParquetDatasetWriter.create(root, SCHEMA, strict, layout)) {
        fill(batch, 0, 2_000);
        writer.write(batch);
        dataset.write(batch);
        writer.commit();
        dataset.commit();
      }
    }
    assertTrue(!java.util.Arrays.equals(original, Files.readAllBytes(target)), "a new file");
    try (ParquetFile file = ParquetFile.open(target)) {
      assertEquals(2_000, file.metadata().numRows());
    }
    assertEquals(2_000, rows(root));
  }
}
