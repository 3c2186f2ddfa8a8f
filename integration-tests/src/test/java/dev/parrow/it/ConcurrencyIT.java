package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * The thread-safety rules of ParquetFile and ParquetArrowReader (their Javadoc): readers of one
 * file on many threads at once, a reader or a file closed from another thread mid-read, and an
 * interrupted reader beside others. Every allocator is closed, so a buffer freed twice or leaked
 * fails the test.
 */
class ConcurrencyIT {
  private static final Path FLAT = FixturesIT.projectTestdata().resolve("all_types_snappy.parquet");
  private static final Path NESTED = FixturesIT.projectTestdata().resolve("nested_zstd.parquet");

  private static final List<ReadOptions> OPTIONS =
      List.of(
          ReadOptions.defaults(),
          ReadOptions.builder().batchSize(333).parallelism(1).build(),
          ReadOptions.builder().batchSize(1000).parallelism(2).build(),
          ReadOptions.builder().types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP)).build(),
          ReadOptions.builder().columnIndices(0, 3, 5).batchSize(77).build());

  @Test
  void readersOnManyThreadsGetWhatOneThreadGets() throws Exception {
    for (Path path : List.of(FLAT, NESTED)) {
      try (ParquetFile file = ParquetFile.open(path)) {
        List<List<Object>> expected = new ArrayList<>();
        for (ReadOptions options : OPTIONS) {
          expected.add(readAll(file, options));
        }
        int threads = 3 * OPTIONS.size();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
          CountDownLatch start = new CountDownLatch(1);
          List<Future<List<Object>>> results = new ArrayList<>();
          for (int t = 0; t < threads; t++) {
            ReadOptions options = OPTIONS.get(t % OPTIONS.size());
            results.add(
                pool.submit(
                    () -> {
                      start.await();
                      return readAll(file, options);
                    }));
          }
          start.countDown();
          for (int t = 0; t < threads; t++) {
            assertEquals(
                expected.get(t % OPTIONS.size()),
                results.get(t).get(),
                path.getFileName() + ", thread " + t);
          }
        } finally {
          pool.shutdownNow();
        }
      }
    }
  }

  @Test
  void aReaderClosedFromAnotherThreadFailsCleanly() throws Exception {
    Random random = new Random(4);
    for (int trial = 0; trial < 30; trial++) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile file = ParquetFile.open(NESTED)) {
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().batchSize(50).build());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread consumer = consume(reader, failure);
        Thread.sleep(random.nextInt(30));
        reader.close();
        consumer.join();
        Throwable t = failure.get();
        assertTrue(
            t == null
                || t instanceof IllegalStateException
                    && t.getMessage()
                        .equals(NESTED + ": the reader was closed; no batch can be read"),
            "trial " + trial + ": " + t);
      }
    }
  }

  /**
   * A file closed while a reader of it reads, at any moment: the read ends with an error naming the
   * file, or (the close after the last batch) not at all. Every other trial closes it once the
   * first batch is read, before the second row group's chunks are fetched, so that the close surely
   * lands inside the read however fast the machine is; the others at a random moment.
   */
  @Test
  void aFileClosedFromAnotherThreadFailsCleanly() throws Exception {
    Random random = new Random(5);
    for (int trial = 0; trial < 30; trial++) {
      try (BufferAllocator allocator = new RootAllocator()) {
        ParquetFile file = ParquetFile.open(FLAT);
        boolean gated = trial % 2 == 1;
        // A gated read on one thread fetches nothing ahead: its second row group is fetched after
        // the close.
        ReadOptions options =
            gated
                ? ReadOptions.builder().batchSize(10).parallelism(1).build()
                : ReadOptions.builder().batchSize(10).build();
        try (ParquetArrowReader reader = file.newReader(allocator, options)) {
          AtomicReference<Throwable> failure = new AtomicReference<>();
          java.util.concurrent.CountDownLatch firstBatch =
              new java.util.concurrent.CountDownLatch(1);
          java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
          Thread consumer =
              consume(
                  reader,
                  failure,
                  gated
                      ? () -> {
                        firstBatch.countDown();
                        closed.await();
                      }
                      : () -> {});
          if (gated) {
            assertTrue(
                firstBatch.await(60, java.util.concurrent.TimeUnit.SECONDS), "a first batch");
          } else {
            Thread.sleep(random.nextInt(30));
          }
          file.close();
          closed.countDown();
          consumer.join();
          Throwable t = failure.get();
          assertTrue(
              t != null || !gated, "trial " + trial + ": the read after the close did not fail");
          if (t != null) {
            assertTrue(
                t instanceof IOException && t.getMessage().contains(FLAT.toString())
                    || hasCause(t, FLAT + ": the file was closed while it was being read"),
                "trial " + trial + ": " + t);
          }
        }
      }
    }
  }

  @Test
  void anInterruptedReaderLeavesTheOthersReading() throws Exception {
    try (ParquetFile file = ParquetFile.open(FLAT)) {
      ReadOptions options = ReadOptions.builder().batchSize(100).parallelism(1).build();
      List<Object> expected = readAll(file, options);
      for (int trial = 0; trial < 10; trial++) {
        AtomicReference<Throwable> victimFailure = new AtomicReference<>();
        Thread victim =
            new Thread(
                () -> {
                  try {
                    while (true) {
                      readAll(file, options);
                    }
                  } catch (Throwable t) {
                    victimFailure.set(t);
                  }
                });
        AtomicReference<Object> other = new AtomicReference<>();
        Thread bystander =
            new Thread(
                () -> {
                  try {
                    other.set(readAll(file, options));
                  } catch (Throwable t) {
                    other.set(t);
                  }
                });
        victim.start();
        bystander.start();
        Thread.sleep(5 + trial * 3);
        victim.interrupt();
        victim.join();
        bystander.join();
        assertEquals(expected, other.get(), "trial " + trial);
        Throwable t = victimFailure.get();
        assertTrue(
            t instanceof InterruptedIOException || hasCause(t, "the read was interrupted"),
            "trial " + trial + ": " + t);
      }
      assertEquals(expected, readAll(file, options), "the file still reads after interrupts");
    }
  }

  private static Thread consume(ParquetArrowReader reader, AtomicReference<Throwable> failure) {
    return consume(reader, failure, () -> {});
  }

  /** What a consumer does after its first batch (waits for a close, say). */
  private interface Pause {
    void run() throws InterruptedException;
  }

  private static Thread consume(
      ParquetArrowReader reader, AtomicReference<Throwable> failure, Pause afterFirstBatch) {
    Thread t =
        new Thread(
            () -> {
              try {
                boolean first = true;
                while (reader.loadNextBatch()) {
                  for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
                    v.getValueCount();
                  }
                  if (first) {
                    first = false;
                    afterFirstBatch.run();
                  }
                }
              } catch (Throwable e) {
                failure.set(e);
              }
            });
    t.start();
    return t;
  }

  private static boolean hasCause(Throwable t, String message) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c.getMessage() != null && c.getMessage().contains(message)) {
        return true;
      }
    }
    return false;
  }

  /** Every value of every batch, canonical, with the batch boundaries. */
  private static List<Object> readAll(ParquetFile file, ReadOptions options) throws IOException {
    List<Object> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader = file.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        out.add("batch of " + root.getRowCount());
        for (FieldVector v : root.getFieldVectors()) {
          for (int i = 0; i < root.getRowCount(); i++) {
            out.add(Canonical.value(v, i, reader));
          }
        }
      }
    }
    return out;
  }
}
