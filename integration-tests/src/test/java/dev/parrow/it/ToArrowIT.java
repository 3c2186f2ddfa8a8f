package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.cli.ParrowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parrow to-arrow}: Arrow Java reads back exactly what Parrow reads, and failures leave no
 * file.
 */
class ToArrowIT {
  static int run(String... args) {
    return ParrowCommand.run(
        args, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  @Test
  void ipcFileAndStreamHoldWhatParrowReads(@TempDir Path dir) throws Exception {
    Path source = FixturesIT.projectTestdata().resolve("all_types_gzip.parquet");
    Path file = dir.resolve("t.arrow");
    Path stream = dir.resolve("t.arrows");
    assertEquals(0, run("to-arrow", source.toString(), file.toString(), "--batch-size", "1000"));
    assertEquals(0, run("to-arrow", source.toString(), stream.toString(), "--stream"));
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns expected = CorpusReadIT.readWithParrow(source, allocator, ReadOptions.defaults());
      Columns fromFile = ArrowRsInteropIT.readArrowFile(file, allocator);
      assertEquals(expected.values, fromFile.values);
      Columns fromStream = new Columns();
      try (FileChannel channel = FileChannel.open(stream, StandardOpenOption.READ);
          ArrowReader reader = new ArrowStreamReader(channel, allocator)) {
        fromStream.start(reader.getVectorSchemaRoot().getSchema());
        while (reader.loadNextBatch()) {
          fromStream.append(reader.getVectorSchemaRoot());
        }
      }
      assertEquals(expected.values, fromStream.values);
    }
  }

  /**
   * UUID columns go out as the canonical arrow.uuid extension (what pyarrow and DuckDB read them
   * as), and as plain 16-byte binaries with --no-uuid-extension; the bytes are the same.
   */
  @Test
  void uuidsGoOutAsTheCanonicalExtension(@TempDir Path dir) throws Exception {
    Path source = FixturesIT.projectTestdata().resolve("all_types_snappy.parquet");
    Path extension = dir.resolve("u.arrow");
    Path plain = dir.resolve("p.arrow");
    assertEquals(
        0, run("to-arrow", source.toString(), extension.toString(), "--columns", "c_uuid"));
    assertEquals(
        0,
        run(
            "to-arrow",
            source.toString(),
            plain.toString(),
            "--columns",
            "c_uuid",
            "--no-uuid-extension"));
    try (BufferAllocator allocator = new RootAllocator()) {
      var withExtension = ArrowRsInteropIT.readArrowFile(extension, allocator);
      var without = ArrowRsInteropIT.readArrowFile(plain, allocator);
      assertEquals(
          org.apache.arrow.vector.extension.UuidType.INSTANCE,
          withExtension.fields.get("c_uuid").getType());
      assertEquals(
          new org.apache.arrow.vector.types.pojo.ArrowType.FixedSizeBinary(16),
          without.fields.get("c_uuid").getType());
      assertFalse(
          without.fields.get("c_uuid").getMetadata().containsKey("ARROW:extension:name"),
          without.fields.get("c_uuid").getMetadata().toString());
      assertEquals(without.values, withExtension.values);
      assertEquals(3000, without.values.get("c_uuid").size());
    }
  }

  @Test
  void dictionaryColumnsBecomeIpcDictionaries(@TempDir Path dir) throws Exception {
    // Appended nanoparquet factors: row groups with different dictionaries, unified into one.
    Path source = NanoparquetInteropIT.folder().resolve("factor_append_dicts.parquet");
    for (boolean stream : new boolean[] {false, true}) {
      Path out = dir.resolve(stream ? "f.arrows" : "f.arrow");
      assertEquals(
          0,
          stream
              ? run("to-arrow", source.toString(), out.toString(), "--stream", "--batch-size", "50")
              : run("to-arrow", source.toString(), out.toString(), "--batch-size", "50"));
      try (BufferAllocator allocator = new RootAllocator();
          FileChannel channel = FileChannel.open(out, StandardOpenOption.READ);
          ArrowReader reader =
              stream
                  ? new ArrowStreamReader(channel, allocator)
                  : new org.apache.arrow.vector.ipc.ArrowFileReader(channel, allocator)) {
        var field = reader.getVectorSchemaRoot().getSchema().findField("f");
        assertTrue(
            field.getDictionary() != null,
            "f is a dictionary in the IPC " + (stream ? "stream" : "file"));
        Columns fromIpc = new Columns();
        fromIpc.start(reader.getVectorSchemaRoot().getSchema());
        while (reader.loadNextBatch()) {
          fromIpc.append(reader.getVectorSchemaRoot(), reader);
        }
        Columns expected = CorpusReadIT.readWithParrow(source, allocator, ReadOptions.defaults());
        assertEquals(expected.values, fromIpc.values);
      }
    }
  }

  /**
   * Row groups whose dictionaries cannot be unified in the writer's index type (R factors): the IPC
   * file reads back to Parrow's values, its one dictionary unified (with wider indices), and the
   * stream keeps one dictionary per row group. The views of arrow-rs's fixture come back too.
   */
  @Test
  void ipcFilesHoldEveryRowGroupsDictionaryAndViews(@TempDir Path dir) throws Exception {
    Path byRowGroup = HandOffIT.dictionariesByRowGroup(dir.resolve("d.parquet"));
    Path views = ArrowRsInteropIT.folder().resolve("a_view_types.parquet");
    for (Path source : List.of(byRowGroup, views)) {
      for (boolean stream : new boolean[] {false, true}) {
        Path out = dir.resolve(source.getFileName() + (stream ? ".arrows" : ".arrow"));
        assertEquals(
            0,
            stream
                ? run(
                    "to-arrow", source.toString(), out.toString(), "--stream", "--batch-size", "3")
                : run("to-arrow", source.toString(), out.toString(), "--batch-size", "3"));
        try (BufferAllocator allocator = new RootAllocator();
            FileChannel channel = FileChannel.open(out, StandardOpenOption.READ);
            ArrowReader reader =
                stream
                    ? new ArrowStreamReader(channel, allocator)
                    : new org.apache.arrow.vector.ipc.ArrowFileReader(channel, allocator)) {
          Columns fromIpc = new Columns();
          fromIpc.start(reader.getVectorSchemaRoot().getSchema());
          while (reader.loadNextBatch()) {
            for (var v : reader.getVectorSchemaRoot().getFieldVectors()) {
              VectorChecks.validateFull(v);
            }
            fromIpc.append(reader.getVectorSchemaRoot(), reader);
          }
          Columns expected = CorpusReadIT.readWithParrow(source, allocator, ReadOptions.defaults());
          assertEquals(expected.values, fromIpc.values, out.getFileName().toString());
        }
      }
    }
  }

  @Test
  void aFailedConversionLeavesNoFile(@TempDir Path dir) throws Exception {
    byte[] bytes =
        Files.readAllBytes(FixturesIT.projectTestdata().resolve("all_types_uncompressed.parquet"));
    // Break the data region so that the read fails partway, after the output was started.
    for (int i = bytes.length / 3; i < bytes.length / 3 + 4000; i++) {
      bytes[i] = (byte) 0xEE;
    }
    Path bad = Files.write(dir.resolve("bad.parquet"), bytes);
    Path out = dir.resolve("out.arrow");
    assertEquals(1, run("to-arrow", bad.toString(), out.toString()));
    assertFalse(Files.exists(out));
    try (var left = Files.list(dir)) {
      assertTrue(left.allMatch(p -> p.equals(bad)), "no temporary file left behind");
    }
  }
}
