package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.arrow.crypto.KeyTools;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * parquet-java (the reference implementation, in test scope with the Hadoop client it needs) as the
 * oracle of encrypted files, both ways, for each of the specification's choices: it reads the
 * values Parrow wrote, and Parrow reads the values it wrote, each checked against the rows as
 * generated (and appended to by Parrow, read by parquet-java). The key tools too: parquet-java's
 * PropertiesDrivenCryptoFactory unwraps the key material Parrow writes through a KMS, in the file
 * or beside it, and Parrow the material parquet-java writes. Java 17 and 21 (parquet-java's Hadoop
 * client does not start on later ones).
 */
class ParquetJavaEncryptionIT {
  private static final int ROWS = 7_000;
  private static final byte[] FOOTER_KEY = ascii("0123456789012345");
  private static final byte[] KEY_S = ascii("1234567890123450");
  private static final byte[] KEY_B = ascii("123456789012345678901234");
  private static final byte[] PREFIX = ascii("tables/t/part-0");

  @TempDir static Path dir;

  @BeforeAll
  static void hadoopRuns() {
    Assumptions.assumeTrue(
        ParrowSparkIT.BUILT_IN_READER, "parquet-java's Hadoop client needs Java 17 or 21");
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The generated rows, one line each: id, s (or null), d, st (null, or a and b, each or null). */
  private static List<String> expected() {
    return expected(ROWS);
  }

  /** The first {@code count} generated rows. */
  private static List<String> expected(int count) {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(row(i, s(i), d(i), i % 13 == 0, a(i), b(i)));
    }
    return rows;
  }

  private static String s(int i) {
    return i % 11 == 0 ? null : "s" + i % 97;
  }

  private static double d(int i) {
    return i * 0.25 - 100;
  }

  private static Integer a(int i) {
    return i % 7 == 0 ? null : i * 3;
  }

  private static String b(int i) {
    return i % 5 == 0 ? null : "secret-" + i;
  }

  private static String row(long id, String s, double d, boolean stNull, Integer a, String b) {
    return id + "|" + s + "|" + d + "|" + (stNull ? "null" : a + "," + b);
  }

  /** One of the specification's choices, as Parrow and parquet-java each set it. */
  private record Choice(
      String name,
      FileEncryption parrowWrite,
      FileDecryption parrowRead,
      FileEncryptionProperties javaWrite,
      FileDecryptionProperties javaRead) {}

  private static List<Choice> choices() {
    List<Choice> out = new ArrayList<>();
    for (ParquetCipher cipher : ParquetCipher.values()) {
      FileEncryption.Algorithm algorithm = FileEncryption.Algorithm.valueOf(cipher.name());
      // Uniform, encrypted footer.
      out.add(
          new Choice(
              "uniform " + cipher,
              FileEncryption.builder(FOOTER_KEY).algorithm(algorithm).build(),
              FileDecryption.builder().footerKey(FOOTER_KEY).build(),
              FileEncryptionProperties.builder(FOOTER_KEY).withAlgorithm(cipher).build(),
              FileDecryptionProperties.builder().withFooterKey(FOOTER_KEY).build()));
      for (boolean plaintextFooter : new boolean[] {false, true}) {
        // Column keys (a top-level column, a struct member), the other columns plaintext, key
        // metadata.
        FileEncryptionProperties.Builder javaWrite =
            FileEncryptionProperties.builder(FOOTER_KEY)
                .withAlgorithm(cipher)
                .withFooterKeyMetadata(ascii("kf"))
                .withEncryptedColumns(javaColumnKeys());
        if (plaintextFooter) {
          javaWrite.withPlaintextFooter();
        }
        out.add(
            new Choice(
                "column keys, "
                    + (plaintextFooter ? "plaintext" : "encrypted")
                    + " footer, "
                    + cipher,
                FileEncryption.builder(FOOTER_KEY)
                    .algorithm(algorithm)
                    .plaintextFooter(plaintextFooter)
                    .footerKeyMetadata(ascii("kf"))
                    .columnKey("s", KEY_S, ascii("ks"))
                    .columnKey("st.b", KEY_B, ascii("kb"))
                    .build(),
                FileDecryption.builder()
                    .footerKey(FOOTER_KEY)
                    .columnKey("s", KEY_S)
                    .columnKey("st.b", KEY_B)
                    .build(),
                javaWrite.build(),
                FileDecryptionProperties.builder()
                    .withFooterKey(FOOTER_KEY)
                    .withColumnKeys(javaColumnDecryptionKeys())
                    .build()));
      }
    }
    // The other columns with the footer key, a plaintext footer, an AAD prefix kept or supplied.
    for (boolean store : new boolean[] {true, false}) {
      FileEncryptionProperties.Builder javaWrite =
          FileEncryptionProperties.builder(FOOTER_KEY)
              .withEncryptedColumns(javaColumnKeys())
              .withCompleteColumnEncryption()
              .withPlaintextFooter()
              .withAADPrefix(PREFIX);
      if (!store) {
        javaWrite.withoutAADPrefixStorage();
      }
      FileDecryption.Builder parrowRead =
          FileDecryption.builder()
              .footerKey(FOOTER_KEY)
              .columnKey("s", KEY_S)
              .columnKey("st.b", KEY_B);
      FileDecryptionProperties.Builder javaRead =
          FileDecryptionProperties.builder()
              .withFooterKey(FOOTER_KEY)
              .withColumnKeys(javaColumnDecryptionKeys());
      if (!store) {
        parrowRead.aadPrefix(PREFIX);
        javaRead.withAADPrefix(PREFIX);
      }
      out.add(
          new Choice(
              "complete columns, AAD prefix " + (store ? "stored" : "supplied"),
              FileEncryption.builder(FOOTER_KEY)
                  .columnKey("s", KEY_S, null)
                  .columnKey("st.b", KEY_B, null)
                  .footerKeyForOtherColumns()
                  .plaintextFooter(true)
                  .aadPrefix(PREFIX, store)
                  .build(),
              parrowRead.build(),
              javaWrite.build(),
              javaRead.build()));
    }
    return out;
  }

  private static Map<ColumnPath, ColumnEncryptionProperties> javaColumnKeys() {
    Map<ColumnPath, ColumnEncryptionProperties> out = new LinkedHashMap<>();
    out.put(
        ColumnPath.fromDotString("s"),
        ColumnEncryptionProperties.builder("s")
            .withKey(KEY_S)
            .withKeyMetaData(ascii("ks"))
            .build());
    out.put(
        ColumnPath.fromDotString("st.b"),
        ColumnEncryptionProperties.builder(ColumnPath.fromDotString("st.b"))
            .withKey(KEY_B)
            .withKeyMetaData(ascii("kb"))
            .build());
    return out;
  }

  private static Map<ColumnPath, ColumnDecryptionProperties> javaColumnDecryptionKeys() {
    Map<ColumnPath, ColumnDecryptionProperties> out = new LinkedHashMap<>();
    out.put(
        ColumnPath.fromDotString("s"),
        ColumnDecryptionProperties.builder("s").withKey(KEY_S).build());
    out.put(
        ColumnPath.fromDotString("st.b"),
        ColumnDecryptionProperties.builder(ColumnPath.fromDotString("st.b"))
            .withKey(KEY_B)
            .build());
    return out;
  }

  // ---- Parrow writes, parquet-java reads ----

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              new Field(
                  "d",
                  FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                  null),
              new Field(
                  "st",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      Field.nullable("a", new ArrowType.Int(32, true)),
                      Field.nullable("b", ArrowType.Utf8.INSTANCE)))));

  private static void parrowWrite(Path file, WriteOptions.Builder options) throws IOException {
    parrowWrite(file, options, 0, false);
  }

  /** Rows {@code first} on, {@link #ROWS} of them, written or appended to the file. */
  private static void parrowWrite(
      Path file, WriteOptions.Builder options, int first, boolean append) throws IOException {
    WriteOptions built =
        options.rowGroupRows(3_000).pageRows(700).column("s", c -> c.bloomFilter()).build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            append
                ? ParquetArrowWriter.append(file, SCHEMA, built, null)
                : ParquetArrowWriter.create(file, SCHEMA, built)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      Float8Vector d = (Float8Vector) root.getVector("d");
      StructVector st = (StructVector) root.getVector("st");
      IntVector a = (IntVector) st.getChild("a");
      VarCharVector b = (VarCharVector) st.getChild("b");
      for (int r = 0; r < ROWS; r++) {
        int i = first + r;
        id.setSafe(r, i);
        if (s(i) == null) {
          s.setNull(r);
        } else {
          s.setSafe(r, ascii(s(i)));
        }
        d.setSafe(r, d(i));
        if (i % 13 == 0) {
          st.setNull(r);
        } else {
          st.setIndexDefined(r);
          if (a(i) == null) {
            a.setNull(r);
          } else {
            a.setSafe(r, a(i));
          }
          if (b(i) == null) {
            b.setNull(r);
          } else {
            b.setSafe(r, ascii(b(i)));
          }
        }
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
  }

  private static List<String> javaRead(Path file, FileDecryptionProperties keys, Configuration conf)
      throws IOException {
    List<String> rows = new ArrayList<>();
    ParquetReader.Builder<Group> b =
        ParquetReader.builder(new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
            .withConf(conf);
    if (keys != null) {
      b.withDecryption(keys);
    }
    try (ParquetReader<Group> reader = b.build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        boolean stNull = g.getFieldRepetitionCount("st") == 0;
        Group st = stNull ? null : g.getGroup("st", 0);
        rows.add(
            row(
                g.getLong("id", 0),
                g.getFieldRepetitionCount("s") == 0 ? null : g.getString("s", 0),
                g.getDouble("d", 0),
                stNull,
                stNull || st.getFieldRepetitionCount("a") == 0 ? null : st.getInteger("a", 0),
                stNull || st.getFieldRepetitionCount("b") == 0 ? null : st.getString("b", 0)));
      }
    }
    return rows;
  }

  @Test
  void parquetJavaReadsWhatParrowWritesWithEachChoice() throws IOException {
    int n = 0;
    for (Choice c : choices()) {
      Path file = dir.resolve("parrow-" + n++ + ".parquet");
      parrowWrite(file, WriteOptions.builder().encryption(c.parrowWrite()));
      assertEquals(expected(), javaRead(file, c.javaRead(), new Configuration()), c.name());
      assertEquals(expected(), parrowRead(file, c.parrowRead()), c.name());
      // Appended to with its keys: the new row groups encrypted as the file's.
      parrowWrite(file, WriteOptions.builder().appendKeys(c.parrowRead()), ROWS, true);
      assertEquals(expected(2 * ROWS), javaRead(file, c.javaRead(), new Configuration()), c.name());
    }
  }

  // ---- parquet-java writes, Parrow reads ----

  private static final MessageType JAVA_SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id; optional binary s (STRING); required double d;"
              + " optional group st { optional int32 a; optional binary b (STRING); } }");

  private static void javaWrite(Path file, FileEncryptionProperties keys, Configuration conf)
      throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(JAVA_SCHEMA);
    ExampleParquetWriter.Builder b =
        ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
            .withType(JAVA_SCHEMA)
            .withConf(conf)
            .withPageRowCountLimit(700)
            .withBloomFilterEnabled("s", true)
            .withPageWriteChecksumEnabled(true)
            .withEncryption(keys);
    try (ParquetWriter<Group> writer = b.build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup().append("id", (long) i).append("d", d(i));
        if (s(i) != null) {
          g.append("s", s(i));
        }
        if (i % 13 != 0) {
          Group st = g.addGroup("st");
          if (a(i) != null) {
            st.append("a", a(i));
          }
          if (b(i) != null) {
            st.append("b", b(i));
          }
        }
        writer.write(g);
      }
    }
  }

  private static List<String> parrowRead(Path file, FileDecryption keys) throws IOException {
    return parrowRead(file, keys, ReadOptions.defaults());
  }

  private static List<String> parrowRead(Path file, FileDecryption keys, ReadOptions options)
      throws IOException {
    List<String> rows = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file, keys);
        ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        ValueVectorUtility.validateFull(root);
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector s = (VarCharVector) root.getVector("s");
        Float8Vector d = (Float8Vector) root.getVector("d");
        StructVector st = (StructVector) root.getVector("st");
        IntVector a = (IntVector) st.getChild("a");
        VarCharVector b = (VarCharVector) st.getChild("b");
        for (int r = 0; r < root.getRowCount(); r++) {
          rows.add(
              row(
                  id.get(r),
                  s.isNull(r) ? null : new String(s.get(r), StandardCharsets.UTF_8),
                  d.get(r),
                  st.isNull(r),
                  a.isNull(r) ? null : a.get(r),
                  b.isNull(r) ? null : new String(b.get(r), StandardCharsets.UTF_8)));
        }
      }
    }
    return rows;
  }

  @Test
  void parrowReadsWhatParquetJavaWritesWithEachChoice() throws IOException {
    int n = 0;
    for (Choice c : choices()) {
      Path file = dir.resolve("java-" + n++ + ".parquet");
      javaWrite(file, c.javaWrite(), new Configuration());
      assertEquals(expected(), parrowRead(file, c.parrowRead()), c.name());
      // Filters and page-index pruning on the encrypted columns too.
      List<String> filtered =
          parrowRead(file, c.parrowRead(), ReadOptions.builder().filter("s = 's5'").build());
      assertEquals(
          expected().stream().filter(r -> r.split("\\|")[1].equals("s5")).toList(),
          filtered,
          c.name());
    }
  }

  // ---- the key tools ----

  private static final String KEY_LIST =
      "kf: "
          + Base64.getEncoder().encodeToString(FOOTER_KEY)
          + ", kc: "
          + Base64.getEncoder().encodeToString(KEY_B);

  private static Map<String, String> keyToolsProperties(boolean doubleWrapping) {
    Map<String, String> p = new HashMap<>();
    p.put("parquet.encryption.kms.client.class", ParquetJavaTestKms.class.getName());
    p.put("parquet.encryption.key.list", KEY_LIST);
    p.put("parquet.encryption.footer.key", "kf");
    p.put("parquet.encryption.column.keys", "kc:s,st.b");
    p.put("parquet.encryption.double.wrapping", String.valueOf(doubleWrapping));
    p.put("parquet.crypto.factory.class", PropertiesDrivenCryptoFactory.class.getName());
    // parquet-java caches KMS clients by access token for minutes: a token of this test's own
    // keeps another test's client (other master keys) from being used here.
    p.put("parquet.encryption.key.access.token", "ParquetJavaEncryptionIT");
    return p;
  }

  private static Configuration conf(Map<String, String> properties) {
    Configuration conf = new Configuration();
    properties.forEach(conf::set);
    return conf;
  }

  /** Parrow's KMS over the same master keys (parquet-java's test KMS by its name). */
  private static Map<String, String> parrowProperties(Map<String, String> properties) {
    Map<String, String> p = new HashMap<>(properties);
    p.put(
        "parquet.encryption.kms.client.class",
        "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS");
    return p;
  }

  @Test
  void keyToolsMaterialBothWays() throws IOException {
    for (int way = 0; way < 3; way++) {
      boolean doubleWrapping = way != 1;
      Map<String, String> properties = keyToolsProperties(doubleWrapping);
      // The third way: key material kept beside each file (_KEY_MATERIAL_FOR_<file>.json).
      properties.put("parquet.encryption.key.material.store.internally", String.valueOf(way != 2));
      Configuration conf = conf(properties);
      Map<String, String> parrow = parrowProperties(properties);
      // Parrow writes through its key tools; parquet-java's crypto factory unwraps the material.
      Path ours = dir.resolve("parrow-keytools-" + way + ".parquet");
      parrowWrite(
          ours,
          WriteOptions.builder()
              .encryptionPerFile(KeyTools.encryption(KeyTools.kms(parrow), parrow)));
      org.apache.hadoop.fs.Path hadoopPath = new org.apache.hadoop.fs.Path(ours.toUri());
      assertEquals(
          expected(),
          javaRead(
              ours,
              new PropertiesDrivenCryptoFactory().getFileDecryptionProperties(conf, hadoopPath),
              conf));
      // parquet-java writes through its key tools; Parrow unwraps the material.
      Path theirs = dir.resolve("java-keytools-" + way + ".parquet");
      javaWrite(
          theirs,
          new PropertiesDrivenCryptoFactory()
              .getFileEncryptionProperties(
                  conf, new org.apache.hadoop.fs.Path(theirs.toUri()), null),
          conf);
      assertEquals(
          expected(), parrowRead(theirs, KeyTools.decryption(KeyTools.kms(parrow), theirs)));
      if (way == 2) {
        for (Path file : new Path[] {ours, theirs}) {
          assertTrue(
              java.nio.file.Files.exists(
                  file.resolveSibling("_KEY_MATERIAL_FOR_" + file.getFileName() + ".json")),
              file.toString());
        }
      }
    }
  }

  @Test
  void aWrongKeyFailsInBothReaders() throws IOException {
    Path file = dir.resolve("wrong-key.parquet");
    parrowWrite(
        file, WriteOptions.builder().encryption(FileEncryption.builder(FOOTER_KEY).build()));
    assertThrows(
        Exception.class,
        () ->
            javaRead(
                file,
                FileDecryptionProperties.builder().withFooterKey(KEY_S).build(),
                new Configuration()));
    assertThrows(
        Exception.class, () -> parrowRead(file, FileDecryption.builder().footerKey(KEY_S).build()));
  }
}
