package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.types.ArrowSchemaBlob;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing encrypted files, each of the specification's choices, read back by Parrow's reader
 * against the same rows written in plaintext: whole reads, filters with page-index pruning and
 * Bloom filters (the same pages read), plaintext columns of a plaintext-footer file without keys,
 * and wrong keys and AAD prefixes refused. The independent readers (parquet-java, Spark, DuckDB)
 * read these files in the integration tests.
 */
class EncryptedWriteTest {
  private static final byte[] FOOTER_KEY = bytes("0123456789012345");
  private static final byte[] KEY_S = bytes("1234567890123450");
  private static final byte[] KEY_ST = bytes("12345678901234567890123456789012");

  @TempDir static Path dir;
  private static Path plain;

  @BeforeAll
  static void writePlain() throws IOException {
    plain = dir.resolve("plain.parquet");
    ConcurrentReadTest.write(plain, 0, WriteOptions.builder().column("s", c -> c.bloomFilter()));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static Path write(String name, FileEncryption encryption) throws IOException {
    Path file = dir.resolve(name + ".parquet");
    // Parallelism 8: row groups encoded at once, each chunk with its own encryptor (the plaintext
    // file is written by the default writer).
    ConcurrentReadTest.write(
        file,
        0,
        WriteOptions.builder()
            .column("s", c -> c.bloomFilter())
            .encryption(encryption)
            .parallelism(8));
    return file;
  }

  /** The rows a read gives, as text, and the pages it read. */
  private record Read(String rows, long pagesRead) {}

  private static Read read(Path file, FileDecryption keys, Consumer<ReadOptions.Builder> options)
      throws IOException {
    ReadOptions.Builder b = ReadOptions.builder();
    options.accept(b);
    StringBuilder rows = new StringBuilder();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = keys == null ? ParquetFile.open(file) : ParquetFile.open(file, keys);
        ParquetArrowReader reader = parquet.newReader(allocator, b.build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        ValueVectorUtility.validateFull(root);
        rows.append(root.contentToTSVString());
      }
      return new Read(rows.toString(), reader.stats().pagesRead());
    }
  }

  /** Reads the file with the keys as the plaintext file reads: all of it, and filtered. */
  private static void readsAsPlain(Path file, FileDecryption keys) throws IOException {
    assertEquals(read(plain, null, o -> {}), read(file, keys, o -> {}));
    // Row groups in pieces read at once, the nested columns' passed by their encrypted offset
    // indexes (a page a piece boundary falls in is read twice, so only the rows compare).
    assertEquals(
        read(plain, null, o -> o.batchSize(100)).rows(),
        read(file, keys, o -> o.batchSize(100).parallelism(16)).rows());
    // Page-index pruning (id is sorted) and the Bloom filter of s (a value no row has).
    for (String filter : new String[] {"id >= 17000 AND id < 17400", "s = 'k3'", "s = 'nope'"}) {
      Read expected = read(plain, null, o -> o.filter(filter));
      assertEquals(expected, read(file, keys, o -> o.filter(filter)), filter);
    }
    assertEquals(0, read(file, keys, o -> o.filter("s = 'nope'")).pagesRead());
  }

  private static boolean contains(Path file, String text) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
  }

  @Test
  void uniformEncryptionWithEachAlgorithm() throws IOException {
    for (FileEncryption.Algorithm algorithm : FileEncryption.Algorithm.values()) {
      Path file =
          write(
              "uniform-" + algorithm,
              FileEncryption.builder(FOOTER_KEY).algorithm(algorithm).build());
      readsAsPlain(file, FileDecryption.builder().footerKey(FOOTER_KEY).build());
      // Nothing of the values or the schema is left in plaintext.
      assertTrue(contains(plain, "of a text column"));
      assertFalse(contains(file, "of a text column"));
      // The column name as the footer's Thrift holds it (its length byte first): three bytes
      // alone turn up in ciphertext by chance once in a few dozen files.
      assertTrue(contains(plain, "\u0003txt"));
      assertFalse(contains(file, "\u0003txt"));
      assertTrue(contains(plain, ArrowSchemaBlob.KEY));
      assertFalse(contains(file, ArrowSchemaBlob.KEY));
      assertEquals("PARE", new String(Files.readAllBytes(file), 0, 4, StandardCharsets.US_ASCII));
      Exception e =
          assertThrows(
              ParquetFormatException.class,
              () -> read(file, FileDecryption.builder().footerKey(KEY_S).build(), o -> {}));
      assertTrue(e.getMessage().contains("tag"), e.getMessage());
      assertThrows(Exception.class, () -> read(file, null, o -> {}));
    }
  }

  @Test
  void columnKeysWithAnEncryptedFooter() throws IOException {
    Path file =
        write(
            "column-keys",
            FileEncryption.builder(FOOTER_KEY)
                .footerKeyMetadata(bytes("kf"))
                .columnKey("s", KEY_S, bytes("ks"))
                .columnKey("st", KEY_ST, bytes("kst"))
                .build());
    readsAsPlain(
        file,
        FileDecryption.builder()
            .footerKey(FOOTER_KEY)
            .columnKey("s", KEY_S)
            .columnKey("st", KEY_ST)
            .build());
    // The keys found through their metadata, as a KMS-backed retriever finds them.
    readsAsPlain(
        file,
        FileDecryption.builder()
            .keyRetriever(
                m ->
                    switch (new String(m, StandardCharsets.US_ASCII)) {
                      case "kf" -> FOOTER_KEY;
                      case "ks" -> KEY_S;
                      case "kst" -> KEY_ST;
                      default -> null;
                    })
            .build());
    // Without s's key, the other columns still read; s is a clear error.
    FileDecryption footerOnly = FileDecryption.builder().footerKey(FOOTER_KEY).build();
    assertEquals(
        read(plain, null, o -> o.columns("id", "txt", "l")),
        read(file, footerOnly, o -> o.columns("id", "txt", "l")));
    Exception e =
        assertThrows(Exception.class, () -> read(file, footerOnly, o -> o.columns("id", "s")));
    assertTrue(e.getMessage().contains("'s'"), e.getMessage());
    // The plaintext columns are plaintext; a column-key column's metadata is encrypted.
    assertTrue(contains(file, "of a text column"));
    try (ParquetFile parquet = ParquetFile.open(file, footerOnly)) {
      ColumnChunk s = parquet.footer().metaData().rowGroups().get(0).columns().get(1);
      assertTrue(s.encryptedColumnMetadata() != null);
    }
  }

  @Test
  void plaintextFooterLeavesPlaintextColumnsToReadersWithoutKeys() throws IOException {
    for (FileEncryption.Algorithm algorithm : FileEncryption.Algorithm.values()) {
      Path file =
          write(
              "plaintext-footer-" + algorithm,
              FileEncryption.builder(FOOTER_KEY)
                  .algorithm(algorithm)
                  .plaintextFooter(true)
                  .columnKey("s", KEY_S, null)
                  .columnKey("st.b", KEY_ST, null)
                  .build());
      assertEquals("PAR1", new String(Files.readAllBytes(file), 0, 4, StandardCharsets.US_ASCII));
      readsAsPlain(
          file,
          FileDecryption.builder()
              .footerKey(FOOTER_KEY)
              .columnKey("s", KEY_S)
              .columnKey("st.b", KEY_ST)
              .build());
      // No keys at all, the signature unchecked: the plaintext columns read.
      FileDecryption none = FileDecryption.builder().checkFooterSignature(false).build();
      assertEquals(
          read(plain, null, o -> o.columns("id", "txt", "l")),
          read(file, none, o -> o.columns("id", "txt", "l")));
      assertThrows(Exception.class, () -> read(file, none, o -> o.columns("st")));
      // A changed byte of the footer breaks its signature.
      byte[] bytes = Files.readAllBytes(file);
      int footerLength =
          java.nio.ByteBuffer.wrap(bytes, bytes.length - 8, 4)
              .order(java.nio.ByteOrder.LITTLE_ENDIAN)
              .getInt();
      Path tampered = dir.resolve("tampered-" + algorithm + ".parquet");
      int at = bytes.length - 8 - footerLength + footerLength / 2;
      bytes[at] ^= 1;
      Files.write(tampered, bytes);
      assertThrows(
          Exception.class,
          () -> read(tampered, FileDecryption.builder().footerKey(FOOTER_KEY).build(), o -> {}));
    }
  }

  @Test
  void uniformEncryptionUnderAPlaintextFooter() throws IOException {
    Path file =
        write(
            "uniform-plaintext", FileEncryption.builder(FOOTER_KEY).plaintextFooter(true).build());
    readsAsPlain(file, FileDecryption.builder().footerKey(FOOTER_KEY).build());
    // The footer's copy of the metadata tells nothing of the values.
    try (ParquetFile parquet =
        ParquetFile.open(file, FileDecryption.builder().checkFooterSignature(false).build())) {
      for (ColumnChunk c : parquet.footer().metaData().rowGroups().get(0).columns()) {
        assertTrue(c.cryptoMetadata() != null);
      }
    }
  }

  @Test
  void aadPrefixStoredOrSupplied() throws IOException {
    byte[] prefix = bytes("table/part-0");
    Path stored =
        write("aad-stored", FileEncryption.builder(FOOTER_KEY).aadPrefix(prefix, true).build());
    readsAsPlain(stored, FileDecryption.builder().footerKey(FOOTER_KEY).build());
    Path supplied =
        write("aad-supplied", FileEncryption.builder(FOOTER_KEY).aadPrefix(prefix, false).build());
    readsAsPlain(
        supplied, FileDecryption.builder().footerKey(FOOTER_KEY).aadPrefix(prefix).build());
    assertThrows(
        Exception.class,
        () -> read(supplied, FileDecryption.builder().footerKey(FOOTER_KEY).build(), o -> {}));
    assertThrows(
        Exception.class,
        () ->
            read(
                supplied,
                FileDecryption.builder()
                    .footerKey(FOOTER_KEY)
                    .aadPrefix(bytes("table/part-1"))
                    .build(),
                o -> {}));
  }

  @Test
  void keyToolsPropertiesWriteFreshKeysEveryFileReadThroughTheKms() throws IOException {
    java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
    java.util.Map<String, String> properties =
        java.util.Map.of(
            "parquet.encryption.kms.client.class",
            "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS",
            "parquet.encryption.key.list",
            "kf: " + b64.encodeToString(FOOTER_KEY) + ", kc: " + b64.encodeToString(KEY_ST),
            "parquet.encryption.footer.key",
            "kf",
            "parquet.encryption.column.keys",
            "kc:s,st.a");
    for (String doubleWrapping : new String[] {"true", "false"}) {
      java.util.Map<String, String> p = new java.util.HashMap<>(properties);
      p.put("parquet.encryption.double.wrapping", doubleWrapping);
      p.put("parquet.encryption.data.key.length.bits", "256");
      dev.parrow.arrow.crypto.KmsClient kms = dev.parrow.arrow.crypto.KeyTools.kms(p);
      var perFile = dev.parrow.arrow.crypto.KeyTools.encryption(kms, p);
      Path first = dir.resolve("keytools-a-" + doubleWrapping + ".parquet");
      Path second = dir.resolve("keytools-b-" + doubleWrapping + ".parquet");
      for (Path file : new Path[] {first, second}) {
        ConcurrentReadTest.write(
            file,
            0,
            WriteOptions.builder().column("s", c -> c.bloomFilter()).encryptionPerFile(perFile));
        readsAsPlain(file, dev.parrow.arrow.crypto.KeyTools.decryption(kms, file));
      }
      // Each file its own data keys: its columns' key metadata differs.
      try (ParquetFile a =
              ParquetFile.open(first, dev.parrow.arrow.crypto.KeyTools.decryption(kms, first));
          ParquetFile b =
              ParquetFile.open(second, dev.parrow.arrow.crypto.KeyTools.decryption(kms, second))) {
        assertFalse(
            a.footer()
                .metaData()
                .rowGroups()
                .get(0)
                .columns()
                .get(1)
                .cryptoMetadata()
                .equals(
                    b.footer().metaData().rowGroups().get(0).columns().get(1).cryptoMetadata()));
      }
      // Key material never holds a key in the clear.
      assertFalse(contains(first, b64.encodeToString(FOOTER_KEY)));
    }
    // Key material kept beside the file, as parquet-java's external key material.
    java.util.Map<String, String> external = new java.util.HashMap<>(properties);
    external.put("parquet.encryption.key.material.store.internally", "false");
    dev.parrow.arrow.crypto.KmsClient kms = dev.parrow.arrow.crypto.KeyTools.kms(external);
    var perFile = dev.parrow.arrow.crypto.KeyTools.encryption(kms, external);
    Path file = dir.resolve("keytools-external.parquet");
    ConcurrentReadTest.write(
        file,
        0,
        WriteOptions.builder().column("s", c -> c.bloomFilter()).encryptionPerFile(perFile));
    Path material = dir.resolve("_KEY_MATERIAL_FOR_keytools-external.parquet.json");
    assertTrue(Files.exists(material));
    assertTrue(Files.readString(material).contains("wrappedDEK"));
    assertFalse(contains(file, "wrappedDEK"));
    readsAsPlain(file, dev.parrow.arrow.crypto.KeyTools.decryption(kms, file));
    // Without its material the file's keys are not found.
    Path moved = dir.resolve("moved");
    Files.createDirectories(moved);
    Files.copy(file, moved.resolve(file.getFileName()));
    Exception missing =
        assertThrows(
            Exception.class,
            () ->
                ParquetFile.open(
                        moved.resolve(file.getFileName()),
                        dev.parrow.arrow.crypto.KeyTools.decryption(
                            kms, moved.resolve(file.getFileName())))
                    .close());
    assertTrue(missing.getMessage().contains("_KEY_MATERIAL_FOR_"), missing.getMessage());
    // An existing file is not overwritten with material beside it (its own would be replaced
    // first).
    byte[] before = Files.readAllBytes(file);
    Exception overwrite =
        assertThrows(
            UnsupportedOperationException.class,
            () ->
                ConcurrentReadTest.write(
                    file, 0, WriteOptions.builder().encryptionPerFile(perFile)));
    assertTrue(overwrite.getMessage().contains("overwrite"), overwrite.getMessage());
    assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(file)));
    // A failed write leaves neither the file nor its material.
    Path failed = dir.resolve("keytools-failed.parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              failed, plainSchema(), WriteOptions.builder().encryptionPerFile(perFile).build());
      writer.abort();
    }
    assertFalse(Files.exists(failed));
    assertFalse(Files.exists(dir.resolve("_KEY_MATERIAL_FOR_keytools-failed.parquet.json")));
  }

  @Test
  void aColumnKeyNamingNoColumnIsRefusedBeforeAnythingIsWritten() {
    Path file = dir.resolve("refused.parquet");
    Exception e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                write(
                    "refused",
                    FileEncryption.builder(FOOTER_KEY).columnKey("nope", KEY_S, null).build()));
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void appendsContinueAFilesEncryption() throws IOException {
    Path plainTwice = dir.resolve("plain-appended.parquet");
    Files.copy(plain, plainTwice, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    ConcurrentReadTest.append(plainTwice, 20_000, WriteOptions.builder());
    Read expected = read(plainTwice, null, o -> {});
    for (FileEncryption encryption :
        new FileEncryption[] {
          FileEncryption.builder(FOOTER_KEY).build(),
          FileEncryption.builder(FOOTER_KEY)
              .algorithm(FileEncryption.Algorithm.AES_GCM_CTR_V1)
              .plaintextFooter(true)
              .columnKey("s", KEY_S, bytes("ks"))
              .columnKey("st", KEY_ST, null)
              .aadPrefix(bytes("t"), false)
              .build()
        }) {
      FileDecryption.Builder keyBuilder =
          FileDecryption.builder()
              .footerKey(FOOTER_KEY)
              .columnKey("s", KEY_S)
              .columnKey("st", KEY_ST);
      if (encryption.plaintextFooter()) {
        keyBuilder.aadPrefix(bytes("t"));
      }
      FileDecryption keys = keyBuilder.build();
      Path file = write("append-" + encryption.plaintextFooter(), encryption);
      byte[] before = Files.readAllBytes(file);
      // Without the keys, or with new encryption, or short of a column's key: refused, the file
      // as it was.
      Exception noKeys =
          assertThrows(
              Exception.class,
              () -> ConcurrentReadTest.append(file, 20_000, WriteOptions.builder()));
      assertTrue(noKeys.getMessage().contains("encrypted"), noKeys.getMessage());
      Exception newEncryption =
          assertThrows(
              UnsupportedOperationException.class,
              () ->
                  ConcurrentReadTest.append(
                      file,
                      20_000,
                      WriteOptions.builder().appendKeys(keys).encryption(encryption)));
      assertTrue(newEncryption.getMessage().contains("encrypted as the file is"));
      if (encryption.plaintextFooter()) {
        Exception shortOfKeys =
            assertThrows(
                UnsupportedOperationException.class,
                () ->
                    ConcurrentReadTest.append(
                        file,
                        20_000,
                        WriteOptions.builder()
                            .appendKeys(
                                FileDecryption.builder()
                                    .footerKey(FOOTER_KEY)
                                    .columnKey("s", KEY_S)
                                    .aadPrefix(bytes("t"))
                                    .build())));
        assertTrue(shortOfKeys.getMessage().contains("'st."), shortOfKeys.getMessage());
      }
      assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(file)));
      // With the keys: the new row groups encrypted as the old ones, one file.
      ConcurrentReadTest.append(file, 20_000, WriteOptions.builder().appendKeys(keys));
      assertEquals(expected, read(file, keys, o -> {}));
      assertEquals(
          read(plainTwice, null, o -> o.filter("s = 'k3' AND id > 19000")),
          read(file, keys, o -> o.filter("s = 'k3' AND id > 19000")));
      assertFalse(contains(file, "of a text column") && !encryption.plaintextFooter());
    }
  }

  private static org.apache.arrow.vector.types.pojo.Schema plainSchema() throws IOException {
    try (ParquetFile parquet = ParquetFile.open(plain)) {
      return parquet.arrowSchema();
    }
  }
}
