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
import dev.parrow.storage.InputFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every column of every corpus file, flat and nested, read with Parrow to the same values as with
 * Arrow C++ (or DuckDB where Arrow C++ cannot read the file), at batch sizes default, 7 and 1;
 * every batch passes validateFull. Malformed files, and files no oracle reads, are listed with the
 * reason.
 */
class CorpusReadIT {
  private static final Map<String, String> NOT_COMPARED = new TreeMap<>();
  private static final Map<String, String> COMPARED_WITH_DUCKDB = new TreeMap<>();

  @TestFactory
  Stream<DynamicTest> everyCorpusFile() {
    return Corpus.allParquetFiles().stream()
        .filter(f -> !Corpus.isEncrypted(f))
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> compare(f)));
  }

  @AfterAll
  static void summary() {
    System.out.println("Corpus files not compared by CorpusReadIT (" + NOT_COMPARED.size() + "):");
    NOT_COMPARED.forEach((f, why) -> System.out.println("  " + f + ": " + why));
    System.out.println(
        "Compared with DuckDB instead of Arrow C++ (" + COMPARED_WITH_DUCKDB.size() + "):");
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
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions defaults = ReadOptions.defaults();
      ReadOptions checked = defaults;
      if (name.contains("corrupt-checksum")) {
        // These files have pages whose bytes do not match their CRC: checking must catch it;
        // unchecked,
        // they read like Arrow C++ reads them (it does not check by default).
        ParquetFormatException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                ParquetFormatException.class, () -> readWithParrow(file, allocator, checked));
        assertTrue(e.getMessage().contains("CRC mismatch") && e.page() != null, e.getMessage());
        defaults = defaults.toBuilder().verifyCrc(false).build();
      }
      Read read;
      try {
        read = readInNamedUnits(file, allocator, defaults);
      } catch (ParquetFormatException e) {
        if (Corpus.isBadData(file)) {
          NOT_COMPARED.put(name, "rejected as malformed: " + e.getMessage());
          return;
        }
        throw e;
      }
      Columns parrow = read.columns();
      defaults = read.options();
      String coarserUnit = read.coarserBecause();
      assertSameAsInFileReference(parrow);
      for (int batch : new int[] {7, 1}) {
        Columns small =
            readWithParrow(file, allocator, defaults.toBuilder().batchSize(batch).build());
        assertEquals(parrow.values, small.values, "batch size " + batch + " changes nothing");
      }
      // Batches over a level limit are read again as smaller ones: the same values, unless a
      // single row is over it.
      try {
        Columns cut =
            readWithParrow(file, allocator, defaults.toBuilder().maxLevelsPerBatch(16).build());
        assertEquals(parrow.values, cut.values, "batches cut by the level limit change nothing");
      } catch (ParquetFormatException e) {
        assertTrue(
            e.problem().startsWith("one row has more than 16 level entries"), e.getMessage());
      }

      if (coarserUnit != null) {
        // The peers wrap such values (Arrow C++) or read them in units of their own.
        NOT_COMPARED.put(name, "read in the unit its error named: " + coarserUnit);
        return;
      }
      Columns oracle;
      try {
        oracle = ArrowCpp.read(file, allocator);
      } catch (Exception e) {
        // Files Arrow C++ cannot read are compared with DuckDB instead.
        try {
          oracle = DuckDbArrow.read(file, allocator);
          COMPARED_WITH_DUCKDB.put(
              name, "Arrow C++ cannot read it: " + e.getMessage().lines().findFirst().orElse(""));
        } catch (Exception duck) {
          // The shredded VARIANT files: both peers reject the VARIANT annotation on a group. Parrow
          // reads them (above, at three batch sizes) as variants; VariantIT checks their values.
          String why =
              e.getMessage().contains("Variant") && duck.getMessage().contains("VARIANT")
                  ? "VARIANT group: Arrow C++ and DuckDB reject it, Parrow reads it as a variant"
                  : "neither Arrow C++ ("
                      + e.getMessage().lines().findFirst().orElse("")
                      + ") nor DuckDB ("
                      + duck.getMessage().lines().findFirst().orElse("")
                      + ") reads it";
          NOT_COMPARED.put(name, why);
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
            fail(
                column
                    + " row "
                    + row
                    + ": Arrow C++ ("
                    + theirs
                    + ") has "
                    + expected.get(row)
                    + ", Parrow ("
                    + ours
                    + ") has "
                    + actual.get(row));
          }
        }
      }
    }
  }

  private static final java.util.regex.Pattern UNIT_NAMED =
      java.util.regex.Pattern.compile(
          "(int96Unit|fixedTimestampUnit)\\((NANOSECOND|MICROSECOND|MILLISECOND|SECOND)\\)");

  /** {@code options} with the timestamp unit an out-of-range error names, or null for none. */
  /**
   * A file's columns, the options that read them, and the error that asked for a coarser timestamp
   * unit (null when the options given read it).
   */
  record Read(Columns columns, ReadOptions options, String coarserBecause) {}

  /**
   * Reads {@code file}; where timestamps past 64 bits of the unit fail the read (Spark's INT96 of
   * far dates, 12-byte nanoseconds of the years 1 to 9999) naming the unit that holds them, reads
   * it again in that unit, a few times at most. Any other error is the caller's.
   */
  static Read readInNamedUnits(Path file, BufferAllocator allocator, ReadOptions options)
      throws Exception {
    String because = null;
    for (int attempt = 0; ; attempt++) {
      try {
        return new Read(readWithParrow(file, allocator, options), options, because);
      } catch (ParquetFormatException e) {
        ReadOptions coarser = attempt < 4 ? inUnitNamed(options, e.getMessage()) : null;
        if (coarser == null) {
          throw e;
        }
        options = coarser;
        because = e.getMessage();
      }
    }
  }

  private static ReadOptions inUnitNamed(ReadOptions options, String message) {
    java.util.regex.Matcher m = UNIT_NAMED.matcher(message);
    if (!m.find()) {
      return null;
    }
    org.apache.arrow.vector.types.TimeUnit unit =
        org.apache.arrow.vector.types.TimeUnit.valueOf(m.group(2));
    dev.parrow.types.TypeOptions.Builder types = options.types().toBuilder();
    if (m.group(1).equals("int96Unit")) {
      types.int96Unit(unit);
    } else {
      types.fixedTimestampUnit(unit);
    }
    return options.toBuilder().types(types.build()).build();
  }

  /**
   * Files that test an encoding hold each column twice or more, once PLAIN as the reference: {@code
   * X_plain} beside {@code X_byte_stream_split}, {@code X_alp_1024}, ... (parquet-testing's
   * convention). Each such column reads as the reference's values, whether or not a peer reads the
   * file (none of them reads ALP yet).
   */
  private static void assertSameAsInFileReference(Columns parrow) {
    for (String reference : parrow.values.keySet()) {
      if (!reference.endsWith("_plain")) {
        continue;
      }
      String stem = reference.substring(0, reference.length() - "plain".length());
      for (String column : parrow.values.keySet()) {
        if (column.startsWith(stem) && !column.equals(reference)) {
          assertEquals(
              parrow.values.get(reference),
              parrow.values.get(column),
              column + " holds the values of " + reference);
        }
      }
    }
  }

  static Columns readWithParrow(Path file, BufferAllocator allocator, ReadOptions options)
      throws Exception {
    Columns columns = new Columns();
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      columns.start(reader.getVectorSchemaRoot().getSchema());
      while (reader.loadNextBatch()) {
        var root = reader.getVectorSchemaRoot();
        for (FieldVector v : root.getFieldVectors()) {
          try {
            VectorChecks.validateFull(v);
          } catch (RuntimeException | AssertionError e) {
            throw new AssertionError(
                file.getFileName() + ", column " + v.getName() + ": " + e.getMessage(), e);
          }
        }
        columns.append(root, reader);
      }
    }
    return columns;
  }
}
