package dev.parrow.codec.write;

import static dev.parrow.codec.testing.SampleMetadata.group;
import static dev.parrow.codec.testing.SampleMetadata.leaf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.BoundaryOrder;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.Page;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.storage.InputFile;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chunk writer's pages, statistics and page index, checked against what the test knows of its
 * own input (counts, bounds, order), and the chunk read back by the codec's reader.
 */
class ColumnChunkWriterTest {
  private static final ColumnDescriptor OPTIONAL_INT =
      ParquetSchema.fromElements(
              List.of(group("schema", null, 1), leaf("x", PhysicalType.INT32, Repetition.OPTIONAL)))
          .column(0);
  private static final ColumnDescriptor REQUIRED_TEXT =
      ParquetSchema.fromElements(
              List.of(
                  group("schema", null, 1),
                  leaf("s", PhysicalType.BYTE_ARRAY, Repetition.REQUIRED)))
          .column(0);

  private static final ColumnDescriptor LIST_ELEMENT = SampleMetadata.listOfOptionalInt32();

  private static ColumnWriteOptions options(
      int pageVersion, int pageSize, boolean dictionary, int dictionaryLimit) {
    return new ColumnWriteOptions(
        CompressionCodec.UNCOMPRESSED,
        null,
        pageVersion,
        pageSize,
        ColumnWriteOptions.DEFAULT_PAGE_ROWS,
        dictionary,
        dictionaryLimit,
        true,
        true,
        null,
        null);
  }

  private static int littleEndianInt(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt();
  }

  @Test
  void pagesHoldWholeRowsAndThePageIndexDescribesThem() {
    int rows = 10_000;
    int[] defs = new int[rows];
    Int32Values values = new Int32Values();
    long nulls = 0;
    for (int i = 0; i < rows; i++) {
      if (i % 7 == 3) {
        nulls++;
      } else {
        defs[i] = 1;
        values.add(i * 3 - 5_000);
      }
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(OPTIONAL_INT, options(1, 4096, false, 0));
    for (int from = 0; from < rows; from += 1000) {
      Int32Values part = new Int32Values();
      int present = 0;
      for (int i = 0; i < from; i++) {
        present += defs[i];
      }
      int n = 0;
      for (int i = from; i < from + 1000; i++) {
        n += defs[i];
      }
      part.appendRange(values, present, n);
      writer.write(1000, Arrays.copyOfRange(defs, from, from + 1000), null, part);
    }
    ColumnChunkWriter.Chunk chunk = writer.finish();
    ColumnMetaData meta = chunk.metaData();

    assertEquals(rows, meta.numValues());
    assertEquals(nulls, meta.statistics().nullCount());
    int[] present = Arrays.copyOf(values.values(), values.size());
    assertEquals(
        Arrays.stream(present).min().getAsInt(),
        littleEndianInt(meta.statistics().minValue().toByteArray()));
    assertEquals(
        Arrays.stream(present).max().getAsInt(),
        littleEndianInt(meta.statistics().maxValue().toByteArray()));
    assertFalse(chunk.hasDictionaryPage());
    assertEquals(List.of(Encoding.PLAIN, Encoding.RLE), meta.encodings());

    List<PageLocation> pages = chunk.offsetIndex().pageLocations();
    // About 37 KB of values and levels, in pages cut once they reach 4 KB (checked every 1,024
    // entries at most).
    assertTrue(pages.size() > 1, pages.size() + " pages");
    for (int p = 0; p < pages.size(); p++) {
      int size = pages.get(p).compressedPageSize();
      assertTrue(size <= 4096 + 1024 * 5 + 64, "page " + p + " of " + size + " bytes");
      assertTrue(p == pages.size() - 1 || size >= 4096, "page " + p + " of " + size + " bytes");
    }
    assertEquals(0, pages.get(0).firstRowIndex());
    long offset = 0;
    for (int p = 0; p < pages.size(); p++) {
      assertEquals(offset, pages.get(p).offset(), "page " + p + " follows the one before");
      offset += pages.get(p).compressedPageSize();
      if (p > 0) {
        assertTrue(pages.get(p).firstRowIndex() > pages.get(p - 1).firstRowIndex());
      }
    }
    assertEquals(chunk.length(), offset);

    ColumnIndex index = chunk.columnIndex();
    assertEquals(BoundaryOrder.ASCENDING, index.boundaryOrder());
    assertEquals(nulls, index.nullCounts().stream().mapToLong(Long::longValue).sum());
    for (int p = 0; p < pages.size(); p++) {
      // Each page's bounds are those of the rows it starts and ends with, as the input rises.
      long first = pages.get(p).firstRowIndex();
      long end = p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : rows;
      int min = Integer.MAX_VALUE;
      int max = Integer.MIN_VALUE;
      for (long i = first; i < end; i++) {
        if (defs[(int) i] == 1) {
          min = Math.min(min, (int) i * 3 - 5_000);
          max = Math.max(max, (int) i * 3 - 5_000);
        }
      }
      assertEquals(min, littleEndianInt(index.minValues().get(p).toByteArray()), "page " + p);
      assertEquals(max, littleEndianInt(index.maxValues().get(p).toByteArray()), "page " + p);
    }

    ReadBack back = readBack(OPTIONAL_INT, chunk, rows);
    assertArrayEquals(defs, back.defs);
    assertArrayEquals(present, back.ints());
  }

  @Test
  void aDictionaryPastItsLimitFallsBackToPlain() {
    int rows = 3_000;
    BinaryValues values = new BinaryValues();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      // A few repeated values first, then distinct ones that outgrow a 2 KB dictionary.
      String s = i < 1_000 ? "v" + (i % 10) : "distinct-" + i;
      expected.add(s);
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      values.append(b, 0, b.length);
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(REQUIRED_TEXT, options(2, 1024, true, 2048));
    writer.write(rows, null, null, values);
    ColumnChunkWriter.Chunk chunk = writer.finish();

    assertTrue(chunk.hasDictionaryPage());
    assertTrue(
        chunk.metaData().encodings().containsAll(List.of(Encoding.RLE_DICTIONARY, Encoding.PLAIN)),
        chunk.metaData().encodings().toString());
    ReadBack back = readBack(REQUIRED_TEXT, chunk, rows);
    assertEquals(expected, back.strings());
    assertTrue(
        back.dictionarySize > 10 && back.dictionarySize < rows, back.dictionarySize + " entries");
  }

  /**
   * Strings from a small random set, dictionary-encoded: each page's bounds (taken from the entries
   * its ids name) and the chunk's are the unsigned byte-wise min and max of the page's values, at
   * page sizes from one value upward.
   */
  @Test
  void dictionaryPagesTakeTheirBoundsFromTheEntriesTheyUse() {
    java.util.Random random = new java.util.Random(7);
    for (int pageSize : new int[] {1, 7, 100, 4096}) {
      List<byte[]> pool = new ArrayList<>();
      for (int k = 0; k < 40; k++) {
        byte[] b = new byte[random.nextInt(12)];
        random.nextBytes(b);
        if (k % 3 == 0 && b.length > 2) {
          b[0] = 'p';
          b[1] = 'q';
        }
        pool.add(b);
      }
      int rows = 2_000;
      BinaryValues values = new BinaryValues();
      List<byte[]> expected = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        byte[] b = pool.get(random.nextInt(pool.size()));
        expected.add(b);
        values.append(b, 0, b.length);
      }
      ColumnChunkWriter writer =
          new ColumnChunkWriter(REQUIRED_TEXT, options(1, pageSize, true, 1 << 20));
      writer.write(rows, null, null, values);
      ColumnChunkWriter.Chunk chunk = writer.finish();
      assertTrue(chunk.hasDictionaryPage(), "page size " + pageSize);
      assertTrue(
          chunk.metaData().encodings().contains(Encoding.PLAIN_DICTIONARY),
          chunk.metaData().encodings().toString());
      List<PageLocation> pages = chunk.offsetIndex().pageLocations();
      ColumnIndex index = chunk.columnIndex();
      for (int p = 0; p < pages.size(); p++) {
        int first = (int) pages.get(p).firstRowIndex();
        int end = p + 1 < pages.size() ? (int) pages.get(p + 1).firstRowIndex() : rows;
        List<byte[]> page = expected.subList(first, end);
        assertArrayEquals(
            page.stream().min(Arrays::compareUnsigned).get(),
            index.minValues().get(p).toByteArray(),
            "page " + p + " at page size " + pageSize);
        assertArrayEquals(
            page.stream().max(Arrays::compareUnsigned).get(),
            index.maxValues().get(p).toByteArray(),
            "page " + p + " at page size " + pageSize);
      }
      assertArrayEquals(
          expected.stream().min(Arrays::compareUnsigned).get(),
          chunk.metaData().statistics().minValue().toByteArray());
      assertArrayEquals(
          expected.stream().max(Arrays::compareUnsigned).get(),
          chunk.metaData().statistics().maxValue().toByteArray());
      assertEquals(expected.size(), readBack(REQUIRED_TEXT, chunk, rows).strings().size());
    }
  }

  /**
   * Distinct values: the first page's dictionary would take more room than its values PLAIN, so the
   * chunk is PLAIN from the start and has no dictionary page; repeating values keep it.
   */
  @Test
  void aDictionaryThatDoesNotPayOnTheFirstPageIsDropped() {
    for (boolean repeating : new boolean[] {false, true}) {
      int rows = 5_000;
      BinaryValues values = new BinaryValues();
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        String s = "value-" + (repeating ? i % 20 : i);
        expected.add(s);
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        values.append(b, 0, b.length);
      }
      ColumnChunkWriter writer =
          new ColumnChunkWriter(REQUIRED_TEXT, options(2, 1024, true, 1 << 20));
      writer.write(rows, null, null, values);
      ColumnChunkWriter.Chunk chunk = writer.finish();
      assertEquals(repeating, chunk.hasDictionaryPage());
      assertEquals(
          repeating,
          chunk.metaData().encodings().contains(Encoding.RLE_DICTIONARY),
          chunk.metaData().encodings().toString());
      assertEquals(expected, readBack(REQUIRED_TEXT, chunk, rows).strings());
    }
  }

  @Test
  void v2PagesOfARepeatedColumnCountRowsAndNulls() {
    // Records: [1, null, 2], null, [], [3], each repeated 500 times.
    int[] recordDefs = {3, 2, 3, 0, 1, 3};
    int[] recordReps = {0, 1, 1, 0, 0, 0};
    int[] recordValues = {1, 2, 3};
    int copies = 500;
    int[] defs = new int[recordDefs.length * copies];
    int[] reps = new int[defs.length];
    Int32Values values = new Int32Values();
    for (int c = 0; c < copies; c++) {
      System.arraycopy(recordDefs, 0, defs, c * recordDefs.length, recordDefs.length);
      System.arraycopy(recordReps, 0, reps, c * recordReps.length, recordReps.length);
      for (int v : recordValues) {
        values.add(v + c);
      }
    }
    ColumnChunkWriter writer = new ColumnChunkWriter(LIST_ELEMENT, options(2, 256, false, 0));
    writer.write(defs.length, defs, reps, values);
    ColumnChunkWriter.Chunk chunk = writer.finish();

    assertEquals(defs.length, chunk.metaData().numValues());
    assertEquals(
        3L * copies, chunk.metaData().statistics().nullCount(), "entries below the maximum level");
    List<PageLocation> pages = chunk.offsetIndex().pageLocations();
    assertTrue(pages.size() > 1);
    ReadBack back = readBack(LIST_ELEMENT, chunk, defs.length);
    // Pages hold whole records: the rows each v2 header counts are the offset index's steps.
    for (int p = 0; p < pages.size(); p++) {
      long end = p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : 4L * copies;
      assertEquals(end - pages.get(p).firstRowIndex(), back.pageRows.get(p), "page " + p);
    }
    assertArrayEquals(defs, back.defs);
    assertArrayEquals(reps, back.reps);
    assertArrayEquals(Arrays.copyOf(values.values(), values.size()), back.ints());
    assertEquals(4L * copies, back.rows, "v2 headers count the rows");
  }

  /** The chunk as the codec's reader reads it, and the rows its v2 page headers claim. */
  private static ReadBack readBack(
      ColumnDescriptor column, ColumnChunkWriter.Chunk chunk, int entries) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.write(0);
    out.write(0);
    out.write(0);
    try {
      chunk.writeTo(out);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    byte[] file = out.toByteArray();
    ColumnMetaData meta = chunk.metaData().placedAt(4, chunk.hasDictionaryPage());
    ReadBack back = new ReadBack();
    PageReader counting =
        new PageReader(
            InputFile.of(file), column, meta, new ChunkRange(4, chunk.length()), true, 1 << 20);
    for (Page page = counting.next(); page != null; page = counting.next()) {
      if (page instanceof Page.Data d && d.numRows() != null) {
        back.rows += d.numRows();
        back.pageRows.add((long) d.numRows());
      } else if (page instanceof Page.Dictionary d) {
        back.dictionarySize = d.numValues();
      }
    }
    ColumnReader reader =
        new ColumnReader(
            column,
            new PageReader(
                InputFile.of(file),
                column,
                meta,
                new ChunkRange(4, chunk.length()),
                true,
                1 << 20));
    back.values = DenseValues.forColumn(column);
    back.defs = new int[entries];
    back.reps = new int[entries];
    assertEquals(entries, reader.read(entries, back.defs, back.reps, 0, back.values));
    return back;
  }

  private static final class ReadBack {
    int[] defs;
    int[] reps;
    DenseValues values;
    long rows;
    final List<Long> pageRows = new ArrayList<>();
    int dictionarySize;

    int[] ints() {
      Int32Values v = (Int32Values) values;
      return Arrays.copyOf(v.values(), v.size());
    }

    List<String> strings() {
      BinaryValues b = (BinaryValues) values;
      List<String> out = new ArrayList<>();
      for (int i = 0; i < b.size(); i++) {
        out.add(new String(b.value(i), StandardCharsets.UTF_8));
      }
      return out;
    }
  }
}
