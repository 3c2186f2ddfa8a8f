package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.DictionaryMode;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested Arrow data (lists of every flat type, lists of lists of lists, lists of structs, structs
 * of lists and maps, maps of lists, large and fixed-size lists, deep nesting, with nulls at every
 * level) read from the DuckDB fixtures and the arrow-rs cases, written by Parrow with data pages v1
 * and v2 in small pages and row groups, and read back: Parrow gets the same values and types, Arrow
 * C++ and DuckDB the same values as they read from the source file (Arrow C++ reads neither source
 * nor copy of the fixed-size list case).
 */
class NestedWriteIT {
  @TempDir static Path dir;

  @TestFactory
  Stream<DynamicTest> nestedFilesRewritten() {
    Path testdata = FixturesIT.projectTestdata();
    Path rs = ArrowRsInteropIT.folder();
    List<Path> sources =
        List.of(
            testdata.resolve("nested_zstd.parquet"),
            testdata.resolve("orders.parquet"),
            rs.resolve("a_list_prim.parquet"),
            rs.resolve("a_list_of_list.parquet"),
            rs.resolve("a_map_utf8_int32.parquet"),
            rs.resolve("a_struct_nested.parquet"),
            rs.resolve("a_deep_nesting.parquet"),
            rs.resolve("a_large_list.parquet"),
            rs.resolve("a_fixed_size_list.parquet"),
            rs.resolve("a_required.parquet"));
    return sources.stream()
        .flatMap(
            source ->
                Stream.of(1, 2)
                    .map(
                        version ->
                            DynamicTest.dynamicTest(
                                source.getFileName() + " v" + version,
                                () -> rewrite(source, version))));
  }

  private static void rewrite(Path source, int pageVersion) throws Exception {
    Path out = dir.resolve(source.getFileName() + ".v" + pageVersion + ".parquet");
    ReadOptions decode =
        ReadOptions.builder()
            .types(t -> t.dictionaryMode(DictionaryMode.DECODE))
            .batchSize(333)
            .build();
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFile parquet = ParquetFile.open(source);
          ParquetArrowReader reader = parquet.newReader(allocator, decode)) {
        ParquetArrowWriter.writeAll(
            reader,
            OutputFile.of(out),
            WriteOptions.builder()
                .dataPageVersion(WriteOptions.DataPageVersion.of(pageVersion))
                .pageSizeBytes(2048)
                .rowGroupRows(400)
                .build(),
            rows -> {});
      }
      Columns before = CorpusReadIT.readWithParrow(source, allocator, decode);
      Columns after = CorpusReadIT.readWithParrow(out, allocator, decode);
      assertEquals(before.types, after.types, "types");
      assertEquals(before.values, after.values, "Parrow reads back what it wrote");

      if (source.getFileName().toString().equals("a_fixed_size_list.parquet")) {
        // Arrow C++ 18.3 reads a fixed-size list with null lists from no writer (it casts the
        // 0-element null
        // lists); the test notices the day it does.
        for (Path file : List.of(source, out)) {
          Exception e = assertThrows(RuntimeException.class, () -> ArrowCpp.read(file, allocator));
          assertTrue(e.getMessage().contains("Expected all lists to be of size"), e.getMessage());
        }
      } else {
        Columns cppBefore = ArrowCpp.read(source, allocator);
        Columns cppAfter = ArrowCpp.read(out, allocator);
        for (String column : cppBefore.values.keySet()) {
          assertEquals(
              cppBefore.values.get(column), cppAfter.values.get(column), "Arrow C++: " + column);
        }
      }
      Columns duckBefore = DuckDbArrow.read(source, allocator);
      Columns duckAfter = DuckDbArrow.read(out, allocator);
      for (String column : duckBefore.values.keySet()) {
        assertEquals(
            duckBefore.values.get(column), duckAfter.values.get(column), "DuckDB: " + column);
      }
    }
  }
}
