package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.BloomFilterHeader;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageInfo;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * For every readable corpus file: footer, page headers, column and offset indexes and bloom filter
 * headers read -> write -> read to equal records, and the re-encoding is stable.
 */
class FooterRoundTripIT {

  @TestFactory
  Stream<DynamicTest> everyReadableCorpusFile() {
    return Corpus.allParquetFiles().stream()
        .filter(f -> !Corpus.isEncrypted(f))
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> roundTrip(f)));
  }

  /**
   * Writers may leave out each chunk's {@code path_in_schema} (arrow-rs can, for parquet-format's
   * proposal 563; parquet-testing's no_path_in_schema): every readable corpus file reads to the
   * same values without them.
   */
  @TestFactory
  Stream<DynamicTest> everyReadableCorpusFileWithoutItsPaths() {
    return Corpus.allParquetFiles().stream()
        .filter(f -> !Corpus.isEncrypted(f) && !Corpus.isBadData(f))
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> withoutPaths(f)));
  }

  private static void withoutPaths(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    FileMetaData meta = Footers.read(bytes);
    List<RowGroup> groups = new ArrayList<>();
    for (RowGroup g : meta.rowGroups()) {
      groups.add(g.withColumns(g.columns().stream().map(FooterRoundTripIT::pathless).toList()));
    }
    Path pathless = Files.createTempFile("pathless", ".parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      Files.write(pathless, Footers.replace(bytes, meta.withRowGroups(groups)));
      ReadOptions options = ReadOptions.builder().verifyCrc(false).build();
      Columns expected;
      try {
        expected = CorpusReadIT.readWithParrow(file, allocator, options);
      } catch (ParquetFormatException e) {
        return; // Files the reader refuses are the corpus tests' business.
      }
      Columns actual = CorpusReadIT.readWithParrow(pathless, allocator, options);
      assertEquals(expected.values, actual.values);
    } finally {
      Files.deleteIfExists(pathless);
    }
  }

  private static ColumnChunk pathless(ColumnChunk chunk) {
    var m = chunk.metaData();
    if (m == null) {
      return chunk;
    }
    return chunk.withMetaData(
        new ColumnMetaData(
            m.type(),
            m.encodings(),
            List.of(),
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
            m.sizeStatistics(),
            m.geospatialStatistics()));
  }

  private static void roundTrip(Path file) throws Exception {
    Inspection inspection;
    try {
      inspection = Inspection.of(file);
    } catch (ParquetFormatException e) {
      // Only malformed files get here (CorpusInspectionIT checks which); their footers may still
      // parse.
      assertTrue(Corpus.isBadData(file), e.getMessage());
      return;
    }
    FileMetaData original = inspection.footer().metaData();
    byte[] encoded = ThriftCodec.writeFileMetaData(original);
    FileMetaData again = ThriftCodec.readFileMetaData(ByteBuffer.wrap(encoded));
    assertEquals(original, again);
    assertArrayEquals(encoded, ThriftCodec.writeFileMetaData(again));

    // The whole footer, as a file would end, parses back through the footer reader too.
    byte[] tail = FooterWriter.encode(original);
    byte[] asFile = new byte[4 + tail.length];
    System.arraycopy("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, asFile, 0, 4);
    System.arraycopy(tail, 0, asFile, 4, tail.length);
    assertEquals(original, FooterReader.read(InputFile.of(asFile)).metaData());

    for (List<List<PageInfo>> group : inspection.pages()) {
      for (List<PageInfo> chunk : group) {
        for (PageInfo page : chunk) {
          PageHeader header = page.header();
          assertEquals(
              header,
              ThriftCodec.readPageHeader(ByteBuffer.wrap(ThriftCodec.writePageHeader(header))));
        }
      }
    }
    try (InputFile in = InputFile.of(file)) {
      for (RowGroup group : original.rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          roundTripIndexes(in, chunk);
        }
      }
    }
  }

  private static void roundTripIndexes(InputFile in, ColumnChunk chunk) throws Exception {
    if (chunk.columnIndexOffset() != null && chunk.columnIndexLength() != null) {
      ColumnIndex index =
          ThriftCodec.readColumnIndex(
              in.read(chunk.columnIndexOffset(), chunk.columnIndexLength()));
      assertEquals(
          index, ThriftCodec.readColumnIndex(ByteBuffer.wrap(ThriftCodec.writeColumnIndex(index))));
    }
    if (chunk.offsetIndexOffset() != null && chunk.offsetIndexLength() != null) {
      OffsetIndex index =
          ThriftCodec.readOffsetIndex(
              in.read(chunk.offsetIndexOffset(), chunk.offsetIndexLength()));
      assertEquals(
          index, ThriftCodec.readOffsetIndex(ByteBuffer.wrap(ThriftCodec.writeOffsetIndex(index))));
      assertTrue(index.pageLocations().size() > 0 || chunk.metaData().numValues() == 0);
    }
    Long bloomOffset = chunk.metaData().bloomFilterOffset();
    if (bloomOffset != null) {
      int length =
          chunk.metaData().bloomFilterLength() != null
              ? chunk.metaData().bloomFilterLength()
              : (int) Math.min(256, in.length() - bloomOffset);
      ByteBuffer bytes = in.read(bloomOffset, length);
      BloomFilterHeader header = ThriftCodec.readBloomFilterHeader(bytes);
      assertTrue(header.numBytes() > 0);
      assertEquals(
          header,
          ThriftCodec.readBloomFilterHeader(
              ByteBuffer.wrap(ThriftCodec.writeBloomFilterHeader(header))));
    }
  }
}
