package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every column of every nanoparquet (R) interop case, list columns included, reads to the R values
 * written, as its .jsonl says (MANIFEST.md there gives the format). Through the ARROW:schema hint
 * difftime reads as Duration(NANOSECOND); hms keeps its stored milliseconds (nanoparquet's hint
 * says seconds, which would lose them); factors read as dictionary-encoded vectors whose dictionary
 * is the R levels in order. All compared exactly. List columns compare element by element by the R
 * class of their elements.
 */
class NanoparquetInteropIT {
  private static final DateTimeFormatter POSIXCT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static long compared;

  static Path folder() {
    Path dir = Corpus.shared().resolve("interop").resolve("nanoparquet");
    Assumptions.assumeTrue(Files.isDirectory(dir), "interop files not found at " + dir);
    return dir;
  }

  @TestFactory
  Stream<DynamicTest> everyCase() throws Exception {
    try (Stream<Path> files = Files.list(folder())) {
      return files.filter(p -> p.toString().endsWith(".parquet")).sorted().toList().stream()
          .map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compare(p)));
    }
  }

  @AfterAll
  static void summary() {
    System.out.println("nanoparquet interop: " + compared + " values compared");
  }

  @SuppressWarnings("unchecked")
  private static void compare(Path parquet) throws Exception {
    String name = parquet.getFileName().toString().replace(".parquet", "");
    List<String> lines =
        Files.readAllLines(parquet.resolveSibling(name + ".jsonl"), StandardCharsets.UTF_8);
    Map<String, Object> schema = (Map<String, Object>) Json.parse(lines.get(0));
    List<Map<String, Object>> columns = (List<Map<String, Object>>) schema.get("columns");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      rows.add((Map<String, Object>) Json.parse(line));
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(parquet);
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().batchSize(128).build())) {
      int row = 0;
      while (reader.loadNextBatch()) {
        var root = reader.getVectorSchemaRoot();
        for (FieldVector v : root.getFieldVectors()) {
          String column = v.getField().getName();
          Map<String, Object> info =
              columns.stream().filter(c -> c.get("name").equals(column)).findFirst().orElseThrow();
          // A file written without the hint (case no_arrow_metadata) has its factors as plain
          // labels.
          boolean hinted = file.metadata().keyValue("ARROW:schema") != null;
          String why = hinted ? factorMismatch(v, info, reader) : null;
          if (why != null) {
            fail(name + "." + column + ": " + why);
          }
        }
        for (int r = 0; r < root.getRowCount(); r++, row++) {
          for (FieldVector v : root.getFieldVectors()) {
            String column = v.getField().getName();
            Map<String, Object> info =
                columns.stream()
                    .filter(c -> c.get("name").equals(column))
                    .findFirst()
                    .orElseThrow(
                        () -> new AssertionError("no column " + column + " in the .jsonl schema"));
            Object expected = rows.get(row).get(column);
            var encoding = v.getField().getDictionary();
            String why;
            if (encoding != null) {
              // A factor: the label is the dictionary entry its index names.
              VarCharVector labels =
                  (VarCharVector) reader.getDictionaryVectors().get(encoding.getId()).getVector();
              String label =
                  v.isNull(r)
                      ? null
                      : new String(
                          labels.get((int) ((BaseIntVector) v).getValueAsLong(r)),
                          StandardCharsets.UTF_8);
              why =
                  java.util.Objects.equals(label, expected)
                      ? null
                      : "expected " + expected + ", read " + label;
            } else {
              why = mismatch(v, r, info, expected);
            }
            if (why != null) {
              fail(name + "." + column + " row " + row + ": " + why);
            }
            compared++;
          }
        }
      }
      assertEquals(rows.size(), row, "rows");
      assertTrue(((Json.Num) schema.get("nrow")).text().equals(Integer.toString(rows.size())));
    }
  }

  /**
   * A factor reads as a dictionary-encoded vector whose dictionary is the R levels in their order,
   * unused ones included (nanoparquet writes them all), ordered as R's; null when so (or not a
   * factor).
   */
  @SuppressWarnings("unchecked")
  private static String factorMismatch(
      FieldVector v, Map<String, Object> info, ParquetArrowReader reader)
      throws java.io.IOException {
    String rClass = (String) info.get("r_class");
    if (!rClass.equals("factor") && !rClass.equals("ordered/factor")) {
      return null;
    }
    var encoding = v.getField().getDictionary();
    if (encoding == null) {
      return "a factor read without a dictionary, as " + v.getField().getType();
    }
    if (encoding.isOrdered() != Boolean.TRUE.equals(info.get("ordered"))) {
      return "ordered is " + encoding.isOrdered();
    }
    List<String> levels = (List<String>) info.get("levels");
    FieldVector dictionary = reader.getDictionaryVectors().get(encoding.getId()).getVector();
    List<String> read = new ArrayList<>();
    for (int i = 0; i < dictionary.getValueCount(); i++) {
      read.add(new String(((VarCharVector) dictionary).get(i), StandardCharsets.UTF_8));
    }
    // Appended row groups can bring levels the first write did not have: they follow in file order.
    if (read.size() < levels.size() || !read.subList(0, levels.size()).equals(levels)) {
      return "dictionary " + read + ", R levels " + levels;
    }
    return null;
  }

  /**
   * Why the cell differs from the R value, or null when it is the same; a list column element-wise.
   */
  private static String mismatch(FieldVector v, int i, Map<String, Object> info, Object expected) {
    if (!(v instanceof ListVector list)) {
      return mismatch(v, i, (String) info.get("r_class"), expected);
    }
    if (expected == null || v.isNull(i)) {
      return expected == null && v.isNull(i)
          ? null
          : "expected " + expected + ", read " + v.getObject(i);
    }
    List<?> elements = (List<?>) expected;
    int start = list.getElementStartIndex(i);
    int end = list.getElementEndIndex(i);
    if (end - start != elements.size()) {
      return "expected " + elements.size() + " elements " + expected + ", read " + (end - start);
    }
    for (int j = 0; j < elements.size(); j++) {
      String why =
          mismatch(
              list.getDataVector(),
              start + j,
              (String) info.get("element_r_class"),
              elements.get(j));
      if (why != null) {
        return "element " + j + ": " + why;
      }
    }
    return null;
  }

  /** Why the cell differs from the R value, or null when it is the same. */
  private static String mismatch(FieldVector v, int i, String rClass, Object expected) {
    if (expected == null || v.isNull(i)) {
      return expected == null && v.isNull(i)
          ? null
          : "expected " + expected + ", read " + (v.isNull(i) ? "null" : v.getObject(i));
    }
    Object actual;
    Object want;
    // R classes such as "blob/vctrs_list_of/vctrs_vctr/list": the first name decides.
    String kind = rClass.startsWith("blob") ? "blob" : rClass;
    switch (kind) {
      case "integer" -> {
        actual = BigInteger.valueOf(((BaseIntVector) v).getValueAsLong(i));
        want = new BigInteger(((Json.Num) expected).text());
      }
      case "integer64" -> {
        actual = BigInteger.valueOf(((BaseIntVector) v).getValueAsLong(i));
        want = new BigInteger(((Json.Num) expected).text());
      }
      case "numeric" -> {
        double d = ((Float8Vector) v).get(i);
        double e =
            expected instanceof String s
                ? Double.parseDouble(s)
                : Double.parseDouble(((Json.Num) expected).text());
        actual = Double.doubleToLongBits(d);
        want = Double.doubleToLongBits(e);
      }
      case "logical" -> {
        actual = ((BitVector) v).get(i) != 0;
        want = expected;
      }
      case "character" -> {
        actual = new String(((VarCharVector) v).get(i), StandardCharsets.UTF_8);
        want = expected;
      }
      case "factor", "ordered/factor" -> {
        // Without a hint (no_arrow_metadata), the labels themselves.
        actual = new String(((VarCharVector) v).get(i), StandardCharsets.UTF_8);
        want = expected;
      }
      case "Date" -> {
        actual = LocalDate.ofEpochDay(((DateDayVector) v).get(i)).toString();
        want = expected;
      }
      case "POSIXct/POSIXt" -> {
        long micros = ((TimeStampVector) v).get(i);
        actual =
            POSIXCT.format(
                Instant.ofEpochSecond(
                    Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L));
        want = expected;
      }
      case "difftime" -> {
        // Stored as INT64 nanoseconds, read as Duration(NANOSECOND) by the hint; the R value is in
        // seconds on
        // a dyadic fraction, so exact.
        // A file without the hint (case no_arrow_metadata) gives the bare INT64.
        if (v instanceof BaseIntVector raw) {
          actual = BigDecimal.valueOf(raw.getValueAsLong(i));
        } else if (v.getField().getType() instanceof ArrowType.Duration d
            && d.getUnit() == TimeUnit.NANOSECOND) {
          actual = BigDecimal.valueOf(DurationVector.get(v.getDataBuffer(), i));
        } else {
          return "read as " + v.getField().getType() + ", not Duration(NANOSECOND)";
        }
        want = new BigDecimal(((Json.Num) expected).text()).movePointRight(9).stripTrailingZeros();
        actual = ((BigDecimal) actual).stripTrailingZeros();
      }
      case "hms/difftime" -> {
        actual = BigDecimal.valueOf(((TimeMilliVector) v).get(i)).stripTrailingZeros();
        want = new BigDecimal(((Json.Num) expected).text()).movePointRight(3).stripTrailingZeros();
      }
      case "blob", "raw" -> {
        byte[] bytes =
            v instanceof VarBinaryVector b ? b.get(i) : ((FixedSizeBinaryVector) v).get(i);
        actual = HexFormat.of().formatHex(bytes);
        want = expected;
      }
      default -> {
        return "no comparison for R class " + rClass;
      }
    }
    return actual.equals(want) ? null : "expected " + want + " (" + expected + "), read " + actual;
  }
}
