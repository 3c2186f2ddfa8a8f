package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetArrowWriter#append}: row groups added to an existing file read back, in Parrow,
 * Arrow C++ and DuckDB, as the rows first written followed by the rows appended; a batch of another
 * schema is refused and leaves the file as it was, byte for byte.
 */
class AppendIT {
  @TempDir Path dir;

  @Test
  void appendedRowGroupsReadBackEverywhere() throws Exception {
    Path file = dir.resolve("flat.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot all = WriteReadBackIT.data(allocator);
        VectorSchemaRoot first = all.slice(0, 700);
        VectorSchemaRoot second = all.slice(700, all.getRowCount() - 700)) {
      try (var writer =
          ParquetArrowWriter.create(
              file,
              all.getSchema(),
              WriteOptions.builder().keyValue("origin", "first").rowGroupRows(500).build())) {
        writer.write(first);
      }
      // Other options for the new row groups: pages v2, ZSTD, no dictionaries.
      try (var writer =
          ParquetArrowWriter.append(
              file,
              all.getSchema(),
              WriteOptions.builder()
                  .dataPageVersion(WriteOptions.DataPageVersion.V2)
                  .compression(CompressionCodec.ZSTD)
                  .dictionary(false)
                  .keyValue("appended", "yes")
                  .build(),
              null)) {
        writer.write(second);
      }
      Columns expected = new Columns();
      expected.start(all.getSchema());
      expected.append(all);
      WriteReadBackIT.assertSameValues(
          "Parrow",
          expected,
          CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults()),
          Set.of());
      WriteReadBackIT.assertSameValues(
          "Arrow C++", expected, ArrowCpp.read(file, allocator), Set.of());
      WriteReadBackIT.assertSameValues(
          "DuckDB", expected, DuckDbArrow.read(file, allocator), WriteReadBackIT.DUCKDB_CANNOT);
    }
    FileMetaData meta = footer(file);
    assertEquals(3, meta.rowGroups().size(), "two row groups written, one appended");
    assertEquals(1500, meta.numRows());
    Map<String, Long> keys = new java.util.HashMap<>();
    for (KeyValue kv : meta.keyValueMetadata()) {
      keys.merge(kv.key(), 1L, Long::sum);
    }
    assertEquals(Map.of("ARROW:schema", 1L, "origin", 1L, "appended", 1L), keys);
    checkPageIndexes(file, meta);
  }

  @Test
  void nestedColumnsAndDictionariesAppend() throws Exception {
    Path file = dir.resolve("nested.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator)) {
      // The table twice (a slice would rename the list children, so it would not be the schema).
      try (var writer =
          ParquetArrowWriter.create(
              OutputFile.of(file),
              data.root.getSchema(),
              WriteOptions.builder().build(),
              data.provider)) {
        writer.write(data.root);
      }
      try (var writer =
          ParquetArrowWriter.append(
              file, data.root.getSchema(), WriteOptions.builder().build(), data.provider)) {
        writer.write(data.root);
      }
      Columns expected = new Columns();
      expected.start(data.root.getSchema());
      expected.append(data.root, data.provider);
      expected.append(data.root, data.provider);
      Columns parrow = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      assertEquals(
          data.root.getSchema().getFields(),
          new ArrayList<>(parrow.fields.values()),
          "the types, dictionaries included");
      WriteReadBackIT.assertSameValues("Parrow", expected, parrow, Set.of());
      WriteReadBackIT.assertSameValues(
          "Arrow C++", expected, ArrowCpp.read(file, allocator), Set.of());
      WriteReadBackIT.assertSameValues(
          "DuckDB", expected, DuckDbArrow.read(file, allocator), Set.of());
    }
    checkPageIndexes(file, footer(file));
  }

  @Test
  void anotherSchemaIsRefusedAndTheFileIsUnchanged() throws Exception {
    Path file = dir.resolve("zoned.parquet");
    Schema utc = schema("UTC");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(utc, allocator)) {
      root.setRowCount(0);
      try (var writer = ParquetArrowWriter.create(file, utc, WriteOptions.builder().build())) {
        writer.write(root);
      }
    }
    byte[] before = Files.readAllBytes(file);
    // The same Parquet schema (an instant in microseconds), another Arrow type: the file's
    // ARROW:schema would read the new rows in the wrong zone.
    IllegalArgumentException zone =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ParquetArrowWriter.append(
                    file, schema("America/New_York"), WriteOptions.builder().build(), null));
    assertTrue(zone.getMessage().contains(file.toString()), zone.getMessage());
    assertTrue(zone.getMessage().contains("'ts'"), zone.getMessage());
    // Another Parquet schema altogether.
    Schema other = new Schema(List.of(Field.nullable("x", ArrowType.Utf8.INSTANCE)));
    IllegalArgumentException shape =
        assertThrows(
            IllegalArgumentException.class,
            () -> ParquetArrowWriter.append(file, other, WriteOptions.builder().build(), null));
    assertTrue(shape.getMessage().startsWith("cannot append to " + file), shape.getMessage());
    assertArrayEquals(before, Files.readAllBytes(file));
    assertOnlyFile(file);
  }

  @Test
  void anAbortedAppendLeavesTheFileAsItWas() throws Exception {
    Path file = dir.resolve("aborted.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot all = WriteReadBackIT.data(allocator)) {
      try (var writer =
          ParquetArrowWriter.create(file, all.getSchema(), WriteOptions.builder().build())) {
        writer.write(all);
      }
      byte[] before = Files.readAllBytes(file);
      try (var writer =
          ParquetArrowWriter.append(
              file, all.getSchema(), WriteOptions.builder().rowGroupRows(100).build(), null)) {
        writer.write(all);
        writer.abort();
      }
      assertArrayEquals(before, Files.readAllBytes(file));
      assertOnlyFile(file);
    }
  }

  /**
   * Every interop file of arrow-rs and nanoparquet, appended to with its own rows as Parrow reads
   * them, reads back in Parrow, Arrow C++ and DuckDB as its rows twice, or is refused because it
   * stores some column in a way Parrow does not write (arrow-rs's date64 as INT64, time32[s] and
   * timestamp[s] without annotation) or holds a value Parrow cannot write.
   */
  @Test
  void filesOtherWritersWroteTakeTheirOwnRows() throws Exception {
    List<Path> files = new ArrayList<>();
    for (Path folder : List.of(ArrowRsInteropIT.folder(), NanoparquetInteropIT.folder())) {
      try (var listing = Files.list(folder)) {
        listing.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(files::add);
      }
    }
    List<String> appended = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (Path original : files) {
      Path copy = dir.resolve(original.getFileName());
      Files.copy(original, copy);
      byte[] before = Files.readAllBytes(copy);
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile source = ParquetFile.open(original);
          var reader = source.newReader(allocator)) {
        ParquetArrowWriter.appendAll(reader, copy, WriteOptions.builder().build(), rows -> {});
        appended.add(original.getFileName().toString());
      } catch (IllegalArgumentException | UnsupportedOperationException e) {
        assertTrue(
            e.getMessage().startsWith("cannot append to " + copy + ": the ")
                || e.getMessage().contains("does not fit a Parquet INTERVAL"),
            original + ": " + e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(copy), original + " unchanged");
        refused.add(original.getFileName().toString());
        continue;
      }
      try (BufferAllocator allocator = new RootAllocator()) {
        Columns once = CorpusReadIT.readWithParrow(original, allocator, ReadOptions.defaults());
        assertEquals(
            twice(once.values),
            CorpusReadIT.readWithParrow(copy, allocator, ReadOptions.defaults()).values,
            original + " in Parrow");
        readTwiceBy("DuckDB", original, copy, f -> DuckDbArrow.read(f, allocator));
        readTwiceBy("Arrow C++", original, copy, f -> ArrowCpp.read(f, allocator));
      }
    }
    System.out.println("AppendIT: appended to " + appended.size() + " files, refused " + refused);
    assertTrue(appended.size() >= 80, appended.size() + " appended");
  }

  private interface Reader {
    Columns read(Path file) throws Exception;
  }

  /** The oracle reads the copy as the original's rows twice (when it reads the original at all). */
  private static void readTwiceBy(String oracle, Path original, Path copy, Reader reader)
      throws Exception {
    Columns once;
    try {
      once = reader.read(original);
    } catch (Exception e) {
      return;
    }
    assertEquals(twice(once.values), reader.read(copy).values, original + " in " + oracle);
  }

  private static Map<String, List<Object>> twice(Map<String, List<Object>> values) {
    Map<String, List<Object>> out = new java.util.LinkedHashMap<>();
    values.forEach(
        (k, v) -> {
          List<Object> both = new ArrayList<>(v);
          both.addAll(v);
          out.put(k, both);
        });
    return out;
  }

  /** Appends on several threads at once to one file: every batch is there once, none lost. */
  @Test
  void concurrentAppendsWaitForEachOther() throws Exception {
    Path file = dir.resolve("shared.parquet");
    CrashChild.start(file);
    int threads = 4;
    int each = 3;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      List<java.util.concurrent.Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  for (int k = 0; k < each; k++) {
                    long first = (1L + thread * each + k) * CrashChild.BATCH;
                    try (BufferAllocator allocator = new RootAllocator();
                        VectorSchemaRoot batch = CrashChild.batch(allocator, first);
                        var writer =
                            ParquetArrowWriter.append(
                                file, CrashChild.SCHEMA, WriteOptions.builder().build(), null)) {
                      writer.write(batch);
                    }
                  }
                  return null;
                }));
      }
      for (var f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    java.util.Set<Long> firsts = new java.util.TreeSet<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        var reader = parquet.newReader(allocator)) {
      while (reader.loadNextBatch()) {
        var ids =
            (org.apache.arrow.vector.BigIntVector) reader.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < ids.getValueCount(); i += CrashChild.BATCH) {
          firsts.add(ids.get(i));
        }
      }
    }
    java.util.Set<Long> expected = new java.util.TreeSet<>();
    for (long b = 0; b <= (long) threads * each; b++) {
      expected.add(b * CrashChild.BATCH);
    }
    assertEquals(expected, firsts, "every batch once");
  }

  private static Schema schema(String zone) {
    return new Schema(
        List.of(
            new Field(
                "ts",
                FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, zone)),
                null)));
  }

  private void assertOnlyFile(Path file) throws Exception {
    try (var listing = Files.list(dir)) {
      List<Path> left = listing.filter(p -> !p.equals(file)).toList();
      assertTrue(
          left.stream()
              .map(p -> p.getFileName().toString())
              .noneMatch(
                  name ->
                      name.startsWith("." + file.getFileName())
                          && !name.equals("." + file.getFileName() + ".parrow-lock")),
          "temporary files left: " + left);
    }
  }

  static FileMetaData footer(Path file) throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      return parquet.metadata();
    }
  }

  /** Every chunk, old and new, points at a column index and offset index that parse. */
  private static void checkPageIndexes(Path file, FileMetaData meta) throws Exception {
    try (InputFile input = InputFile.of(file)) {
      for (RowGroup group : meta.rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          assertNotNull(chunk.offsetIndexOffset(), "offset index");
          assertNotNull(
              ThriftCodec.readOffsetIndex(
                  input.read(chunk.offsetIndexOffset(), chunk.offsetIndexLength())));
          if (chunk.columnIndexOffset() != null) {
            assertNotNull(
                ThriftCodec.readColumnIndex(
                    input.read(chunk.columnIndexOffset(), chunk.columnIndexLength())));
          }
        }
      }
    }
  }
}
