package dev.parrow.arrow.internal.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.types.ArrowToParquet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Record shredding, checked against levels worked out by hand from the Dremel rules: a definition
 * level counts the optional and repeated ancestors that are present, a repetition level says at
 * which repeated ancestor a value repeats (0 for a new row).
 */
class FieldWriterTest {

  private static List<ColumnDescriptor> columns(Field field) {
    return ParquetSchema.fromElements(ArrowToParquet.schema(new Schema(List.of(field)))).columns();
  }

  private static int[] head(int[] a, int n) {
    return Arrays.copyOf(a, n);
  }

  @Test
  void aListOfOptionalInts() {
    // Rows: [1, null, 2], null, [], [3]. Levels: list present 1, non-empty 2, element present 3.
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null);
    Field field = new Field("a", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
    try (BufferAllocator allocator = new RootAllocator();
        ListVector list = (ListVector) field.createVector(allocator)) {
      fill(list, new Integer[][] {{1, null, 2}, null, {}, {3}});
      assertEquals("[[1,null,2], null, [], [3]]", list.toString());

      FieldWriter writer = FieldWriter.of(field, columns(field).iterator());
      writer.shredRows(list, 4);
      LeafWriter leaf = writer.leaves().get(0);
      assertEquals(6, leaf.entries());
      assertArrayEquals(new int[] {3, 2, 3, 0, 1, 3}, head(leaf.defs(), 6));
      assertArrayEquals(new int[] {0, 1, 1, 0, 0, 0}, head(leaf.reps(), 6));
      Int32Values values = (Int32Values) leaf.presentValues();
      assertArrayEquals(new int[] {1, 2, 3}, head(values.values(), values.size()));
    }
  }

  @Test
  void aStructOfAnIntAndAListOfStrings() {
    // Rows: {x: 1, y: ["a", "bc"]}, null, {x: null, y: null}, {x: 2, y: []}.
    // x: struct present 1, x present 2. y: struct 1, list present 2, non-empty 3, element present
    // 4.
    Field x = new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null);
    Field y =
        new Field(
            "y",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(new Field("element", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
    Field field = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x, y));
    try (BufferAllocator allocator = new RootAllocator();
        StructVector struct = (StructVector) field.createVector(allocator)) {
      IntVector xs = (IntVector) struct.getChild("x");
      ListVector ys = (ListVector) struct.getChild("y");
      xs.setSafe(0, 1);
      xs.setNull(1);
      xs.setNull(2);
      xs.setSafe(3, 2);
      UnionListWriter w = ys.getWriter();
      w.setPosition(0);
      w.startList();
      writeString(w, allocator, "a");
      writeString(w, allocator, "bc");
      w.endList();
      w.setPosition(3);
      w.startList();
      w.endList();
      ys.setNull(1);
      ys.setNull(2);
      struct.setIndexDefined(0);
      struct.setNull(1);
      struct.setIndexDefined(2);
      struct.setIndexDefined(3);
      xs.setValueCount(4);
      ys.setValueCount(4);
      struct.setValueCount(4);

      FieldWriter writer = FieldWriter.of(field, columns(field).iterator());
      writer.shredRows(struct, 4);
      LeafWriter xLeaf = writer.leaves().get(0);
      assertArrayEquals(new int[] {2, 0, 1, 2}, head(xLeaf.defs(), xLeaf.entries()));
      Int32Values xValues = (Int32Values) xLeaf.presentValues();
      assertArrayEquals(new int[] {1, 2}, head(xValues.values(), xValues.size()));

      LeafWriter yLeaf = writer.leaves().get(1);
      assertArrayEquals(new int[] {4, 4, 0, 1, 2}, head(yLeaf.defs(), yLeaf.entries()));
      assertArrayEquals(new int[] {0, 1, 0, 0, 0}, head(yLeaf.reps(), yLeaf.entries()));
      BinaryValues yValues = (BinaryValues) yLeaf.presentValues();
      List<String> strings = new ArrayList<>();
      for (int i = 0; i < yValues.size(); i++) {
        strings.add(new String(yValues.value(i), StandardCharsets.UTF_8));
      }
      assertEquals(List.of("a", "bc"), strings);
    }
  }

  @Test
  void aRequiredTopLevelColumnIsItsOwnLevels() {
    Field field = new Field("n", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    try (BufferAllocator allocator = new RootAllocator();
        IntVector v = (IntVector) field.createVector(allocator)) {
      for (int i = 0; i < 5; i++) {
        v.setSafe(i, i * i);
      }
      v.setValueCount(5);
      FieldWriter writer = FieldWriter.of(field, columns(field).iterator());
      writer.shredRows(v, 5);
      LeafWriter leaf = writer.leaves().get(0);
      assertArrayEquals(new int[] {0, 0, 0, 0, 0}, head(leaf.defs(), leaf.entries()));
      Int32Values values = (Int32Values) leaf.presentValues();
      assertArrayEquals(new int[] {0, 1, 4, 9, 16}, head(values.values(), values.size()));
    }
  }

  /** A list vector of the given rows (a null array is a null list). */
  private static void fill(ListVector list, Integer[][] rows) {
    list.allocateNew();
    IntVector data = (IntVector) list.getDataVector();
    int e = 0;
    for (int i = 0; i < rows.length; i++) {
      if (rows[i] == null) {
        list.setNull(i);
        continue;
      }
      list.startNewValue(i);
      for (Integer v : rows[i]) {
        if (v == null) {
          data.setNull(e);
        } else {
          data.setSafe(e, v);
        }
        e++;
      }
      list.endValue(i, rows[i].length);
    }
    data.setValueCount(e);
    list.setValueCount(rows.length);
  }

  private static void writeString(UnionListWriter w, BufferAllocator allocator, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    try (var buf = allocator.buffer(b.length)) {
      buf.setBytes(0, b);
      w.varChar().writeVarChar(0, b.length, buf);
    }
  }

  /**
   * A top-level list of a leaf is shredded in one pass over its buffers: the entries, levels and
   * present values are those of the row-by-row shredding, for lists and elements nullable or not,
   * with null and empty lists and null elements, on random rows.
   */
  @Test
  void aListOfALeafShredsInBulkAsRowByRow() {
    java.util.Random random = new java.util.Random(17);
    for (ArrowType type : List.of(new ArrowType.Int(64, true), ArrowType.Utf8.INSTANCE)) {
      for (boolean listNullable : new boolean[] {true, false}) {
        for (boolean elementNullable : new boolean[] {true, false}) {
          for (int rows : new int[] {1, 2, 9, 300}) {
            Field element = new Field("element", new FieldType(elementNullable, type, null), null);
            Field field =
                new Field(
                    "a",
                    new FieldType(listNullable, ArrowType.List.INSTANCE, null),
                    List.of(element));
            try (BufferAllocator allocator = new RootAllocator();
                ListVector list = (ListVector) field.createVector(allocator)) {
              list.allocateNew();
              org.apache.arrow.vector.FieldVector data = list.getDataVector();
              int at = 0;
              for (int r = 0; r < rows; r++) {
                if (listNullable && random.nextInt(5) == 0) {
                  list.setNull(r);
                  continue;
                }
                list.startNewValue(r);
                int n = random.nextInt(4) == 0 ? 0 : random.nextInt(6);
                for (int k = 0; k < n; k++, at++) {
                  if (elementNullable && random.nextInt(4) == 0) {
                    if (data instanceof org.apache.arrow.vector.BigIntVector b) {
                      b.setNull(at);
                    } else {
                      ((org.apache.arrow.vector.VarCharVector) data).setNull(at);
                    }
                  } else if (data instanceof org.apache.arrow.vector.BigIntVector b) {
                    b.setSafe(at, random.nextLong());
                  } else {
                    ((org.apache.arrow.vector.VarCharVector) data)
                        .setSafe(at, ("v" + random.nextInt(1000)).getBytes(StandardCharsets.UTF_8));
                  }
                }
                list.endValue(r, n);
              }
              data.setValueCount(at);
              list.setValueCount(rows);
              String what = field + ", " + rows + " rows";

              FieldWriter bulk = FieldWriter.of(field, columns(field).iterator());
              bulk.shredRows(list, rows);
              FieldWriter each = FieldWriter.of(field, columns(field).iterator());
              each.shredEachRow(list, rows);
              LeafWriter b = bulk.leaves().get(0);
              LeafWriter e = each.leaves().get(0);
              assertEquals(e.entries(), b.entries(), what);
              assertArrayEquals(head(e.defs(), e.entries()), head(b.defs(), b.entries()), what);
              assertArrayEquals(head(e.reps(), e.entries()), head(b.reps(), b.entries()), what);
              assertEquals(e.presentValues().size(), b.presentValues().size(), what);
              List<String> every = new ArrayList<>();
              for (int k = 0; k < data.getValueCount(); k++) {
                if (!data.isNull(k)) {
                  Object v = data.getObject(k);
                  every.add(v instanceof Long l ? Long.toString(l) : v.toString());
                }
              }
              assertEquals(every, valueStrings(b.presentValues()), what);
              assertEquals(valueStrings(e.presentValues()), valueStrings(b.presentValues()), what);
            }
          }
        }
      }
    }
  }

  private static List<String> valueStrings(dev.parrow.codec.values.DenseValues values) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      out.add(
          values instanceof BinaryValues b
              ? new String(b.value(i), StandardCharsets.UTF_8)
              : Long.toString(((dev.parrow.codec.values.Int64Values) values).values()[i]));
    }
    return out;
  }

  /** A value under a null struct is not written: the present values skip its slot. */
  @Test
  void aValueUnderANullStructIsLeftOut() {
    Field x = new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null);
    Field field = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x));
    try (BufferAllocator allocator = new RootAllocator();
        StructVector struct = (StructVector) field.createVector(allocator)) {
      IntVector xs = (IntVector) struct.getChild("x");
      for (int i = 0; i < 3; i++) {
        xs.setSafe(i, i + 1);
      }
      struct.setIndexDefined(0);
      struct.setNull(1);
      struct.setIndexDefined(2);
      xs.setValueCount(3);
      struct.setValueCount(3);
      FieldWriter writer = FieldWriter.of(field, columns(field).iterator());
      writer.shredRows(struct, 3);
      LeafWriter leaf = writer.leaves().get(0);
      assertArrayEquals(new int[] {2, 0, 2}, head(leaf.defs(), leaf.entries()));
      Int32Values values = (Int32Values) leaf.presentValues();
      assertArrayEquals(new int[] {1, 3}, head(values.values(), values.size()));
    }
  }
}
