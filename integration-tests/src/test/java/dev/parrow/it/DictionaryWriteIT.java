package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.OutputFile;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadOptions.DictionaryMode;
import dev.parrow.arrow.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded vectors (R factors from nanoparquet, arrow-rs dictionaries of every index type,
 * ordered or not) written with their dictionary as the dictionary page and their indices as they are,
 * then read back: Parrow gets the same dictionary type, the same dictionary (unused entries and order
 * kept) and the same values; Arrow C++ and DuckDB the same values. Per-row-group dictionaries start a new
 * row group where they change.
 */
class DictionaryWriteIT {
  @TempDir static Path dir;

  @TestFactory
  Stream<DynamicTest> dictionariesRoundTrip() {
    Path np = NanoparquetInteropIT.folder();
    Path rs = ArrowRsInteropIT.folder();
    List<DynamicTest> tests = new ArrayList<>();
    for (Path source : List.of(np.resolve("factor_levels.parquet"), np.resolve("factor_append_dicts.parquet"),
        rs.resolve("a_dictionary.parquet"), rs.resolve("a_dictionary_index_types.parquet"))) {
      for (DictionaryMode mode : List.of(DictionaryMode.UNIFY, DictionaryMode.PER_ROW_GROUP)) {
        tests.add(DynamicTest.dynamicTest(source.getFileName() + " " + mode, () -> roundTrip(source, mode)));
      }
    }
    return tests.stream();
  }

  private static void roundTrip(Path source, DictionaryMode mode) throws Exception {
    Path out = dir.resolve(source.getFileName() + "." + mode + ".parquet");
    ReadOptions read = ReadOptions.builder().dictionaryMode(mode).batchSize(100).build();
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFile parquet = ParquetFile.open(source); ParquetArrowReader reader = parquet.newReader(allocator, read)) {
        ParquetArrowWriter.writeAll(reader, OutputFile.of(out), WriteOptions.builder().pageSizeBytes(512).build(),
            rows -> { });
      }
      Columns before = CorpusReadIT.readWithParrow(source, allocator, read);
      Columns after = CorpusReadIT.readWithParrow(out, allocator, read);
      assertEquals(before.fields, after.fields, "types, dictionary encodings included");
      assertEquals(before.values, after.values);
      if (mode == DictionaryMode.UNIFY) {
        assertEquals(dictionaries(source, allocator, read), dictionaries(out, allocator, read),
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

  /** Every dictionary of the file's first batch, as canonical values. */
  private static List<List<Object>> dictionaries(Path file, BufferAllocator allocator, ReadOptions options)
      throws Exception {
    List<List<Object>> out = new ArrayList<>();
    try (ParquetFile parquet = ParquetFile.open(file); ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      reader.loadNextBatch();
      for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
        if (v.getField().getDictionary() == null) {
          continue;
        }
        FieldVector d = reader.getDictionaryVectors().get(v.getField().getDictionary().getId()).getVector();
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
