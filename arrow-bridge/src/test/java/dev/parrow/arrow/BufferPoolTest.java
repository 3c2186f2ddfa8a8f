package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads with a {@link BufferPool} decode into the memory of the reads before them: three reads
 * after the first allocate less than it did, together (one thread, row groups at once, batches
 * decoded ahead, a read as another schema, a dataset), give the same rows as reads without it,
 * never write into a buffer a consumer kept, and leave nothing allocated once the pool is closed.
 */
class BufferPoolTest {
  @TempDir static Path dir;

  interface Opener {
    ArrowReader open(BufferAllocator allocator, BufferPool pool) throws IOException;
  }

  /** The rows of a read, as text, and the bytes it allocated. */
  record Read(List<String> rows, long allocated) {}

  private static Read read(
      Opener opener,
      BufferAllocator allocator,
      AtomicLong allocated,
      BufferPool pool,
      Map<ArrowBuf, byte[]> kept)
      throws IOException {
    long before = allocated.get();
    List<String> rows = new ArrayList<>();
    int batch = 0;
    try (ArrowReader reader = opener.open(allocator, pool)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          StringBuilder row = new StringBuilder();
          for (FieldVector v : root.getFieldVectors()) {
            row.append(v.getObject(r)).append('|');
          }
          rows.add(row.toString());
        }
        if (kept != null && batch++ % 7 == 3) {
          for (FieldVector v : root.getFieldVectors()) {
            BufferReuse.keep(v, kept);
          }
        }
      }
    }
    return new Read(rows, allocated.get() - before);
  }

  private static void check(String what, Opener opener) throws IOException {
    AtomicLong allocated = new AtomicLong();
    List<String> want;
    try (BufferAllocator plain = new RootAllocator()) {
      want = read(opener, plain, new AtomicLong(), null, null).rows();
    }
    assertTrue(want.size() > 1_000, what);
    Map<ArrowBuf, byte[]> kept = new HashMap<>();
    try (BufferAllocator allocator = BufferReuse.counting(allocated)) {
      try (BufferPool pool = new BufferPool(allocator)) {
        Read first = read(opener, allocator, allocated, pool, null);
        assertEquals(want, first.rows(), what);
        assertTrue(pool.bytes() > 0, what + ": the pool kept the read's buffers");
        // Three reads more allocate less than the first did, all three together (without the
        // pool, each allocates about what the first did). Row groups read at once may need a
        // root more than a read before, when more of them happen to run at once.
        long after = 0;
        for (int i = 0; i < 3; i++) {
          Read again = read(opener, allocator, allocated, pool, null);
          assertEquals(want, again.rows(), what);
          after += again.allocated();
        }
        assertTrue(
            after < first.allocated(),
            what + ": three reads allocated " + after + " after " + first.allocated());
        // A consumer keeps some batches' buffers: the reads after never write into them.
        assertEquals(want, read(opener, allocator, allocated, pool, kept).rows(), what);
        assertEquals(want, read(opener, allocator, allocated, pool, null).rows(), what);
        assertTrue(!kept.isEmpty());
        for (Map.Entry<ArrowBuf, byte[]> e : kept.entrySet()) {
          byte[] now = new byte[e.getValue().length];
          e.getKey().getBytes(0, now);
          assertArrayEquals(e.getValue(), now, what + ": a kept buffer was decoded into");
          e.getKey().getReferenceManager().release();
        }
      }
      assertEquals(0, allocator.getAllocatedMemory(), what + ": the pool freed what it kept");
    }
  }

  private static Path file() throws IOException {
    Path file = dir.resolve("mixed.parquet");
    if (!Files.exists(file)) {
      ConcurrentReadTest.write(file, 0);
    }
    return file;
  }

  private static Opener fileReader(ReadOptions.Builder options) throws IOException {
    Path file = file();
    return (allocator, pool) -> {
      ParquetFile f = ParquetFile.open(file);
      ParquetArrowReader r = f.newReader(allocator, options.bufferPool(pool).build());
      return new ArrowReader(allocator) {
        @Override
        public boolean loadNextBatch() throws IOException {
          return r.loadNextBatch();
        }

        @Override
        public VectorSchemaRoot getVectorSchemaRoot() throws IOException {
          return r.getVectorSchemaRoot();
        }

        @Override
        public long bytesRead() {
          return 0;
        }

        @Override
        protected void closeReadSource() throws IOException {
          try (f;
              r) {
            // The reader, then the file.
          }
        }

        @Override
        protected Schema readSchema() throws IOException {
          return r.getVectorSchemaRoot().getSchema();
        }
      };
    };
  }

  @Test
  void fileReadsDecodeIntoTheMemoryOfTheReadsBefore() throws Exception {
    check("one thread", fileReader(ReadOptions.builder().parallelism(1).batchSize(500)));
    check("row groups at once", fileReader(ReadOptions.builder().parallelism(8).batchSize(500)));
    check(
        "decoded ahead",
        fileReader(ReadOptions.builder().parallelism(2).decodeAhead(true).batchSize(500)));
    Schema own;
    try (ParquetFile f = ParquetFile.open(file())) {
      own = f.arrowSchema();
    }
    check(
        "read as its own schema",
        fileReader(ReadOptions.builder().parallelism(8).batchSize(500).readAs(own)));
  }

  @Test
  void datasetReadsDecodeIntoTheMemoryOfTheReadsBefore() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    for (int f = 0; f < 3; f++) {
      ConcurrentReadTest.write(data.resolve("part-" + f + ".parquet"), f * 1_000_000L);
    }
    ParquetDataset dataset = ParquetDataset.open(data.toString());
    for (int p : new int[] {1, 8}) {
      check(
          "dataset, parallelism " + p,
          (allocator, pool) ->
              dataset.newReader(
                  allocator,
                  ReadOptions.builder().parallelism(p).batchSize(500).bufferPool(pool).build()));
    }
  }

  @Test
  void aBoundedPoolKeepsNoMoreThanItsBytes() throws Exception {
    Opener opener = fileReader(ReadOptions.builder().parallelism(8).batchSize(500));
    try (BufferAllocator allocator = new RootAllocator()) {
      long unbounded;
      try (BufferPool pool = new BufferPool(allocator)) {
        read(opener, allocator, new AtomicLong(), pool, null);
        unbounded = pool.bytes();
      }
      assertTrue(unbounded > 0);
      try (BufferPool pool = new BufferPool(allocator, unbounded / 3)) {
        for (int i = 0; i < 3; i++) {
          read(opener, allocator, new AtomicLong(), pool, null);
          assertTrue(pool.bytes() <= unbounded / 3, pool.bytes() + " kept");
        }
        assertTrue(pool.bytes() > 0, "it keeps what fits");
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void aPoolOfAnotherAllocatorIsAnErrorNamingTheFile() throws Exception {
    try (BufferAllocator one = new RootAllocator();
        BufferAllocator other = new RootAllocator();
        BufferPool pool = new BufferPool(other);
        ParquetFile f = ParquetFile.open(file())) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> f.newReader(one, ReadOptions.builder().bufferPool(pool).build()));
      assertTrue(e.getMessage().contains("mixed.parquet"), e.getMessage());
      assertTrue(e.getMessage().contains("allocator"), e.getMessage());
    }
  }
}
