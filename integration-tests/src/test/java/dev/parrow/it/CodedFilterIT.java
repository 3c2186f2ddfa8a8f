package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on string and binary columns, which the reader tests on their dictionary ids where a
 * chunk is dictionary-encoded throughout and on their values where it is not: row groups of both
 * kinds in one file (one falls back to plain pages), nulls, every operator, the column projected or
 * not, at batch sizes that cut runs anywhere; values computed from the column too. The expected
 * rows are computed here from the data written, in SQL's three-valued logic.
 */
class CodedFilterIT {
  @TempDir Path dir;

  record Row(int id, String s, byte[] b, int n) {
    String text() {
      return id
          + "|"
          + s
          + "|"
          + (b == null ? null : new String(b, StandardCharsets.UTF_8))
          + "|"
          + n;
    }
  }

  record Case(String sql, Predicate<Row> where) {}

  @Test
  void stringFiltersOnIdsAndOnValuesGiveTheSameRows() throws Exception {
    List<Row> rows = new ArrayList<>();
    String[] few = {"a", "b", "c", "dé"};
    for (int i = 0; i < 9_000; i++) {
      int group = i / 3_000;
      String s;
      if (i % 11 == 0) {
        s = null;
      } else if (group == 1) {
        // Many long distinct values: the chunk's dictionary outgrows its limit and falls back.
        s = (i % 3 == 0 ? few[i % 4] : "long value number " + i + " ".repeat(40));
      } else {
        s = few[(i * 7) % 4];
      }
      byte[] b = i % 13 == 0 ? null : few[i % 3].getBytes(StandardCharsets.UTF_8);
      rows.add(new Row(i, s, b, i % 10));
    }
    Path file = dir.resolve("coded.parquet");
    write(file, rows);
    try (ParquetFile pf = ParquetFile.open(file)) {
      var groups = pf.metadata().rowGroups();
      assertEquals(3, groups.size());
      assertTrue(groups.get(0).columns().get(1).metaData().onlyDictionaryPages());
      assertTrue(!groups.get(1).columns().get(1).metaData().onlyDictionaryPages());
    }
    List<Case> cases =
        List.of(
            new Case("s = 'a'", r -> "a".equals(r.s())),
            new Case("s IN ('a', 'dé')", r -> "a".equals(r.s()) || "dé".equals(r.s())),
            new Case("s > 'b'", r -> r.s() != null && r.s().compareTo("b") > 0),
            new Case("s <> 'a'", r -> r.s() != null && !r.s().equals("a")),
            new Case("s IS NULL", r -> r.s() == null),
            new Case("NOT (s = 'b')", r -> r.s() != null && !r.s().equals("b")),
            new Case("s = 'zzz'", r -> false),
            new Case("s = 'c' AND n < 3", r -> "c".equals(r.s()) && r.n() < 3),
            new Case(
                "s = 'c' OR b = 'a'", r -> "c".equals(r.s()) || Objects.equals(text(r.b()), "a")),
            new Case("b = 'b'", r -> Objects.equals(text(r.b()), "b")),
            // Computed values of one coded column: computed per dictionary entry (and for null).
            new Case("upper(s) = 'A'", r -> r.s() != null && r.s().toUpperCase().equals("A")),
            new Case("coalesce(s, 'none') = 'none'", r -> r.s() == null),
            new Case("lower(s) IS NULL", r -> r.s() == null),
            new Case(
                "length(s) > 1", r -> r.s() != null && r.s().codePointCount(0, r.s().length()) > 1),
            new Case(
                "NOT (upper(s) IN ('A', 'DÉ'))",
                r -> r.s() != null && !List.of("A", "DÉ").contains(r.s().toUpperCase())),
            new Case(
                "s || s = 'bb' OR n = 9", r -> (r.s() != null && r.s().equals("b")) || r.n() == 9));
    for (Case c : cases) {
      List<String> want = rows.stream().filter(c.where()).map(Row::text).sorted().toList();
      for (int batch : new int[] {1, 7, 4096}) {
        assertEquals(want, read(file, c.sql(), batch, null), c.sql() + " at batch " + batch);
      }
      // The filter column not projected: only ids come back.
      List<String> ids =
          rows.stream().filter(c.where()).map(r -> String.valueOf(r.id())).sorted().toList();
      assertEquals(ids, read(file, c.sql(), 4096, "id"), c.sql() + ", ids only");
    }
  }

  private static String text(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  private static void write(Path file, List<Row> rows) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        IntVector id = new IntVector("id", allocator);
        VarCharVector s = new VarCharVector("s", allocator);
        VarBinaryVector b = new VarBinaryVector("b", allocator);
        IntVector n = new IntVector("n", allocator)) {
      VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(id, s, b, n));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              file,
              root.getSchema(),
              WriteOptions.builder()
                  .rowGroupRows(3_000)
                  .dictionaryPageSizeLimit(4_000)
                  .pageSizeBytes(2_000)
                  .build())) {
        for (int from = 0; from < rows.size(); from += 3_000) {
          root.allocateNew();
          for (int i = 0; i < 3_000; i++) {
            Row r = rows.get(from + i);
            id.setSafe(i, r.id());
            n.setSafe(i, r.n());
            if (r.s() == null) {
              s.setNull(i);
            } else {
              s.setSafe(i, r.s().getBytes(StandardCharsets.UTF_8));
            }
            if (r.b() == null) {
              b.setNull(i);
            } else {
              b.setSafe(i, r.b());
            }
          }
          root.setRowCount(3_000);
          writer.write(root);
        }
      }
    }
  }

  /** The rows the filter keeps, as sorted text (all columns, or only {@code column}). */
  private static List<String> read(Path file, String where, int batch, String column)
      throws Exception {
    List<String> out = new ArrayList<>();
    ReadOptions.Builder options = ReadOptions.builder().filter(where).batchSize(batch);
    if (column != null) {
      options.columns(List.of(column));
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader = pf.newReader(allocator, options.build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot r = reader.getVectorSchemaRoot();
        for (int i = 0; i < r.getRowCount(); i++) {
          if (column != null) {
            out.add(String.valueOf(r.getVector(column).getObject(i)));
            continue;
          }
          Object s = r.getVector("s").getObject(i);
          byte[] b = ((VarBinaryVector) r.getVector("b")).get(i);
          out.add(
              new Row(
                      ((IntVector) r.getVector("id")).get(i),
                      s == null ? null : s.toString(),
                      b,
                      ((IntVector) r.getVector("n")).get(i))
                  .text());
        }
      }
    }
    out.sort(null);
    return out;
  }
}
