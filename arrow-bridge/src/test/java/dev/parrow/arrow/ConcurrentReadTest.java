package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads with threads to spare decode row groups (and runs of batches of one row group) at once:
 * every such read gives the batches one thread gives, in the same order, whatever the batch size,
 * filter, row range, dictionaries or nesting; a failure in any row group or file is thrown once,
 * naming it, after the batches before it, and nothing is leaked (each allocator closes clean).
 */
class ConcurrentReadTest {
  private static final int ROWS = 20_000;
  private static final int[] PARALLELISM = {4, 8, 16};

  @TempDir static Path dir;

  /** 7 row groups of 3,000 rows (the last 2,000), pages of 500 rows, flat and nested columns. */
  private static Path file;

  @BeforeAll
  static void writeFile() throws IOException {
    file = dir.resolve("mixed.parquet");
    write(file, 0);
  }

  private static final Schema SCHEMA = new Schema(MixedRows.FIELDS);

  /** Writes the test rows, their ids from {@code first}, in two batches. */
  static void write(Path target, long first) throws IOException {
    write(target, first, WriteOptions.builder());
  }

  /** The same file written with other options too (encryption, Bloom filters). */
  static void write(Path target, long first, WriteOptions.Builder more) throws IOException {
    WriteOptions options = more.rowGroupRows(3_000).pageRows(500).writeCrc(true).build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(target, SCHEMA, options)) {
      for (int start = 0; start < ROWS; start += ROWS / 2) {
        fill(root, first + start, ROWS / 2);
        writer.write(root);
      }
    }
  }

  /** The same rows from {@code first} appended to the file, written with other options too. */
  static void append(Path target, long first, WriteOptions.Builder more) throws IOException {
    WriteOptions options = more.rowGroupRows(3_000).pageRows(500).writeCrc(true).build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.append(target, SCHEMA, options, null)) {
      for (int start = 0; start < ROWS; start += ROWS / 2) {
        fill(root, first + start, ROWS / 2);
        writer.write(root);
      }
    }
  }

  private static void fill(VectorSchemaRoot root, long first, int rows) {
    root.allocateNew();
    MixedRows.fill(
        root,
        first,
        rows,
        i -> ("row " + i * 7919 + " of a text column").getBytes(StandardCharsets.UTF_8));
    root.setRowCount(rows);
  }

  @Test
  void everyBatchSizeGivesTheSameBatchesAsOneThread() throws Exception {
    for (int batch : new int[] {1, 7, 500, 2_999, 3_000, 65_536}) {
      sameAsOneThread(file, o -> o.batchSize(batch));
      sameAsOneThread(file, o -> o.batchSize(batch).columns("id", "s", "txt"));
      sameAsOneThread(file, o -> o.batchSize(batch).columns("l", "st", "id"));
    }
  }

  @Test
  void filtersRowRangesAndDictionariesGiveTheSameBatches() throws Exception {
    sameAsOneThread(file, o -> o.filter("id >= 2500 AND s = 'k3'").batchSize(100));
    sameAsOneThread(file, o -> o.filter("txt <> 'x' AND id < 19000").columns("id", "l"));
    sameAsOneThread(file, o -> o.rowOffset(2_999).rowLimit(9_002).batchSize(1_000));
    sameAsOneThread(file, o -> o.rowGroups(5, 1, 3).columns("txt", "id"));
    // Dictionary vectors: read one row group at a time, with the same result.
    sameAsOneThread(
        file, o -> o.types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP)).columns("id", "s"));
  }

  /**
   * Whole row groups are split into runs of batches read at once (one chain of tasks each, as the
   * benchmark's headroom counts them), nested columns too where their chunks have an offset index
   * (Parrow writes one; a piece passes whole pages by it); a filtered read takes a row group a
   * piece; one thread reads one chain.
   */
  @Test
  void rowGroupsAreReadInPiecesAtOnce() throws Exception {
    assertEquals(1, chains(o -> o.parallelism(1).batchSize(100)));
    assertTrue(chains(o -> o.parallelism(16).batchSize(100)) > 7);
    assertTrue(chains(o -> o.parallelism(16).batchSize(100).columns("id", "txt")) > 7);
    assertTrue(chains(o -> o.parallelism(16).batchSize(100).columns("l", "st")) > 7);
    assertEquals(7, chains(o -> o.parallelism(16).batchSize(100).filter("id >= 0")));
  }

  /**
   * Nested chunks without an offset index (as pyarrow and DuckDB write them by default) would be
   * decoded to find a piece's first row: their row groups are read whole, with the same batches.
   */
  @Test
  void nestedChunksWithoutAnOffsetIndexAreReadWhole() throws Exception {
    Path bare = dir.resolve("no-offset-index.parquet");
    withoutPageIndex(file, bare);
    assertEquals(7, chains(bare, o -> o.parallelism(16).batchSize(100).columns("l", "id")));
    assertTrue(chains(bare, o -> o.parallelism(16).batchSize(100).columns("id", "txt")) > 7);
    sameAsOneThread(bare, o -> o.batchSize(100).columns("l", "st", "id"));
  }

  /**
   * {@code source} with a footer that names no column or offset index (the indexes left as bytes).
   */
  private static void withoutPageIndex(Path source, Path target) throws IOException {
    dev.parrow.codec.footer.Footer footer;
    try (var input = dev.parrow.storage.InputFile.of(source)) {
      footer = dev.parrow.codec.footer.FooterReader.read(input);
    }
    var meta = footer.metaData();
    List<dev.parrow.codec.metadata.RowGroup> groups = new ArrayList<>();
    for (var g : meta.rowGroups()) {
      List<dev.parrow.codec.metadata.ColumnChunk> chunks = new ArrayList<>();
      for (var c : g.columns()) {
        chunks.add(
            new dev.parrow.codec.metadata.ColumnChunk(
                c.filePath(),
                c.fileOffset(),
                c.metaData(),
                null,
                null,
                null,
                null,
                c.cryptoMetadata(),
                c.encryptedColumnMetadata()));
      }
      groups.add(
          new dev.parrow.codec.metadata.RowGroup(
              chunks,
              g.totalByteSize(),
              g.numRows(),
              g.sortingColumns(),
              g.fileOffset(),
              g.totalCompressedSize(),
              g.ordinal()));
    }
    byte[] bytes = Files.readAllBytes(source);
    try (var out = Files.newOutputStream(target)) {
      out.write(bytes, 0, (int) footer.metadataOffset());
      out.write(
          dev.parrow.codec.footer.FooterWriter.encode(
              new dev.parrow.codec.metadata.FileMetaData(
                  meta.version(),
                  meta.schema(),
                  meta.numRows(),
                  groups,
                  meta.keyValueMetadata(),
                  meta.createdBy(),
                  meta.columnOrders(),
                  meta.encryptionAlgorithm(),
                  meta.footerSigningKeyMetadata())));
    }
  }

  private static int chains(Consumer<ReadOptions.Builder> options) throws IOException {
    return chains(file, options);
  }

  private static int chains(Path target, Consumer<ReadOptions.Builder> options) throws IOException {
    var profile = dev.parrow.arrow.internal.threads.TaskProfile.start(() -> System.nanoTime());
    try (BufferAllocator allocator = new RootAllocator()) {
      readAll(allocator, target, options, -1).forEach(VectorSchemaRoot::close);
    } finally {
      profile.stop();
    }
    assertTrue(profile.headroom() >= 1, "headroom " + profile.headroom());
    return profile.chains();
  }

  @Test
  void aSmallBudgetStillGivesEveryBatch() throws Exception {
    sameAsOneThread(file, o -> o.batchSize(100).bytesInFlight(RowGroupsAtOnce.MIN_BYTES_IN_FLIGHT));
  }

  /** The batches at each parallelism are those of a read on one thread, in order. */
  private static void sameAsOneThread(Path target, Consumer<ReadOptions.Builder> options)
      throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      List<VectorSchemaRoot> expected = readAll(allocator, target, options, 1);
      try {
        assertFalse(expected.isEmpty());
        for (int p : PARALLELISM) {
          List<VectorSchemaRoot> actual = readAll(allocator, target, options, p);
          try {
            assertEquals(expected.size(), actual.size(), "batches at parallelism " + p);
            for (int i = 0; i < expected.size(); i++) {
              assertEquals(
                  expected.get(i).getRowCount(),
                  actual.get(i).getRowCount(),
                  "rows of batch " + i + " at parallelism " + p);
              assertTrue(
                  expected.get(i).equals(actual.get(i)), "batch " + i + " at parallelism " + p);
            }
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      } finally {
        expected.forEach(VectorSchemaRoot::close);
      }
    }
  }

  /** Every batch of a read, each taken out of the reader's root. */
  private static List<VectorSchemaRoot> readAll(
      BufferAllocator allocator, Path target, Consumer<ReadOptions.Builder> options, int threads)
      throws IOException {
    ReadOptions.Builder b = ReadOptions.builder();
    if (threads > 0) {
      b.parallelism(threads);
    }
    options.accept(b);
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try (ParquetFile parquet = ParquetFile.open(target);
        ParquetArrowReader reader = parquet.newReader(allocator, b.build())) {
      while (reader.loadNextBatch()) {
        batches.add(taken(reader.getVectorSchemaRoot(), allocator));
      }
      assertEquals(
          batches.stream().mapToLong(VectorSchemaRoot::getRowCount).sum(), reader.stats().rows());
    }
    return batches;
  }

  private static VectorSchemaRoot taken(VectorSchemaRoot root, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector v : root.getFieldVectors()) {
      var transfer = v.getTransferPair(allocator);
      transfer.transfer();
      vectors.add((FieldVector) transfer.getTo());
    }
    VectorSchemaRoot out = new VectorSchemaRoot(vectors);
    out.setRowCount(root.getRowCount());
    return out;
  }

  /** Flips a byte in the middle of column {@code column}'s chunk in row group {@code group}. */
  private static Path corrupted(Path source, String name, int group, String column)
      throws IOException {
    Path target = dir.resolve(name);
    Files.copy(source, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    long at;
    try (ParquetFile parquet = ParquetFile.open(target)) {
      var columns = parquet.metadata().rowGroups().get(group).columns();
      ColumnMetaData meta = null;
      for (var c : columns) {
        if (String.join(".", c.metaData().pathInSchema()).equals(column)) {
          meta = c.metaData();
        }
      }
      at = meta.dataPageOffset() + meta.totalCompressedSize() / 2;
    }
    try (RandomAccessFile raf = new RandomAccessFile(target.toFile(), "rw")) {
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5a);
    }
    return target;
  }

  @Test
  void aFailingRowGroupIsThrownOnceInItsPlaceAndNothingLeaks() throws Exception {
    Path bad = corrupted(file, "bad-group.parquet", 4, "txt");
    for (String[] columns : new String[][] {{}, {"id", "txt"}}) {
      long oneThread = -1;
      for (int p : new int[] {1, 4, 16}) {
        try (BufferAllocator allocator = new RootAllocator();
            ParquetFile parquet = ParquetFile.open(bad);
            ParquetArrowReader reader =
                parquet.newReader(
                    allocator,
                    ReadOptions.builder().parallelism(p).columns(columns).batchSize(700).build())) {
          long[] rows = {0};
          String message = failureAfterRows(reader, rows, "parallelism " + p).getMessage();
          assertTrue(message.contains("bad-group.parquet"), message);
          assertTrue(message.contains("row group 4"), message);
          assertTrue(message.contains("txt"), message);
          // The batches before the broken page came, as on one thread, and nothing after it.
          assertTrue(
              rows[0] >= 4 * 3_000 && rows[0] < 5 * 3_000, rows[0] + " rows at parallelism " + p);
          if (p == 1) {
            oneThread = rows[0];
          }
          assertEquals(oneThread, rows[0], "rows before the failure at parallelism " + p);
          if (p > 1) {
            assertFalse(reader.loadNextBatch(), "a batch after the failure");
          }
        }
      }
    }
  }

  @Test
  void aClosedReadFreesWhateverWasDecodedAhead() throws Exception {
    for (int taken : new int[] {0, 1, 5, 20}) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(file);
          ParquetArrowReader reader =
              parquet.newReader(
                  allocator, ReadOptions.builder().parallelism(8).batchSize(300).build())) {
        for (int i = 0; i < taken; i++) {
          assertTrue(reader.loadNextBatch());
        }
      }
    }
  }

  /** A directory of four files of the test rows, file f's ids from f * 1,000,000. */
  private static Path fourFiles(String name) throws IOException {
    Path data = Files.createDirectories(dir.resolve(name));
    for (int f = 0; f < 4; f++) {
      write(data.resolve("part-" + f + ".parquet"), f * 1_000_000L);
    }
    return data;
  }

  @Test
  void aDatasetReadsItsFilesAtOnceInOrder() throws Exception {
    Path data = fourFiles("data");
    ParquetDataset dataset = ParquetDataset.open(data.toString());
    List<Long> one = datasetIds(dataset, 1, 777);
    assertEquals(4L * ROWS, one.size());
    for (int p : PARALLELISM) {
      assertEquals(one, datasetIds(dataset, p, 777), "parallelism " + p);
    }
    // In the order files finish: every row once, each batch from one file, each file in order.
    ParquetDataset anyOrder =
        ParquetDataset.open(
            List.of(data.toString()), DatasetOptions.builder().inOrder(false).build());
    for (int p : new int[] {1, 4, 16}) {
      List<Long> ids = datasetIds(anyOrder, p, 777);
      List<Long> sorted = new ArrayList<>(ids);
      java.util.Collections.sort(sorted);
      assertEquals(one, sorted, "any order, parallelism " + p);
      long[] last = {-1, -1, -1, -1};
      for (long id : ids) {
        int f = (int) (id / 1_000_000);
        assertTrue(id > last[f], "file " + f + " out of its order at " + id);
        last[f] = id;
      }
    }
    Path bad = corrupted(data.resolve("part-2.parquet"), "part-2-bad.parquet", 3, "id");
    Files.move(
        bad, data.resolve("part-2.parquet"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    ParquetDataset broken = ParquetDataset.open(data.toString());
    for (int p : new int[] {1, 8}) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetDatasetReader reader =
              broken.newReader(allocator, ReadOptions.builder().parallelism(p).build())) {
        long[] rows = {0};
        String message = failureAfterRows(reader, rows, "parallelism " + p).getMessage();
        assertTrue(message.contains("part-2.parquet"), message);
        assertTrue(message.contains("row group 3"), message);
        assertTrue(rows[0] >= 2L * ROWS && rows[0] <= 2L * ROWS + 3 * 3_000, "rows " + rows[0]);
        assertFalse(reader.loadNextBatch(), "a batch after the failure");
      }
    }
    ParquetDataset brokenAnyOrder =
        ParquetDataset.open(
            List.of(data.toString()), DatasetOptions.builder().inOrder(false).build());
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            brokenAnyOrder.newReader(allocator, ReadOptions.builder().parallelism(8).build())) {
      long[] rows = {0};
      String message = failureAfterRows(reader, rows, "any order").getMessage();
      assertTrue(message.contains("part-2.parquet"), message);
      assertTrue(rows[0] < 4L * ROWS, "rows " + rows[0]);
      assertFalse(reader.loadNextBatch(), "a batch after the failure");
    }
  }

  /**
   * A dataset's read decodes a file's next batch into the buffers of a batch the caller is done
   * with, as a file's read does: over the read it allocates less than a batch's bytes per batch (a
   * quarter of that on one or two threads; moving each batch's buffers out to the caller once left
   * the file's reader none, and every batch was allocated anew, 1.3 batches' bytes per batch). A
   * buffer the caller keeps is never decoded into.
   */
  @Test
  void aDatasetDecodesIntoTheBuffersOfBatchesNobodyHolds() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(fourFiles("reused").toString());
    for (int p : new int[] {1, 2, 8}) {
      for (boolean keeping : new boolean[] {false, true}) {
        BufferReuse.Read read =
            BufferReuse.read(
                allocator ->
                    dataset.newReader(
                        allocator, ReadOptions.builder().parallelism(p).batchSize(500).build()),
                keeping);
        assertEquals(4 * ROWS / 500, read.batches());
        double most = p <= 2 ? read.batches() / 4.0 : read.batches();
        assertTrue(
            keeping || read.batchesAllocated() < most,
            "parallelism " + p + ": " + read.batchesAllocated() + " batches allocated");
      }
    }
  }

  /**
   * A list's offsets are decoded into those of the batch before, as its values are, when nobody
   * holds them: the list's offset buffer is the same memory from batch to batch, and one a consumer
   * keeps is never written into (the next batch gets a new one).
   */
  @Test
  void aListsOffsetsAreDecodedIntoTheLastBatchsUnlessSomeoneHoldsThem() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile f = ParquetFile.open(file);
        ParquetArrowReader reader =
            f.newReader(allocator, ReadOptions.builder().parallelism(1).batchSize(500).build())) {
      java.util.Set<Long> addresses = new java.util.HashSet<>();
      org.apache.arrow.memory.ArrowBuf kept = null;
      byte[] keptBytes = null;
      int batches = 0;
      while (reader.loadNextBatch()) {
        org.apache.arrow.vector.complex.ListVector l =
            (org.apache.arrow.vector.complex.ListVector)
                reader.getVectorSchemaRoot().getVector("l");
        org.apache.arrow.memory.ArrowBuf offsets = l.getOffsetBuffer();
        if (kept == null) {
          addresses.add(offsets.memoryAddress());
        }
        if (batches == 5) {
          // A consumer takes this batch's offsets.
          kept = offsets;
          kept.getReferenceManager().retain();
          keptBytes = new byte[(int) ((l.getValueCount() + 1) * 4L)];
          kept.getBytes(0, keptBytes);
        } else if (kept != null) {
          assertTrue(offsets.memoryAddress() != kept.memoryAddress(), "batch " + batches);
        }
        batches++;
      }
      assertEquals(ROWS / 500, batches);
      assertEquals(1, addresses.size(), "the first six batches' offsets: " + addresses);
      byte[] now = new byte[keptBytes.length];
      kept.getBytes(0, now);
      org.junit.jupiter.api.Assertions.assertArrayEquals(keptBytes, now);
      kept.getReferenceManager().release();
    }
  }

  /**
   * A file's partition value is filled once and shared by each of its batches (their buffers are
   * slices of one column: filling it anew allocated and wrote it for every batch), and every batch
   * holds the right value, at one thread and at eight.
   */
  @Test
  void aFilesPartitionValueIsFilledOnceAndSharedByItsBatches() throws Exception {
    Path data = Files.createDirectories(dir.resolve("hive"));
    for (int f = 0; f < 4; f++) {
      Path region = Files.createDirectories(data.resolve("region=" + (f < 2 ? "EU" : "US")));
      write(region.resolve("part-" + f + ".parquet"), f * 1_000_000L);
    }
    ParquetDataset dataset = ParquetDataset.open(data.toString());
    for (int p : new int[] {1, 8}) {
      java.util.Map<Long, java.util.Set<Long>> addresses = new java.util.TreeMap<>();
      int batches = 0;
      try (BufferAllocator allocator = new RootAllocator();
          ParquetDatasetReader reader =
              dataset.newReader(
                  allocator, ReadOptions.builder().parallelism(p).batchSize(500).build())) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          long file = ((BigIntVector) root.getVector("id")).get(0) / 1_000_000;
          org.apache.arrow.vector.VarCharVector region =
              (org.apache.arrow.vector.VarCharVector) root.getVector("region");
          for (int i = 0; i < root.getRowCount(); i++) {
            assertEquals(file < 2 ? "EU" : "US", region.getObject(i).toString());
          }
          addresses
              .computeIfAbsent(file, f -> new java.util.HashSet<>())
              .add(region.getDataBuffer().memoryAddress());
          batches++;
        }
      }
      assertEquals(4 * ROWS / 500, batches);
      for (var e : addresses.entrySet()) {
        assertEquals(1, e.getValue().size(), "parallelism " + p + ", file " + e.getKey());
      }
    }
  }

  /** Reads batches until the read fails; {@code rows[0]} counts the rows read before. */
  private static ParquetFormatException failureAfterRows(
      org.apache.arrow.vector.ipc.ArrowReader reader, long[] rows, String what) throws IOException {
    try {
      while (reader.loadNextBatch()) {
        rows[0] += reader.getVectorSchemaRoot().getRowCount();
      }
    } catch (ParquetFormatException e) {
      return e;
    }
    throw new AssertionError("no failure at " + what);
  }

  private static List<Long> datasetIds(ParquetDataset dataset, int threads, int batch)
      throws IOException {
    List<Long> ids = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            dataset.newReader(
                allocator,
                ReadOptions.builder()
                    .parallelism(threads)
                    .batchSize(batch)
                    .columns("id")
                    .build())) {
      while (reader.loadNextBatch()) {
        BigIntVector id = (BigIntVector) reader.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < id.getValueCount(); i++) {
          ids.add(id.get(i));
        }
      }
    }
    return ids;
  }
}
