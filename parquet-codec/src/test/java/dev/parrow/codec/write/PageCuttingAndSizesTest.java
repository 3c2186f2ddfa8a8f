package dev.parrow.codec.write;

import static dev.parrow.codec.testing.SampleMetadata.group;
import static dev.parrow.codec.testing.SampleMetadata.leaf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.options.ContentDefinedChunking;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.storage.InputFile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Size statistics (counted against the test's own input) and content-defined page cutting (checked
 * for the properties it exists for: cuts that do not depend on batching, and an insertion that
 * leaves the pages away from it as they were). That the cuts are Arrow C++'s is checked against a
 * file Arrow C++ wrote, in the integration tests.
 */
class PageCuttingAndSizesTest {
  private static final ColumnDescriptor OPTIONAL_TEXT =
      ParquetSchema.fromElements(
              List.of(
                  group("schema", null, 1),
                  leaf("s", PhysicalType.BYTE_ARRAY, Repetition.OPTIONAL)))
          .column(0);
  private static final ColumnDescriptor REQUIRED_LONG =
      ParquetSchema.fromElements(
              List.of(group("schema", null, 1), leaf("x", PhysicalType.INT64, Repetition.REQUIRED)))
          .column(0);
  private static final ColumnDescriptor LIST_ELEMENT = SampleMetadata.listOfOptionalInt32();

  private static ColumnWriteOptions options(
      int pageSize, boolean sizeStatistics, ContentDefinedChunking chunking) {
    return new ColumnWriteOptions(
        CompressionCodec.UNCOMPRESSED,
        null,
        1,
        pageSize,
        ColumnWriteOptions.DEFAULT_PAGE_ROWS,
        true,
        1 << 20,
        true,
        true,
        null,
        null,
        null,
        sizeStatistics,
        chunking);
  }

  @Test
  void sizeStatisticsCountEveryLevelAndByte() {
    // list<int32 optional>, optional list: levels drawn at random, their counts kept by the test.
    Random random = new Random(5);
    int rows = 5_000;
    List<Integer> defs = new ArrayList<>();
    List<Integer> reps = new ArrayList<>();
    Int32Values values = new Int32Values();
    long[] defCounts = new long[4];
    long[] repCounts = new long[2];
    for (int r = 0; r < rows; r++) {
      int kind = random.nextInt(5);
      int elements = kind <= 1 ? 0 : 1 + random.nextInt(4);
      if (elements == 0) {
        // A null list (0) or an empty one (1).
        defs.add(kind);
        reps.add(0);
      }
      for (int e = 0; e < elements; e++) {
        int def = random.nextInt(6) == 0 ? 2 : 3;
        defs.add(def);
        reps.add(e == 0 ? 0 : 1);
        if (def == 3) {
          values.add(random.nextInt());
        }
      }
    }
    for (int i = 0; i < defs.size(); i++) {
      defCounts[defs.get(i)]++;
      repCounts[reps.get(i)]++;
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(LIST_ELEMENT, options(512, true, null));
    writer.write(
        defs.size(),
        defs.stream().mapToInt(Integer::intValue).toArray(),
        reps.stream().mapToInt(Integer::intValue).toArray(),
        values);
    ColumnChunkWriter.Chunk chunk = writer.finish();
    SizeStatistics s = chunk.metaData().sizeStatistics();
    assertNull(s.unencodedByteArrayDataBytes(), "no byte arrays to count");
    assertEquals(boxed(defCounts), s.definitionLevelHistogram());
    assertEquals(boxed(repCounts), s.repetitionLevelHistogram());
    // Per page, in the column index: the pages' histograms add up to the chunk's.
    ColumnIndex index = chunk.columnIndex();
    int pages = chunk.offsetIndex().pageLocations().size();
    assertTrue(pages > 3, pages + " pages");
    assertEquals(4 * pages, index.definitionLevelHistograms().size());
    assertEquals(2 * pages, index.repetitionLevelHistograms().size());
    long[] sum = new long[4];
    for (int p = 0; p < pages; p++) {
      for (int level = 0; level < 4; level++) {
        sum[level] += index.definitionLevelHistograms().get(4 * p + level);
      }
    }
    assertEquals(boxed(defCounts), boxed(sum));
  }

  @Test
  void pagesMixingSlicesWithoutAndWithNullsKeepEveryLevel() {
    // An optional column written in calls without definition levels (no nulls: a page's levels
    // then are not kept but written as one run) and calls with them, so that pages start without
    // nulls and take some later, or have none: every level and value reads back, and the size
    // statistics count them, in page versions 1 and 2, dictionary-encoded or not.
    ColumnDescriptor optionalInt =
        ParquetSchema.fromElements(
                List.of(
                    group("schema", null, 1), leaf("i", PhysicalType.INT32, Repetition.OPTIONAL)))
            .column(0);
    for (int version = 1; version <= 2; version++) {
      for (boolean dictionary : new boolean[] {true, false}) {
        Random random = new Random(version * 2 + (dictionary ? 1 : 0));
        ColumnWriteOptions o = options(700, true, null);
        o =
            new ColumnWriteOptions(
                o.codec(),
                o.level(),
                version,
                o.pageSizeBytes(),
                o.pageRows(),
                dictionary,
                o.dictionaryPageSizeLimit(),
                o.statistics(),
                o.crc(),
                o.encoding(),
                o.bloomFilter(),
                o.statisticsTruncateLength(),
                o.sizeStatistics(),
                o.contentDefinedChunking());
        ColumnChunkWriter writer = new ColumnChunkWriter(optionalInt, o);
        List<Integer> allDefs = new ArrayList<>();
        Int32Values allValues = new Int32Values();
        for (int call = 0; call < 60; call++) {
          int n = 1 + random.nextInt(call % 3 == 0 ? 5 : 300);
          boolean withNulls = random.nextInt(3) == 0;
          int[] defs = withNulls ? new int[n] : null;
          Int32Values values = new Int32Values();
          for (int i = 0; i < n; i++) {
            boolean present = !withNulls || random.nextInt(4) != 0;
            if (withNulls) {
              defs[i] = present ? 1 : 0;
            }
            allDefs.add(present ? 1 : 0);
            if (present) {
              int v = random.nextInt(dictionary ? 20 : 1 << 20);
              values.add(v);
              allValues.add(v);
            }
          }
          writer.write(n, defs, null, values);
        }
        ColumnChunkWriter.Chunk chunk = writer.finish();
        String what = "page version " + version + (dictionary ? ", dictionary" : "");
        int entries = allDefs.size();
        long present = allDefs.stream().filter(d -> d == 1).count();
        SizeStatistics s = chunk.metaData().sizeStatistics();
        assertEquals(List.of(entries - present, present), s.definitionLevelHistogram(), what);
        List<Long> perPage = chunk.columnIndex().definitionLevelHistograms();
        int pages = chunk.offsetIndex().pageLocations().size();
        assertTrue(pages > 10, what + ": " + pages + " pages");
        long[] sum = new long[2];
        for (int p = 0; p < pages; p++) {
          sum[0] += perPage.get(2 * p);
          sum[1] += perPage.get(2 * p + 1);
        }
        assertEquals(List.of(entries - present, present), boxed(sum), what);
        Int32Values back = new Int32Values();
        int[] defs = readAll(optionalInt, chunk, chunk.metaData(), entries, back);
        assertEquals(allDefs, Arrays.stream(defs).boxed().toList(), what + ": definition levels");
        assertEquals(allValues.size(), back.size(), what);
        assertTrue(
            Arrays.equals(allValues.values(), 0, allValues.size(), back.values(), 0, back.size()),
            what + ": values");
      }
    }
  }

  @Test
  void unencodedBytesAreTheValuesWithoutLengthPrefixes() {
    Random random = new Random(9);
    int rows = 4_000;
    int[] defs = new int[rows];
    BinaryValues values = new BinaryValues();
    long bytes = 0;
    int nulls = 0;
    for (int r = 0; r < rows; r++) {
      if (random.nextInt(8) == 0) {
        nulls++;
        continue;
      }
      defs[r] = 1;
      // Few distinct values, so that pages are dictionary-encoded: the bytes count still.
      byte[] b = ("value-" + random.nextInt(30)).getBytes(StandardCharsets.UTF_8);
      values.append(b, 0, b.length);
      bytes += b.length;
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(OPTIONAL_TEXT, options(300, true, null));
    writer.write(rows, defs, null, values);
    ColumnChunkWriter.Chunk chunk = writer.finish();
    SizeStatistics s = chunk.metaData().sizeStatistics();
    assertEquals(bytes, s.unencodedByteArrayDataBytes());
    assertEquals(List.of((long) nulls, (long) rows - nulls), s.definitionLevelHistogram());
    assertNull(s.repetitionLevelHistogram(), "an unrepeated column's is left out");
    List<Long> perPage = chunk.offsetIndex().unencodedByteArrayDataBytes();
    assertEquals(chunk.offsetIndex().pageLocations().size(), perPage.size());
    assertEquals(bytes, perPage.stream().mapToLong(Long::longValue).sum());
  }

  @Test
  void offOrNothingToCountWritesNone() {
    Int64Values values = new Int64Values();
    for (int i = 0; i < 1000; i++) {
      values.add(i);
    }
    ColumnChunkWriter required = new ColumnChunkWriter(REQUIRED_LONG, options(1 << 20, true, null));
    required.write(1000, null, null, values);
    assertNull(required.finish().metaData().sizeStatistics(), "a required INT64 has none");
    ColumnChunkWriter off = new ColumnChunkWriter(LIST_ELEMENT, options(1 << 20, false, null));
    off.write(1, new int[] {0}, new int[] {0}, new Int32Values());
    ColumnChunkWriter.Chunk chunk = off.finish();
    assertNull(chunk.metaData().sizeStatistics());
    assertNull(
        chunk.columnIndex() == null ? null : chunk.columnIndex().definitionLevelHistograms());
  }

  /**
   * The reader sizes its value buffer from the chunk's size statistics, and a file that claims far
   * more bytes than it holds gets no more than a few times its own size reserved: the values read
   * back the same either way.
   */
  @Test
  void theReaderTrustsSizeStatisticsOnlySoFar() {
    int rows = 3_000;
    BinaryValues values = new BinaryValues();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      String text = "row " + i + " of the chunk";
      expected.add(text);
      byte[] b = text.getBytes(StandardCharsets.UTF_8);
      values.append(b, 0, b.length);
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(OPTIONAL_TEXT, options(4096, true, null));
    writer.write(rows, null, null, values);
    ColumnChunkWriter.Chunk chunk = writer.finish();
    ColumnMetaData honest = chunk.metaData();
    SizeStatistics claim =
        new SizeStatistics(
            Long.MAX_VALUE / 2, null, honest.sizeStatistics().definitionLevelHistogram());
    for (ColumnMetaData meta : List.of(honest, withSizes(honest, claim))) {
      BinaryValues read = new BinaryValues();
      readAll(OPTIONAL_TEXT, chunk, meta, rows, read);
      List<String> strings = new ArrayList<>();
      for (int i = 0; i < read.size(); i++) {
        strings.add(new String(read.value(i), StandardCharsets.UTF_8));
      }
      assertEquals(expected, strings);
      assertTrue(
          read.bytes().length <= Math.max(4 * honest.totalUncompressedSize(), 1 << 16),
          read.bytes().length + " bytes reserved");
    }
  }

  @Test
  void contentDefinedCutsDoNotDependOnBatching() {
    ContentDefinedChunking small = new ContentDefinedChunking(2048, 8192, 0);
    Random random = new Random(11);
    int rows = 60_000;
    long[] data = new long[rows];
    for (int i = 0; i < rows; i++) {
      data[i] = random.nextLong();
    }
    List<Long> whole = pageRows(REQUIRED_LONG, small, data, new int[] {rows});
    assertTrue(whole.size() > 20, whole.size() + " pages");
    List<Long> batched = pageRows(REQUIRED_LONG, small, data, new int[] {1, 777, 4096, 13});
    assertEquals(whole, batched);
    // Pages fall between the least and the most bytes hashed (8 per value), bar the last.
    for (int p = 0; p < whole.size() - 1; p++) {
      long bytes = 8 * whole.get(p);
      assertTrue(bytes >= 2048 - 8 && bytes <= 8192 + 8, "page " + p + ": " + bytes + " bytes");
    }
  }

  /**
   * 1% of rows inserted in the middle: the pages before the insertion are the same bytes, and so
   * are nearly all after it; cut by size alone, every page after it moves.
   */
  @Test
  void anInsertionChangesOnlyThePagesAroundIt() {
    ContentDefinedChunking small = new ContentDefinedChunking(2048, 8192, 0);
    Random random = new Random(13);
    int rows = 100_000;
    long[] before = new long[rows];
    for (int i = 0; i < rows; i++) {
      before[i] = random.nextLong();
    }
    long[] after = new long[rows + rows / 100];
    System.arraycopy(before, 0, after, 0, rows / 2);
    for (int i = 0; i < rows / 100; i++) {
      after[rows / 2 + i] = random.nextLong();
    }
    System.arraycopy(before, rows / 2, after, rows / 2 + rows / 100, rows - rows / 2);
    Set<String> original = pageBytes(REQUIRED_LONG, small, before);
    List<String> edited = new ArrayList<>(pageBytes(REQUIRED_LONG, small, after));
    long kept = edited.stream().filter(original::contains).count();
    assertTrue(kept >= edited.size() - 4, kept + " of " + edited.size() + " pages kept");
    Set<String> bySize = pageBytes(REQUIRED_LONG, null, before);
    long keptBySize =
        pageBytes(REQUIRED_LONG, null, after).stream().filter(bySize::contains).count();
    assertTrue(keptBySize < bySize.size() / 2 + 2, keptBySize + " of " + bySize.size());
  }

  @Test
  void parametersAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new ContentDefinedChunking(0, 10, 0));
    assertThrows(IllegalArgumentException.class, () -> new ContentDefinedChunking(100, 100, 0));
    assertThrows(IllegalArgumentException.class, () -> new ContentDefinedChunking(100, 120, 0));
    assertThrows(
        IllegalArgumentException.class, () -> new ContentDefinedChunking(1 << 10, 1 << 12, 8));
    assertEquals(-1L << (64 - 15), ContentDefinedChunking.DEFAULTS.hashMask(), "Arrow's mask");
  }

  private static List<Long> pageRows(
      ColumnDescriptor column, ContentDefinedChunking chunking, long[] data, int[] batches) {
    ColumnChunkWriter writer = new ColumnChunkWriter(column, options(1 << 30, true, chunking));
    int at = 0;
    for (int b = 0; at < data.length; b++) {
      int n = Math.min(batches[b % batches.length], data.length - at);
      Int64Values values = new Int64Values();
      for (int i = 0; i < n; i++) {
        values.add(data[at + i]);
      }
      writer.write(n, null, null, values);
      at += n;
    }
    List<PageLocation> pages = writer.finish().offsetIndex().pageLocations();
    List<Long> rows = new ArrayList<>();
    for (int p = 0; p < pages.size(); p++) {
      long end = p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : data.length;
      rows.add(end - pages.get(p).firstRowIndex());
    }
    return rows;
  }

  /**
   * Each page's bytes (PLAIN, uncompressed), as hex, with the pages cut as {@code chunking} says.
   */
  private static Set<String> pageBytes(
      ColumnDescriptor column, ContentDefinedChunking chunking, long[] data) {
    ColumnWriteOptions options =
        options(chunking == null ? 16_384 : 1 << 30, false, chunking).with(null, null, false);
    ColumnChunkWriter writer = new ColumnChunkWriter(column, options);
    Int64Values values = new Int64Values();
    for (long v : data) {
      values.add(v);
    }
    writer.write(data.length, null, null, values);
    ColumnChunkWriter.Chunk chunk = writer.finish();
    Set<String> out = new HashSet<>();
    List<PageLocation> pages = chunk.offsetIndex().pageLocations();
    for (PageLocation l : pages) {
      // Page headers hold statistics and CRCs of the page alone: equal pages, equal bytes.
      out.add(
          java.util.HexFormat.of()
              .formatHex(
                  Arrays.copyOfRange(
                      chunk.pages(), (int) l.offset(), (int) l.offset() + l.compressedPageSize())));
    }
    return out;
  }

  /** Reads the chunk's {@code entries} entries' values into {@code into}; returns their levels. */
  private static int[] readAll(
      ColumnDescriptor column,
      ColumnChunkWriter.Chunk chunk,
      ColumnMetaData claimed,
      int entries,
      DenseValues into) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      chunk.writeTo(out);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    byte[] file = out.toByteArray();
    ColumnMetaData meta = claimed.placedAt(0, chunk.hasDictionaryPage());
    ColumnReader reader =
        new ColumnReader(
            column,
            new PageReader(
                InputFile.of(file),
                column,
                meta,
                new ChunkRange(0, chunk.length()),
                true,
                1 << 20));
    reader.expectValueBytes(meta);
    int[] defs = new int[entries];
    assertEquals(entries, reader.read(entries, defs, null, 0, into));
    return defs;
  }

  private static ColumnMetaData withSizes(ColumnMetaData m, SizeStatistics sizes) {
    return new ColumnMetaData(
        m.type(),
        m.encodings(),
        m.pathInSchema(),
        m.codec(),
        m.numValues(),
        m.totalUncompressedSize(),
        m.totalCompressedSize(),
        m.keyValueMetadata(),
        m.dataPageOffset(),
        m.indexPageOffset(),
        m.dictionaryPageOffset(),
        m.statistics(),
        m.encodingStats(),
        m.bloomFilterOffset(),
        m.bloomFilterLength(),
        sizes,
        m.geospatialStatistics());
  }

  private static List<Long> boxed(long[] counts) {
    List<Long> out = new ArrayList<>();
    for (long c : counts) {
      out.add(c);
    }
    return out;
  }
}
