package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The corpus files that come with their expected values (data/*_expect.csv, written by the corpus's
 * authors) read to exactly those values: integers as decimal text, strings as they are, an unquoted
 * empty field as null. Columns are matched by position.
 */
class ExpectCsvIT {

  @TestFactory
  Stream<DynamicTest> everyFileWithExpectedValues() throws Exception {
    Path data = Corpus.parquetTesting().resolve("data");
    try (Stream<Path> files = Files.list(data)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith("_expect.csv"))
          .sorted()
          .toList()
          .stream()
          .map(csv -> DynamicTest.dynamicTest(csv.getFileName().toString(), () -> compare(csv)));
    }
  }

  private static void compare(Path csv) throws Exception {
    Path parquet =
        csv.resolveSibling(csv.getFileName().toString().replace("_expect.csv", ".parquet"));
    List<List<String>> expected = parse(Files.readString(csv, StandardCharsets.UTF_8));
    List<String> header = expected.remove(0);
    List<List<String>> actual = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(parquet);
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().batchSize(97).build())) {
      while (reader.loadNextBatch()) {
        var root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          List<String> row = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.add(text(v, r));
          }
          actual.add(row);
        }
      }
    }
    assertEquals(expected.size(), actual.size(), "rows");
    assertEquals(header.size(), actual.get(0).size(), "columns");
    for (int r = 0; r < expected.size(); r++) {
      for (int c = 0; c < header.size(); c++) {
        if (!java.util.Objects.equals(expected.get(r).get(c), actual.get(r).get(c))) {
          fail(
              header.get(c)
                  + " row "
                  + r
                  + ": expected "
                  + expected.get(r).get(c)
                  + ", read "
                  + actual.get(r).get(c));
        }
      }
    }
  }

  private static String text(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    if (v instanceof BaseIntVector b) {
      return Long.toString(b.getValueAsLong(i));
    }
    if (v instanceof VarCharVector s) {
      return new String(s.get(i), StandardCharsets.UTF_8);
    }
    if (v instanceof VarBinaryVector b) {
      return new String(b.get(i), StandardCharsets.UTF_8);
    }
    return String.valueOf(v.getObject(i));
  }

  /** RFC 4180 with one addition: an unquoted empty field is null, a quoted one the empty string. */
  static List<List<String>> parse(String text) {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          field.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
        wasQuoted = true;
      } else if (ch == ',' || ch == '\n') {
        row.add(field.length() == 0 && !wasQuoted ? null : field.toString());
        field.setLength(0);
        wasQuoted = false;
        if (ch == '\n') {
          rows.add(row);
          row = new ArrayList<>();
        }
      } else if (ch != '\r') {
        field.append(ch);
      }
    }
    if (field.length() > 0 || wasQuoted || !row.isEmpty()) {
      row.add(field.length() == 0 && !wasQuoted ? null : field.toString());
      rows.add(row);
    }
    return rows;
  }
}
