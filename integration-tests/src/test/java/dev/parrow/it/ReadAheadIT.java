package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageHeaderIterator;
import dev.parrow.codec.page.PageInfo;
import dev.parrow.storage.InputFile;
import dev.parrow.types.DictionaryMode;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading the next row group's pages ahead on threads of the reader's own (parallelism 2 and more):
 * the rows, the counts and the errors are those of a read without it (parallelism 1), and DuckDB's
 * rows; a reader closed mid-file leaks nothing.
 */
class ReadAheadIT {
  @TempDir static Path dir;

  private static Path file;
  private static final String COLUMNS = "id, h, d, x, s";

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("groups.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, md5(CAST(i AS VARCHAR)) AS h, i % 7 AS d,"
              + " CASE WHEN i % 10 = 0 THEN NULL ELSE i * 1.5 END AS x,"
              + " 'v' || (i % 300) AS s FROM range(20000) t(i)) TO "
              + DuckDb.literal(file)
              + " (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048)");
    }
  }

  /** DuckDB's file written again by Parrow with {@code options}. */
  private static Path copy(String name, dev.parrow.arrow.WriteOptions options) throws Exception {
    Path copy = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(file);
        ParquetArrowReader reader = source.newReader(allocator)) {
      dev.parrow.arrow.ParquetArrowWriter.writeAll(
          reader, dev.parrow.storage.OutputFile.of(copy), options, rows -> {});
    }
    return copy;
  }

  private static ReadOptions.Builder threads(int n) {
    return ReadOptions.builder().parallelism(n);
  }

  @Test
  void rowsAndCountsAreThoseOfAReadWithoutIt() throws Exception {
    List<List<Object>> want = DatasetIT.duck("SELECT " + COLUMNS + " FROM " + source());
    List<List<Object>> wantFiltered =
        DatasetIT.duck("SELECT " + COLUMNS + " FROM " + source() + " WHERE d = 3 AND x > 9000");
    for (int batch : new int[] {1, 100, 4096}) {
      for (DictionaryMode mode : DictionaryMode.values()) {
        ReadStats[] stats = new ReadStats[2];
        for (int n : new int[] {1, 2}) {
          ReadOptions options =
              threads(n).batchSize(batch).types(t -> t.dictionaryMode(mode)).build();
          try (BufferAllocator allocator = new RootAllocator();
              ParquetFile parquet = ParquetFile.open(file);
              ParquetArrowReader reader = parquet.newReader(allocator, options)) {
            assertEquals(want, DatasetIT.rows(reader), mode + ", batch " + batch + ", " + n);
            stats[n - 1] = reader.stats();
          }
        }
        assertEquals(stats[0], stats[1], mode + ", batch " + batch);
      }
      for (int n : new int[] {1, 2}) {
        ReadOptions options = threads(n).batchSize(batch).filter("d = 3 AND x > 9000").build();
        try (BufferAllocator allocator = new RootAllocator();
            ParquetFile parquet = ParquetFile.open(file);
            ParquetArrowReader reader = parquet.newReader(allocator, options)) {
          assertEquals(wantFiltered, DatasetIT.rows(reader), "filtered, batch " + batch);
        }
      }
    }
  }

  /**
   * Pages of every kind read ahead, their arrays handed on from row group to row group (v1 and v2,
   * stored and compressed, many pages a chunk): each batch's values are still DuckDB's.
   */
  @Test
  void pagesReadAheadIntoRecycledArraysKeepTheirValues() throws Exception {
    List<List<Object>> want = DatasetIT.duck("SELECT " + COLUMNS + " FROM " + source());
    for (int version : new int[] {1, 2}) {
      for (var codec :
          List.of(
              dev.parrow.codec.metadata.CompressionCodec.UNCOMPRESSED,
              dev.parrow.codec.metadata.CompressionCodec.SNAPPY)) {
        Path copy =
            copy(
                "pages-v" + version + "-" + codec + ".parquet",
                dev.parrow.arrow.WriteOptions.builder()
                    .dataPageVersion(WriteOptions.DataPageVersion.of(version))
                    .compression(codec)
                    .rowGroupRows(1500)
                    .pageRows(97)
                    .build());
        for (int batch : new int[] {1, 100, 4096}) {
          try (BufferAllocator allocator = new RootAllocator();
              ParquetFile parquet = ParquetFile.open(copy);
              ParquetArrowReader reader =
                  parquet.newReader(allocator, threads(2).batchSize(batch).build())) {
            assertEquals(want, DatasetIT.rows(reader), copy.getFileName() + ", batch " + batch);
          }
        }
      }
    }
  }

  /**
   * Readers on two threads at once, some closed after a few batches, each handing its page arrays
   * on to the readers of the process that follow it: every whole read still has DuckDB's rows.
   */
  @Test
  void readersPassingPageArraysOnKeepTheirValues() throws Exception {
    List<List<Object>> want = DatasetIT.duck("SELECT " + COLUMNS + " FROM " + source());
    Path copy =
        copy(
            "handed-on.parquet",
            dev.parrow.arrow.WriteOptions.builder()
                .dataPageVersion(WriteOptions.DataPageVersion.V2)
                .rowGroupRows(3000)
                .pageRows(500)
                .build());
    java.util.concurrent.ExecutorService threads =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      List<java.util.concurrent.Future<?>> runs = new java.util.ArrayList<>();
      for (int t = 0; t < 2; t++) {
        int first = t;
        runs.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < 12; i++) {
                    boolean whole = (i + first) % 3 != 0;
                    Path read = i % 2 == 0 ? copy : file;
                    try (BufferAllocator allocator = new RootAllocator();
                        ParquetFile parquet = ParquetFile.open(read);
                        ParquetArrowReader reader =
                            parquet.newReader(allocator, threads(2).batchSize(700).build())) {
                      if (whole) {
                        assertEquals(want, DatasetIT.rows(reader), read + ", read " + i);
                      } else {
                        for (int b = 0; b < 1 + i % 5; b++) {
                          reader.loadNextBatch();
                        }
                      }
                    }
                  }
                  return null;
                }));
      }
      for (java.util.concurrent.Future<?> run : runs) {
        run.get();
      }
    } finally {
      threads.shutdown();
    }
  }

  /**
   * A page of the third row group made unreadable: the error, found on the read-ahead thread, is
   * reported when the reader gets there, with the same file, column, row group and page as without
   * read-ahead; the rows before it come out first.
   */
  @Test
  void aBadPageReadAheadIsReportedInTurn() throws Exception {
    Path bad = dir.resolve("bad-page.parquet");
    Files.copy(file, bad);
    try (ParquetFile parquet = ParquetFile.open(bad);
        RandomAccessFile raf = new RandomAccessFile(bad.toFile(), "rw")) {
      ColumnMetaData meta = parquet.metadata().rowGroups().get(2).columns().get(1).metaData();
      PageInfo first;
      try (InputFile input = InputFile.of(bad)) {
        first =
            new PageHeaderIterator(input, ChunkRange.of(meta, parquet.footer()), meta.numValues())
                .next();
      }
      byte[] junk = new byte[first.header().compressedPageSize()];
      Arrays.fill(junk, (byte) 0xff);
      raf.seek(first.dataOffset());
      raf.write(junk);
    }
    String[] messages = new String[2];
    long[] rowsBefore = new long[2];
    for (int n : new int[] {1, 2}) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(bad);
          ParquetArrowReader reader =
              parquet.newReader(
                  allocator,
                  threads(n)
                      .batchSize(1000)
                      .types(t -> t.dictionaryMode(DictionaryMode.DECODE))
                      .build())) {
        ParquetFormatException e =
            assertThrows(
                ParquetFormatException.class,
                () -> {
                  while (reader.loadNextBatch()) {
                    rowsBefore[n - 1] += reader.getVectorSchemaRoot().getRowCount();
                  }
                });
        messages[n - 1] = e.getMessage();
      }
    }
    assertEquals(messages[0], messages[1]);
    assertTrue(
        messages[1].contains(bad.toString())
            && messages[1].contains("column h")
            && messages[1].contains("row group 2")
            && messages[1].contains("page 0"),
        messages[1]);
    assertEquals(rowsBefore[0], rowsBefore[1]);
    assertEquals(2 * 2048, rowsBefore[1]);
  }

  /** Closing after a batch, with the next row group being read ahead, frees everything. */
  @Test
  void aReaderClosedMidFileLeaksNothing() throws Exception {
    for (int batches = 1; batches <= 5; batches++) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(file)) {
        try (ParquetArrowReader reader =
            parquet.newReader(allocator, threads(2).batchSize(2048).build())) {
          for (int b = 0; b < batches; b++) {
            assertTrue(reader.loadNextBatch());
          }
          assertTrue(
              Thread.getAllStackTraces().keySet().stream()
                  .anyMatch(t -> t.getName().startsWith("parrow-read-ahead-")),
              "the next row group is being read ahead");
        }
        assertEquals(0, allocator.getAllocatedMemory());
        // The file stays usable for another reader after the first closed.
        try (ParquetArrowReader again = parquet.newReader(allocator, threads(2).build())) {
          assertEquals(20000, DatasetIT.rows(again).size());
        }
      }
    }
  }

  private static String source() {
    return "read_parquet(" + DuckDb.literal(file) + ")";
  }
}
