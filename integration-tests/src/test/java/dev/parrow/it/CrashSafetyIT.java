package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers killed with SIGKILL at random points, in a child JVM: an appending process ({@link
 * CrashChild}) and {@code parrow convert}. After each kill the target must be the old file or the
 * new one, whole, holding exactly the rows it should; the temporary file a kill leaves is removed
 * by the next write to the same target. Seeded, so the kill points repeat.
 */
class CrashSafetyIT {
  private static final int TRIALS = 20;

  @TempDir Path dir;

  @Test
  void anAppendKilledAnywhereLeavesTheOldFileOrTheNewOne() throws Exception {
    Random random = new Random(18);
    int midWrite = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      Path target = dir.resolve("append-" + trial + ".parquet");
      CrashChild.start(target);
      Process child =
          java(CrashChild.class.getName(), target.toString(), String.valueOf(CrashChild.BATCH));
      // The child prints the rows after each committed append; a thread keeps the last count.
      java.util.concurrent.atomic.AtomicLong committed =
          new java.util.concurrent.atomic.AtomicLong(CrashChild.BATCH);
      java.util.concurrent.CountDownLatch appends = new java.util.concurrent.CountDownLatch(3);
      Thread listener =
          new Thread(
              () -> {
                try (BufferedReader out =
                    new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                  for (String line = out.readLine(); line != null; line = out.readLine()) {
                    committed.set(Long.parseLong(line.substring("appended ".length())));
                    appends.countDown();
                  }
                } catch (java.io.IOException e) {
                  // The kill closed the pipe.
                }
              });
      listener.start();
      // Let one to three appends complete, then kill at a random moment after.
      int wanted = 1 + random.nextInt(3);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (appends.getCount() > 3 - wanted) {
        assertTrue(child.isAlive() && System.nanoTime() < deadline, stderr(trial));
        appends.await(10, TimeUnit.MILLISECONDS);
      }
      Thread.sleep(random.nextInt(400));
      long before = committed.get();
      child.destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      listener.join();
      midWrite += temporaries(target).isEmpty() ? 0 : 1;
      long rows = checkAppended(target);
      // Appends may have been committed after the last count read; none is ever lost or partial.
      assertTrue(
          rows >= before, "trial " + trial + ": " + rows + " rows after " + before + " committed");
      // The next write to the target clears what the killed one left.
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot batch = CrashChild.batch(allocator, rows);
          ParquetArrowWriter writer =
              ParquetArrowWriter.append(
                  target, CrashChild.SCHEMA, WriteOptions.builder().build(), null)) {
        writer.write(batch);
      }
      assertEquals(List.of(), temporaries(target), "trial " + trial);
      assertEquals(rows + CrashChild.BATCH, checkAppended(target));
    }
    System.out.println(
        "CrashSafetyIT: " + midWrite + " of " + TRIALS + " append kills left a partial write");
  }

  @Test
  void aConvertKilledAnywhereLeavesTheOldFileOrTheNewOne() throws Exception {
    Path source = dir.resolve("source.parquet");
    long sourceRows = 30L * CrashChild.BATCH;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(source, CrashChild.SCHEMA, WriteOptions.builder().build())) {
      for (long first = 0; first < sourceRows; first += CrashChild.BATCH) {
        try (VectorSchemaRoot batch = CrashChild.batch(allocator, first)) {
          writer.write(batch);
        }
      }
    }
    Random random = new Random(19);
    int midWrite = 0;
    int completed = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      Path target = dir.resolve("convert-" + trial + ".parquet");
      CrashChild.start(target);
      byte[] old = Files.readAllBytes(target);
      Process child =
          java(
              "dev.parrow.cli.ParrowCommand",
              "convert",
              source.toString(),
              target.toString(),
              "--compression",
              "ZSTD");
      // Wait for the write to start, then kill at a random moment of it.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (temporaries(target).isEmpty() && child.isAlive()) {
        assertTrue(System.nanoTime() < deadline, "the child never started writing");
        Thread.sleep(2);
      }
      Thread.sleep(random.nextInt(2500));
      completed += child.isAlive() ? 0 : 1;
      child.destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      midWrite += temporaries(target).isEmpty() ? 0 : 1;
      byte[] now = Files.readAllBytes(target);
      if (!java.util.Arrays.equals(old, now)) {
        assertEquals(sourceRows, checkAppended(target), "trial " + trial + ": the new file whole");
      } else {
        assertArrayEquals(old, now);
      }
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot batch = CrashChild.batch(allocator, 0);
          ParquetArrowWriter writer =
              ParquetArrowWriter.create(
                  target, CrashChild.SCHEMA, WriteOptions.builder().build())) {
        writer.write(batch);
      }
      assertEquals(List.of(), temporaries(target), "trial " + trial);
    }
    System.out.println(
        "CrashSafetyIT: "
            + midWrite
            + " of "
            + TRIALS
            + " convert kills left a partial write, "
            + completed
            + " came after the convert ended");
  }

  /** Reads the whole file: row i must be id i, "row-i". Returns the row count. */
  private static long checkAppended(Path file) throws Exception {
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < root.getRowCount(); i++) {
          long expected = rows + i;
          if (id.get(i) != expected || !name.getObject(i).toString().equals("row-" + expected)) {
            throw new AssertionError(file + " row " + expected + ": " + id.get(i));
          }
        }
        rows += root.getRowCount();
      }
    }
    assertEquals(0, rows % CrashChild.BATCH, file + ": a whole number of batches");
    return rows;
  }

  private List<Path> temporaries(Path target) throws Exception {
    try (var listing = Files.list(dir)) {
      return listing
          .filter(p -> p.getFileName().toString().startsWith("." + target.getFileName() + "."))
          .filter(p -> p.getFileName().toString().endsWith(".tmp"))
          .toList();
    }
  }

  private Process java(String mainClass, String... args) throws Exception {
    List<String> command =
        ChildJvm.command(List.of(), System.getProperty("java.class.path"), mainClass, args);
    return new ProcessBuilder(command).redirectError(dir.resolve("child.err").toFile()).start();
  }

  private String stderr(int trial) throws Exception {
    return "trial " + trial + ": " + Files.readString(dir.resolve("child.err"));
  }
}
