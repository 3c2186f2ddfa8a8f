package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.types.ParquetToArrow;
import dev.parrow.types.VariantArrow;
import dev.parrow.types.VariantEncoding;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VARIANT columns read as the unshredded variant (a struct of metadata and value binaries marked
 * {@code arrow.parquet.variant}): every case of the corpus' shredded_variant/cases.json equal, by
 * meaning, to the case's variant file (Iceberg's reference reassembly), each error case a clean
 * ParquetFormatException; the variant/ examples written back by Parrow with their annotation and
 * read back to the same bytes, shown as the JSON data_dictionary.json gives; shredded variants
 * nested in a struct and a list (Parrow's own fixture).
 */
class VariantIT {
  @TempDir Path dir;

  static Path shredded() {
    return Corpus.parquetTesting().resolve("shredded_variant");
  }

  /** A variant as (metadata, value), or null. */
  record Variant(byte[] metadata, byte[] value) {
    String json() {
      return VariantEncoding.toJson(metadata, value);
    }
  }

  /** The values of a variant column, row by row, read at {@code batchSize} rows a batch. */
  static List<Variant> read(Path file, String column, int batchSize) throws Exception {
    List<Variant> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader =
            pf.newReader(allocator, ReadOptions.builder().batchSize(batchSize).build())) {
      Field field = pf.arrowSchema().findField(column);
      assertEquals(
          VariantArrow.EXTENSION_NAME, field.getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY));
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector(column);
        out.addAll(variants(v));
      }
    }
    return out;
  }

  static List<Variant> variants(FieldVector v) {
    StructVector struct = assertInstanceOf(StructVector.class, v);
    VarBinaryVector metadata = (VarBinaryVector) struct.getChild("metadata");
    VarBinaryVector value = (VarBinaryVector) struct.getChild("value");
    List<Variant> out = new ArrayList<>();
    for (int i = 0; i < struct.getValueCount(); i++) {
      out.add(struct.isNull(i) ? null : new Variant(metadata.get(i), value.get(i)));
    }
    return out;
  }

  /** A case's variant file: the metadata, then the value. */
  static Variant expected(String name) throws Exception {
    byte[] bytes = Files.readAllBytes(shredded().resolve(name));
    int split = VariantEncoding.Metadata.of(bytes).byteLength();
    return new Variant(
        Arrays.copyOfRange(bytes, 0, split), Arrays.copyOfRange(bytes, split, bytes.length));
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyShreddingCaseReadsAsItsVariant() throws Exception {
    List<Object> cases =
        (List<Object>) Json.parse(Files.readString(shredded().resolve("cases.json")));
    int compared = 0;
    int errors = 0;
    List<String> wrong = new ArrayList<>();
    for (Object o : cases) {
      Map<String, Object> c = (Map<String, Object>) o;
      String parquet = (String) c.get("parquet_file");
      if (parquet == null) {
        continue; // a case number with no files
      }
      Path file = shredded().resolve(parquet);
      if (c.containsKey("error_message")) {
        String message = (String) c.get("error_message");
        ParquetFormatException e =
            assertThrows(ParquetFormatException.class, () -> read(file, "var", 1024), parquet);
        String stem = message.contains(":") ? message.substring(0, message.indexOf(':')) : message;
        assertTrue(e.getMessage().contains(stem), parquet + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(parquet), e.getMessage());
        errors++;
        continue;
      }
      List<Object> files =
          c.containsKey("variant_files")
              ? (List<Object>) c.get("variant_files")
              : List.of(c.get("variant_file"));
      for (int batch : new int[] {1, 1024}) {
        List<Variant> got = read(file, "var", batch);
        assertEquals(files.size(), got.size(), parquet);
        for (int row = 0; row < files.size(); row++) {
          if (files.get(row) == null) {
            assertNull(got.get(row), parquet + " row " + row);
            continue;
          }
          String want = expected((String) files.get(row)).json();
          String have = got.get(row) == null ? "(null)" : got.get(row).json();
          if (!want.equals(have)) {
            wrong.add(parquet + " row " + row + ": " + want + " vs " + have);
          }
        }
      }
      compared++;
    }
    assertEquals(List.of(), wrong);
    assertEquals(6, errors);
    assertEquals(131, compared);
  }

  /** Every example of variant/ written with Parrow and read back. */
  @Test
  @SuppressWarnings("unchecked")
  void variantExamplesRoundTripAndShowAsTheirJson() throws Exception {
    Path examples = Corpus.parquetTesting().resolve("variant");
    String dictionaryText = Files.readString(examples.resolve("data_dictionary.json"));
    // The file ends its object with a trailing comma, which JSON does not allow.
    Map<String, Object> dictionary =
        (Map<String, Object>) Json.parse(dictionaryText.replaceAll(",\\s*}\\s*$", "}"));
    List<String> names;
    try (Stream<Path> s = Files.list(examples)) {
      names =
          s.map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".value"))
              .map(n -> n.substring(0, n.length() - ".value".length()))
              .sorted()
              .toList();
    }
    assertEquals(29, names.size(), names.toString());
    // Every example, and a null variant after every fourth.
    List<Variant> written = new ArrayList<>();
    List<String> rowNames = new ArrayList<>();
    for (String name : names) {
      written.add(
          new Variant(
              Files.readAllBytes(examples.resolve(name + ".metadata")),
              Files.readAllBytes(examples.resolve(name + ".value"))));
      rowNames.add(name);
      if (rowNames.size() % 5 == 4) {
        written.add(null);
        rowNames.add(null);
      }
    }
    Path file = dir.resolve("variants.parquet");
    write(file, written);
    try (ParquetFile pf = ParquetFile.open(file)) {
      var group = pf.footer().schema().root().children().get(0);
      assertInstanceOf(LogicalType.VariantType.class, group.element().logicalType());
    }
    List<Variant> back = read(file, "v", 7);
    assertEquals(written.size(), back.size());
    List<String> differ = new ArrayList<>();
    int shown = 0;
    for (int i = 0; i < written.size(); i++) {
      String name = rowNames.get(i);
      if (name == null) {
        assertNull(back.get(i));
        continue;
      }
      assertArrayEquals(written.get(i).value(), back.get(i).value(), name);
      assertArrayEquals(written.get(i).metadata(), back.get(i).metadata(), name);
      Object have = Json.parse(back.get(i).json());
      if (!dictionary.containsKey(name)) {
        continue; // long_string: not in the dictionary
      }
      shown++;
      // A float is shown as Float.toString shows it, which differs between JDK 17 and 19+ (both
      // are the same float): compared as floats.
      boolean same =
          name.equals("primitive_float")
              ? Float.parseFloat(((Json.Num) dictionary.get(name)).text())
                  == Float.parseFloat(((Json.Num) have).text())
              : sameMeaning(dictionary.get(name), have);
      if (!same) {
        differ.add(name + ": " + dictionary.get(name) + " vs " + have);
      }
    }
    assertEquals(List.of(), differ);
    assertEquals(28, shown);
    // DuckDB reads Parrow's VARIANT column as its own VARIANT type: the same JSON, but for its
    // rendering of binaries (escaped bytes rather than base64), of floats (widened to double) and
    // its microsecond time zone timestamps (a nanosecond instant loses its last digits).
    List<String> duckDiffers = new ArrayList<>();
    try (DuckDb duck = new DuckDb()) {
      List<Map<String, Object>> rows =
          duck.query(
              "SELECT v::JSON::VARCHAR AS j FROM read_parquet(" + DuckDb.literal(file) + ")");
      assertEquals(written.size(), rows.size());
      for (int i = 0; i < rows.size(); i++) {
        String name = rowNames.get(i);
        Object j = rows.get(i).get("j");
        if (name == null) {
          // DuckDB shows a null VARIANT group as the JSON null.
          assertTrue(j == null || j.equals("null"), String.valueOf(j));
          continue;
        }
        Object theirs = j == null ? null : Json.parse((String) j);
        Object ours = Json.parse(back.get(i).json());
        boolean same =
            switch (name) {
              case "primitive_binary" ->
                  Arrays.equals(
                      java.util.Base64.getDecoder().decode((String) ours),
                      unescape((String) theirs));
              case "primitive_float" ->
                  Float.parseFloat(((Json.Num) theirs).text())
                      == Float.parseFloat(((Json.Num) ours).text());
              case "primitive_timestamp_nanos" ->
                  Instant.parse((String) ours)
                      .truncatedTo(java.time.temporal.ChronoUnit.MICROS)
                      .equals(instant((String) theirs));
              default -> sameMeaning(theirs, ours);
            };
        if (!same) {
          duckDiffers.add(name + ": " + theirs + " vs " + ours);
        }
      }
    }
    assertEquals(List.of(), duckDiffers);
    // Arrow C++ 18 knows no VARIANT group.
    try (BufferAllocator allocator = new RootAllocator()) {
      Exception e = assertThrows(Exception.class, () -> ArrowCpp.read(file, allocator));
      assertTrue(e.getMessage().contains("Variant cannot be applied to group"), e.getMessage());
    }
  }

  /**
   * Whether our JSON (right) says what data_dictionary.json (left, Spark's rendering) says: numbers
   * by value, timestamps by instant (Spark shows them in its session's zone) or by local date-time,
   * times with Spark's ':' before the fraction.
   */
  @SuppressWarnings("unchecked")
  static boolean sameMeaning(Object want, Object have) {
    if (want instanceof Json.Num w && have instanceof Json.Num h) {
      return new BigDecimal(w.text()).compareTo(new BigDecimal(h.text())) == 0
          || Double.parseDouble(w.text()) == Double.parseDouble(h.text());
    }
    if (want instanceof String w && have instanceof String h) {
      if (w.equals(h)) {
        return true;
      }
      String iso = w.replace(' ', 'T');
      try {
        return instant(w).equals(Instant.parse(h));
      } catch (RuntimeException notAnInstant) {
        // next form
      }
      try {
        return LocalDateTime.parse(iso).equals(LocalDateTime.parse(h))
            || LocalDateTime.parse(iso)
                .toInstant(java.time.ZoneOffset.UTC)
                .equals(Instant.parse(h));
      } catch (RuntimeException notALocalDateTime) {
        // next form
      }
      return w.matches("\\d\\d:\\d\\d:\\d\\d:\\d+")
          && h.equals(w.substring(0, 8) + "." + w.substring(9));
    }
    if (want instanceof Map<?, ?> w && have instanceof Map<?, ?> h) {
      if (!w.keySet().equals(h.keySet())) {
        return false;
      }
      for (Object k : w.keySet()) {
        if (!sameMeaning(w.get(k), h.get(k))) {
          return false;
        }
      }
      return true;
    }
    if (want instanceof List<?> w && have instanceof List<?> h) {
      if (w.size() != h.size()) {
        return false;
      }
      for (int i = 0; i < w.size(); i++) {
        if (!sameMeaning(w.get(i), h.get(i))) {
          return false;
        }
      }
      return true;
    }
    return java.util.Objects.equals(want, have);
  }

  /** DuckDB's text of a BLOB: printable bytes as themselves, the others as {@code \xHH}. */
  static byte[] unescape(String text) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      if (text.startsWith("\\x", i)) {
        out.write(Integer.parseInt(text.substring(i + 2, i + 4), 16));
        i += 3;
      } else {
        out.write(text.charAt(i));
      }
    }
    return out.toByteArray();
  }

  /**
   * Every value of each variant column Parrow reads equals, by meaning, the JSON DuckDB makes of
   * the same value (a null variant may be DuckDB's JSON null).
   */
  static void assertSameJsonAsDuckDb(Path file, List<String> columns) throws Exception {
    try (DuckDb duck = new DuckDb()) {
      for (String column : columns) {
        List<Variant> ours = read(file, column, 1024);
        List<Map<String, Object>> theirs =
            duck.query(
                "SELECT \""
                    + column
                    + "\"::JSON::VARCHAR AS j FROM read_parquet("
                    + DuckDb.literal(file)
                    + ")");
        assertEquals(theirs.size(), ours.size(), column);
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < ours.size(); i++) {
          Object j = theirs.get(i).get("j");
          if (ours.get(i) == null) {
            if (j != null && !j.equals("null")) {
              differ.add(column + " row " + i + ": " + j + " vs null");
            }
            continue;
          }
          Object mine = Json.parse(ours.get(i).json());
          compared++;
          if (j == null || !sameMeaning(Json.parse((String) j), mine)) {
            differ.add(column + " row " + i + ": " + j + " vs " + ours.get(i).json());
          }
        }
        assertEquals(List.of(), differ.subList(0, Math.min(differ.size(), 5)));
        assertTrue(compared > ours.size() / 2, column + ": " + compared + " values compared");
      }
    }
  }

  /** A date-time with an offset as Spark or DuckDB show it ({@code +00} or {@code -04:00}). */
  static Instant instant(String text) {
    String iso = text.replace(' ', 'T');
    if (iso.matches(".*[+-]\\d\\d$")) {
      iso += ":00";
    }
    return OffsetDateTime.parse(iso).toInstant();
  }

  /** One variant column {@code v}, null where the list holds null. */
  static void write(Path file, List<Variant> values) throws Exception {
    write(file, values, VariantArrow.EXTENSION_NAME);
  }

  /** One variant column {@code v} marked with this extension name. */
  static void write(Path file, List<Variant> values, String extensionName) throws Exception {
    Map<String, String> extension = new LinkedHashMap<>();
    extension.put(ParquetToArrow.EXTENSION_NAME_KEY, extensionName);
    extension.put(ParquetToArrow.EXTENSION_METADATA_KEY, "");
    Field field =
        new Field(
            "v",
            new FieldType(true, ArrowType.Struct.INSTANCE, null, extension),
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.notNullable("value", ArrowType.Binary.INSTANCE)));
    try (BufferAllocator allocator = new RootAllocator();
        StructVector v = (StructVector) field.createVector(allocator)) {
      VarBinaryVector metadata = (VarBinaryVector) v.getChild("metadata");
      VarBinaryVector value = (VarBinaryVector) v.getChild("value");
      v.allocateNew();
      for (int i = 0; i < values.size(); i++) {
        if (values.get(i) == null) {
          v.setNull(i);
          metadata.setSafe(i, new byte[0]);
          value.setSafe(i, new byte[0]);
        } else {
          v.setIndexDefined(i);
          metadata.setSafe(i, values.get(i).metadata());
          value.setSafe(i, values.get(i).value());
        }
      }
      v.setValueCount(values.size());
      VectorSchemaRoot root = new VectorSchemaRoot(List.of((FieldVector) v));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, root.getSchema(), WriteOptions.defaults())) {
        writer.write(root);
      }
    }
  }

  /**
   * Shredded variants below a struct and in a list (Parrow's own fixture, written with levels by
   * hand): each reassembled, null where the struct, the list or the variant is null, the variant
   * null where a variant's value and typed_value are both missing.
   */
  /**
   * Both extension names: the canonical {@code arrow.parquet.variant} and Arrow C++ 18 to 23's
   * {@code parquet.variant} are written as VARIANT; the canonical one is read, the older one when
   * asked.
   */
  /**
   * Malformed variants of the kinds in parquet-testing's bad_data/variants, stored as they are: the
   * read that would hand them on fails, naming the column, rather than passing them to a consumer.
   */
  @Test
  void malformedVariantsFailTheRead() throws Exception {
    byte[] metadata = {0x01, 2, 0, 1, 2, 'b', 'a'};
    Map<String, byte[]> bad = new LinkedHashMap<>();
    bad.put("field_id_out_of_range", new byte[] {0x02, 1, 5, 0, 1, 0});
    bad.put("duplicate_field_offsets", new byte[] {0x02, 2, 0, 1, 0, 0, 1, 0});
    bad.put(
        "malformed_child_inside_well_formed_parent",
        new byte[] {0x03, 1, 0, 6, 0x02, 1, 0, 5, 1, 0});
    bad.put("unknown_primitive_type", new byte[] {0x03, 1, 0, 1, (byte) (30 << 2)});
    bad.put("out_of_range_element_count", new byte[] {0x03, (byte) 200, 0, 1, 0});
    for (Map.Entry<String, byte[]> e : bad.entrySet()) {
      Path file = dir.resolve(e.getKey() + ".parquet");
      write(
          file,
          List.of(new Variant(metadata, new byte[] {0}), new Variant(metadata, e.getValue())));
      ParquetFormatException error =
          assertThrows(ParquetFormatException.class, () -> read(file, "v", 10), e.getKey());
      assertTrue(error.getMessage().contains("column v"), error.getMessage());
    }
  }

  @Test
  void bothExtensionNamesWriteAVariantAndTheCanonicalOneIsRead() throws Exception {
    Path examples = Corpus.parquetTesting().resolve("variant");
    List<Variant> values =
        List.of(
            new Variant(
                Files.readAllBytes(examples.resolve("object_primitive.metadata")),
                Files.readAllBytes(examples.resolve("object_primitive.value"))));
    assertEquals("arrow.parquet.variant", VariantArrow.EXTENSION_NAME);
    for (String name : new String[] {"arrow.parquet.variant", "parquet.variant"}) {
      Path file = dir.resolve(name + ".parquet");
      write(file, values, name);
      try (ParquetFile pf = ParquetFile.open(file)) {
        var group = pf.footer().schema().root().children().get(0);
        assertInstanceOf(LogicalType.VariantType.class, group.element().logicalType(), name);
        assertEquals(
            "arrow.parquet.variant",
            pf.arrowSchema().findField("v").getMetadata().get(ParquetToArrow.EXTENSION_NAME_KEY));
        assertEquals(
            "parquet.variant",
            pf.arrowSchema(
                    ReadOptions.builder()
                        .types(t -> t.legacyVariantExtensionName(true).useArrowSchemaHint(false))
                        .build())
                .findField("v")
                .getMetadata()
                .get(ParquetToArrow.EXTENSION_NAME_KEY));
      }
      assertArrayEquals(values.get(0).value(), read(file, "v", 10).get(0).value(), name);
    }
  }

  @Test
  void shreddedVariantsNestedInStructsAndLists() throws Exception {
    byte[] emptyMetadata = {1, 0, 0};
    byte[] na = {(byte) ((3 << 2) | 1), 'n', '/', 'a'};
    List<SchemaElement> schema =
        List.of(
            RawParquet.root(2),
            RawParquet.group("s", Repetition.OPTIONAL, 1, null),
            variantGroup("v", Repetition.OPTIONAL),
            RawParquet.primitive("metadata", Repetition.REQUIRED, PhysicalType.BYTE_ARRAY),
            RawParquet.primitive("value", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY),
            RawParquet.primitive("typed_value", Repetition.OPTIONAL, PhysicalType.INT64),
            listGroup("l"),
            RawParquet.group("list", Repetition.REPEATED, 1, null),
            variantGroup("element", Repetition.OPTIONAL),
            RawParquet.primitive("metadata", Repetition.REQUIRED, PhysicalType.BYTE_ARRAY),
            RawParquet.primitive("value", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY),
            RawParquet.primitive("typed_value", Repetition.OPTIONAL, PhysicalType.INT64));
    // Rows: s.v = 34 (shredded), "n/a" (value), variant null (s.v null), s null, missing (both
    // null: the variant null). l = [7, "n/a"], null, [], [null element], [missing element].
    List<RawParquet.Leaf> leaves = new ArrayList<>();
    leaves.add(new RawParquet.Leaf(new int[] {2, 2, 1, 0, 2}, null, binaries(emptyMetadata, 3)));
    leaves.add(new RawParquet.Leaf(new int[] {2, 3, 1, 0, 2}, null, binaries(na, 1)));
    leaves.add(new RawParquet.Leaf(new int[] {3, 2, 1, 0, 2}, null, longs(34)));
    // l: optional list (1), repeated (2), optional element variant (3), value/typed (4).
    int[] lReps = {0, 1, 0, 0, 0, 0};
    leaves.add(
        new RawParquet.Leaf(new int[] {3, 3, 0, 1, 2, 3}, lReps, binaries(emptyMetadata, 3)));
    leaves.add(new RawParquet.Leaf(new int[] {3, 4, 0, 1, 2, 3}, lReps, binaries(na, 1)));
    leaves.add(new RawParquet.Leaf(new int[] {4, 3, 0, 1, 2, 3}, lReps, longs(7)));
    Path file = dir.resolve("nested_shredded.parquet");
    RawParquet.write(file, 5, schema, leaves);
    for (int batch : new int[] {1, 2, 1024}) {
      List<String> structs = new ArrayList<>();
      List<String> lists = new ArrayList<>();
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile pf = ParquetFile.open(file);
          ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().batchSize(batch).build())) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          StructVector s = (StructVector) root.getVector("s");
          var l = (org.apache.arrow.vector.complex.ListVector) root.getVector("l");
          List<Variant> vs = variants((FieldVector) s.getChild("v"));
          List<Variant> elements = variants(l.getDataVector());
          for (int i = 0; i < root.getRowCount(); i++) {
            structs.add(s.isNull(i) ? "s null" : vs.get(i) == null ? "v null" : vs.get(i).json());
            if (l.isNull(i)) {
              lists.add("l null");
              continue;
            }
            List<String> items = new ArrayList<>();
            for (int j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
              items.add(elements.get(j) == null ? "element null" : elements.get(j).json());
            }
            lists.add(items.toString());
          }
        }
      }
      assertEquals(List.of("34", "\"n/a\"", "v null", "s null", "null"), structs, "batch " + batch);
      assertEquals(
          List.of("[7, \"n/a\"]", "l null", "[]", "[element null]", "[null]"),
          lists,
          "batch " + batch);
    }
  }

  /**
   * The CLI shows a shredded variant as its JSON (in the table and as JSON lines), and convert
   * writes it back as an unshredded VARIANT with the same values.
   */
  @Test
  void theCliShowsVariantsAsJsonAndConvertKeepsThem() throws Exception {
    Path file = shredded().resolve("case-083.parquet");
    CliOutputIT.Result lines = CliOutputIT.ok("cat", "--format", "jsonl", file.toString());
    assertEquals(
        List.of(
            "{\"id\": 0, \"var\": null}",
            "{\"id\": 1, \"var\": {\"c\":{\"b\":\"iceberg\"}}}",
            "{\"id\": 2, \"var\": {\"c\":8,\"d\":-0.0}}",
            "{\"id\": 3, \"var\": {\"c\":{\"a\":34,\"b\":\"\"},\"d\":0.0}}"),
        lines.out().lines().toList());
    CliOutputIT.Result table = CliOutputIT.ok("head", file.toString());
    assertTrue(table.out().contains("{\"c\":8,\"d\":-0.0}"), table.out());
    Path converted = dir.resolve("converted.parquet");
    CliOutputIT.ok("convert", file.toString(), converted.toString());
    try (ParquetFile pf = ParquetFile.open(converted)) {
      var group =
          pf.footer().schema().root().children().stream()
              .filter(n -> n.name().equals("var"))
              .findFirst()
              .orElseThrow();
      assertInstanceOf(LogicalType.VariantType.class, group.element().logicalType());
    }
    List<String> before = new ArrayList<>();
    for (Variant v : read(file, "var", 1024)) {
      before.add(v == null ? null : v.json());
    }
    List<String> after = new ArrayList<>();
    for (Variant v : read(converted, "var", 1024)) {
      after.add(v == null ? null : v.json());
    }
    assertEquals(before, after);
  }

  private static SchemaElement variantGroup(String name, Repetition repetition) {
    return new SchemaElement(
        null,
        null,
        repetition,
        name,
        3,
        null,
        null,
        null,
        null,
        new LogicalType.VariantType((byte) 1),
        null);
  }

  private static SchemaElement listGroup(String name) {
    return new SchemaElement(
        null,
        null,
        Repetition.OPTIONAL,
        name,
        1,
        dev.parrow.codec.metadata.ConvertedType.LIST,
        null,
        null,
        null,
        new LogicalType.ListType(),
        null);
  }

  private static BinaryValues binaries(byte[] value, int times) {
    BinaryValues out = new BinaryValues();
    for (int i = 0; i < times; i++) {
      out.append(value, 0, value.length);
    }
    return out;
  }

  private static Int64Values longs(long... values) {
    Int64Values out = new Int64Values();
    for (long v : values) {
      out.add(v);
    }
    return out;
  }
}
