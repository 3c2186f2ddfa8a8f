package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.cli.ParrowCommand;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parrow convert}, {@code from-arrow} and {@code append}: what they write reads back as what
 * went in.
 */
class WriteCommandsIT {
  private static final Path SOURCE =
      FixturesIT.projectTestdata().resolve("all_types_snappy.parquet");

  private static int run(StringWriter err, String... args) {
    return ParrowCommand.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
  }

  @Test
  void convertKeepsValuesAndTypesUnderOtherOptions(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out.parquet");
    StringWriter err = new StringWriter();
    assertEquals(
        0,
        run(
            err,
            "convert",
            SOURCE.toString(),
            out.toString(),
            "--compression",
            "ZSTD",
            "--page-version",
            "2",
            "--no-dictionary",
            "--row-group-rows",
            "1000"),
        err.toString());
    assertTrue(err.toString().contains("wrote 3,000 rows"), err.toString());
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile written = ParquetFile.open(out)) {
      assertEquals(3, written.metadata().rowGroups().size());
      assertEquals(
          CompressionCodec.ZSTD,
          written.metadata().rowGroups().get(0).columns().get(0).metaData().codec());
      Columns before = CorpusReadIT.readWithParrow(SOURCE, allocator, ReadOptions.defaults());
      Columns after = CorpusReadIT.readWithParrow(out, allocator, ReadOptions.defaults());
      assertEquals(before.types, after.types);
      assertEquals(before.values, after.values);
      // An independent reader agrees.
      Columns duck = DuckDbArrow.read(out, allocator);
      Columns duckBefore = DuckDbArrow.read(SOURCE, allocator);
      for (String column : duckBefore.values.keySet()) {
        assertEquals(duckBefore.values.get(column), duck.values.get(column), column);
      }
    }
  }

  /**
   * The per-column options: a codec, an encoding and dictionary choice for one column each, no
   * statistics, no CRCs, a compression level; DuckDB's parquet_metadata sees them, and the values
   * are the source's.
   */
  @Test
  void convertTakesPerColumnOptions(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("columns.parquet");
    StringWriter err = new StringWriter();
    assertEquals(
        0,
        run(
            err,
            "convert",
            SOURCE.toString(),
            out.toString(),
            "--compression",
            "gzip",
            "--compression-level",
            "9",
            "--column-compression",
            "c_int=zstd",
            "--column-encoding",
            "c_bigint=delta_binary_packed",
            "--column-encoding",
            "c_double=byte_stream_split",
            "--column-dictionary",
            "c_utinyint=false",
            "--no-statistics",
            "--no-write-crc"),
        err.toString());
    java.util.Map<String, String> codecs = new java.util.TreeMap<>();
    java.util.Map<String, String> encodings = new java.util.TreeMap<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT path_in_schema, compression, encodings, stats_min_value IS NULL"
                    + " AND stats_null_count IS NULL FROM parquet_metadata("
                    + DuckDb.literal(out)
                    + ") WHERE row_group_id = 0")) {
      while (rs.next()) {
        codecs.put(rs.getString(1), rs.getString(2));
        encodings.put(rs.getString(1), rs.getString(3));
        assertTrue(rs.getBoolean(4), rs.getString(1) + " has no statistics");
      }
    }
    assertEquals("ZSTD", codecs.get("c_int"));
    assertEquals("GZIP", codecs.get("c_bigint"));
    assertTrue(encodings.get("c_bigint").contains("DELTA_BINARY_PACKED"), encodings.toString());
    assertTrue(encodings.get("c_double").contains("BYTE_STREAM_SPLIT"), encodings.toString());
    // Dictionaries are on by default and kept where they pay (few distinct values), and off for the
    // column that says so.
    assertTrue(encodings.get("c_tinyint").contains("DICTIONARY"), encodings.toString());
    assertTrue(!encodings.get("c_utinyint").contains("DICTIONARY"), encodings.toString());
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile written = ParquetFile.open(out)) {
      var chunk = written.metadata().rowGroups().get(0).columns().get(0).metaData();
      assertEquals(null, chunk.statistics());
      Columns before = CorpusReadIT.readWithParrow(SOURCE, allocator, ReadOptions.defaults());
      Columns after = CorpusReadIT.readWithParrow(out, allocator, ReadOptions.defaults());
      assertEquals(before.values, after.values);
    }
  }

  /** R factors stay dictionaries (levels in order, unused ones included) through a conversion. */
  @Test
  void convertKeepsDictionaries(@TempDir Path dir) throws Exception {
    Path source = NanoparquetInteropIT.folder().resolve("factor_levels.parquet");
    Path out = dir.resolve("factors.parquet");
    StringWriter err = new StringWriter();
    assertEquals(
        0,
        run(err, "convert", source.toString(), out.toString(), "--compression", "ZSTD"),
        err.toString());
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns before = CorpusReadIT.readWithParrow(source, allocator, ReadOptions.defaults());
      Columns after = CorpusReadIT.readWithParrow(out, allocator, ReadOptions.defaults());
      assertEquals(before.fields, after.fields, "dictionary types, index types and order flags");
      assertEquals(before.values, after.values);
      assertTrue(
          before.fields.values().stream().anyMatch(f -> f.getDictionary() != null),
          "the source has factors");
    }
  }

  @Test
  void fromArrowWritesWhatToArrowRead(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("t.arrow");
    Path stream = dir.resolve("t.arrows");
    Path fromFile = dir.resolve("from-file.parquet");
    Path fromStream = dir.resolve("from-stream.parquet");
    StringWriter err = new StringWriter();
    assertEquals(0, run(err, "to-arrow", SOURCE.toString(), arrow.toString()), err.toString());
    assertEquals(
        0, run(err, "to-arrow", SOURCE.toString(), stream.toString(), "--stream"), err.toString());
    assertEquals(0, run(err, "from-arrow", arrow.toString(), fromFile.toString()), err.toString());
    assertEquals(
        0,
        run(err, "from-arrow", stream.toString(), fromStream.toString(), "--compression", "GZIP"),
        err.toString());
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns before = CorpusReadIT.readWithParrow(SOURCE, allocator, ReadOptions.defaults());
      assertEquals(
          before.values,
          CorpusReadIT.readWithParrow(fromFile, allocator, ReadOptions.defaults()).values);
      assertEquals(
          before.values,
          CorpusReadIT.readWithParrow(fromStream, allocator, ReadOptions.defaults()).values);
    }
  }

  @Test
  void appendAddsTheRowsOfAnArrowFile(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("t.arrow");
    Path target = dir.resolve("target.parquet");
    StringWriter err = new StringWriter();
    assertEquals(0, run(err, "to-arrow", SOURCE.toString(), arrow.toString()), err.toString());
    assertEquals(0, run(err, "from-arrow", arrow.toString(), target.toString()), err.toString());
    assertEquals(
        0,
        run(err, "append", arrow.toString(), target.toString(), "--compression", "ZSTD"),
        err.toString());
    assertTrue(
        err.toString()
            .matches(
                "(?s).*appended [0-9,]+ rows to "
                    + java.util.regex.Pattern.quote(target.toString())
                    + ".*"),
        err.toString());
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns once = CorpusReadIT.readWithParrow(SOURCE, allocator, ReadOptions.defaults());
      Columns twice = CorpusReadIT.readWithParrow(target, allocator, ReadOptions.defaults());
      assertEquals(2 * once.rows, twice.rows);
      for (var column : once.values.entrySet()) {
        java.util.List<Object> expected = new java.util.ArrayList<>(column.getValue());
        expected.addAll(column.getValue());
        assertEquals(expected, twice.values.get(column.getKey()), column.getKey());
      }
    }
    // Rows of another schema are refused, naming the file, and the file is left as it was.
    Path other = dir.resolve("other.arrow");
    assertEquals(
        0,
        run(
            err,
            "to-arrow",
            FixturesIT.projectTestdata().resolve("orders.parquet").toString(),
            other.toString()),
        err.toString());
    byte[] before = java.nio.file.Files.readAllBytes(target);
    StringWriter refused = new StringWriter();
    assertEquals(1, run(refused, "append", other.toString(), target.toString()));
    assertTrue(
        refused.toString().startsWith("parrow: cannot append to " + target + ": "),
        refused.toString());
    assertTrue(java.util.Arrays.equals(before, java.nio.file.Files.readAllBytes(target)));
  }
}
