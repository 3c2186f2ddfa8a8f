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
