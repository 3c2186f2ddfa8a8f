package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing encrypted files, against DuckDB (which does uniform encryption: one key for everything)
 * both ways, and from the CLI: convert keeps an encrypted file's copy encrypted (or, with
 * --decrypt, not), import and from-arrow encrypt with the key options, append continues a file's
 * encryption with its keys, meta and schema show how, and no key is printed. parquet-java reads
 * Parrow's files with every choice in the spark module's ParquetJavaEncryptionIT.
 */
class EncryptedWritesIT {
  private static final int ROWS = 5_000;
  private static final String KEY = "0123456789112345";

  @TempDir Path dir;

  private static String s(long i) {
    return i % 11 == 0 ? null : "s" + i % 97;
  }

  private static double d(long i) {
    return i * 0.25 - 100;
  }

  /** The rows as generated: id, s, d. */
  private static List<String> expected() {
    List<String> out = new ArrayList<>();
    for (long i = 0; i < ROWS; i++) {
      out.add(i + "|" + s(i) + "|" + d(i));
    }
    return out;
  }

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.notNullable("id", new ArrowType.Int(64, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  private void write(Path file, FileEncryption encryption) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file,
                SCHEMA,
                WriteOptions.builder().rowGroupRows(2_000).encryption(encryption).build())) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      Float8Vector d = (Float8Vector) root.getVector("d");
      for (int i = 0; i < ROWS; i++) {
        id.setSafe(i, i);
        if (s(i) == null) {
          s.setNull(i);
        } else {
          s.setSafe(i, s(i).getBytes(StandardCharsets.UTF_8));
        }
        d.setSafe(i, d(i));
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
  }

  private static List<String> read(Path file, FileDecryption keys) throws Exception {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file, keys);
        ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        ValueVectorUtility.validateFull(root);
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector s = (VarCharVector) root.getVector("s");
        Float8Vector d = (Float8Vector) root.getVector("d");
        for (int r = 0; r < root.getRowCount(); r++) {
          out.add(
              id.get(r)
                  + "|"
                  + (s.isNull(r) ? null : new String(s.get(r), StandardCharsets.UTF_8))
                  + "|"
                  + d.get(r));
        }
      }
    }
    return out;
  }

  private static byte[] key() {
    return KEY.getBytes(StandardCharsets.US_ASCII);
  }

  private static List<String> duckDbRows(Statement st, String from) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id, s, d FROM " + from + " ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getLong(1) + "|" + rs.getString(2) + "|" + rs.getDouble(3));
      }
    }
    return out;
  }

  @Test
  void duckDbReadsParrowsUniformEncryptionAndParrowReadsDuckDbs() throws Exception {
    Path ours = dir.resolve("parrow.parquet");
    write(ours, FileEncryption.builder(key()).footerKeyMetadata("k".getBytes()).build());
    Path theirs = dir.resolve("duckdb.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      st.execute("PRAGMA add_parquet_key('k', '" + KEY + "')");
      assertEquals(
          expected(),
          duckDbRows(st, "read_parquet('" + ours + "', encryption_config = {footer_key: 'k'})"));
      // DuckDB encrypts with httpfs's crypto module, which a test cannot download; its built-in
      // one writes the same format (its nonces are what it calls not secure: fine for an oracle).
      st.execute("SET force_mbedtls_unsafe = 'true'");
      st.execute(
          "COPY (SELECT i AS id, CASE WHEN i % 11 = 0 THEN NULL ELSE 's' || (i % 97) END AS s,"
              + " CAST(i * 0.25 - 100 AS DOUBLE) AS d FROM range("
              + ROWS
              + ") t(i)) TO '"
              + theirs
              + "' (FORMAT parquet, ROW_GROUP_SIZE 2048, ENCRYPTION_CONFIG {footer_key: 'k'})");
    }
    assertEquals("PARE", new String(Files.readAllBytes(theirs), 0, 4, StandardCharsets.US_ASCII));
    assertEquals(expected(), read(theirs, FileDecryption.builder().footerKey(key()).build()));
  }

  private static String hex(String key) {
    return "hex:" + HexFormat.of().formatHex(key.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void theCliEncryptsWhatItWritesAndShowsHow() throws Exception {
    Path plain = dir.resolve("plain.parquet");
    write(plain, null);
    String footer = hex(KEY);
    String column = hex("1234567890123450");
    // convert: a plaintext file encrypted with a key for s, the rest plaintext, footer plaintext.
    Path encrypted = dir.resolve("encrypted.parquet");
    CliOutputIT.ok(
        "convert",
        plain.toString(),
        encrypted.toString(),
        "--footer-key",
        footer,
        "--column-key",
        "s=" + column,
        "--plaintext-footer",
        "--encryption-algorithm",
        "AES_GCM_CTR_V1",
        "--quiet");
    assertEquals(
        expected(),
        read(
            encrypted,
            FileDecryption.builder()
                .footerKey(key())
                .columnKey("s", "1234567890123450".getBytes(StandardCharsets.US_ASCII))
                .build()));
    String meta =
        CliOutputIT.ok("meta", encrypted.toString(), "--json", "--footer-key", footer)
            .out()
            .replaceAll("\\s", "");
    assertTrue(meta.contains("\"algorithm\":\"AES_GCM_CTR_V1\""), meta);
    assertTrue(meta.contains("\"footer\":\"plaintext\""), meta);
    assertTrue(
        meta.contains(
            "{\"path\":\"s\",\"key\":\"column\",\"keyMetadata\":null,\"readable\":false}"),
        meta);
    String text = CliOutputIT.ok("meta", encrypted.toString(), "--footer-key", footer).out();
    assertTrue(text.contains("s: column key; unreadable: no key given for it"), text);
    assertTrue(text.contains("(encrypted: no key)"), text);
    // cat with both keys gives the plaintext file's rows; a key is never echoed, even verbose.
    CliOutputIT.Result cat =
        CliOutputIT.ok(
            "--verbose",
            "cat",
            encrypted.toString(),
            "--footer-key",
            footer,
            "--column-key",
            "s=" + column,
            "--format",
            "csv");
    assertEquals(CliOutputIT.ok("cat", plain.toString(), "--format", "csv").out(), cat.out());
    for (String shown : new String[] {cat.out(), cat.err(), meta, text}) {
      assertFalse(shown.contains(footer.substring(4)), "a key shown");
      assertFalse(shown.contains(column.substring(4)), "a key shown");
    }
    // convert keeps an encrypted file's copy encrypted with the keys given...
    Path copy = dir.resolve("copy.parquet");
    CliOutputIT.ok(
        "convert",
        encrypted.toString(),
        copy.toString(),
        "--footer-key",
        footer,
        "--column-key",
        "s=" + column,
        "--quiet");
    assertEquals("PARE", new String(Files.readAllBytes(copy), 0, 4, StandardCharsets.US_ASCII));
    String error = CliOutputIT.error("cat", copy.toString());
    assertTrue(error.contains(copy.getFileName().toString()), error);
    // ...and --decrypt writes it in plaintext.
    Path decrypted = dir.resolve("decrypted.parquet");
    CliOutputIT.ok(
        "convert",
        encrypted.toString(),
        decrypted.toString(),
        "--footer-key",
        footer,
        "--column-key",
        "s=" + column,
        "--decrypt",
        "--quiet");
    assertEquals(expected(), read(decrypted, null));
    // The writer options need a footer key; an append does not encrypt.
    String noKey =
        CliOutputIT.error(
            "convert", plain.toString(), dir.resolve("x.parquet").toString(), "--plaintext-footer");
    assertTrue(noKey.contains("--footer-key"), noKey);
    assertFalse(Files.exists(dir.resolve("x.parquet")));
  }

  @Test
  void importAndFromArrowEncrypt() throws Exception {
    Path csv = dir.resolve("t.csv");
    Files.writeString(csv, "id,name\n1,alpha\n2,beta\n");
    Path out = dir.resolve("imported.parquet");
    String footer = hex(KEY);
    CliOutputIT.ok("import", csv.toString(), out.toString(), "--footer-key", footer, "--quiet");
    assertEquals("PARE", new String(Files.readAllBytes(out), 0, 4, StandardCharsets.US_ASCII));
    String rows =
        CliOutputIT.ok("cat", out.toString(), "--footer-key", footer, "--format", "csv").out();
    assertTrue(rows.contains("alpha") && rows.contains("beta"), rows);
    Path arrow = dir.resolve("t.arrow");
    CliOutputIT.ok("to-arrow", out.toString(), arrow.toString(), "--footer-key", footer, "--quiet");
    Path back = dir.resolve("back.parquet");
    CliOutputIT.ok(
        "from-arrow", arrow.toString(), back.toString(), "--footer-key", footer, "--quiet");
    assertEquals(
        rows,
        CliOutputIT.ok("cat", back.toString(), "--footer-key", footer, "--format", "csv").out());
    String schema = CliOutputIT.ok("schema", back.toString(), "--footer-key", footer).out();
    assertTrue(schema.contains("encryption: AES_GCM_V1, encrypted footer"), schema);
    // append: with the file's keys its new rows are encrypted as its own; without, refused.
    String refused = CliOutputIT.error("append", arrow.toString(), back.toString());
    assertTrue(refused.contains("encrypted") && refused.contains("back.parquet"), refused);
    String notHere =
        CliOutputIT.error(
            "append",
            arrow.toString(),
            back.toString(),
            "--footer-key",
            footer,
            "--plaintext-footer");
    assertTrue(notHere.contains("encrypts as the file is"), notHere);
    CliOutputIT.ok("append", arrow.toString(), back.toString(), "--footer-key", footer, "--quiet");
    String twice =
        CliOutputIT.ok("cat", back.toString(), "--footer-key", footer, "--format", "csv").out();
    assertEquals(5, twice.lines().count(), twice);
    assertEquals("PARE", new String(Files.readAllBytes(back), 0, 4, StandardCharsets.US_ASCII));
  }
}
