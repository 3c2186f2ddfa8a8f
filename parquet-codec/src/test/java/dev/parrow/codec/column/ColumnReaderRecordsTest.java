package dev.parrow.codec.column;

import static dev.parrow.codec.testing.SampleMetadata.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.storage.InputFile;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole records from hand-built v1 pages of {@code optional group a (LIST) { repeated group list {
 * optional int32 element } }} (max definition level 3, max repetition level 1).
 */
class ColumnReaderRecordsTest {
  /** a: optional list of optional int32 (3-level): max definition 3, max repetition 1. */
  private static final ColumnDescriptor COLUMN = SampleMetadata.listOfOptionalInt32();

  /**
   * A v1 data page: repetition levels, definition levels (each a 4-byte length and RLE), PLAIN
   * values.
   */
  private static byte[] page(long numValues, byte[] reps, byte[] defs, int... values) {
    ByteBuffer plain = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (int v : values) {
      plain.putInt(v);
    }
    byte[] body = concat(withLength(reps), withLength(defs), plain.array());
    PageHeader header =
        new PageHeader(
            PageType.DATA_PAGE,
            body.length,
            body.length,
            null,
            new DataPageHeader((int) numValues, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null),
            null,
            null,
            null);
    return concat(ThriftCodec.writePageHeader(header), body);
  }

  /** Repetition levels (max 1: bit width 1). */
  private static byte[] reps(int... levels) {
    return RleBitPackedEncoder.encode(levels, 0, levels.length, 1);
  }

  /** Definition levels (max 3: bit width 2). */
  private static byte[] defs(int... levels) {
    return RleBitPackedEncoder.encode(levels, 0, levels.length, 2);
  }

  private static byte[] withLength(byte[] section) {
    return concat(
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(section.length).array(),
        section);
  }

  /** One RLE run of {@code count} copies of a level of bit width 1 to 8. */
  private static byte[] run(long count, int level) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long header = count << 1;
    while ((header & ~0x7FL) != 0) {
      out.write((int) (header & 0x7F) | 0x80);
      header >>>= 7;
    }
    out.write((int) header);
    out.write(level);
    return out.toByteArray();
  }

  private static ColumnReader reader(long numValues, byte[]... pages) {
    byte[] file = concat(new byte[4], concat(pages));
    ColumnMetaData meta =
        SampleMetadata.plainChunk(
            PhysicalType.INT32, List.of("a", "list", "element"), numValues, file.length - 4, 4);
    PageReader pageReader =
        new PageReader(
            InputFile.of(file), COLUMN, meta, new ChunkRange(4, file.length - 4), true, 1 << 20);
    return new ColumnReader(COLUMN, pageReader);
  }

  private static int[] values(Int32Values v) {
    return Arrays.copyOf(v.values(), v.size());
  }

  @Test
  void aRecordThatSpansPagesIsReadWhole() {
    // Records: [1, 2], null, [3, 4, 5] (split between the pages), [], [6].
    ColumnReader reader =
        reader(
            8,
            page(4, reps(0, 1, 0, 0), defs(3, 3, 0, 3), 1, 2, 3),
            page(4, reps(1, 1, 0, 0), defs(3, 3, 1, 3), 4, 5, 6));
    Levels levels = new Levels(2, 100);
    Int32Values values = new Int32Values();

    assertEquals(2, reader.readRecords(2, levels, values));
    assertArrayEquals(new int[] {0, 1, 0}, Arrays.copyOf(levels.reps(), levels.size()));
    assertArrayEquals(new int[] {3, 3, 0}, Arrays.copyOf(levels.defs(), levels.size()));
    assertArrayEquals(new int[] {1, 2}, values(values));
    assertEquals(2, reader.lastPresent());

    values.clear();
    assertEquals(1, reader.readRecords(1, levels, values));
    assertArrayEquals(new int[] {0, 1, 1}, Arrays.copyOf(levels.reps(), levels.size()));
    assertArrayEquals(new int[] {3, 4, 5}, values(values));

    values.clear();
    assertEquals(2, reader.readRecords(5, levels, values), "the chunk ends after two more records");
    assertArrayEquals(new int[] {1, 3}, Arrays.copyOf(levels.defs(), levels.size()));
    assertArrayEquals(new int[] {6}, values(values));
    assertEquals(0, reader.readRecords(5, levels, values));
  }

  @Test
  void aChunkThatStartsInsideARecordIsAnError() {
    ColumnReader reader = reader(2, page(2, reps(1, 0), defs(3, 3), 1, 2));
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> reader.readRecords(1, new Levels(4, 100), new Int32Values()));
    assertTrue(
        e.getMessage().contains("where a record must start") && e.page() != null, e.getMessage());
  }

  @Test
  void aHostilePageCannotMakeTheReaderAllocateWithoutBound() {
    // Two billion entries in a few bytes: one record start, then null elements forever.
    long huge = 2_000_000_000L;
    ColumnReader reader =
        reader(huge, page(huge, concat(run(1, 0), run(huge - 1, 1)), run(huge, 2)));
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> reader.readRecords(1, new Levels(16, 10_000), new Int32Values()));
    assertTrue(e.getMessage().contains("more than 10000 level entries"), e.getMessage());
  }
}
