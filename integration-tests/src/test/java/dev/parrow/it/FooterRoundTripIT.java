package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.BloomFilterHeader;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageInfo;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
