package dev.parrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.types.DictionaryMode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The printers format a column at a time, in chunks of rows, from bulk copies of Arrow memory.
 * Every value they print must be the one the value-by-value path ({@link ValueText#text}) gives,
 * for every file in testdata/ (every type, nulls, nested values), with batch and limit sizes that
 * cut the chunks anywhere.
 */
class RowPrinterTest {
  private static final Path TESTDATA = Path.of("..", "testdata");

  @TestFactory
  Stream<DynamicTest> bulkTextEqualsValueByValueText() throws Exception {
    try (Stream<Path> files = Files.list(TESTDATA)) {
      return files.filter(p -> p.toString().endsWith(".parquet")).sorted().toList().stream()
          .flatMap(
              f ->
                  Stream.of(3, 2_049, 65_536)
                      .map(
                          batch ->
                              DynamicTest.dynamicTest(
                                  f.getFileName() + " in batches of " + batch,
                                  () -> compare(f, batch))));
    }
  }

  private static void compare(Path file, int batch) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(
                allocator,
                ReadOptions.builder()
                    .batchSize(batch)
                    .types(t -> t.dictionaryMode(DictionaryMode.DECODE))
                    .build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        // A limit below the batch's rows, as head and cat --limit print.
        int limit = Math.max(1, root.getRowCount() - 1);
        List<String> jsonl = print(root, limit, RowPrinter.Format.jsonl).lines().toList();
        List<String> csv = print(root, limit, RowPrinter.Format.csv).lines().toList();
        assertEquals(limit, jsonl.size());
        for (int r = 0; r < limit; r++) {
          assertEquals(expectedJson(root, r), jsonl.get(r), file + " row " + (rows + r));
        }
        assertTrue(csv.size() >= limit + 1, "a header and at least a line a row");
        rows += root.getRowCount();
      }
      assertTrue(rows > 0);
    }
  }

  @org.junit.jupiter.api.Test
  void nullTypeColumnsPrintNull() {
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.IntVector i =
            new org.apache.arrow.vector.IntVector("i", allocator);
        org.apache.arrow.vector.NullVector n = new org.apache.arrow.vector.NullVector("n", 2);
        VectorSchemaRoot root = VectorSchemaRoot.of(i, n)) {
      i.allocateNew(2);
      i.set(0, 7);
      i.setNull(1);
      root.setRowCount(2);
      assertEquals(
          "{\"i\": 7, \"n\": null}\n{\"i\": null, \"n\": null}\n",
          print(root, 2, RowPrinter.Format.jsonl));
      assertEquals("i,n\n7,\n,\n", print(root, 2, RowPrinter.Format.csv));
    }
  }

  private static String print(VectorSchemaRoot root, int limit, RowPrinter.Format format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RowPrinter printer = new RowPrinter(out, format, "", 0);
    printer.print(root, limit);
    printer.flush();
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The JSON line the value-by-value path makes. */
  private static String expectedJson(VectorSchemaRoot root, int row) {
    StringBuilder sb = new StringBuilder("{");
    List<FieldVector> vectors = root.getFieldVectors();
    for (int c = 0; c < vectors.size(); c++) {
      FieldVector v = vectors.get(c);
      sb.append(c > 0 ? ", " : "").append(JsonWriter.quote(v.getName())).append(": ");
      Utf8Buffer value = new Utf8Buffer(16);
      ValueText.appendJson(ValueText.of(v, ValueText.Binary.base64), row, value);
      sb.append(value);
    }
    return sb.append('}').toString();
  }
}
