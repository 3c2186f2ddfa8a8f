package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileDecryption;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet Modular Encryption, read: the encrypted files of parquet-testing (parquet-java wrote
 * them: AES_GCM_V1 and AES_GCM_CTR_V1, 128 and 256-bit keys, encrypted and signed plaintext
 * footers, per-column keys, AAD prefixes stored and not, Bloom filters and page indexes) read with
 * the keys their README gives, every value the one their writer's generator made (Arrow C++'s
 * read-configurations test checks the same); a column without its key left out or named in the
 * error; wrong keys, a missing or wrong AAD prefix, and a changed byte refused with a
 * ParquetFormatException naming the file (and the column, row group and page).
 */
class EncryptionIT {
  @TempDir Path dir;

  private static final String[] COLUMNS = {
    "double_field",
    "float_field",
    "boolean_field",
    "int32_field",
    "ba_field",
    "flba_field",
    "int64_field",
    "int96_field"
  };

  private static byte[] ascii(String key) {
    return key.getBytes(StandardCharsets.US_ASCII);
  }

  /** The README's keys: AES-128 for data/, AES-256 (a key for every column) for data/aes256/. */
  private static FileDecryption.Builder keys(Path file) {
    FileDecryption.Builder b = FileDecryption.builder();
    if (file.getParent().getFileName().toString().equals("aes256")) {
      b.footerKey(ascii("01234567890123456789012345678901"));
      for (int i = 0; i < COLUMNS.length; i++) {
        b.columnKey(COLUMNS[i], ascii("1234567890123456789012345678901" + (i + 2)));
      }
    } else {
      b.footerKey(ascii("0123456789012345"))
          .columnKey("double_field", ascii("1234567890123450"))
          .columnKey("float_field", ascii("1234567890123451"));
    }
    String name = file.getFileName().toString();
    if (name.contains("_aad") || name.contains("disable_aad_storage")) {
      b.aadPrefix(ascii("tester"));
    }
    return b;
  }

  /**
   * The files of the test generator's eight columns (all but the external key material one, which
   * needs the key tools' KMS, and the Bloom filter one, whose columns are others).
   */
  private static List<Path> encryptedFiles() {
    List<Path> out = new ArrayList<>();
    for (Path f : Corpus.allParquetFiles()) {
      String name = f.getFileName().toString();
      if (Corpus.isEncrypted(f)
          && !name.startsWith("external_key")
          && !name.contains("bloom_filter")) {
        out.add(f);
      }
    }
    return out;
  }

  private static ReadOptions.Builder read() {
    // The generator's INT96 values are far from any date: microseconds hold them.
    return ReadOptions.builder().types(t -> t.int96Unit(TimeUnit.MICROSECOND));
  }

  @Test
  void everyEncryptedCorpusFileReadsTheValuesItsWriterMade() throws Exception {
    List<Path> files = encryptedFiles();
    assertEquals(11, files.size(), files.toString());
    for (Path file : files) {
      for (int threads : new int[] {1, 4}) {
        try (BufferAllocator allocator = new RootAllocator();
            ParquetFile parquet = ParquetFile.open(file, keys(file).build());
            ParquetArrowReader reader =
                parquet.newReader(allocator, read().parallelism(threads).batchSize(17).build())) {
          long row = 0;
          while (reader.loadNextBatch()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            for (FieldVector v : root.getFieldVectors()) {
              VectorChecks.validateFull(v);
            }
            for (int r = 0; r < root.getRowCount(); r++, row++) {
              checkRow(root, r, row, Corpus.name(file));
            }
          }
          assertEquals(parquet.metadata().numRows(), row, Corpus.name(file));
          assertTrue(row >= 50, Corpus.name(file));
        }
      }
    }
  }

  /**
   * Row {@code i} as parquet-java's test generator writes it (and Arrow C++'s test expects): every
   * other boolean true, times of i ms, lists [2i, 2i + 1] trillion, INT96 words (i, i + 1, i + 2),
   * i * 1.1f, i * 1.1111111, "parquet" and i on three digits for even rows (odd rows null), and ten
   * bytes of i.
   */
  private static void checkRow(VectorSchemaRoot root, int r, long row, String file) {
    int i = (int) (row % 50);
    String at = file + " row " + row;
    assertEquals(i % 2 == 0, ((BitVector) root.getVector("boolean_field")).get(r) == 1, at);
    assertEquals(i, ((TimeMilliVector) root.getVector("int32_field")).get(r), at);
    ListVector list = (ListVector) root.getVector("int64_field");
    BigIntVector elements = (BigIntVector) list.getDataVector();
    int start = list.getElementStartIndex(r);
    assertEquals(2, list.getElementEndIndex(r) - start, at);
    assertEquals(i * 2L * 1_000_000_000_000L, elements.get(start), at);
    assertEquals((i * 2L + 1) * 1_000_000_000_000L, elements.get(start + 1), at);
    long nanosOfDay = (i & 0xffffffffL) | ((long) (i + 1) << 32);
    long julianDay = i + 2;
    long micros = (julianDay - 2_440_588L) * 86_400_000_000L + Math.floorDiv(nanosOfDay, 1_000L);
    assertEquals(micros, ((TimeStampVector) root.getVector("int96_field")).get(r), at);
    assertEquals(i * 1.1f, ((Float4Vector) root.getVector("float_field")).get(r), at);
    assertEquals(i * 1.1111111, ((Float8Vector) root.getVector("double_field")).get(r), at);
    VarBinaryVector ba = (VarBinaryVector) root.getVector("ba_field");
    if (i % 2 == 0) {
      assertEquals(
          String.format("parquet%03d", i), new String(ba.get(r), StandardCharsets.UTF_8), at);
    } else {
      assertTrue(ba.isNull(r), at);
    }
    byte[] ten = new byte[10];
    java.util.Arrays.fill(ten, (byte) i);
    assertArrayEquals(ten, ((FixedSizeBinaryVector) root.getVector("flba_field")).get(r), at);
  }

  /**
   * The external key material file, written by parquet-java's key tools with its test KMS: read
   * through Parrow's key tools with the master keys of that KMS (the README's keys, by their ids),
   * named by parquet-java's properties.
   */
  @Test
  void keyToolsReadExternalKeyMaterialThroughTheKms() throws Exception {
    Path file = file("external_key_material_java.parquet.encrypted");
    java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
    dev.parrow.arrow.crypto.KmsClient kms =
        dev.parrow.arrow.crypto.KeyTools.kms(
            java.util.Map.of(
                "parquet.encryption.kms.client.class",
                "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS",
                "parquet.encryption.key.list",
                "kf:"
                    + b64.encodeToString(ascii("0123456789012345"))
                    + ", kc1:"
                    + b64.encodeToString(ascii("1234567890123450"))
                    + ", kc2:"
                    + b64.encodeToString(ascii("1234567890123451"))));
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet =
            ParquetFile.open(file, dev.parrow.arrow.crypto.KeyTools.decryption(kms, file));
        ParquetArrowReader reader = parquet.newReader(allocator, read().build())) {
      // Its columns are others than the generator's; every module's GCM tag holding is the check
      // that the keys the key tools unwrapped are the writer's.
      long rows = 0;
      while (reader.loadNextBatch()) {
        for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
          VectorChecks.validateFull(v);
        }
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(parquet.metadata().numRows(), rows);
      assertTrue(rows > 0);
    }
    // Another master key for the footer: its key does not unwrap.
    dev.parrow.arrow.crypto.KmsClient wrong =
        new dev.parrow.arrow.crypto.InMemoryKms(
            java.util.Map.of(
                "kf", ascii("0123456789012346"),
                "kc1", ascii("1234567890123450"),
                "kc2", ascii("1234567890123451")));
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> ParquetFile.open(file, dev.parrow.arrow.crypto.KeyTools.decryption(wrong, file)));
    assertTrue(e.getMessage().contains("does not unwrap"), e.getMessage());
  }

  private static Path file(String name) {
    return Corpus.parquetTesting().resolve("data").resolve(name);
  }

  @Test
  void aColumnWithoutItsKeyIsLeftOutOrNamed() throws Exception {
    Path file = file("encrypt_columns_and_footer.parquet.encrypted");
    FileDecryption footerOnly =
        FileDecryption.builder().footerKey(ascii("0123456789012345")).build();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file, footerOnly)) {
      // The plaintext columns and the footer key's read.
      try (ParquetArrowReader reader =
          parquet.newReader(
              allocator, read().columns("boolean_field", "int32_field", "ba_field").build())) {
        long rows = 0;
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(50, rows);
      }
      ParquetFormatException e =
          assertThrows(
              ParquetFormatException.class,
              () -> parquet.newReader(allocator, read().columns("double_field").build()));
      assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
      assertTrue(
          e.getMessage().contains("column 'double_field' is encrypted with a key"), e.getMessage());
      // The schema still lists it: a projection can leave it out.
      assertEquals(8, parquet.arrowSchema().getFields().size());
    }
  }

  @Test
  void wrongKeysAndPrefixesAreRefused() throws Exception {
    Path file = file("encrypt_columns_and_footer.parquet.encrypted");
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () ->
                ParquetFile.open(
                    file, FileDecryption.builder().footerKey(ascii("0123456789012346")).build()));
    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("does not authenticate"), e.getMessage());
    // A wrong column key: the chunk's first page header fails, named.
    FileDecryption wrongColumn =
        keys(file).columnKey("double_field", ascii("1234567890123459")).build();
    // Its metadata is encrypted with the column key: the footer's read names the column.
    ParquetFormatException wrong =
        assertThrows(ParquetFormatException.class, () -> ParquetFile.open(file, wrongColumn));
    assertTrue(wrong.getMessage().contains("double_field"), wrong.getMessage());
    assertTrue(wrong.getMessage().contains("row group 0"), wrong.getMessage());
    // The AAD prefix the writer did not store must be given, and right.
    Path noAad = file("encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted");
    FileDecryption withoutPrefix =
        FileDecryption.builder()
            .footerKey(ascii("0123456789012345"))
            .columnKey("double_field", ascii("1234567890123450"))
            .columnKey("float_field", ascii("1234567890123451"))
            .build();
    e = assertThrows(ParquetFormatException.class, () -> ParquetFile.open(noAad, withoutPrefix));
    assertTrue(e.getMessage().contains("must supply"), e.getMessage());
    e =
        assertThrows(
            ParquetFormatException.class,
            () -> ParquetFile.open(noAad, keys(noAad).aadPrefix(ascii("tester2")).build()));
    assertTrue(e.getMessage().contains("does not authenticate"), e.getMessage());
    // A plaintext footer signed with another key: refused, unless the check is off.
    Path plaintext = file("encrypt_columns_plaintext_footer.parquet.encrypted");
    e =
        assertThrows(
            ParquetFormatException.class,
            () ->
                ParquetFile.open(
                    plaintext, keys(plaintext).footerKey(ascii("0123456789012346")).build()));
    assertTrue(e.getMessage().contains("signature does not hold"), e.getMessage());
    try (ParquetFile parquet =
        ParquetFile.open(
            plaintext,
            keys(plaintext)
                .footerKey(ascii("0123456789012346"))
                .checkFooterSignature(false)
                .build())) {
      assertEquals(50, parquet.metadata().numRows());
    }
    // Without keys at all: what the file needs.
    e = assertThrows(ParquetFormatException.class, () -> ParquetFile.open(file));
    assertTrue(e.getMessage().contains("give its keys"), e.getMessage());
  }

  @Test
  void aChangedByteIsCaughtNamingColumnRowGroupAndPage() throws Exception {
    Path source = file("uniform_encryption.parquet.encrypted");
    Path target = dir.resolve("changed.parquet.encrypted");
    Files.copy(source, target);
    long at;
    String column;
    try (ParquetFile parquet = ParquetFile.open(source, keys(source).build())) {
      var meta = parquet.metadata().rowGroups().get(0).columns().get(3).metaData();
      long start =
          meta.dictionaryPageOffset() != null
              ? Math.min(meta.dictionaryPageOffset(), meta.dataPageOffset())
              : meta.dataPageOffset();
      at = start + meta.totalCompressedSize() / 2;
      column = String.join(".", meta.pathInSchema());
    }
    try (RandomAccessFile raf = new RandomAccessFile(target.toFile(), "rw")) {
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x01);
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(target, keys(source).build());
        ParquetArrowReader reader = parquet.newReader(allocator, read().build())) {
      ParquetFormatException e = assertThrows(ParquetFormatException.class, reader::loadNextBatch);
      assertTrue(e.getMessage().startsWith(target.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("column " + column + ","), e.getMessage());
      assertTrue(e.getMessage().contains("row group 0"), e.getMessage());
      assertTrue(e.getMessage().contains("page 0"), e.getMessage());
      assertTrue(e.getMessage().contains("does not authenticate"), e.getMessage());
    }
  }

  @Test
  void filtersPruneWithEncryptedStatisticsBloomFiltersAndPageIndexes() throws Exception {
    Path file = file("encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file, keys(file).build())) {
      // The column's first value is in its Bloom filter; a value inside its bounds that is not
      // among its values (each is a whole number and a half) is ruled out by the filter alone.
      double first;
      try (ParquetArrowReader reader =
          parquet.newReader(allocator, read().columns("double_field").batchSize(1).build())) {
        assertTrue(reader.loadNextBatch());
        first = ((Float8Vector) reader.getVectorSchemaRoot().getVector(0)).get(0);
      }
      assertEquals(List.of(true), parquet.bloomFilterMightContain("double_field", first));
      assertEquals(List.of(false), parquet.bloomFilterMightContain("double_field", 7.25));
      try (ParquetArrowReader reader =
          parquet.newReader(
              allocator, read().columns("int32_field").filter("double_field = 7.25").build())) {
        assertFalse(reader.loadNextBatch());
        ReadStats stats = reader.stats();
        assertEquals(0, stats.rowGroupsRead(), stats.toString());
      }
      try (ParquetArrowReader reader =
          parquet.newReader(
              allocator,
              read().columns("double_field").filter("double_field = " + first).build())) {
        assertTrue(reader.loadNextBatch());
        assertEquals(first, ((Float8Vector) reader.getVectorSchemaRoot().getVector(0)).get(0));
      }
      try (ParquetArrowReader reader =
          parquet.newReader(
              allocator,
              read().columns("int32_field", "float_field").filter("float_field >= 44").build())) {
        long rows = 0;
        while (reader.loadNextBatch()) {
          Float4Vector f = (Float4Vector) reader.getVectorSchemaRoot().getVector("float_field");
          for (int r = 0; r < f.getValueCount(); r++) {
            assertTrue(f.get(r) >= 44, "float " + f.get(r));
            rows++;
          }
        }
        assertTrue(rows > 0, "rows kept");
      }
    }
  }

  /**
   * The CLI reads an encrypted file with keys in each of their forms, names a column it has no key
   * for, and never prints a key, not even a wrong one.
   */
  @Test
  void theCommandTakesKeysAndNeverShowsThem() throws Exception {
    Path file = file("encrypt_columns_and_footer.parquet.encrypted");
    String footer = "hex:" + java.util.HexFormat.of().formatHex(ascii("0123456789012345"));
    Path keyFile = dir.resolve("double.key");
    Files.writeString(
        keyFile, java.util.Base64.getEncoder().encodeToString(ascii("1234567890123450")));
    String csv =
        CliOutputIT.ok(
                "cat",
                file.toString(),
                "--footer-key",
                footer,
                "--column-key",
                "double_field=file:" + keyFile,
                "--column-key",
                "float_field=base64:"
                    + java.util.Base64.getEncoder().encodeToString(ascii("1234567890123451")),
                "--columns",
                "int32_field,double_field,float_field",
                "--format",
                "csv")
            .out();
    List<String> lines = csv.lines().toList();
    assertEquals(51, lines.size(), csv);
    assertEquals("00:00:00.002,2.2222222,2.2", lines.get(3));
    String missing =
        CliOutputIT.error(
            "head", file.toString(), "--footer-key", footer, "--columns", "double_field");
    assertTrue(missing.contains("column 'double_field' is encrypted"), missing);
    String wrong = "hex:" + java.util.HexFormat.of().formatHex(ascii("0123456789012346"));
    String refused = CliOutputIT.error("head", file.toString(), "--footer-key", wrong);
    assertTrue(refused.contains("does not authenticate"), refused);
    assertFalse(refused.contains(wrong.substring(4)), refused);
    String schema = CliOutputIT.ok("schema", file.toString(), "--footer-key", footer).out();
    assertTrue(schema.contains("encryption: AES_GCM_V1, encrypted footer"), schema);
    assertTrue(
        schema.contains("double_field: column key (key metadata 'kc1'); unreadable"), schema);
    assertFalse(schema.contains(footer.substring(4)), schema);
  }

  /** A dataset of encrypted files opens each with the dataset's keys, in the CLI too. */
  @Test
  void aDatasetOfEncryptedFilesReadsWithItsKeys() throws Exception {
    Path source = file("uniform_encryption.parquet.encrypted");
    Path data = dir.resolve("data");
    Files.createDirectories(data.resolve("part=1"));
    Files.createDirectories(data.resolve("part=2"));
    Files.copy(source, data.resolve("part=1").resolve("a.parquet"));
    Files.copy(source, data.resolve("part=2").resolve("b.parquet"));
    dev.parrow.arrow.DatasetOptions options =
        dev.parrow.arrow.DatasetOptions.builder()
            .types(dev.parrow.types.TypeOptions.builder().int96Unit(TimeUnit.MICROSECOND).build())
            .decryption(keys(source).build())
            .build();
    try (BufferAllocator allocator = new RootAllocator();
        dev.parrow.arrow.ParquetDatasetReader reader =
            dev.parrow.arrow.ParquetDataset.open(List.of(data.toString()), options)
                .newReader(allocator, ReadOptions.builder().parallelism(4).build())) {
      long row = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++, row++) {
          checkRow(root, r, row, "dataset");
        }
      }
      assertEquals(100, row);
    }
    String footer = "hex:" + java.util.HexFormat.of().formatHex(ascii("0123456789012345"));
    assertEquals("100\n", CliOutputIT.ok("count", data.toString(), "--footer-key", footer).out());
  }
}
