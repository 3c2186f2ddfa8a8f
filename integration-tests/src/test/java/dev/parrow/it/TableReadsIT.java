package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.RowSelection;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.types.FieldIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reads table formats build on, against independent readers and writers: row numbers against
 * DuckDB's {@code file_row_number}, the caller's selections against DuckDB's rows with the same
 * positions removed, field ids against Arrow C++'s and DuckDB's view of the same files
 * (parquet-java, arrow-rs and DuckDB fixtures, and Parrow's own), and a file written before a
 * schema change read as the new schema against the same data written under it (both by DuckDB).
 */
class TableReadsIT {
  @TempDir static Path dir;

  /** DuckDB's rows of {@code sql}'s columns, each row a list, with the row number first. */
  private static List<List<Object>> duckRows(DuckDb duck, String sql) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    for (Map<String, Object> row : duck.query(sql)) {
      List<Object> values = new ArrayList<>();
      for (Object v : row.values()) {
        values.add(v instanceof Number n ? (Object) n.longValue() : String.valueOf(v));
      }
      out.add(values);
    }
    return out;
  }

  /** Parrow's rows of a read, the row number (last column) first, as DuckDB's are. */
  private static List<List<Object>> parrowRows(Path file, ReadOptions options) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    for (List<Object> row : FilterCorpusIT.rows(file, options)) {
      List<Object> values = new ArrayList<>();
      values.add(((Number) row.get(row.size() - 1)).longValue());
      for (Object v : row.subList(0, row.size() - 1)) {
        values.add(v instanceof Number n ? (Object) n.longValue() : String.valueOf(v));
      }
      out.add(values);
    }
    return out;
  }

  /** The rows are equal; else how many each has and where they first differ. */
  private static void same(List<List<Object>> want, List<List<Object>> got, String what) {
    if (!want.equals(got)) {
      int i = 0;
      while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) {
        i++;
      }
      throw new AssertionError(
          what
              + ": "
              + got.size()
              + " rows, DuckDB "
              + want.size()
              + "; first difference at "
              + i
              + ": "
              + (i < got.size() ? got.get(i) : "none")
              + " for "
              + (i < want.size() ? want.get(i) : "none"));
    }
  }

  @Test
  void rowNumbersAreDuckDbsFileRowNumbers() throws Exception {
    Path lineitem = LineitemFile.write(dir);
    String[] filters = {
      null,
      "l_orderkey BETWEEN 20000 AND 20100 OR l_orderkey > 99990",
      "l_shipmode = 'AIR' AND l_quantity < 3",
      "l_comment >= 'ffe'"
    };
    try (DuckDb duck = new DuckDb()) {
      for (String where : filters) {
        List<List<Object>> want =
            duckRows(
                duck,
                "SELECT file_row_number, l_orderkey, l_linenumber FROM read_parquet("
                    + DuckDb.literal(lineitem)
                    + ", file_row_number = true)"
                    + (where == null ? "" : " WHERE " + where)
                    + " ORDER BY file_row_number");
        assertFalse(want.isEmpty(), where);
        for (int threads : new int[] {1, 8}) {
          ReadOptions.Builder b =
              ReadOptions.builder()
                  .columns("l_orderkey", "l_linenumber")
                  .rowNumbers("file_row_number")
                  .parallelism(threads)
                  .batchSize(10_000);
          if (where != null) {
            b.filter(where);
          }
          same(want, parrowRows(lineitem, b.build()), where + ", " + threads + " threads");
        }
      }
      // Row groups 1 and 3, where DuckDB's own metadata puts them.
      long[] starts = new long[5];
      for (Map<String, Object> g :
          duck.query(
              "SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata("
                  + DuckDb.literal(lineitem)
                  + ") ORDER BY row_group_id")) {
        int id = ((Number) g.get("row_group_id")).intValue();
        starts[id + 1] = starts[id] + ((Number) g.get("row_group_num_rows")).longValue();
      }
      same(
          duckRows(
              duck,
              "SELECT file_row_number, l_orderkey, l_linenumber FROM read_parquet("
                  + DuckDb.literal(lineitem)
                  + ", file_row_number = true) WHERE file_row_number >= "
                  + starts[1]
                  + " AND file_row_number < "
                  + starts[2]
                  + " OR file_row_number >= "
                  + starts[3]
                  + " AND file_row_number < "
                  + starts[4]
                  + " ORDER BY file_row_number"),
          parrowRows(
              lineitem,
              ReadOptions.builder()
                  .columns("l_orderkey", "l_linenumber")
                  .rowNumbers("file_row_number")
                  .rowGroups(1, 3)
                  .parallelism(8)
                  .build()),
          "row groups 1 and 3");
      same(
          duckRows(
              duck,
              "SELECT file_row_number, l_orderkey FROM read_parquet("
                  + DuckDb.literal(lineitem)
                  + ", file_row_number = true) WHERE file_row_number BETWEEN 99990 AND 100011"
                  + " ORDER BY file_row_number"),
          parrowRows(
              lineitem,
              ReadOptions.builder()
                  .columns("l_orderkey")
                  .rowNumbers("file_row_number")
                  .rowOffset(99_990)
                  .rowLimit(22)
                  .build()),
          "a row range");
    }
  }

  @Test
  void selectionsReadDuckDbsRowsLessTheSamePositions() throws Exception {
    Path lineitem = LineitemFile.write(dir);
    BitSet deleted = new BitSet();
    Random random = new Random(38);
    for (int i = 0; i < 400_000; i++) {
      if (random.nextInt(20) == 0 || i >= 150_000 && i < 260_000) {
        deleted.set(i);
      }
    }
    try (DuckDb duck = new DuckDb()) {
      List<List<Object>> all =
          duckRows(
              duck,
              "SELECT file_row_number, l_orderkey, l_linenumber, l_comment FROM read_parquet("
                  + DuckDb.literal(lineitem)
                  + ", file_row_number = true) ORDER BY file_row_number");
      List<List<Object>> kept = new ArrayList<>();
      for (List<Object> row : all) {
        if (!deleted.get(((Long) row.get(0)).intValue())) {
          kept.add(row);
        }
      }
      BitSet keptBits = new BitSet();
      keptBits.set(0, 400_000);
      keptBits.andNot(deleted);
      for (RowSelection selection :
          List.of(RowSelection.allBut(deleted), RowSelection.rows(keptBits))) {
        for (int threads : new int[] {1, 8}) {
          List<List<Object>> got =
              parrowRows(
                  lineitem,
                  ReadOptions.builder()
                      .columns("l_orderkey", "l_linenumber", "l_comment")
                      .rowNumbers("n")
                      .select(selection)
                      .parallelism(threads)
                      .build());
          same(kept, got, selection + ", " + threads + " threads");
        }
      }
      // Ranges and a filter together: DuckDB's WHERE over both.
      List<List<Object>> want =
          duckRows(
              duck,
              "SELECT file_row_number, l_orderkey FROM read_parquet("
                  + DuckDb.literal(lineitem)
                  + ", file_row_number = true) WHERE (file_row_number BETWEEN 5 AND 9 OR"
                  + " file_row_number BETWEEN 123456 AND 133456) AND l_shipmode = 'RAIL'"
                  + " ORDER BY file_row_number");
      same(
          want,
          parrowRows(
              lineitem,
              ReadOptions.builder()
                  .columns("l_orderkey")
                  .rowNumbers("n")
                  .filter("l_shipmode = 'RAIL'")
                  .select(RowSelection.ranges(new long[] {123_456, 5}, new long[] {133_457, 10}))
                  .build()),
          "ranges and a filter");
    }
  }

  /** Each field's id, depth first (fields without one left out). */
  private static List<Integer> ids(List<Field> fields) {
    List<Integer> out = new ArrayList<>();
    for (Field f : fields) {
      Integer id = FieldIds.read(f);
      if (id != null) {
        out.add(id);
      }
      out.addAll(ids(f.getChildren()));
    }
    return out;
  }

  /** The schema Arrow C++ reads a file as. */
  @SuppressWarnings("try")
  private static Schema arrowCppSchema(Path file, BufferAllocator allocator) throws Exception {
    try (FileSystemDatasetFactory factory =
        new FileSystemDatasetFactory(
            allocator,
            NativeMemoryPool.getDefault(),
            FileFormat.PARQUET,
            file.toUri().toString())) {
      return factory.inspect();
    }
  }

  /** The field ids DuckDB's parquet_schema gives, in schema order (none left out). */
  private static List<Integer> duckIds(DuckDb duck, Path file) throws Exception {
    List<Integer> out = new ArrayList<>();
    List<Map<String, Object>> elements =
        duck.query("SELECT field_id FROM parquet_schema(" + DuckDb.literal(file) + ")");
    // The first element is the schema's root, not a field.
    for (Map<String, Object> row : elements.subList(1, elements.size())) {
      if (row.get("field_id") != null) {
        out.add(((Number) row.get("field_id")).intValue());
      }
    }
    return out;
  }

  @Test
  void fieldIdsAreThoseArrowCppAndDuckDbSee() throws Exception {
    List<Path> files = new ArrayList<>();
    for (Path f : Corpus.allParquetFiles()) {
      if (!Corpus.isEncrypted(f) && !Corpus.isBadData(f)) {
        files.add(f);
      }
    }
    files.add(Corpus.shared().resolve("interop/arrow-rs/a_metadata.parquet"));
    int withIds = 0;
    try (BufferAllocator allocator = new RootAllocator();
        DuckDb duck = new DuckDb()) {
      for (Path f : files) {
        List<Integer> ours;
        try (ParquetFile pf = ParquetFile.open(f)) {
          ours = ids(pf.arrowSchema().getFields());
        } catch (RuntimeException e) {
          continue; // Files Parrow refuses are the corpus tests' business.
        }
        List<Integer> duckIds;
        try {
          duckIds = duckIds(duck, f);
        } catch (java.sql.SQLException e) {
          // Footers DuckDB cannot parse (an encoding it does not know yet, such as ALP).
          continue;
        }
        assertEquals(duckIds, ours, Corpus.name(f) + " (DuckDB)");
        withIds += ours.isEmpty() ? 0 : 1;
        Schema theirs;
        try {
          theirs = arrowCppSchema(f, allocator);
        } catch (RuntimeException e) {
          // Arrow C++ 18 opens no variant file (the shredded_variant cases).
          continue;
        }
        assertEquals(ids(theirs.getFields()), ours, Corpus.name(f) + " (Arrow C++)");
      }
    }
    // parquet-java's shredded variant files, four of data/ and arrow-rs's a_metadata carry ids.
    assertTrue(withIds > 100, withIds + " files with field ids");
  }

  private static Field field(String name, int id, ArrowType type, Field... children) {
    return new Field(
        name,
        new FieldType(true, type, null, Map.of(FieldIds.KEY, Integer.toString(id))),
        children.length == 0 ? null : List.of(children));
  }

  @Test
  void parrowsFieldIdsReadBackInArrowCppAndDuckDb() throws Exception {
    Schema schema =
        new Schema(
            List.of(
                field("id", 1, new ArrowType.Int(32, true)),
                field(
                    "s",
                    2,
                    ArrowType.Struct.INSTANCE,
                    field("name", 3, ArrowType.Utf8.INSTANCE),
                    field(
                        "tags",
                        4,
                        ArrowType.List.INSTANCE,
                        field("element", 5, ArrowType.Utf8.INSTANCE)))));
    Path file = dir.resolve("ids.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      StructVector s = (StructVector) root.getVector("s");
      VarCharVector name = (VarCharVector) s.getChild("name");
      ListVector tags = (ListVector) s.getChild("tags");
      var w = tags.getWriter();
      for (int i = 0; i < 10; i++) {
        ((IntVector) root.getVector("id")).setSafe(i, i);
        s.setIndexDefined(i);
        name.setSafe(i, new Text("n" + i));
        w.setPosition(i);
        w.startList();
        w.endList();
      }
      tags.setValueCount(10);
      root.setRowCount(10);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
        writer.write(root);
      }
      assertEquals(List.of(1, 2, 3, 4, 5), ids(arrowCppSchema(file, allocator).getFields()));
    }
    try (DuckDb duck = new DuckDb()) {
      assertEquals(List.of(1, 2, 3, 4, 5), duckIds(duck, file));
    }
  }

  @Test
  void aFileWrittenBeforeASchemaChangeReadsAsTheSameDataWrittenAfter() throws Exception {
    Path old = dir.resolve("before.parquet");
    Path changed = dir.resolve("after.parquet");
    try (DuckDb duck = new DuckDb()) {
      // Before: id int, name, s {a int, b float}, l int[], d date, dec decimal(9,2), gone.
      duck.execute(
          "COPY (SELECT CAST(i AS INTEGER) AS id,"
              + " CASE WHEN i % 7 = 3 THEN NULL ELSE 'n' || i END AS name,"
              + " CASE WHEN i % 5 = 1 THEN NULL ELSE {'a': CAST(-i AS INTEGER), 'b': CAST(i * 0.25"
              + " AS FLOAT)} END AS s,"
              + " CASE WHEN i % 9 = 2 THEN NULL ELSE [CAST(i AS INTEGER), CAST(i + 1 AS INTEGER)]"
              + " END AS l,"
              + " DATE '2020-01-01' + CAST(i AS INTEGER) AS d,"
              + " CAST(i * 1.25 AS DECIMAL(9, 2)) AS dec, 'x' AS gone"
              + " FROM range(5000) t(i)) TO "
              + DuckDb.literal(old)
              + " (FORMAT parquet, ROW_GROUP_SIZE 2048, FIELD_IDS {id: 1, name: 2, s:"
              + " {__duckdb_field_id: 3, a: 4, b: 5}, l: {__duckdb_field_id: 6, element: 7}, d:"
              + " 9, dec: 10, gone: 13})");
      // After: a column added, name renamed, s's members widened and reordered with one added,
      // l widened, d a timestamp, dec wider, gone dropped; the same values.
      duck.execute(
          "COPY (SELECT CAST(NULL AS INTEGER) AS added, CAST(i AS BIGINT) AS id,"
              + " CASE WHEN i % 7 = 3 THEN NULL ELSE 'n' || i END AS full_name,"
              + " CASE WHEN i % 5 = 1 THEN NULL ELSE {'b': CAST(CAST(i * 0.25 AS FLOAT) AS"
              + " DOUBLE), 'a_renamed': CAST(-i AS BIGINT), 'c': CAST(NULL AS VARCHAR)} END AS s,"
              + " CASE WHEN i % 9 = 2 THEN NULL ELSE [CAST(i AS BIGINT), CAST(i + 1 AS BIGINT)]"
              + " END AS l,"
              + " CAST(DATE '2020-01-01' + CAST(i AS INTEGER) AS TIMESTAMP) AS d,"
              + " CAST(i * 1.25 AS DECIMAL(20, 2)) AS dec"
              + " FROM range(5000) t(i)) TO "
              + DuckDb.literal(changed)
              + " (FORMAT parquet, ROW_GROUP_SIZE 2048, FIELD_IDS {added: 12, id: 1, full_name:"
              + " 2, s: {__duckdb_field_id: 3, b: 5, a_renamed: 4, c: 11}, l: {__duckdb_field_id:"
              + " 6, element: 7}, d: 9, dec: 10})");
    }
    Schema after;
    try (ParquetFile pf = ParquetFile.open(changed)) {
      after = pf.arrowSchema();
    }
    for (String filter : new String[] {null, "full_name <> 'n4' AND s.b > 100", "added IS NULL"}) {
      for (int threads : new int[] {1, 8}) {
        ReadOptions.Builder b = ReadOptions.builder().parallelism(threads).batchSize(1000);
        if (filter != null) {
          b.filter(filter);
        }
        List<List<Object>> want = FilterCorpusIT.rows(changed, b.build());
        List<List<Object>> got = FilterCorpusIT.rows(old, b.readAs(after).build());
        assertFalse(want.isEmpty(), filter);
        assertEquals(want, got, filter + ", " + threads + " threads");
      }
    }
  }
}
