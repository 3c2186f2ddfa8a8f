package dev.parrow.arrow.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The bytes of a range of rows, worked out by hand per vector kind, and the rows a slice takes
 * under a byte limit.
 */
class BatchBytesTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void eachKindCountsItsValuesOffsetsAndViews() {
    try (BufferAllocator allocator = new RootAllocator();
        IntVector ints = new IntVector("i", allocator);
        VarCharVector text = new VarCharVector("t", allocator);
        LargeVarCharVector large = new LargeVarCharVector("l", allocator);
        ViewVarCharVector views = new ViewVarCharVector("v", allocator)) {
      String[] values = {"ab", "", "twenty characters...", "x"};
      ints.allocateNew(4);
      text.allocateNew();
      large.allocateNew();
      views.allocateNew();
      for (int i = 0; i < values.length; i++) {
        ints.set(i, i);
        text.setSafe(i, utf8(values[i]));
        large.setSafe(i, utf8(values[i]));
        views.setSafe(i, utf8(values[i]));
      }
      for (var v : List.of(ints, text, large, views)) {
        v.setValueCount(4);
      }
      assertEquals(8, BatchBytes.of(ints, 1, 3));
      // Rows 1 and 2: 0 + 20 bytes of values and an offset each.
      assertEquals(20 + 2 * 4, BatchBytes.of(text, 1, 3));
      assertEquals(20 + 2 * 8, BatchBytes.of(large, 1, 3));
      // Views of 16 bytes; only values over 12 bytes are outside them.
      assertEquals(2 * 16 + 20, BatchBytes.of(views, 1, 3));
      assertEquals(2 * 16, BatchBytes.of(views, 0, 2));
      assertEquals(0, BatchBytes.of(text, 2, 2));
    }
  }

  @Test
  void nestedVectorsCountTheirChildrensRows() {
    Field list =
        new Field(
            "list",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE)));
    Field fixed =
        new Field(
            "fixed",
            FieldType.nullable(new ArrowType.FixedSizeList(2)),
            List.of(Field.nullable("item", new ArrowType.Int(64, true))));
    Field struct =
        new Field(
            "struct",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("a", new ArrowType.Int(16, true)),
                Field.nullable("b", ArrowType.Utf8.INSTANCE)));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root =
            VectorSchemaRoot.create(new Schema(List.of(list, fixed, struct)), allocator)) {
      root.allocateNew();
      ListVector lists = (ListVector) root.getVector(0);
      VarCharVector items = (VarCharVector) lists.getDataVector();
      // Rows of 1, 3 and 0 items: "a"; "bb", "ccc", "dddd"; nothing.
      String[] all = {"a", "bb", "ccc", "dddd"};
      for (int i = 0; i < all.length; i++) {
        items.setSafe(i, utf8(all[i]));
      }
      items.setValueCount(4);
      lists.startNewValue(0);
      lists.endValue(0, 1);
      lists.startNewValue(1);
      lists.endValue(1, 3);
      lists.startNewValue(2);
      lists.endValue(2, 0);
      FixedSizeListVector pairs = (FixedSizeListVector) root.getVector(1);
      for (int i = 0; i < 3; i++) {
        pairs.setNotNull(i);
      }
      StructVector structs = (StructVector) root.getVector(2);
      for (int i = 0; i < 3; i++) {
        structs.setIndexDefined(i);
        structs.getChild("a", SmallIntVector.class).setSafe(i, i);
        structs.getChild("b", VarCharVector.class).setSafe(i, utf8("s".repeat(i)));
      }
      root.setRowCount(3);
      pairs.getDataVector().setValueCount(6);
      // The list's row 1: its offset, and three items of 2 + 3 + 4 bytes with theirs.
      assertEquals(4 + 9 + 3 * 4, BatchBytes.of(lists, 1, 2));
      assertEquals(3 * 4 + (1 + 9) + 4 * 4, BatchBytes.of(lists, 0, 3));
      assertEquals(2 * 2 * 8, BatchBytes.of(pairs, 1, 3));
      // Rows 1 and 2: two shorts, and "s" and "ss" with their offsets.
      assertEquals(2 * 2 + 3 + 2 * 4, BatchBytes.of(structs, 1, 3));
    }
  }

  @Test
  void listViewsCountEachViewsItems() {
    Field field =
        new Field(
            "views",
            FieldType.nullable(ArrowType.ListView.INSTANCE),
            List.of(Field.nullable("item", new ArrowType.Int(32, true))));
    try (BufferAllocator allocator = new RootAllocator();
        ListViewVector views = (ListViewVector) field.createVector(allocator)) {
      views.allocateNew();
      IntVector items = (IntVector) views.getDataVector();
      for (int i = 0; i < 5; i++) {
        items.setSafe(i, i);
      }
      items.setValueCount(5);
      // Row 0: items 3 and 4; row 1: items 0 to 2; row 2: item 4 again (views may overlap).
      int[][] spans = {{3, 2}, {0, 3}, {4, 1}};
      for (int r = 0; r < spans.length; r++) {
        views.setValidity(r, 1);
        views.setOffset(r, spans[r][0]);
        views.setSize(r, spans[r][1]);
      }
      views.setValueCount(3);
      // An offset and a size of 4 bytes each a row, and 4 bytes an item.
      assertEquals(2 * 8 + 4 * 4, BatchBytes.of(views, 1, 3));
      assertEquals(3 * 8 + 6 * 4, BatchBytes.of(views, 0, 3));
    }
  }

  @Test
  void aSliceTakesTheMostRowsWithinTheLimitAndAtLeastOne() {
    Schema schema = new Schema(List.of(Field.nullable("t", ArrowType.Utf8.INSTANCE)));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      VarCharVector t = (VarCharVector) root.getVector(0);
      t.allocateNew();
      // Rows of 96 bytes (100 with their offsets), but row 5 of 996 (1,000).
      for (int i = 0; i < 10; i++) {
        t.setSafe(i, utf8("x".repeat(i == 5 ? 996 : 96)));
      }
      root.setRowCount(10);
      assertEquals(10, BatchBytes.rowsWithin(root, 0, 10, 2_000));
      assertEquals(3, BatchBytes.rowsWithin(root, 0, 10, 399));
      assertEquals(4, BatchBytes.rowsWithin(root, 0, 10, 400));
      // Row 5 alone is over the limit: a slice still takes it.
      assertEquals(5, BatchBytes.rowsWithin(root, 0, 10, 500));
      assertEquals(1, BatchBytes.rowsWithin(root, 5, 5, 500));
      assertEquals(4, BatchBytes.rowsWithin(root, 6, 4, 500));
      assertEquals(9 * 100 + 1_000, BatchBytes.of(root));
    }
  }
}
