package dev.parrow.codec.thrift;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.BloomFilterHeader;
import dev.parrow.codec.metadata.BoundaryOrder;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.DictionaryPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.IndexPageHeader;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.testing.SampleMetadata;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ThriftCodecTest {

  @Test
  void fileMetaDataRoundTripsWithEveryFieldSet() {
    FileMetaData original = SampleMetadata.full();
    byte[] encoded = ThriftCodec.writeFileMetaData(original);
    ByteBuffer buffer = ByteBuffer.wrap(encoded);
    FileMetaData decoded = ThriftCodec.readFileMetaData(buffer);
    assertEquals(original, decoded);
    assertEquals(encoded.length, buffer.position(), "the whole struct is consumed");
    assertArrayEquals(
        encoded, ThriftCodec.writeFileMetaData(decoded), "re-encoding is byte-identical");
  }

  /**
   * A writer may leave a chunk's path_in_schema out (chunks are matched to leaves by place): the
   * footer reads with an empty path, and is written back without one.
   */
  @Test
  void aChunkWithoutItsPathReadsAndIsWrittenWithoutOne() {
    FileMetaData full = SampleMetadata.full();
    List<RowGroup> groups = new java.util.ArrayList<>();
    for (RowGroup g : full.rowGroups()) {
      groups.add(
          g.withColumns(
              g.columns().stream()
                  .map(c -> c.withMetaData(SampleMetadata.fullColumnMetaData(List.of())))
                  .toList()));
    }
    FileMetaData pathless = full.withRowGroups(groups);
    byte[] encoded = ThriftCodec.writeFileMetaData(pathless);
    byte[] withPaths = ThriftCodec.writeFileMetaData(full);
    assertTrue(encoded.length < withPaths.length, "no path written");
    FileMetaData decoded = ThriftCodec.readFileMetaData(ByteBuffer.wrap(encoded));
    assertEquals(pathless, decoded);
    assertEquals(List.of(), decoded.rowGroups().get(1).columns().get(2).metaData().pathInSchema());
    assertArrayEquals(encoded, ThriftCodec.writeFileMetaData(decoded));
  }

  @Test
  void everyLogicalTypeMemberKeepsItsIdentity() {
    List<SchemaElement> schema =
        ThriftCodec.readFileMetaData(
                ByteBuffer.wrap(ThriftCodec.writeFileMetaData(SampleMetadata.full())))
            .schema();
    List<LogicalType> expected = SampleMetadata.everyLogicalType();
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), schema.get(i + 1).logicalType());
    }
  }

  @Test
  void unknownFieldsAreSkippedAtEveryLevel() {
    // A SchemaElement with extra fields of every Thrift type, including nested containers.
    ThriftWriter w = new ThriftWriter();
    w.beginStruct();
    w.i32(1, 1); // version
    w.structList(
        2,
        List.of(0, 1),
        (ww, i) -> {
          ww.beginStruct();
          if (i == 1) {
            ww.i32(1, 1); // INT32
            ww.i32(3, 0); // REQUIRED
          }
          ww.string(4, i == 0 ? "root" : "x");
          if (i == 0) {
            ww.i32(5, 1);
          }
          ww.dbl(40, 1.5);
          ww.binary(41, Bytes.of(new byte[] {1, 2}));
          ww.i64List(42, List.of(1L, 2L));
          ww.struct(
              43,
              "nested",
              (www, s) -> {
                www.beginStruct();
                www.stringList(1, List.of(s, s));
                www.boolList(2, List.of(true, false));
                www.struct(
                    3,
                    s,
                    (w4, s4) -> {
                      w4.beginStruct();
                      w4.bool(9, true);
                      w4.endStruct();
                    });
                www.endStruct();
              });
          ww.i8(44, (byte) 3);
          ww.i16(45, (short) 300);
          ww.endStruct();
        });
    w.i64(3, 0L);
    w.structList(4, List.<Integer>of(), (ww, x) -> {});
    w.string(99, "a field from the future");
    w.endStruct();
    FileMetaData m = ThriftCodec.readFileMetaData(ByteBuffer.wrap(w.toByteArray()));
    assertEquals(2, m.schema().size());
    assertEquals("x", m.schema().get(1).name());
    assertEquals(dev.parrow.codec.metadata.PhysicalType.INT32, m.schema().get(1).type());
  }

  @Test
  void aFieldOfTheWrongWireTypeReadsAsAbsent() {
    // A dictionary page header whose num_values is a string instead of an i32.
    ThriftWriter w = new ThriftWriter();
    w.beginStruct();
    w.enumValue(1, PageType.DICTIONARY_PAGE, PageType::thriftValue);
    w.i32(2, 10);
    w.i32(3, 10);
    w.struct(
        7,
        "dictionary",
        (ww, ignored) -> {
          ww.beginStruct();
          ww.string(1, "not a number");
          ww.enumValue(2, Encoding.PLAIN, Encoding::thriftValue);
          ww.endStruct();
        });
    w.endStruct();
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> ThriftCodec.readPageHeader(ByteBuffer.wrap(w.toByteArray())));
    assertTrue(e.getMessage().contains("num_values"), e.getMessage());
  }

  @Test
  void pageHeadersOfEveryTypeRoundTrip() {
    List<PageHeader> headers =
        List.of(
            new PageHeader(
                PageType.DATA_PAGE,
                100,
                80,
                12345,
                new DataPageHeader(
                    10,
                    Encoding.PLAIN,
                    Encoding.RLE,
                    Encoding.BIT_PACKED,
                    SampleMetadata.fullStatistics()),
                null,
                null,
                null),
            new PageHeader(
                PageType.DICTIONARY_PAGE,
                50,
                50,
                null,
                null,
                null,
                new DictionaryPageHeader(5, Encoding.PLAIN_DICTIONARY, true),
                null),
            new PageHeader(
                PageType.DATA_PAGE_V2,
                70,
                60,
                -1,
                null,
                null,
                null,
                new DataPageHeaderV2(10, 2, 9, Encoding.DELTA_BINARY_PACKED, 3, 4, false, null)),
            new PageHeader(
                PageType.DATA_PAGE_V2,
                70,
                60,
                null,
                null,
                null,
                null,
                new DataPageHeaderV2(
                    10,
                    0,
                    10,
                    Encoding.BYTE_STREAM_SPLIT,
                    0,
                    0,
                    null,
                    SampleMetadata.fullStatistics())),
            new PageHeader(
                PageType.INDEX_PAGE, 0, 0, null, null, new IndexPageHeader(), null, null));
    for (PageHeader h : headers) {
      byte[] encoded = ThriftCodec.writePageHeader(h);
      // Page data follows the header: reading must stop at the header's end.
      ByteBuffer buffer = ByteBuffer.wrap(SampleMetadata.concat(encoded, new byte[] {7, 7, 7}));
      assertEquals(h, ThriftCodec.readPageHeader(buffer));
      assertEquals(encoded.length, buffer.position());
    }
    assertTrue(headers.get(2).dataPageHeaderV2().valuesCompressed() == false);
    assertTrue(headers.get(3).dataPageHeaderV2().valuesCompressed());
  }

  @Test
  void pageIndexAndBloomFilterHeadersRoundTrip() {
    ColumnIndex columnIndex =
        new ColumnIndex(
            List.of(false, true),
            List.of(Bytes.of(new byte[] {1}), Bytes.EMPTY),
            List.of(Bytes.of(new byte[] {9}), Bytes.EMPTY),
            BoundaryOrder.ASCENDING,
            List.of(0L, 5L),
            List.of(1L, 2L),
            List.of(3L, 4L),
            List.of(0L, 0L));
    assertEquals(
        columnIndex,
        ThriftCodec.readColumnIndex(ByteBuffer.wrap(ThriftCodec.writeColumnIndex(columnIndex))));
    ColumnIndex sparse =
        new ColumnIndex(
            List.of(), List.of(), List.of(), BoundaryOrder.UNORDERED, null, null, null, null);
    assertEquals(
        sparse, ThriftCodec.readColumnIndex(ByteBuffer.wrap(ThriftCodec.writeColumnIndex(sparse))));

    OffsetIndex offsetIndex =
        new OffsetIndex(
            List.of(new PageLocation(4, 100, 0), new PageLocation(104, 90, 1000)),
            List.of(10L, 20L));
    assertEquals(
        offsetIndex,
        ThriftCodec.readOffsetIndex(ByteBuffer.wrap(ThriftCodec.writeOffsetIndex(offsetIndex))));

    BloomFilterHeader bloom =
        new BloomFilterHeader(
            1024,
            BloomFilterHeader.BLOCK,
            BloomFilterHeader.XXHASH,
            BloomFilterHeader.UNCOMPRESSED);
    BloomFilterHeader decoded =
        ThriftCodec.readBloomFilterHeader(
            ByteBuffer.wrap(ThriftCodec.writeBloomFilterHeader(bloom)));
    assertEquals(bloom, decoded);
    assertTrue(decoded.isSupported());
  }

  @Test
  void anUnknownConvertedTypeIsDroppedAndAnUnknownPhysicalTypeIsAnError() {
    ThriftWriter w = new ThriftWriter();
    w.beginStruct();
    w.i32(1, 1);
    w.i32(3, 0);
    w.string(4, "x");
    w.i32(6, 77); // no such converted type
    w.endStruct();
    SchemaElement e =
        SchemaCodec.readSchemaElement(new ThriftReader(w.toByteArray(), 0, w.toByteArray().length));
    assertNull(e.convertedType());

    ThriftWriter bad = new ThriftWriter();
    bad.beginStruct();
    bad.i32(1, 12); // no such physical type
    bad.string(4, "x");
    bad.endStruct();
    byte[] bytes = bad.toByteArray();
    ParquetFormatException ex =
        assertThrows(
            ParquetFormatException.class,
            () -> SchemaCodec.readSchemaElement(new ThriftReader(bytes, 0, bytes.length)));
    assertTrue(ex.getMessage().contains("unknown physical type 12"), ex.getMessage());
  }

  @Test
  void aListLongerThanTheRemainingBytesIsRejectedBeforeAllocation() {
    // FileMetaData { 2: list<struct> of 2^31-1 elements } and nothing else.
    byte[] hostile = {
      0x19, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0x00
    };
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> ThriftCodec.readFileMetaData(ByteBuffer.wrap(hostile)));
    // Either libthrift's container limit or our own remaining-bytes check stops it first.
    assertTrue(
        e.getMessage().contains("list") || e.getMessage().contains("Length exceeded"),
        e.getMessage());
  }

  @Test
  void deeplyNestedUnknownStructsAreRejectedWithoutStackOverflow() {
    // Field 99 of FileMetaData holds struct { 1: struct { 1: struct { ... } } } 100,000 levels
    // deep.
    int depth = 100_000;
    byte[] bytes = new byte[3 + depth + depth + 1];
    int at = 0;
    bytes[at++] = 0x0C; // long-form field header: type STRUCT
    bytes[at++] = (byte) 0xC6; // zigzag varint of field id 99
    bytes[at++] = 0x01;
    for (int i = 0; i < depth; i++) {
      bytes[at++] = 0x1C; // delta 1, type STRUCT
    }
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> ThriftCodec.readFileMetaData(ByteBuffer.wrap(bytes)));
    assertTrue(e.getMessage().contains("nested"), e.getMessage());
  }

  @Test
  void truncatedMetadataIsAFormatError() {
    byte[] encoded = ThriftCodec.writeFileMetaData(SampleMetadata.full());
    for (int length = 0; length < encoded.length; length += Math.max(1, encoded.length / 97)) {
      byte[] truncated = java.util.Arrays.copyOf(encoded, length);
      assertThrows(
          ParquetFormatException.class,
          () -> ThriftCodec.readFileMetaData(ByteBuffer.wrap(truncated)),
          "truncated at " + length);
    }
  }

  @Test
  void randomlyCorruptedMetadataFailsOnlyWithFormatErrors() {
    byte[] encoded = ThriftCodec.writeFileMetaData(SampleMetadata.full());
    Random random = new Random(42);
    int parsed = 0;
    for (int trial = 0; trial < 3000; trial++) {
      byte[] corrupt = encoded.clone();
      int flips = 1 + random.nextInt(4);
      for (int i = 0; i < flips; i++) {
        corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
      }
      try {
        ThriftCodec.readFileMetaData(ByteBuffer.wrap(corrupt));
        parsed++;
      } catch (ParquetFormatException expected) {
        // the only acceptable failure
      } catch (Throwable t) {
        fail("trial " + trial + " failed with " + t, t);
      }
    }
    // Some corruptions land in values (names, numbers) and still parse: both outcomes must occur.
    assertTrue(parsed > 0 && parsed < 3000, "parsed " + parsed);
  }
}
