package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.storage.InputFile;
import dev.parrow.types.ArrowSchemaBlob;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The ARROW:schema hint never breaks a read: a corrupt, truncated or mismatching blob reads exactly
 * as with the hint switched off, with a warning; a legacy blob (no continuation marker) works like
 * a current one; field and schema custom metadata come back as the writer stored them. The files
 * are arrow-rs cases with their footer rewritten around another blob.
 */
class ArrowSchemaHintIT {
  private static final Path KITCHEN_SINK =
      ArrowRsInteropIT.folder().resolve("a_kitchen_sink.parquet");

  record Read(Schema schema, Columns columns, List<String> warnings) {}

  private static Read read(InputFile in, ReadOptions options) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(in);
        ParquetArrowReader reader = file.newReader(allocator, options)) {
      Columns columns = new Columns();
      columns.start(reader.getVectorSchemaRoot().getSchema());
      while (reader.loadNextBatch()) {
        columns.append(reader.getVectorSchemaRoot());
      }
      return new Read(reader.getVectorSchemaRoot().getSchema(), columns, reader.warnings());
    }
  }

  /** The file with its ARROW:schema value replaced (the data pages are untouched). */
  private static InputFile withBlob(Path file, String blob) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    byte[] out =
        Footers.replace(bytes, Footers.read(bytes).withKeyValue(ArrowSchemaBlob.KEY, blob));
    return InputFile.of(ByteBuffer.wrap(out), file.getFileName() + " (blob replaced)");
  }

  private static String blob(Path file) throws Exception {
    try (InputFile in = InputFile.of(file)) {
      return FooterReader.read(in).metaData().keyValue(ArrowSchemaBlob.KEY);
    }
  }

  @Test
  void badBlobsReadAsWithTheHintOffAndSaySo() throws Exception {
    Read hinted = read(InputFile.of(KITCHEN_SINK), ReadOptions.defaults());
    Read plain =
        read(
            InputFile.of(KITCHEN_SINK),
            ReadOptions.builder().types(t -> t.useArrowSchemaHint(false)).build());
    assertNotEquals(
        plain.schema(), hinted.schema(), "the kitchen sink has types only the hint restores");
    String good = blob(KITCHEN_SINK);
    Schema wrongTypes =
        new Schema(
            hinted.schema().getFields().stream()
                .map(f -> new Field(f.getName(), FieldType.nullable(ArrowType.Bool.INSTANCE), null))
                .toList());
    Map<String, String> bad =
        Map.of(
            "corrupt", "%%% not base64 %%%",
            "truncated", good.substring(0, good.length() / 2),
            "garbage bytes",
                Base64.getEncoder()
                    .encodeToString(new byte[] {-1, -1, -1, -1, 100, 0, 0, 0, 1, 2, 3}),
            "mismatching", ArrowSchemaBlob.encode(wrongTypes));
    for (Map.Entry<String, String> e : bad.entrySet()) {
      Read r = read(withBlob(KITCHEN_SINK, e.getValue()), ReadOptions.defaults());
      assertEquals(plain.schema().getFields(), r.schema().getFields(), e.getKey());
      assertEquals(plain.columns().values, r.columns().values, e.getKey());
      assertTrue(
          r.warnings().stream().anyMatch(w -> w.contains(ArrowSchemaBlob.KEY)),
          e.getKey() + ": " + r.warnings());
    }
  }

  @Test
  void aLegacyBlobWithoutTheContinuationMarkerWorksLikeACurrentOne() throws Exception {
    byte[] current = Base64.getDecoder().decode(blob(KITCHEN_SINK));
    assertEquals(-1, ByteBuffer.wrap(current).getInt(0), "arrow-rs writes the continuation marker");
    String legacy =
        Base64.getEncoder().encodeToString(Arrays.copyOfRange(current, 4, current.length));
    Read hinted = read(InputFile.of(KITCHEN_SINK), ReadOptions.defaults());
    Read r = read(withBlob(KITCHEN_SINK, legacy), ReadOptions.defaults());
    assertEquals(hinted.schema(), r.schema());
    assertEquals(hinted.columns().values, r.columns().values);
  }

  @Test
  void aCallersSchemaStandsInForTheBlob() throws Exception {
    Read hinted = read(InputFile.of(KITCHEN_SINK), ReadOptions.defaults());
    Schema fromFile = ArrowSchemaBlob.decode(blob(KITCHEN_SINK), new ArrayList<>()).orElseThrow();
    Read r =
        read(
            withBlob(KITCHEN_SINK, "%%%"),
            ReadOptions.builder().types(t -> t.arrowSchema(fromFile)).build());
    assertEquals(hinted.schema().getFields(), r.schema().getFields());
  }

  @Test
  void describeSaysWhatTheHintChanged() throws Exception {
    try (ParquetFile file = ParquetFile.open(KITCHEN_SINK)) {
      var rows = file.describe();
      assertEquals(file.parquetSchema().columnCount(), rows.size());
      Map<String, Boolean> changed = new java.util.HashMap<>();
      Map<String, String> types = new java.util.HashMap<>();
      rows.forEach(
          d -> {
            changed.put(d.column().dottedPath(), d.changedByHint());
            types.put(d.column().dottedPath(), d.arrowTypeText());
          });
      assertEquals(Boolean.FALSE, changed.get("int32"));
      assertEquals(Boolean.TRUE, changed.get("large_utf8"));
      assertEquals("LargeUtf8", types.get("large_utf8"));
      assertEquals("Timestamp(SECOND, America/New_York)", types.get("ts_s_ny"));
      assertEquals("Dictionary<Int(32, true), Utf8, ordered>", types.get("dict_i32_utf8_ordered"));
    }
  }

  @Test
  void fieldAndSchemaMetadataComeBack() throws Exception {
    for (String name : List.of("a_metadata", "a_extension_metadata")) {
      Path parquet = ArrowRsInteropIT.folder().resolve(name + ".parquet");
      Schema source;
      try (BufferAllocator allocator = new RootAllocator();
          var channel =
              java.nio.channels.FileChannel.open(parquet.resolveSibling(name + ".arrow"));
          var reader = new org.apache.arrow.vector.ipc.ArrowFileReader(channel, allocator)) {
        source = reader.getVectorSchemaRoot().getSchema();
      }
      Read ours = read(InputFile.of(parquet), ReadOptions.defaults());
      for (Map.Entry<String, String> e : source.getCustomMetadata().entrySet()) {
        assertEquals(
            e.getValue(),
            ours.schema().getCustomMetadata().get(e.getKey()),
            name + " schema key " + e.getKey());
      }
      for (Field f : source.getFields()) {
        Field mine = ours.schema().findField(f.getName());
        assertEquals(f.getType(), mine.getType(), name + "." + f.getName());
        for (Map.Entry<String, String> e : f.getMetadata().entrySet()) {
          assertEquals(
              e.getValue(),
              mine.getMetadata().get(e.getKey()),
              name + "." + f.getName() + " key " + e.getKey());
        }
      }
    }
  }

  private static Field field(
      String name, boolean nullable, ArrowType type, Map<String, String> metadata, Field... kids) {
    return new Field(name, new FieldType(nullable, type, null, metadata), List.of(kids));
  }

  /**
   * What Parrow writes, it reads back as the same Arrow schema at every depth, as arrow-rs applies
   * its hint: list children named item or anything else, map entries, key and value names, child
   * nullability and field metadata on nested children.
   */
  @Test
  void theArrowSchemaComesBackExactlyAtEveryDepth(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    ArrowType int32 = new ArrowType.Int(32, true);
    ArrowType utf8 = ArrowType.Utf8.INSTANCE;
    Map<String, String> meta = Map.of("origin", "sensor-7");
    Schema schema =
        new Schema(
            List.of(
                field("l", true, ArrowType.List.INSTANCE, null, field("item", false, int32, meta)),
                field(
                    "ll",
                    true,
                    ArrowType.LargeList.INSTANCE,
                    Map.of("kind", "large"),
                    field("element2", true, utf8, null)),
                field(
                    "m",
                    true,
                    new ArrowType.Map(false),
                    null,
                    field(
                        "entries",
                        false,
                        ArrowType.Struct.INSTANCE,
                        null,
                        field("key", false, utf8, null),
                        field("value", true, new ArrowType.Int(64, true), meta))),
                field(
                    "s",
                    true,
                    ArrowType.Struct.INSTANCE,
                    meta,
                    field("a", false, int32, Map.of("unit", "kg")),
                    field(
                        "b",
                        true,
                        ArrowType.List.INSTANCE,
                        null,
                        field(
                            "inner",
                            true,
                            new ArrowType.FloatingPoint(
                                org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE),
                            null))),
                field(
                    "nested",
                    true,
                    ArrowType.List.INSTANCE,
                    null,
                    field(
                        "rows",
                        false,
                        ArrowType.List.INSTANCE,
                        null,
                        field("cell", true, new ArrowType.Int(16, true), null)))),
            Map.of("table", "round trip"));
    Path file = dir.resolve("schema.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        var root = org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator)) {
      // Three rows of nulls: the schema is what is under test.
      for (var v : root.getFieldVectors()) {
        v.allocateNew();
        for (int i = 0; i < 3; i++) {
          v.setNull(i);
        }
        v.setValueCount(3);
      }
      root.setRowCount(3);
      try (var w =
          dev.parrow.arrow.ParquetArrowWriter.create(
              file, schema, dev.parrow.arrow.WriteOptions.defaults())) {
        w.write(root);
      }
    }
    Read back = read(InputFile.of(file), ReadOptions.defaults());
    assertEquals(schema.getFields(), back.schema().getFields());
    assertEquals("round trip", back.schema().getCustomMetadata().get("table"));
    assertEquals(List.of(), back.warnings());
  }
}
