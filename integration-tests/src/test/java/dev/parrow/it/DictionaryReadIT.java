package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadOptions.DictionaryMode;
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
                        .dictionaryColumns(c.column())
                        .dictionaryMode(DictionaryMode.DECODE)
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
                    .dictionaryColumns(c.column())
                    .dictionaryMode(mode)
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
}
