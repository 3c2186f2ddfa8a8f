package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.DictionaryMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded vectors (R factors from nanoparquet, arrow-rs dictionaries of every index
 * type, ordered or not) written with their dictionary as the dictionary page and their indices as
 * they are, then read back: Parrow gets the same dictionary type, the same dictionary (unused
 * entries and order kept) and the same values; Arrow C++ and DuckDB the same values. Per-row-group
 * dictionaries start a new row group where they change.
 */
class DictionaryWriteIT {
  @TempDir static Path dir;

  @TestFactory
  Stream<DynamicTest> dictionariesRoundTrip() {
    Path np = NanoparquetInteropIT.folder();
    Path rs = ArrowRsInteropIT.folder();
    List<DynamicTest> tests = new ArrayList<>();
    for (Path source :
        List.of(
            np.resolve("factor_levels.parquet"),
            np.resolve("factor_append_dicts.parquet"),
            rs.resolve("a_dictionary.parquet"),
            rs.resolve("a_dictionary_index_types.parquet"))) {
      for (DictionaryMode mode : List.of(DictionaryMode.UNIFY, DictionaryMode.PER_ROW_GROUP)) {
        tests.add(
            DynamicTest.dynamicTest(
                source.getFileName() + " " + mode, () -> roundTrip(source, mode)));
      }
    }
    return tests.stream();
  }

  private static void roundTrip(Path source, DictionaryMode mode) throws Exception {
    Path out = dir.resolve(source.getFileName() + "." + mode + ".parquet");
    ReadOptions read =
        ReadOptions.builder().types(t -> t.dictionaryMode(mode)).batchSize(100).build();
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFile parquet = ParquetFile.open(source);
          ParquetArrowReader reader = parquet.newReader(allocator, read)) {
        ParquetArrowWriter.writeAll(
            reader,
            OutputFile.of(out),
            WriteOptions.builder().pageSizeBytes(512).build(),
            rows -> {});
      }
      Columns before = CorpusReadIT.readWithParrow(source, allocator, read);
      Columns after = CorpusReadIT.readWithParrow(out, allocator, read);
      assertEquals(before.fields, after.fields, "types, dictionary encodings included");
      assertEquals(before.values, after.values);
      if (mode == DictionaryMode.UNIFY) {
        assertEquals(
            dictionaries(source, allocator, read),
            dictionaries(out, allocator, read),
            "the same dictionaries, entry for entry");
      }
      Columns cpp = ArrowCpp.read(out, allocator);
      for (String column : before.values.keySet()) {
        assertEquals(before.values.get(column), cpp.values.get(column), "Arrow C++: " + column);
      }
      Columns duck = DuckDbArrow.read(out, allocator);
      Columns duckSource = DuckDbArrow.read(source, allocator);
      for (String column : duckSource.values.keySet()) {
        assertEquals(duckSource.values.get(column), duck.values.get(column), "DuckDB: " + column);
      }
    }
  }

  /**
   * Dictionary vectors inside a list and a struct, sharing one string dictionary, and top-level
   * dictionaries of int64, double (NaN and -0.0 among the entries) and date32 values, each with
   * entries no row uses. Every reader gets the values; Parrow, like Arrow C++, restores the string
   * dictionaries (nested ones included) and reads the others as plain values; every dictionary page
   * is the Arrow dictionary, whole.
   */
  @org.junit.jupiter.api.Test
  void nestedAndNonStringDictionaries() throws Exception {
    Path out = dir.resolve("nested_dictionaries.parquet");
    var words =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            1, false, new ArrowType.Int(8, true));
    var longs =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            2, false, new ArrowType.Int(16, false));
    var doubles =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            3, true, new ArrowType.Int(32, true));
    var dates =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            4, false, new ArrowType.Int(64, true));
    Field word = new Field("item", new FieldType(true, new ArrowType.Int(8, true), words), null);
    Field code = new Field("code", new FieldType(true, new ArrowType.Int(8, true), words), null);
    Schema schema =
        new Schema(
            List.of(
                new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(word)),
                new Field(
                    "s",
                    FieldType.nullable(ArrowType.Struct.INSTANCE),
                    List.of(code, Field.nullable("n", new ArrowType.Int(32, true)))),
                new Field("longs", new FieldType(true, new ArrowType.Int(16, false), longs), null),
                new Field(
                    "doubles", new FieldType(false, new ArrowType.Int(32, true), doubles), null),
                new Field("dates", new FieldType(true, new ArrowType.Int(64, true), dates), null)));
    int rows = 3_000;
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector wordValues = new VarCharVector("words", allocator);
        BigIntVector longValues = new BigIntVector("longs", allocator);
        Float8Vector doubleValues = new Float8Vector("doubles", allocator);
        DateDayVector dateValues = new DateDayVector("dates", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      String[] w = {"", "alpha", "é✓", "unused", "gamma"};
      for (int i = 0; i < w.length; i++) {
        wordValues.setSafe(i, w[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      wordValues.setValueCount(w.length);
      long[] l = {Long.MIN_VALUE, -1, 0, 42, Long.MAX_VALUE, 7};
      for (int i = 0; i < l.length; i++) {
        longValues.setSafe(i, l[i]);
      }
      longValues.setValueCount(l.length);
      double[] d = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, 1e300, 2.5};
      for (int i = 0; i < d.length; i++) {
        doubleValues.setSafe(i, d[i]);
      }
      doubleValues.setValueCount(d.length);
      int[] days = {-719_162, 0, 2_932_896, 19_000};
      for (int i = 0; i < days.length; i++) {
        dateValues.setSafe(i, days[i]);
      }
      dateValues.setValueCount(days.length);
      var provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(
              new org.apache.arrow.vector.dictionary.Dictionary(wordValues, words),
              new org.apache.arrow.vector.dictionary.Dictionary(longValues, longs),
              new org.apache.arrow.vector.dictionary.Dictionary(doubleValues, doubles),
              new org.apache.arrow.vector.dictionary.Dictionary(dateValues, dates));

      ListVector tags = (ListVector) root.getVector("tags");
      TinyIntVector tagIds = (TinyIntVector) tags.getDataVector();
      StructVector s = (StructVector) root.getVector("s");
      TinyIntVector codes = (TinyIntVector) s.getChild("code");
      IntVector n = (IntVector) s.getChild("n");
      UInt2Vector longIds = (UInt2Vector) root.getVector("longs");
      IntVector doubleIds = (IntVector) root.getVector("doubles");
      BigIntVector dateIds = (BigIntVector) root.getVector("dates");
      int element = 0;
      for (int i = 0; i < rows; i++) {
        // Unused entries: word 3, long 5, double 5, none of the dates' is left out.
        if (i % 11 == 5) {
          tags.setNull(i);
        } else {
          tags.startNewValue(i);
          int count = i % 4;
          for (int k = 0; k < count; k++) {
            if ((i + k) % 5 == 2) {
              tagIds.setNull(element);
            } else {
              tagIds.setSafe(element, new int[] {0, 1, 2, 4}[(i + k) % 4]);
            }
            element++;
          }
          tags.endValue(i, count);
        }
        if (i % 13 == 7) {
          s.setNull(i);
        } else {
          s.setIndexDefined(i);
          if (i % 3 == 1) {
            codes.setNull(i);
          } else {
            codes.setSafe(i, new int[] {4, 0, 2}[i % 3]);
          }
          n.setSafe(i, i);
        }
        if (i % 9 == 4) {
          longIds.setNull(i);
        } else {
          longIds.setSafe(i, i % 5);
        }
        doubleIds.setSafe(i, i % 5);
        if (i % 8 == 1) {
          dateIds.setNull(i);
        } else {
          dateIds.setSafe(i, i % 4);
        }
      }
      tagIds.setValueCount(element);
      root.setRowCount(rows);

      Columns expected = new Columns();
      expected.start(schema);
      expected.append(root, provider);
      for (int version : new int[] {1, 2}) {
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                OutputFile.of(out),
                schema,
                WriteOptions.builder()
                    .dataPageVersion(WriteOptions.DataPageVersion.of(version))
                    .pageSizeBytes(1024)
                    .rowGroupRows(1_000)
                    .build(),
                provider)) {
          writer.write(root);
        }
        Columns parrow = CorpusReadIT.readWithParrow(out, allocator, ReadOptions.defaults());
        // The nested dictionaries come back, with their index type (the reader numbers dictionaries
        // itself,
        // and names list elements "element" as Parquet does, like Arrow C++).
        var tagsElement = parrow.fields.get("tags").getChildren().get(0);
        assertEquals(new ArrowType.Int(8, true), tagsElement.getType());
        assertEquals(new ArrowType.Int(8, true), tagsElement.getDictionary().getIndexType());
        var sCode = parrow.fields.get("s").getChildren().get(0);
        assertEquals("code", sCode.getName());
        assertEquals(new ArrowType.Int(8, true), sCode.getDictionary().getIndexType());
        // Dictionaries of numbers and dates come back as dictionaries too, with the writer's index
        // type (as arrow-rs restores them), their values decoded equal below.
        for (String column : List.of("longs", "doubles", "dates")) {
          assertEquals(
              schema.findField(column).getDictionary().getIndexType(),
              parrow.fields.get(column).getDictionary().getIndexType(),
              column + " stays a dictionary");
        }
        assertEquals(expected.values, parrow.values, "Parrow, v" + version);
        assertEquals(
            expected.values, ArrowCpp.read(out, allocator).values, "Arrow C++, v" + version);
        assertEquals(
            expected.values, DuckDbArrow.read(out, allocator).values, "DuckDB, v" + version);
        // Every chunk's dictionary page holds the whole Arrow dictionary, unused entries included.
        java.util.Map<String, Integer> sizes =
            java.util.Map.of(
                "tags.list.element", 5, "s.code", 5, "longs", 6, "doubles", 6, "dates", 4);
        byte[] bytes = java.nio.file.Files.readAllBytes(out);
        try (ParquetFile parquet = ParquetFile.open(out)) {
          assertEquals(3, parquet.metadata().rowGroups().size());
          for (var group : parquet.metadata().rowGroups()) {
            for (var chunk : group.columns()) {
              String path = String.join(".", chunk.metaData().pathInSchema());
              if (path.equals("s.n")) {
                continue;
              }
              int at = chunk.metaData().dictionaryPageOffset().intValue();
              var header =
                  dev.parrow.codec.thrift.ThriftCodec.readPageHeader(
                      java.nio.ByteBuffer.wrap(bytes, at, bytes.length - at));
              assertEquals(sizes.get(path), header.dictionaryPageHeader().numValues(), path);
            }
          }
        }
      }
    }
  }

  /**
   * Many ids per page (default page size), in batches of several slices: the page's ids grow as
   * they come.
   */
  @org.junit.jupiter.api.Test
  void largePagesOfIds() throws Exception {
    Path out = dir.resolve("large_pages.parquet");
    var encoding =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            3, false, new ArrowType.Int(32, true));
    Schema schema =
        new Schema(
            List.of(
                new Field("x", new FieldType(true, new ArrowType.Int(32, true), encoding), null)));
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector values = new VarCharVector("values", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      for (int i = 0; i < 300; i++) {
        values.setSafe(i, ("v" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      values.setValueCount(300);
      var provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(
              new org.apache.arrow.vector.dictionary.Dictionary(values, encoding));
      IntVector ids = (IntVector) root.getVector("x");
      List<Object> expected = new ArrayList<>();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              OutputFile.of(out), schema, WriteOptions.defaults(), provider)) {
        for (int batch = 0; batch < 5; batch++) {
          ids.allocateNew(50_000);
          for (int i = 0; i < 50_000; i++) {
            if ((i + batch) % 13 == 0) {
              ids.setNull(i);
              expected.add(null);
            } else {
              int id = (i * 7 + batch) % 300;
              ids.set(i, id);
              expected.add("v" + id);
            }
          }
          root.setRowCount(50_000);
          writer.write(root);
        }
      }
      assertEquals(
          expected,
          CorpusReadIT.readWithParrow(out, allocator, ReadOptions.defaults()).values.get("x"));
      assertEquals(expected, DuckDbArrow.read(out, allocator).values.get("x"));
    }
  }

  @org.junit.jupiter.api.Test
  void indicesOutsideTheDictionaryAndBooleanDictionariesAreErrors() throws Exception {
    Path out = dir.resolve("bad_dictionary.parquet");
    var encoding =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            7, false, new ArrowType.Int(8, false));
    Schema schema =
        new Schema(
            List.of(
                new Field("x", new FieldType(true, new ArrowType.Int(8, false), encoding), null)));
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector values = new VarCharVector("values", allocator);
        org.apache.arrow.vector.BitVector bits =
            new org.apache.arrow.vector.BitVector("bits", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      values.setSafe(0, new byte[] {'a'});
      values.setValueCount(1);
      var ids = (org.apache.arrow.vector.UInt1Vector) root.getVector("x");
      ids.setSafe(0, 0);
      ids.setSafe(1, 200);
      root.setRowCount(2);
      var provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(
              new org.apache.arrow.vector.dictionary.Dictionary(values, encoding));
      IllegalArgumentException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalArgumentException.class,
              () -> {
                try (ParquetArrowWriter writer =
                    ParquetArrowWriter.create(
                        OutputFile.of(out), schema, WriteOptions.defaults(), provider)) {
                  writer.write(root);
                }
              });
      org.junit.jupiter.api.Assertions.assertTrue(
          e.getMessage()
              .contains("field 'x' slot 1: dictionary index 200 " + "outside a dictionary of 1"),
          e.getMessage());
      org.junit.jupiter.api.Assertions.assertFalse(java.nio.file.Files.exists(out));

      bits.setSafe(0, 1);
      bits.setValueCount(1);
      var booleans =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(
              new org.apache.arrow.vector.dictionary.Dictionary(bits, encoding));
      UnsupportedOperationException b =
          org.junit.jupiter.api.Assertions.assertThrows(
              UnsupportedOperationException.class,
              () ->
                  ParquetArrowWriter.create(
                      OutputFile.of(out), schema, WriteOptions.defaults(), booleans));
      org.junit.jupiter.api.Assertions.assertTrue(
          b.getMessage().contains("field 'x' is a dictionary of Bool"), b.getMessage());
    }
  }

  /** Every dictionary of the file's first batch, as canonical values. */
  private static List<List<Object>> dictionaries(
      Path file, BufferAllocator allocator, ReadOptions options) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      reader.loadNextBatch();
      for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
        if (v.getField().getDictionary() == null) {
          continue;
        }
        FieldVector d =
            reader.getDictionaryVectors().get(v.getField().getDictionary().getId()).getVector();
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < d.getValueCount(); i++) {
          entries.add(Canonical.value(d, i));
        }
        out.add(entries);
      }
    }
    return out;
  }
}
