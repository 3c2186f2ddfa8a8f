package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Utf8View and BinaryView written as BYTE_ARRAY with the ARROW:schema hint, as arrow-rs writes
 * them, and read back as views with the same values (short values inline, long ones in the data
 * buffer); DuckDB and Arrow C++ read the strings and bytes.
 */
class ViewTypesIT {
  @TempDir Path dir;

  @Test
  void viewsComeBackAsViews() throws Exception {
    Path file = dir.resolve("views.parquet");
    String[] texts = {"short", null, "exactly 12 c", "a value longer than twelve bytes, é✓", ""};
    try (BufferAllocator allocator = new RootAllocator();
        ViewVarCharVector sv = new ViewVarCharVector("sv", allocator);
        ViewVarBinaryVector bv = new ViewVarBinaryVector("bv", allocator)) {
      sv.allocateNew(texts.length);
      bv.allocateNew(texts.length);
      for (int i = 0; i < texts.length; i++) {
        if (texts[i] == null) {
          sv.setNull(i);
          bv.setNull(i);
        } else {
          byte[] b = texts[i].getBytes(StandardCharsets.UTF_8);
          sv.setSafe(i, b);
          bv.setSafe(i, b);
        }
      }
      sv.setValueCount(texts.length);
      bv.setValueCount(texts.length);
      VectorSchemaRoot root = VectorSchemaRoot.of(sv, bv);
      root.setRowCount(texts.length);
      try (var w = ParquetArrowWriter.create(file, root.getSchema(), WriteOptions.defaults())) {
        w.write(root);
      }
      Columns expected = new Columns();
      expected.start(root.getSchema());
      expected.append(root);
      Columns back =
          CorpusReadIT.readWithParrow(file, allocator, ReadOptions.builder().batchSize(2).build());
      assertEquals(
          new ArrayList<>(expected.fields.values()), new ArrayList<>(back.fields.values()));
      assertEquals(expected.values, back.values);
      // Others read the BYTE_ARRAY values as strings and bytes.
      Columns duck = DuckDbArrow.read(file, allocator);
      assertEquals(expected.values.get("sv"), duck.values.get("sv"));
      assertEquals(expected.values.get("bv"), duck.values.get("bv"));
      Columns cpp = ArrowCpp.read(file, allocator);
      assertEquals(expected.values.get("sv"), cpp.values.get("sv"));
    }
  }
}
