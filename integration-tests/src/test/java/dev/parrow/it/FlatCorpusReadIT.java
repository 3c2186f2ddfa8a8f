package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.io.InputFile;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The flat columns (primitive, at the top level) of every corpus file read with Parrow to the same values
 * as with Arrow C++ (or DuckDB where Arrow C++ cannot read the file), at two batch sizes; every batch
 * passes validateFull. Files with nested columns are compared on their flat ones; files with only nested
 * columns and malformed ones are listed with the reason.
 */
class FlatCorpusReadIT {
  private static final Map<String, String> NOT_COMPARED = new TreeMap<>();
  private static final Map<String, String> COMPARED_WITH_DUCKDB = new TreeMap<>();
  private static final Map<String, String> PARTLY_COMPARED = new TreeMap<>();

  @TestFactory
  Stream<DynamicTest> everyFlatCorpusFile() {
    return Corpus.allParquetFiles().stream().filter(f -> !Corpus.isEncrypted(f))
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> compare(f)));
  }

  @AfterAll
  static void summary() {
    System.out.println("Corpus files not compared by FlatCorpusReadIT (" + NOT_COMPARED.size() + "):");
    NOT_COMPARED.forEach((f, why) -> System.out.println("  " + f + ": " + why));
    System.out.println("Compared in part (" + PARTLY_COMPARED.size() + "):");
    PARTLY_COMPARED.forEach((f, why) -> System.out.println("  " + f + ": " + why));
    System.out.println("Compared with DuckDB instead of Arrow C++ (" + COMPARED_WITH_DUCKDB.size() + "):");
    COMPARED_WITH_DUCKDB.forEach((f, why) -> System.out.println("  " + f + ": " + why));
  }

  private static void compare(Path file) throws Exception {
    String name = Corpus.name(file);
    Footer footer;
    try (InputFile in = InputFile.of(file)) {
      footer = FooterReader.read(in);
    } catch (ParquetFormatException e) {
      assertTrue(Corpus.isBadData(file), e.getMessage());
      NOT_COMPARED.put(name, "malformed footer: " + e.problem());
      return;
    }
    // The flat columns of every file are compared; nested ones wait for the nested-reader issue.
    List<String> flat = new java.util.ArrayList<>();
    for (ColumnDescriptor c : footer.schema().columns()) {
      if (c.path().size() == 1 && c.maxRepetitionLevel() == 0) {
        flat.add(c.dottedPath());
      }
    }
    if (flat.isEmpty()) {
      NOT_COMPARED.put(name, "only nested columns (the nested-reader issue)");
      return;
    }
    if (flat.size() < footer.schema().columnCount()) {
      PARTLY_COMPARED.put(name, flat.size() + " flat of " + footer.schema().columnCount()
          + " columns compared; the nested ones wait for the nested-reader issue");
    }

    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions defaults = ReadOptions.builder().columns(flat).build();
      ReadOptions checked = defaults;
      if (name.contains("corrupt-checksum")) {
        // These files have pages whose bytes do not match their CRC: checking must catch it; unchecked,
        // they read like Arrow C++ reads them (it does not check by default).
        ParquetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(ParquetFormatException.class,
            () -> readWithParrow(file, allocator, checked));
        assertTrue(e.getMessage().contains("CRC mismatch") && e.page() != null, e.getMessage());
        defaults = defaults.toBuilder().verifyCrc(false).build();
      }
      Columns parrow;
      try {
        parrow = readWithParrow(file, allocator, defaults);
      } catch (ParquetFormatException e) {
        if (Corpus.isBadData(file)) {
          NOT_COMPARED.put(name, "rejected as malformed: " + e.getMessage());
          return;
        }
        throw e;
      }
      Columns small = readWithParrow(file, allocator, defaults.toBuilder().batchSize(7).build());
      assertEquals(parrow.values, small.values, "batch size 7 changes nothing");

      Columns oracle;
      try {
        oracle = ArrowCpp.read(file, allocator);
      } catch (Exception e) {
        // Files Arrow C++ cannot read are compared with DuckDB instead.
        try {
          oracle = DuckDbArrow.read(file, allocator);
          COMPARED_WITH_DUCKDB.put(name, "Arrow C++ cannot read it: " + e.getMessage().lines().findFirst().orElse(""));
        } catch (Exception duck) {
          NOT_COMPARED.put(name, "neither Arrow C++ (" + e.getMessage().lines().findFirst().orElse("")
              + ") nor DuckDB (" + duck.getMessage().lines().findFirst().orElse("") + ") reads it");
          return;
        }
      }
      assertEquals(oracle.rows, parrow.rows, "row count");
      assertTrue(oracle.values.keySet().containsAll(parrow.values.keySet()), "columns");
      for (String column : parrow.values.keySet()) {
        List<Object> expected = oracle.values.get(column);
        ArrowType ours = parrow.types.get(column);
        ArrowType theirs = oracle.types.get(column);
        if (ours instanceof ArrowType.Interval && theirs instanceof ArrowType.FixedSizeBinary) {
          expected = expected.stream().map(Canonical::intervalFromBytes).toList();
        }
        List<Object> actual = parrow.values.get(column);
        for (int row = 0; row < actual.size(); row++) {
          if (!java.util.Objects.equals(expected.get(row), actual.get(row))) {
            fail(column + " row " + row + ": Arrow C++ (" + theirs + ") has " + expected.get(row) + ", Parrow ("
                + ours + ") has " + actual.get(row));
          }
        }
      }
    }
  }

  static Columns readWithParrow(Path file, BufferAllocator allocator, ReadOptions options) throws Exception {
    Columns columns = new Columns();
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      columns.start(reader.getVectorSchemaRoot().getSchema());
      while (reader.loadNextBatch()) {
        var root = reader.getVectorSchemaRoot();
        for (FieldVector v : root.getFieldVectors()) {
          // Arrow Java 19's validators reject valid Float2 vectors (both checks) and decimals at their
          // maximum precision (the full check), see DESIGN.md: those are compared by value against Arrow C++.
          if (v instanceof Float2Vector) {
            continue;
          }
          if (v instanceof DecimalVector || v instanceof Decimal256Vector) {
            ValueVectorUtility.validate(v);
          } else {
            ValueVectorUtility.validateFull(v);
          }
        }
        columns.append(root);
      }
    }
    return columns;
  }
}
