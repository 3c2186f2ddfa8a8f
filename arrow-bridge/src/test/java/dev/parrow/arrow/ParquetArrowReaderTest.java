package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch size, projection and row-group selection change nothing but which rows and columns arrive.
 * Uses testdata/all_types_snappy.parquet (3,000 rows in row groups of 2,048 and 952, see
 * Fixtures.java).
 */
class ParquetArrowReaderTest {
  static final Path FILE = Path.of("..", "testdata", "all_types_snappy.parquet");

  /** Column name -> values (byte arrays as hex, so that equal contents compare equal). */
  static Map<String, List<Object>> read(ReadOptions options) throws Exception {
    return read(FILE, options);
  }

  static Map<String, List<Object>> read(Path path, ReadOptions options) throws Exception {
    Map<String, List<Object>> table = new LinkedHashMap<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(path);
        ParquetArrowReader reader = file.newReader(allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      root.getSchema().getFields().forEach(f -> table.put(f.getName(), new ArrayList<>()));
      while (reader.loadNextBatch()) {
        assertTrue(root.getRowCount() <= options.batchSize());
        for (FieldVector v : root.getFieldVectors()) {
          List<Object> column = table.get(v.getField().getName());
          for (int i = 0; i < root.getRowCount(); i++) {
            Object value = v.getObject(i);
            column.add(
                value instanceof byte[] b
                    ? HexFormat.of().formatHex(b)
                    : value == null ? null : value.toString());
          }
        }
      }
    }
    return table;
  }

  @Test
  void batchSizesChangeNothing() throws Exception {
    Map<String, List<Object>> whole = read(ReadOptions.builder().batchSize(100_000).build());
    assertEquals(3000, whole.get("id").size());
    for (int batch : new int[] {1, 7, 1024, 2047, 2048, 2049}) {
      assertEquals(
          whole, read(ReadOptions.builder().batchSize(batch).build()), "batch size " + batch);
    }
  }

  /**
   * A caller's executor runs the helpers' work (columns decoded beside the caller, pages of the
   * second row group read ahead); one that rejects everything leaves it all to the caller. Neither
   * changes a value.
   */
  @Test
  void aCallersExecutorRunsTheHelpersWork() throws Exception {
    Map<String, List<Object>> one =
        read(ReadOptions.builder().parallelism(1).batchSize(999).build());
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.atomic.AtomicInteger ran =
          new java.util.concurrent.atomic.AtomicInteger();
      java.util.concurrent.Executor counted =
          task -> {
            ran.incrementAndGet();
            pool.execute(task);
          };
      assertEquals(
          one, read(ReadOptions.builder().parallelism(2).batchSize(999).executor(counted).build()));
      assertTrue(ran.get() > 0, "the executor ran nothing");
    } finally {
      pool.shutdown();
    }
    java.util.concurrent.Executor rejecting =
        task -> {
          throw new java.util.concurrent.RejectedExecutionException("full");
        };
    assertEquals(
        one, read(ReadOptions.builder().parallelism(2).batchSize(999).executor(rejecting).build()));
  }

  /**
   * Decoding ahead changes no value, at any batch size, with a filter, and with an executor that
   * runs the producer on the caller's own thread (the caller then loads each batch itself).
   */
  @Test
  void decodingAheadChangesNothing() throws Exception {
    for (int batch : new int[] {1, 7, 999, 5000}) {
      ReadOptions.Builder b = ReadOptions.builder().parallelism(1 + batch % 2).batchSize(batch);
      assertEquals(
          read(b.decodeAhead(false).build()),
          read(b.decodeAhead(true).build()),
          "batch size " + batch);
    }
    ReadOptions.Builder filtered =
        ReadOptions.builder().parallelism(2).batchSize(100).filter("id < 150 OR id > 2500");
    Map<String, List<Object>> matching = read(filtered.decodeAhead(false).build());
    assertEquals(649, matching.get("id").size());
    assertEquals(matching, read(filtered.decodeAhead(true).build()));
    ReadOptions.Builder inline = ReadOptions.builder().parallelism(2).batchSize(333);
    assertEquals(
        read(inline.decodeAhead(false).build()),
        read(inline.decodeAhead(true).executor(Runnable::run).build()));
  }

  /**
   * A reader closed after a batch or two, its producer decoding ahead, frees everything (the
   * allocator's close fails on a leak), and stats count the batches handed out only.
   */
  @Test
  void aReaderClosedWhileDecodingAheadLeaksNothing() throws Exception {
    for (int batches = 0; batches <= 3; batches++) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile file = ParquetFile.open(FILE);
          ParquetArrowReader reader =
              file.newReader(
                  allocator, ReadOptions.builder().batchSize(100).decodeAhead(true).build())) {
        long rows = 0;
        for (int k = 0; k < batches; k++) {
          assertTrue(reader.loadNextBatch());
          rows += reader.getVectorSchemaRoot().getRowCount();
          assertEquals(rows, reader.stats().rows(), "rows counted after batch " + k);
        }
      }
    }
  }

  @Test
  void theThreadCountChangesNothing() throws Exception {
    Map<String, List<Object>> one =
        read(ReadOptions.builder().parallelism(1).batchSize(999).build());
    assertEquals(one, read(ReadOptions.builder().parallelism(4).batchSize(999).build()));
    assertThrows(
        IllegalArgumentException.class, () -> ReadOptions.builder().parallelism(0).build());
  }

  @Test
  void projectionReturnsExactlyTheChosenColumnsInFileOrder() throws Exception {
    Map<String, List<Object>> whole = read(ReadOptions.defaults());
    Map<String, List<Object>> two =
        read(ReadOptions.builder().columns("c_varchar", "c_int").build());
    assertEquals(List.of("c_int", "c_varchar"), List.copyOf(two.keySet()));
    assertEquals(whole.get("c_int"), two.get("c_int"));
    assertEquals(whole.get("c_varchar"), two.get("c_varchar"));
    Map<String, List<Object>> byIndex = read(ReadOptions.builder().columnIndices(0, 3).build());
    assertEquals(List.of("id", "c_smallint"), List.copyOf(byIndex.keySet()));
    assertEquals(whole.get("c_smallint"), byIndex.get("c_smallint"));
  }

  @Test
  void rowGroupSelectionReturnsThoseGroupsInTheOrderAsked() throws Exception {
    Map<String, List<Object>> whole = read(ReadOptions.defaults());
    List<Object> ids = whole.get("id");
    Map<String, List<Object>> second = read(ReadOptions.builder().rowGroups(1).build());
    assertEquals(ids.subList(2048, 3000), second.get("id"));
    Map<String, List<Object>> reversed =
        read(ReadOptions.builder().rowGroups(1, 0).batchSize(500).build());
    List<Object> expected = new ArrayList<>(ids.subList(2048, 3000));
    expected.addAll(ids.subList(0, 2048));
    assertEquals(expected, reversed.get("id"));
    assertEquals(
        whole.get("c_timestamptz").subList(0, 2048),
        read(ReadOptions.builder().rowGroups(0).columns("c_timestamptz").build())
            .get("c_timestamptz"));
  }

  @Test
  void badChoicesAreClearErrors() throws Exception {
    try (ParquetFile file = ParquetFile.open(FILE);
        BufferAllocator allocator = new RootAllocator()) {
      IllegalArgumentException column =
          assertThrows(
              IllegalArgumentException.class,
              () -> file.newReader(allocator, ReadOptions.builder().columns("nope").build()));
      assertTrue(
          column.getMessage().contains("no column 'nope'")
              && column.getMessage().contains("c_uuid"));
      assertThrows(
          IllegalArgumentException.class,
          () -> file.newReader(allocator, ReadOptions.builder().rowGroups(2).build()));
      assertThrows(
          IllegalArgumentException.class,
          () -> file.newReader(allocator, ReadOptions.builder().columnIndices(99).build()));
      assertThrows(
          IllegalArgumentException.class, () -> ReadOptions.builder().batchSize(0).build());
    }
  }

  @Test
  void aListColumnReadsWholeRowsAtAnyBatchSizeAndByAnyOfItsNames() throws Exception {
    Path orders = Path.of("..", "testdata", "orders.parquet");
    Map<String, List<Object>> whole =
        read(orders, ReadOptions.builder().columns("tags").batchSize(100_000).build());
    List<Object> tags = whole.get("tags");
    assertEquals(5000, tags.size());
    // The fixture's query makes null lists (1 in 8), empty lists and lists of up to three tags.
    assertTrue(
        tags.contains(null)
            && tags.contains("[]")
            && tags.stream().anyMatch(t -> t != null && t.toString().split(",").length == 3),
        tags.subList(0, 20).toString());
    for (int batch : new int[] {1, 7, 2047, 2049}) {
      assertEquals(
          whole,
          read(orders, ReadOptions.builder().columns("tags").batchSize(batch).build()),
          "batch " + batch);
    }
    assertEquals(whole, read(orders, ReadOptions.builder().columns("tags.list.element").build()));
    assertEquals(whole, read(orders, ReadOptions.builder().columns("tags.list").build()));
  }

  @Test
  void aCorruptPageIsAFormatErrorNamingItsPlace(@TempDir Path dir) throws Exception {
    byte[] bytes = Files.readAllBytes(Path.of("..", "testdata", "all_types_uncompressed.parquet"));
    long pageStart;
    try (ParquetFile file =
        ParquetFile.open(Path.of("..", "testdata", "all_types_uncompressed.parquet"))) {
      var meta = file.metadata().rowGroups().get(0).columns().get(4).metaData(); // c_int
      pageStart =
          meta.dictionaryPageOffset() != null ? meta.dictionaryPageOffset() : meta.dataPageOffset();
    }
    // Overwrite the middle of c_int's chunk with garbage: whatever breaks must be reported, not
    // crash.
    for (int k = 0; k < 40; k++) {
      bytes[(int) pageStart + 20 + k] = (byte) 0xEE;
    }
    Path bad = dir.resolve("bad.parquet");
    Files.write(bad, bytes);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(bad);
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().columns("c_int").build())) {
      ParquetFormatException e =
          assertThrows(
              ParquetFormatException.class,
              () -> {
                while (reader.loadNextBatch()) {
                  // read everything
                }
              });
      assertEquals("c_int", e.column());
      assertEquals(0, e.rowGroup());
      assertTrue(e.page() != null, e.getMessage());
      assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
    }
  }

  /**
   * An allocator too small for a batch: Arrow's OutOfMemoryException, naming the file, column and
   * row group and what to change, nothing leaked; smaller batches then fit.
   */
  @Test
  void aBatchPastTheAllocatorsLimitIsAClearError() throws Exception {
    try (BufferAllocator small = new RootAllocator(96 * 1024);
        ParquetFile file = ParquetFile.open(FILE);
        ParquetArrowReader reader =
            file.newReader(small, ReadOptions.builder().batchSize(2048).build())) {
      org.apache.arrow.memory.OutOfMemoryException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              org.apache.arrow.memory.OutOfMemoryException.class, reader::loadNextBatch);
      assertTrue(e.getMessage().contains("all_types_snappy.parquet: column "), e.getMessage());
      assertTrue(e.getMessage().contains("row group 0"), e.getMessage());
      assertTrue(e.getMessage().contains("ReadOptions.batchSize"), e.getMessage());
    }
    try (BufferAllocator small = new RootAllocator(96 * 1024);
        ParquetFile file = ParquetFile.open(FILE);
        ParquetArrowReader reader =
            file.newReader(small, ReadOptions.builder().batchSize(64).build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      org.junit.jupiter.api.Assertions.assertEquals(3_000, rows);
    }
  }

  /**
   * A batch is read into the last batch's buffers when nobody else holds them (no allocation, no
   * zeroing), and into new ones for a vector one of whose buffers someone kept, which then keeps
   * its bytes.
   */
  @Test
  void batchesReuseBuffersThatNobodyElseHolds() throws Exception {
    reuseBuffersThatNobodyElseHolds(false);
  }

  /**
   * Decoding ahead, the root's buffers go round three sets (the root's and the two decoded ahead
   * into): the first batch's come back with the fourth. A buffer someone kept is never decoded into
   * again.
   */
  @Test
  void batchesDecodedAheadReuseBuffersThatNobodyElseHolds() throws Exception {
    reuseBuffersThatNobodyElseHolds(true);
  }

  private static void reuseBuffersThatNobodyElseHolds(boolean ahead) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(FILE);
        ParquetArrowReader reader =
            file.newReader(
                allocator,
                ReadOptions.builder()
                    .batchSize(500)
                    .parallelism(2)
                    .bytesInFlight(0)
                    .decodeAhead(ahead)
                    .build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertTrue(reader.loadNextBatch());
      Map<String, List<org.apache.arrow.memory.ArrowBuf>> first = buffers(root);
      assertTrue(first.size() >= 5, first.keySet().toString());
      for (int batch = 2; batch <= (ahead ? 3 : 1); batch++) {
        assertTrue(reader.loadNextBatch());
      }
      assertTrue(reader.loadNextBatch());
      Map<String, List<org.apache.arrow.memory.ArrowBuf>> second = buffers(root);
      for (String name : first.keySet()) {
        for (int b = 0; b < first.get(name).size(); b++) {
          // The same memory: a transfer hands it over in a new ArrowBuf.
          assertEquals(
              first.get(name).get(b).memoryAddress(),
              second.get(name).get(b).memoryAddress(),
              name + " buffer " + b);
        }
      }
      Map<org.apache.arrow.memory.ArrowBuf, byte[]> kept = new LinkedHashMap<>();
      for (List<org.apache.arrow.memory.ArrowBuf> list : second.values()) {
        org.apache.arrow.memory.ArrowBuf held = list.get(list.size() - 1);
        held.getReferenceManager().retain();
        byte[] bytes = new byte[(int) held.capacity()];
        held.getBytes(0, bytes);
        kept.put(held, bytes);
      }
      // The batches decoded ahead already were before the buffers were kept: those after them
      // are the ones that would be decoded into the kept buffers.
      for (int batch = 0; batch < (ahead ? 3 : 1); batch++) {
        assertTrue(reader.loadNextBatch());
        Map<String, List<org.apache.arrow.memory.ArrowBuf>> third = buffers(root);
        for (String name : second.keySet()) {
          // The kept buffer's memory cannot be anyone else's while it is held.
          long held = second.get(name).get(second.get(name).size() - 1).memoryAddress();
          assertTrue(
              third.get(name).stream().noneMatch(now -> now.memoryAddress() == held),
              name + " was read into a buffer someone holds");
        }
      }
      for (Map.Entry<org.apache.arrow.memory.ArrowBuf, byte[]> e : kept.entrySet()) {
        byte[] now = new byte[e.getValue().length];
        e.getKey().getBytes(0, now);
        org.junit.jupiter.api.Assertions.assertArrayEquals(e.getValue(), now);
        e.getKey().getReferenceManager().release();
      }
    }
  }

  /** The buffers of the batch's fixed- and variable-width vectors, by column. */
  private static Map<String, List<org.apache.arrow.memory.ArrowBuf>> buffers(
      VectorSchemaRoot root) {
    Map<String, List<org.apache.arrow.memory.ArrowBuf>> out = new LinkedHashMap<>();
    for (FieldVector v : root.getFieldVectors()) {
      if (v instanceof org.apache.arrow.vector.BaseFixedWidthVector
          || v instanceof org.apache.arrow.vector.BaseVariableWidthVector) {
        out.put(v.getName(), List.copyOf(v.getFieldBuffers()));
      }
    }
    return out;
  }
}
