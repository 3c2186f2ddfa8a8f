package dev.parrow.codec.footer;

import static dev.parrow.codec.testing.SampleMetadata.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnCryptoMetaData;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.EncryptionAlgorithm;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FooterReaderTest {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private static byte[] file(FileMetaData meta, int dataBytes) {
    return concat(MAGIC, new byte[dataBytes], FooterWriter.encode(meta));
  }

  private static ParquetFormatException fails(byte[] bytes) {
    return assertThrows(ParquetFormatException.class, () -> FooterReader.read(InputFile.of(bytes)));
  }

  @Test
  void readsWhatTheWriterWrote() throws IOException {
    FileMetaData meta = SampleMetadata.minimal(3);
    Footer footer = FooterReader.read(InputFile.of(file(meta, 10)));
    assertEquals(meta, footer.metaData());
    assertEquals(3, footer.schema().columnCount());
    assertEquals(14, footer.metadataOffset());
  }

  @Test
  void readsFootersLargerThanTheSpeculativeTailRead(@TempDir Path dir) throws IOException {
    FileMetaData meta = SampleMetadata.minimal(20_000);
    byte[] bytes = file(meta, 100);
    assertTrue(bytes.length > FooterReader.TAIL_READ);
    Path path = dir.resolve("wide.parquet");
    Files.write(path, bytes);
    try (InputFile in = InputFile.of(path)) {
      Footer footer = FooterReader.read(in);
      assertEquals(20_000, footer.schema().columnCount());
      assertEquals(path.toString(), footer.fileName());
    }
  }

  @Test
  void rejectsFilesTooShortOrWithoutMagic() {
    ParquetFormatException shortFile = fails(new byte[] {'P', 'A', 'R', '1'});
    assertTrue(shortFile.getMessage().contains("shorter"), shortFile.getMessage());
    byte[] good = file(SampleMetadata.minimal(1), 0);

    byte[] badEnd = good.clone();
    badEnd[badEnd.length - 1] = 'X';
    assertTrue(fails(badEnd).getMessage().contains("no PAR1 magic at the end"));

    byte[] badStart = good.clone();
    badStart[0] = 'X';
    assertTrue(fails(badStart).getMessage().contains("no PAR1 magic at the start"));
  }

  @Test
  void namesTheFileInEveryError() {
    byte[] bytes = "definitely not parquet".getBytes(StandardCharsets.US_ASCII);
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> FooterReader.read(InputFile.of(ByteBuffer.wrap(bytes), "memo.txt")));
    assertEquals("memo.txt", e.file());
    assertTrue(e.getMessage().startsWith("memo.txt: not a Parquet file"), e.getMessage());
  }

  @Test
  void rejectsFooterLengthsThatDoNotFit() {
    byte[] good = file(SampleMetadata.minimal(1), 0);
    for (int length : new int[] {0, -1, Integer.MAX_VALUE, good.length}) {
      byte[] bad = good.clone();
      ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(bad.length - 8, length);
      ParquetFormatException e = fails(bad);
      assertTrue(e.getMessage().contains("footer length"), e.getMessage());
    }
  }

  @Test
  void rejectsEncryptedFilesWithoutKeysClearly() {
    byte[] good = file(SampleMetadata.minimal(1), 0);
    byte[] pare = good.clone();
    System.arraycopy("PARE".getBytes(StandardCharsets.US_ASCII), 0, pare, pare.length - 4, 4);
    // One end encrypted, the other not: not a file any writer makes.
    assertTrue(fails(pare).getMessage().contains("differ"), fails(pare).getMessage());

    FileMetaData m = SampleMetadata.minimal(1);
    FileMetaData plaintextFooter =
        new FileMetaData(
            m.version(),
            m.schema(),
            m.numRows(),
            m.rowGroups(),
            null,
            null,
            null,
            new EncryptionAlgorithm(1, null, null, null),
            null);
    // Encrypted columns under a plaintext footer: the keys are asked for.
    assertTrue(
        fails(file(plaintextFooter, 0)).getMessage().contains("give their keys"),
        fails(file(plaintextFooter, 0)).getMessage());

    ColumnChunk encryptedChunk =
        new ColumnChunk(
            null,
            0,
            chunkMeta(),
            null,
            null,
            null,
            null,
            new ColumnCryptoMetaData.WithFooterKey(),
            null);
    FileMetaData withCrypto =
        new FileMetaData(
            1,
            m.schema(),
            1,
            List.of(new RowGroup(List.of(encryptedChunk), 10, 1, null, null, null, null)),
            null,
            null,
            null,
            null,
            null);
    // Encrypted chunks in a file that names no algorithm.
    assertTrue(
        fails(file(withCrypto, 10)).getMessage().contains("names no encryption algorithm"),
        fails(file(withCrypto, 10)).getMessage());
  }

  @Test
  void rejectsRowGroupsThatDoNotMatchTheSchema() {
    FileMetaData m = SampleMetadata.minimal(2);
    ColumnChunk chunk = new ColumnChunk(null, 0, chunkMeta(), null, null, null, null, null, null);
    FileMetaData oneChunk =
        new FileMetaData(
            1,
            m.schema(),
            1,
            List.of(new RowGroup(List.of(chunk), 10, 1, null, null, null, null)),
            null,
            null,
            null,
            null,
            null);
    ParquetFormatException e = fails(file(oneChunk, 10));
    assertEquals(0, e.rowGroup());
    assertTrue(e.getMessage().contains("1 column chunks but the schema has 2"), e.getMessage());

    FileMetaData negativeRows =
        new FileMetaData(1, m.schema(), -5, List.of(), null, null, null, null, null);
    assertTrue(fails(file(negativeRows, 0)).getMessage().contains("negative row count"));
  }

  @Test
  void corruptFootersFailOnlyWithFormatErrors() {
    byte[] good = file(SampleMetadata.full(), 0);
    java.util.Random random = new java.util.Random(7);
    for (int trial = 0; trial < 1000; trial++) {
      byte[] bad = good.clone();
      int at = 4 + random.nextInt(bad.length - 12);
      bad[at] = (byte) random.nextInt(256);
      try {
        FooterReader.read(InputFile.of(bad));
      } catch (ParquetFormatException expected) {
        // fine
      } catch (Throwable t) {
        throw new AssertionError("trial " + trial + " byte " + at + ": " + t, t);
      }
    }
  }

  private static ColumnMetaData chunkMeta() {
    return SampleMetadata.plainChunk(PhysicalType.INT32, List.of("c0"), 1, 10, 4);
  }
}
