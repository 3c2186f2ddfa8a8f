package dev.parrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The Thrift structures a file holds, fed to their readers as raw bytes: the footer (read the way
 * {@link ParquetFile#open} does, schema, hint and projection included) and the page header, column
 * index, offset index and bloom filter header. Seeds: each structure as Parrow's fixtures hold it
 * ({@code FuzzSeeds}).
 */
class MetadataFuzzTest {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** The bytes as the footer of a file that has nothing else: every schema and hint check runs. */
  @FuzzTest
  void footer(byte[] thrift) throws Exception {
    ByteBuffer file = ByteBuffer.allocate(thrift.length + 12).order(ByteOrder.LITTLE_ENDIAN);
    file.put(MAGIC).put(thrift).putInt(thrift.length).put(MAGIC).flip();
    try (ParquetFile parquet = ParquetFile.open(InputFile.of(file, FuzzChecks.NAME))) {
      parquet.describe();
      parquet.arrowSchema(ReadOptions.builder().types(t -> t.useArrowSchemaHint(false)).build());
      if (parquet.parquetSchema().columnCount() > 0) {
        parquet.arrowSchema(ReadOptions.builder().columnIndices(0).build());
      }
    } catch (ParquetFormatException e) {
      FuzzChecks.assertNamesFile(e);
    }
  }

  /**
   * The bytes as the plaintext footer of an encrypted file that has nothing else, opened with the
   * encrypted seeds' keys (found by key metadata) and its signature unchecked: the algorithm, the
   * columns' crypto metadata, their encrypted metadata and key metadata are read.
   */
  @FuzzTest
  void plaintextFooter(byte[] thrift) throws Exception {
    int signature = 28;
    ByteBuffer file =
        ByteBuffer.allocate(thrift.length + signature + 12).order(ByteOrder.LITTLE_ENDIAN);
    file.put(MAGIC).put(thrift).put(new byte[signature]);
    file.putInt(thrift.length + signature).put(MAGIC).flip();
    dev.parrow.codec.crypto.FileDecryption keys =
        dev.parrow.codec.crypto.FileDecryption.builder()
            .keyRetriever(
                m ->
                    switch (new String(m, StandardCharsets.ISO_8859_1)) {
                      case "kf" -> dev.parrow.it.FuzzSeeds.FOOTER_KEY;
                      case "kc" -> dev.parrow.it.FuzzSeeds.COLUMN_KEY;
                      default -> null;
                    })
            .checkFooterSignature(false)
            .build();
    try (ParquetFile parquet = ParquetFile.open(InputFile.of(file, FuzzChecks.NAME), keys)) {
      parquet.describe();
      parquet.arrowSchema(ReadOptions.defaults());
    } catch (ParquetFormatException e) {
      FuzzChecks.assertNamesFile(e);
    }
  }

  /** The first byte picks the structure; the rest is its encoding. */
  @FuzzTest
  void pageStructures(byte[] input) {
    if (input.length == 0) {
      return;
    }
    ByteBuffer bytes = ByteBuffer.wrap(Arrays.copyOfRange(input, 1, input.length));
    try {
      switch (input[0] & 3) {
        case 0 -> ThriftCodec.readPageHeader(bytes);
        case 1 -> ThriftCodec.readColumnIndex(bytes);
        case 2 -> ThriftCodec.readOffsetIndex(bytes);
        default -> ThriftCodec.readBloomFilterHeader(bytes);
      }
    } catch (ParquetFormatException expected) {
      // The codec has no file to name; the reader adds it (WholeFileFuzzTest checks that).
    }
  }
}
