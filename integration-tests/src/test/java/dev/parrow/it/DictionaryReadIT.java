package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.DictionaryMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * String and binary columns read as dictionaries, from files whose row groups have different
 * dictionaries and whose chunks fall back from dictionary to PLAIN pages part way (arrow-rs cases),
 * and from an appended nanoparquet factor file. Unified: one dictionary for the file, which only
 * grows (every batch's is the previous one plus new entries, no value twice), decoding to Arrow
 * C++'s values. Per row group: the same values. Decoded: plain vectors.
 */
class DictionaryReadIT {

  record Case(Path file, String column) {}

  @TestFactory
  Stream<DynamicTest> dictionaryColumns() {
    Path rs = ArrowRsInteropIT.folder();
    Path np = NanoparquetInteropIT.folder();
    return Stream.of(
            new Case(rs.resolve("b_dict_fallback_v1_zstd_rg.parquet"), "s_low"),
            new Case(rs.resolve("b_dict_fallback_v1_zstd_rg.parquet"), "s_high"),
            new Case(rs.resolve("b_dict_fallback_v1_zstd_rg.parquet"), "bin"),
            new Case(rs.resolve("b_dict_fallback_v2_snappy.parquet"), "s_high"),
            new Case(np.resolve("factor_append_dicts.parquet"), "f"))
        .map(
            c ->
                DynamicTest.dynamicTest(c.file().getFileName() + " " + c.column(), () -> check(c)));
  }

  private static void check(Case c) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      List<Object> oracle = ArrowCpp.read(c.file(), allocator).values.get(c.column());
      assertTrue(oracle != null, "Arrow C++ has the column");
      List<Object> unified = read(c, DictionaryMode.UNIFY, allocator, true);
      assertEquals(oracle, unified, "unified");
      assertEquals(
          oracle, read(c, DictionaryMode.PER_ROW_GROUP, allocator, false), "per row group");
      try (ParquetFile file = ParquetFile.open(c.file())) {
        assertNull(
            file.arrowSchema(
                    ReadOptions.builder()
                        .columns(c.column())
                        .types(
                            t ->
                                t.dictionaryColumns(c.column())
                                    .dictionaryMode(DictionaryMode.DECODE))
                        .build())
                .findField(c.column())
                .getDictionary());
      }
    }
  }

  /** The column's values decoded through its dictionary, checking the dictionary batch by batch. */
  private static List<Object> read(
      Case c, DictionaryMode mode, BufferAllocator allocator, boolean growsOnly) throws Exception {
    List<Object> values = new ArrayList<>();
    List<Object> previous = List.of();
    try (ParquetFile file = ParquetFile.open(c.file());
        ParquetArrowReader reader =
            file.newReader(
                allocator,
                ReadOptions.builder()
                    .columns(c.column())
                    .types(t -> t.dictionaryColumns(c.column()).dictionaryMode(mode))
                    .batchSize(256)
                    .build())) {
      while (reader.loadNextBatch()) {
        FieldVector indices = reader.getVectorSchemaRoot().getVector(c.column());
        var encoding = indices.getField().getDictionary();
        assertTrue(encoding != null, "read as a dictionary");
        FieldVector dictionary = reader.getDictionaryVectors().get(encoding.getId()).getVector();
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < dictionary.getValueCount(); i++) {
          entries.add(Canonical.value(dictionary, i));
        }
        assertEquals(
            entries.size(), new HashSet<>(entries).size(), "no value twice in the dictionary");
        if (growsOnly) {
          assertEquals(previous, entries.subList(0, previous.size()), "the dictionary only grows");
          previous = entries;
        }
        for (int i = 0; i < indices.getValueCount(); i++) {
          values.add(
              indices.isNull(i)
                  ? null
                  : entries.get((int) ((BaseIntVector) indices).getValueAsLong(i)));
        }
      }
    }
    return values;
  }

  /**
   * An int8 dictionary column (as nanoparquet writes R factors) whose row groups have different
   * dictionaries, 100 values each, 300 together: too many for one int8-indexed dictionary. The
   * default read keeps int8 and replaces the dictionary at each row group, as Arrow C++ does; asked
   * for one unified dictionary, the read widens the indices to int32 and says so (schema, describe,
   * warnings); the values equal Arrow C++'s and DuckDB's.
   */
  @org.junit.jupiter.api.Test
  void rowGroupDictionariesThatTogetherOverflowTheIndexType(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path file = dir.resolve("factors.parquet");
    var encoding =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            0, false, new org.apache.arrow.vector.types.pojo.ArrowType.Int(8, true));
    var schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "f",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        new org.apache.arrow.vector.types.pojo.ArrowType.Int(8, true),
                        encoding),
                    null)));
    List<Object> expected = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        var root = org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator)) {
      var provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider();
      provider.put(
          new org.apache.arrow.vector.dictionary.Dictionary(
              new org.apache.arrow.vector.VarCharVector("none", allocator), encoding));
      try (var writer =
          dev.parrow.arrow.ParquetArrowWriter.create(
              dev.parrow.storage.OutputFile.of(file),
              schema,
              dev.parrow.arrow.WriteOptions.defaults(),
              provider)) {
        for (int group = 0; group < 3; group++) {
          var levels = new org.apache.arrow.vector.VarCharVector("levels", allocator);
          for (int i = 0; i < 100; i++) {
            levels.setSafe(
                i, ("g" + group + "_" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }
          levels.setValueCount(100);
          org.apache.arrow.vector.dictionary.Dictionary old = provider.lookup(0);
          provider.put(new org.apache.arrow.vector.dictionary.Dictionary(levels, encoding));
          if (old != null) {
            old.getVector().close();
          }
          var ids = (org.apache.arrow.vector.TinyIntVector) root.getVector("f");
          ids.allocateNew(250);
          for (int i = 0; i < 250; i++) {
            if (i % 17 == 5) {
              ids.setNull(i);
              expected.add(null);
            } else {
              ids.set(i, (i * 7) % 100);
              expected.add("g" + group + "_" + (i * 7) % 100);
            }
          }
          root.setRowCount(250);
          writer.write(root);
          writer.flush();
        }
        writer.close();
        provider.lookup(0).getVector().close();
      }
      Case c = new Case(file, "f");
      assertEquals(expected, read(c, DictionaryMode.AUTO, allocator, false), "the default read");
      assertEquals(expected, read(c, DictionaryMode.PER_ROW_GROUP, allocator, false));
      try (ParquetFile pf = ParquetFile.open(file)) {
        assertEquals(
            new org.apache.arrow.vector.types.pojo.ArrowType.Int(8, true),
            pf.arrowSchema().findField("f").getDictionary().getIndexType(),
            "the writer's index type is kept");
      }
      // Asked for one unified dictionary: int32 indices, said in the schema, describe() and the
      // warnings.
      assertEquals(expected, read(c, DictionaryMode.UNIFY, allocator, true), "unified");
      ReadOptions unify =
          ReadOptions.builder().types(t -> t.dictionaryMode(DictionaryMode.UNIFY)).build();
      try (ParquetFile pf = ParquetFile.open(file);
          var reader = pf.newReader(allocator, unify)) {
        var int32 = new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true);
        assertEquals(int32, pf.arrowSchema(unify).findField("f").getDictionary().getIndexType());
        assertEquals(int32, pf.describe(unify).get(0).arrowField().getDictionary().getIndexType());
        assertEquals(
            new org.apache.arrow.vector.types.pojo.ArrowType.Int(8, true),
            pf.describe().get(0).arrowField().getDictionary().getIndexType());
        assertTrue(
            reader.warnings().stream().anyMatch(w -> w.contains("Int(32, true) indices")),
            reader.warnings().toString());
      }
      assertEquals(expected, ArrowCpp.read(file, allocator).values.get("f"));
      assertEquals(expected, DuckDbArrow.read(file, allocator).values.get("f"));
    }
  }

  /**
   * A chunk whose pages fell back from dictionary encoding, under a hint of int8 indices: the
   * fallback pages add values that no dictionary page counts, 300 in all. Asked for one unified
   * dictionary, the read widens to int32 (the fallback pages are seen in the chunk's metadata) and
   * reads every value; the default read, which keeps the writer's index type, fails cleanly and
   * names that choice.
   */
  @org.junit.jupiter.api.Test
  void fallbackPagesUnderANarrowIndexHintWidenWhenUnified(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path file = dir.resolve("fallback.parquet");
    List<Object> expected = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        var s = new org.apache.arrow.vector.VarCharVector("s", allocator)) {
      for (int i = 0; i < 300; i++) {
        String v = "value-" + (i * 37 % 300);
        s.setSafe(i, v.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        expected.add(v);
      }
      s.setValueCount(300);
      var root = new org.apache.arrow.vector.VectorSchemaRoot(List.of((FieldVector) s));
      try (var writer =
          dev.parrow.arrow.ParquetArrowWriter.create(
              file,
              root.getSchema(),
              dev.parrow.arrow.WriteOptions.builder()
                  .dictionaryPageSizeLimit(1000)
                  .pageSizeBytes(512)
                  .build())) {
        writer.write(root);
      }
    }
    try (ParquetFile pf = ParquetFile.open(file)) {
      assertTrue(
          !pf.metadata().rowGroups().get(0).columns().get(0).metaData().onlyDictionaryPages(),
          "the chunk has fallback pages");
    }
    var int8 = new org.apache.arrow.vector.types.pojo.ArrowType.Int(8, true);
    var hint =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "s",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE,
                        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(0, false, int8)),
                    null)));
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      ReadOptions unify =
          ReadOptions.builder()
              .types(t -> t.arrowSchema(hint).dictionaryMode(DictionaryMode.UNIFY))
              .build();
      List<Object> got = new ArrayList<>();
      try (var reader = pf.newReader(allocator, unify)) {
        while (reader.loadNextBatch()) {
          FieldVector indices = reader.getVectorSchemaRoot().getVector("s");
          var encoding = indices.getField().getDictionary();
          assertEquals(
              new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true),
              encoding.getIndexType());
          FieldVector dictionary = reader.getDictionaryVectors().get(encoding.getId()).getVector();
          for (int i = 0; i < indices.getValueCount(); i++) {
            got.add(Canonical.value(dictionary, (int) ((BaseIntVector) indices).getValueAsLong(i)));
          }
        }
        assertTrue(
            reader.warnings().stream().anyMatch(w -> w.contains("fell back")),
            reader.warnings().toString());
      }
      assertEquals(expected, got);
      ReadOptions auto = ReadOptions.builder().types(t -> t.arrowSchema(hint)).build();
      ParquetFormatException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              ParquetFormatException.class,
              () -> {
                try (var reader = pf.newReader(allocator, auto)) {
                  while (reader.loadNextBatch()) {
                    // read on until the dictionary overflows
                  }
                }
              });
      assertTrue(e.getMessage().contains("--dictionary-mode unify"), e.getMessage());
      assertTrue(e.getMessage().contains("fallback.parquet"), e.getMessage());
    }
  }
}
