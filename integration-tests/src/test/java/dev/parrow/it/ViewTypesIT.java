package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Utf8View and BinaryView written as BYTE_ARRAY with the ARROW:schema hint, as arrow-rs writes
 * them, and read back as views with the same values (short values inline, long ones in the data
 * buffer); DuckDB and Arrow C++ read the strings and bytes.
 */
class ViewTypesIT {
  @TempDir Path dir;

  /**
   * ListView and LargeListView, with views out of order and overlapping, null and empty lists:
   * written as LIST with the hint (as arrow-rs writes them), read back by Parrow as the same views
   * (also through a filter, which compacts them), and by DuckDB as the same lists.
   */
  @Test
  void listViewsComeBackAsListViews() throws Exception {
    Path file = dir.resolve("list_views.parquet");
    int[][] views = {{1, 2}, null, {0, 0}, {0, 5}, {2, 2}, {4, 1}};
    List<Object> want = new java.util.ArrayList<>();
    List<Object> wantLarge = new java.util.ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.complex.ListViewVector lv =
            org.apache.arrow.vector.complex.ListViewVector.empty("lv", allocator);
        org.apache.arrow.vector.complex.LargeListViewVector llv =
            org.apache.arrow.vector.complex.LargeListViewVector.empty("llv", allocator);
        org.apache.arrow.vector.IntVector id =
            new org.apache.arrow.vector.IntVector("id", allocator)) {
      lv.addOrGetVector(
          org.apache.arrow.vector.types.pojo.FieldType.nullable(new ArrowType.Int(64, true)));
      llv.addOrGetVector(
          org.apache.arrow.vector.types.pojo.FieldType.nullable(ArrowType.Utf8.INSTANCE));
      lv.allocateNew();
      llv.allocateNew();
      id.allocateNew(views.length);
      org.apache.arrow.vector.BigIntVector longs =
          (org.apache.arrow.vector.BigIntVector) lv.getDataVector();
      org.apache.arrow.vector.VarCharVector texts =
          (org.apache.arrow.vector.VarCharVector) llv.getDataVector();
      longs.allocateNew(5);
      texts.allocateNew(5);
      for (int k = 0; k < 5; k++) {
        if (k == 3) {
          longs.setNull(k);
          texts.setNull(k);
        } else {
          longs.set(k, (k + 1) * 10L);
          texts.setSafe(
              k,
              ("t" + k + (k == 4 ? " é✓" : "")).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
      }
      longs.setValueCount(5);
      texts.setValueCount(5);
      for (int i = 0; i < views.length; i++) {
        id.set(i, i);
        if (views[i] == null) {
          lv.setNull(i);
          llv.setNull(i);
          continue;
        }
        org.apache.arrow.vector.BitVectorHelper.setBit(lv.getValidityBuffer(), i);
        org.apache.arrow.vector.BitVectorHelper.setBit(llv.getValidityBuffer(), i);
        lv.getOffsetBuffer().setInt((long) i * 4, views[i][0]);
        lv.getSizeBuffer().setInt((long) i * 4, views[i][1]);
        llv.getOffsetBuffer().setLong((long) i * 8, views[i][0]);
        llv.getSizeBuffer().setLong((long) i * 8, views[i][1]);
      }
      id.setValueCount(views.length);
      lv.setValueCount(views.length);
      llv.setValueCount(views.length);
      for (int i = 0; i < views.length; i++) {
        want.add(lv.getObject(i));
        wantLarge.add(llv.getObject(i));
      }
      VectorSchemaRoot root = new VectorSchemaRoot(List.of(id, lv, llv));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, root.getSchema(), WriteOptions.defaults())) {
        writer.write(root);
      }
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      assertEquals(new ArrowType.ListView(), pf.arrowSchema().findField("lv").getType());
      assertEquals(new ArrowType.LargeListView(), pf.arrowSchema().findField("llv").getType());
      for (String where : new String[] {null, "id IN (0, 3, 4, 5)"}) {
        ReadOptions options =
            where == null ? ReadOptions.defaults() : ReadOptions.builder().filter(where).build();
        List<Object> got = new java.util.ArrayList<>();
        List<Object> gotLarge = new java.util.ArrayList<>();
        try (ParquetArrowReader reader = pf.newReader(allocator, options)) {
          while (reader.loadNextBatch()) {
            VectorSchemaRoot r = reader.getVectorSchemaRoot();
            for (int i = 0; i < r.getRowCount(); i++) {
              got.add(r.getVector("lv").getObject(i));
              gotLarge.add(r.getVector("llv").getObject(i));
            }
          }
        }
        List<Integer> rows = where == null ? List.of(0, 1, 2, 3, 4, 5) : List.of(0, 3, 4, 5);
        assertEquals(rows.stream().map(want::get).toList(), got, where);
        assertEquals(
            rows.stream().map(i -> String.valueOf(wantLarge.get(i))).toList(),
            gotLarge.stream().map(String::valueOf).toList(),
            where);
      }
    }
    try (DuckDb duck = new DuckDb()) {
      List<Object> lists = new java.util.ArrayList<>();
      for (var row :
          duck.query(
              "SELECT CAST(lv AS VARCHAR) AS lv FROM read_parquet("
                  + DuckDb.literal(file)
                  + ") ORDER BY id")) {
        lists.add(row.get("lv") == null ? null : row.get("lv").toString().replace(" ", ""));
      }
      assertEquals(
          want.stream()
              .map(v -> v == null ? null : v.toString().replace("null", "NULL").replace(" ", ""))
              .toList(),
          lists);
      // List filters read the views' offsets and sizes: the rows DuckDB's WHERE selects.
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile pf = ParquetFile.open(file)) {
        for (String where :
            List.of(
                "list_contains(lv, 30)",
                "len(lv) > 1",
                "lv[-1] IS NULL",
                "llv[1] = 't2'",
                "list_position(llv, NULL) = 2",
                "lv IS NULL OR len(llv) = 0")) {
          List<Object> expected = new java.util.ArrayList<>();
          for (var row :
              duck.query(
                  "SELECT id FROM read_parquet("
                      + DuckDb.literal(file)
                      + ") WHERE "
                      + where
                      + " ORDER BY id")) {
            expected.add(((Number) row.get("id")).intValue());
          }
          List<Object> got = new java.util.ArrayList<>();
          try (ParquetArrowReader reader =
              pf.newReader(allocator, ReadOptions.builder().filter(where).build())) {
            while (reader.loadNextBatch()) {
              VectorSchemaRoot r = reader.getVectorSchemaRoot();
              for (int i = 0; i < r.getRowCount(); i++) {
                got.add(r.getVector("id").getObject(i));
              }
            }
          }
          assertEquals(expected, got, where);
        }
      }
    }
  }

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
    // Filters compare the views' values (inline and in the data buffer) as stored.
    for (var e :
        java.util.Map.of(
                "sv LIKE '%e%'", 2L,
                "sv >= 'exactly'", 2L,
                "bv = 'short'", 1L,
                "sv ILIKE 'A VALUE%É✓'", 1L)
            .entrySet()) {
      assertEquals(e.getValue(), FilterCorpusIT.filteredRead(file, e.getKey()).rows(), e.getKey());
    }
    // The rows kept are those values, the views moved over the ones left out.
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns kept =
          CorpusReadIT.readWithParrow(
              file, allocator, ReadOptions.builder().filter("sv LIKE '%e%'").build());
      assertEquals(
          List.of("exactly 12 c", "a value longer than twelve bytes, é✓"), kept.values.get("sv"));
    }
  }
}
