package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.types.FieldIds;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schema evolution: a file written under an old schema, read as the new one (a column added,
 * renamed, widened and reordered, at depth), gives what a file written under the new schema with
 * the same values gives; by field id, and by name for files without ids.
 */
class ReadAsSchemaTest {
  private static final int ROWS = 3_000;

  @TempDir Path dir;

  private static Field field(String name, Integer id, ArrowType type, Field... children) {
    return field(name, id, true, type, children);
  }

  private static Field field(
      String name, Integer id, boolean nullable, ArrowType type, Field... children) {
    return new Field(
        name,
        new FieldType(
            nullable, type, null, id == null ? null : Map.of(FieldIds.KEY, id.toString())),
        children.length == 0 ? null : List.of(children));
  }

  private static final ArrowType I32 = new ArrowType.Int(32, true);
  private static final ArrowType I64 = new ArrowType.Int(64, true);
  private static final ArrowType F32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  private static final ArrowType F64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

  private static Schema oldSchema(boolean ids) {
    return new Schema(
        List.of(
            field("id", ids ? 1 : null, false, I32),
            field("name", ids ? 2 : null, UTF8),
            field(
                "s",
                ids ? 3 : null,
                ArrowType.Struct.INSTANCE,
                field("a", ids ? 4 : null, I32),
                field("b", ids ? 5 : null, F32)),
            field(
                "l",
                ids ? 6 : null,
                ArrowType.List.INSTANCE,
                field("element", ids ? 7 : null, I32)),
            field(
                "m",
                ids ? 8 : null,
                new ArrowType.Map(false),
                field(
                    "entries",
                    null,
                    false,
                    ArrowType.Struct.INSTANCE,
                    field("key", null, false, UTF8),
                    field("value", null, I32))),
            field("d", ids ? 9 : null, new ArrowType.Date(DateUnit.DAY)),
            field("dec", ids ? 10 : null, new ArrowType.Decimal(9, 2, 128)),
            field("dropped", ids ? 13 : null, UTF8)));
  }

  /** Renamed (by id), widened, reordered, a member and a column added, one dropped. */
  private static Schema newSchema(boolean ids) {
    return new Schema(
        List.of(
            field("added", ids ? 12 : null, I32),
            field("id", ids ? 1 : null, false, I64),
            field(ids ? "full_name" : "name", ids ? 2 : null, UTF8),
            field(
                "s",
                ids ? 3 : null,
                ArrowType.Struct.INSTANCE,
                field("b", ids ? 5 : null, F64),
                field(ids ? "a_renamed" : "a", ids ? 4 : null, I64),
                field("c", ids ? 11 : null, UTF8)),
            field(
                "l",
                ids ? 6 : null,
                ArrowType.List.INSTANCE,
                field("element", ids ? 7 : null, I64)),
            field(
                "m",
                ids ? 8 : null,
                new ArrowType.Map(false),
                field(
                    "entries",
                    null,
                    false,
                    ArrowType.Struct.INSTANCE,
                    field("key", null, false, UTF8),
                    field("value", null, I64))),
            field("d", ids ? 9 : null, new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
            field("dec", ids ? 10 : null, new ArrowType.Decimal(40, 2, 256))));
  }

  /** Row i's values, under either schema (widened types hold the same numbers). */
  private static void fill(VectorSchemaRoot root, boolean newer) {
    root.allocateNew();
    for (FieldVector v : root.getFieldVectors()) {
      String n = v.getName();
      for (int i = 0; i < ROWS; i++) {
        boolean isNull = i % 7 == 3;
        switch (n) {
          case "id" -> {
            if (newer) {
              ((BigIntVector) v).setSafe(i, i);
            } else {
              ((IntVector) v).setSafe(i, i);
            }
          }
          case "name", "full_name", "dropped" -> {
            if (isNull) {
              ((VarCharVector) v).setNull(i);
            } else {
              ((VarCharVector) v).setSafe(i, ("n" + i).getBytes(StandardCharsets.UTF_8));
            }
          }
          case "added" -> ((IntVector) v).setNull(i);
          case "s" -> {
            StructVector s = (StructVector) v;
            if (i % 5 == 1) {
              s.setNull(i);
              continue;
            }
            s.setIndexDefined(i);
            for (FieldVector c : s.getChildrenFromFields()) {
              switch (c.getName()) {
                case "a", "a_renamed" -> {
                  if (newer) {
                    ((BigIntVector) c).setSafe(i, -i);
                  } else {
                    ((IntVector) c).setSafe(i, -i);
                  }
                }
                case "b" -> {
                  if (newer) {
                    ((Float8Vector) c).setSafe(i, (double) (i * 0.25f));
                  } else {
                    ((Float4Vector) c).setSafe(i, i * 0.25f);
                  }
                }
                default -> ((VarCharVector) c).setNull(i);
              }
            }
          }
          case "d" -> {
            if (isNull) {
              v.setNull(i);
            } else if (newer) {
              ((TimeStampMicroVector) v).setSafe(i, (long) (i - 1_000) * 86_400_000_000L);
            } else {
              ((DateDayVector) v).setSafe(i, i - 1_000);
            }
          }
          case "dec" -> {
            BigDecimal value = BigDecimal.valueOf(i * 37L - 50_000, 2);
            if (newer) {
              ((Decimal256Vector) v).setSafe(i, value);
            } else {
              ((DecimalVector) v).setSafe(i, value);
            }
          }
          default -> {}
        }
      }
      if (v instanceof ListVector l && !(v instanceof MapVector)) {
        UnionListWriter w = l.getWriter();
        for (int i = 0; i < ROWS; i++) {
          w.setPosition(i);
          if (i % 9 == 2) {
            continue;
          }
          w.startList();
          for (int e = 0; e < i % 4; e++) {
            if (newer) {
              w.bigInt().writeBigInt(i * 10L + e);
            } else {
              w.integer().writeInt(i * 10 + e);
            }
          }
          w.endList();
        }
        l.setValueCount(ROWS);
      }
      if (v instanceof MapVector m) {
        UnionMapWriter w = m.getWriter();
        for (int i = 0; i < ROWS; i++) {
          w.setPosition(i);
          w.startMap();
          for (int e = 0; e < i % 3; e++) {
            w.startEntry();
            byte[] key = ("k" + e).getBytes(StandardCharsets.UTF_8);
            try (var buf = root.getVector(0).getAllocator().buffer(key.length)) {
              buf.setBytes(0, key);
              w.key().varChar().writeVarChar(0, key.length, buf);
            }
            if (newer) {
              w.value().bigInt().writeBigInt(i + e);
            } else {
              w.value().integer().writeInt(i + e);
            }
            w.endEntry();
          }
          w.endMap();
        }
        m.setValueCount(ROWS);
      }
    }
    root.setRowCount(ROWS);
  }

  private Path write(String name, Schema schema, boolean newer) throws IOException {
    Path path = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                path, schema, WriteOptions.builder().rowGroupRows(1_000).pageRows(300).build())) {
      fill(root, newer);
      writer.write(root);
    }
    return path;
  }

  /** Every row of a read, as the rows' string forms (one list per batch of the read). */
  private static List<String> rows(Path file, ReadOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, options)) {
      out.add(reader.getVectorSchemaRoot().getSchema().toString());
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (FieldVector v : root.getFieldVectors()) {
          // Arrow Java 19's validator rejects every MapVector (it expects a List type).
          ValueVectorUtility.validateFull(v instanceof MapVector m ? m.getDataVector() : v);
        }
        for (int r = 0; r < root.getRowCount(); r++) {
          StringBuilder row = new StringBuilder();
          for (FieldVector v : root.getFieldVectors()) {
            row.append(v.getObject(r)).append(" | ");
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }

  private void readsAsTheNewFile(boolean ids) throws IOException {
    Path old = write("old" + ids + ".parquet", oldSchema(ids), false);
    Path newer = write("new" + ids + ".parquet", newSchema(ids), true);
    for (int threads : new int[] {1, 4}) {
      for (String filter :
          new String[] {
            null,
            ids ? "full_name <> 'n5' AND s.b >= 10" : "name <> 'n5' AND s.b >= 10",
            "id BETWEEN 100 AND 200 OR added IS NULL AND id < 5",
            "added = 3 OR id = 7",
            "NOT (added = 3) OR id = 8",
            "NOT (added IS NULL) OR id IN (1, 2)"
          }) {
        ReadOptions.Builder b = ReadOptions.builder().parallelism(threads).batchSize(700);
        if (filter != null) {
          b.filter(filter);
        }
        List<String> expected = rows(newer, b.build());
        List<String> got = rows(old, b.readAs(newSchema(ids)).build());
        assertEquals(expected.size(), got.size(), filter);
        assertTrue(expected.size() > 1 || filter != null, "rows read");
        assertEquals(expected, got, filter + " at " + threads + " threads");
      }
    }
  }

  @Test
  void anOldFileReadsAsTheNewSchemaByFieldId() throws IOException {
    readsAsTheNewFile(true);
  }

  @Test
  void withoutIdsFieldsMatchByName() throws IOException {
    readsAsTheNewFile(false);
  }

  /** Flat fields only, 16 threads: row groups split into runs of batches read at once. */
  @Test
  void flatFieldsReadAtOnceGiveTheSameRows() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    Path newer = write("new.parquet", newSchema(true), true);
    Schema flat =
        new Schema(
            newSchema(true).getFields().stream().filter(f -> f.getChildren().isEmpty()).toList());
    for (int threads : new int[] {1, 16}) {
      ReadOptions.Builder b =
          ReadOptions.builder().parallelism(threads).batchSize(100).rowNumbers("n");
      List<String> expected =
          rows(
              newer,
              b.columns(flat.getFields().stream().map(Field::getName).toList())
                  .requestedOrder(true)
                  .build());
      List<String> got = rows(old, b.columns(List.of()).readAs(flat).build());
      assertEquals(expected, got, threads + " threads");
    }
  }

  /**
   * Read as another schema, each batch is still decoded into the buffers of a batch the caller is
   * done with: columns moved over as they are give the file's reader the caller's last buffers,
   * widened ones are widened into the caller's own, and a struct whose validity the caller's vector
   * shares keeps its members' buffers (before, each batch allocated them anew). A buffer the caller
   * keeps is never decoded into.
   */
  @Test
  void readAsAnotherSchemaDecodesIntoTheBuffersOfBatchesNobodyHolds() throws IOException {
    Path old = write("reused.parquet", oldSchema(true), false);
    for (int threads : new int[] {1, 4}) {
      for (boolean keeping : new boolean[] {false, true}) {
        ReadOptions options =
            ReadOptions.builder()
                .parallelism(threads)
                .batchSize(100)
                .readAs(newSchema(true))
                .build();
        BufferReuse.Read read;
        try (ParquetFile file = ParquetFile.open(old)) {
          read = BufferReuse.read(allocator -> file.newReader(allocator, options), keeping);
        }
        assertEquals(ROWS / 100, read.batches());
        // Before: 50 batches' bytes on one thread, 89 on four.
        double most = threads == 1 ? read.batches() / 2.0 : read.batches();
        assertTrue(
            keeping || read.batchesAllocated() < most,
            threads + " threads: " + read.batchesAllocated() + " batches allocated");
      }
    }
  }

  @Test
  void filtersOnAMissingColumnFollowSqlNulls() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    ReadOptions.Builder b = ReadOptions.builder().readAs(newSchema(true));
    assertEquals(1 + ROWS, rows(old, b.filter("added IS NULL").build()).size());
    assertEquals(1, rows(old, b.filter("added = 3").build()).size());
    assertEquals(1, rows(old, b.filter("NOT (added = 3)").build()).size());
    assertEquals(1, rows(old, b.filter("added IS NOT NULL").build()).size());
    // A column of the file that the schema leaves out is not there to filter on.
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> rows(old, b.filter("dropped = 'n1'").build()));
    assertTrue(e.getMessage().contains("'dropped'"), e.getMessage());
  }

  @Test
  void onlyTheAddedColumnStillCountsTheRows() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    Schema onlyAdded = new Schema(List.of(field("added", 12, I32)));
    List<String> rows = rows(old, ReadOptions.builder().readAs(onlyAdded).rowNumbers("n").build());
    assertEquals(1 + ROWS, rows.size());
    assertEquals("null | 2999 | ", rows.get(ROWS));
  }

  /**
   * Delta's widenings beyond Iceberg's: an integer into a decimal of enough integer digits or into
   * a double, a decimal into more fraction digits; the values those of the file's, exactly.
   */
  @Test
  void deltasWideningsReadAsTheWiderTypes() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    List<String> plain =
        rows(
            old,
            ReadOptions.builder()
                .readAs(
                    new Schema(
                        List.of(
                            field("id", 1, false, I32),
                            field("dec", 10, new ArrowType.Decimal(9, 2, 128)))))
                .build());
    List<String> wanted = new ArrayList<>();
    for (String row : plain.subList(1, plain.size())) {
      String[] v = row.split(" \\| ");
      BigDecimal dec = v[1].equals("null") ? null : new BigDecimal(v[1]).setScale(4);
      wanted.add(
          new BigDecimal(v[0]).setScale(2) + " | " + Double.valueOf(v[0]) + " | " + dec + " | ");
    }
    // id twice: as a decimal and, under another name, as a double (both by its field id).
    Schema wider =
        new Schema(
            List.of(
                field("id", 1, false, new ArrowType.Decimal(12, 2, 128)),
                field("id_double", 1, false, F64),
                field("dec", 10, new ArrowType.Decimal(12, 4, 128))));
    List<String> got = rows(old, ReadOptions.builder().readAs(wider).build());
    assertEquals(wanted, got.subList(1, got.size()));
    assertEquals(ROWS, wanted.size());
  }

  @Test
  void whatCannotBeReadAsAskedIsAnErrorNamingFieldTypesAndFile() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    Schema narrower =
        new Schema(
            List.of(
                field(
                    "s",
                    3,
                    ArrowType.Struct.INSTANCE,
                    field("b", 5, new ArrowType.Int(16, true)))));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> rows(old, ReadOptions.builder().readAs(narrower).build()));
    assertEquals(
        old
            + ": field 's.b' is FloatingPoint(SINGLE) in the file, which cannot be read as Int(16, true)",
        e.getMessage());
    Schema required = new Schema(List.of(field("added", 12, false, I32)));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> rows(old, ReadOptions.builder().readAs(required).build()));
    assertTrue(e.getMessage().contains("'added' is not in the file"), e.getMessage());
    Schema notNull = new Schema(List.of(field("name", 2, false, UTF8)));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> rows(old, ReadOptions.builder().readAs(notNull).build()));
    assertTrue(e.getMessage().contains("'name' may be null"), e.getMessage());
  }

  @Test
  void fieldIdsProjectAtAnyDepth() throws IOException {
    Path old = write("old.parquet", oldSchema(true), false);
    try (ParquetFile parquet = ParquetFile.open(old)) {
      Schema s = parquet.arrowSchema(ReadOptions.builder().fieldIds(5, 9).build());
      assertEquals(List.of("s", "d"), s.getFields().stream().map(Field::getName).toList());
      assertEquals(
          List.of("b"), s.getFields().get(0).getChildren().stream().map(Field::getName).toList());
      assertEquals(5, FieldIds.of(s.getFields().get(0).getChildren().get(0)));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> parquet.arrowSchema(ReadOptions.builder().fieldIds(99).build()));
      assertEquals("no field with field id 99 in " + old, e.getMessage());
    }
  }
}
