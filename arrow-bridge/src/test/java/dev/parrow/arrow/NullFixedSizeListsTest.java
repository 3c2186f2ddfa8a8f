package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A null fixed-size list stores no elements in Parquet, so the reader puts the elements of the
 * lists that are present back at their slots: for every element type, including those Arrow Java
 * cannot copy value by value (the null type, list views), and nested ones.
 */
class NullFixedSizeListsTest {
  @TempDir Path dir;

  private static final int ROWS = 6;

  private static Field intField(String name) {
    return new Field(name, FieldType.nullable(new ArrowType.Int(32, true)), null);
  }

  /** The element fields tried, each under a FixedSizeList(2). */
  private static List<Field> elements() {
    return List.of(
        intField("item"),
        new Field("item", FieldType.nullable(ArrowType.Null.INSTANCE), null),
        new Field("item", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
        new Field("item", FieldType.nullable(UuidType.INSTANCE), null),
        new Field("item", FieldType.nullable(ArrowType.Utf8View.INSTANCE), null),
        new Field("item", FieldType.nullable(ArrowType.BinaryView.INSTANCE), null),
        new Field(
            "item", FieldType.nullable(ArrowType.ListView.INSTANCE), List.of(intField("item"))),
        new Field(
            "item",
            FieldType.nullable(ArrowType.LargeListView.INSTANCE),
            List.of(intField("item"))),
        new Field(
            "item",
            FieldType.nullable(new ArrowType.Map(false)),
            List.of(
                new Field(
                    "entries",
                    FieldType.notNullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        new Field("key", FieldType.notNullable(new ArrowType.Int(32, true)), null),
                        intField("value"))))),
        new Field(
            "item",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                intField("a"), new Field("b", FieldType.nullable(ArrowType.Null.INSTANCE), null))),
        new Field(
            "item",
            FieldType.nullable(new ArrowType.FixedSizeList(2)),
            List.of(new Field("item", FieldType.nullable(ArrowType.Null.INSTANCE), null))));
  }

  @Test
  void theListsPresentKeepTheirElements() throws Exception {
    for (Field element : elements()) {
      Schema schema =
          new Schema(
              List.of(
                  new Field(
                      "f", FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(element))));
      Path file = dir.resolve("fixed.parquet");
      List<String> written;
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
        FixedSizeListVector lists = (FixedSizeListVector) root.getVector(0);
        lists.allocateNew();
        fill(lists.getDataVector(), 2 * ROWS);
        for (int i = 0; i < ROWS; i++) {
          if (i % 3 == 1) {
            lists.setNull(i);
          } else {
            lists.setNotNull(i);
          }
        }
        lists.setValueCount(ROWS);
        root.setRowCount(ROWS);
        written = rows(lists);
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
          writer.write(root);
        }
      }
      List<String> read = new ArrayList<>();
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(file);
          ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
        while (reader.loadNextBatch()) {
          FieldVector f = reader.getVectorSchemaRoot().getVector(0);
          assertEquals(element.getType(), f.getChildrenFromFields().get(0).getField().getType());
          validate(f);
          read.addAll(rows(f));
        }
      }
      assertEquals(written, read, element.toString());
    }
  }

  /**
   * Each batch's elements are laid out in vectors sized for it: sized from the vectors' last growth
   * instead, they doubled batch after batch (2 GB by the eighth batch of 21 rows).
   */
  @Test
  void memoryStaysFlatBatchAfterBatch() throws Exception {
    Field element =
        new Field(
            "item",
            FieldType.nullable(new ArrowType.FixedSizeList(1)),
            List.of(
                new Field(
                    "item",
                    FieldType.notNullable(ArrowType.LargeList.INSTANCE),
                    List.of(intField("item")))));
    Schema schema =
        new Schema(
            List.of(
                new Field(
                    "f", FieldType.notNullable(new ArrowType.FixedSizeList(2)), List.of(element))));
    Path file = dir.resolve("batches.parquet");
    int rows = 2_000;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      FixedSizeListVector lists = (FixedSizeListVector) root.getVector(0);
      lists.allocateNew();
      fill(lists.getDataVector(), 2 * rows);
      for (int i = 0; i < rows; i++) {
        lists.setNotNull(i);
      }
      lists.setValueCount(rows);
      root.setRowCount(rows);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
        writer.write(root);
      }
    }
    List<Long> allocated = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().batchSize(20).build())) {
      while (reader.loadNextBatch()) {
        allocated.add(allocator.getAllocatedMemory());
      }
    }
    assertEquals(rows / 20, allocated.size());
    long first = allocated.subList(0, 5).stream().mapToLong(Long::longValue).max().orElseThrow();
    long most = allocated.stream().mapToLong(Long::longValue).max().orElseThrow();
    assertTrue(most <= 2 * first, "batches held " + allocated);
  }

  /**
   * A hint's fixed size is the file's word only: null lists of a huge size would make slots the
   * file does not pay for (gigabytes, or a count past an int), so they are bounded as level entries
   * are, an error naming the list before anything is allocated.
   */
  @Test
  void aHugeHintedSizeOverNullListsIsAnError() throws Exception {
    Path file = dir.resolve("huge.parquet");
    int rows = 1_000;
    Schema written = fixedOfLongs(7);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(written, allocator)) {
      FixedSizeListVector lists = (FixedSizeListVector) root.getVector(0);
      lists.allocateNew();
      for (int i = 0; i < rows; i++) {
        lists.setNull(i);
      }
      lists.setValueCount(rows);
      root.setRowCount(rows);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, written, WriteOptions.defaults())) {
        writer.write(root);
      }
    }
    // The same blob but for the size: 2^20 (8 GB of slots) and 2^28 (past an int).
    byte[] bytes = Files.readAllBytes(file);
    String blob = dev.parrow.types.ArrowSchemaBlob.encode(written);
    for (int size : new int[] {1 << 20, 1 << 28}) {
      String huge = dev.parrow.types.ArrowSchemaBlob.encode(fixedOfLongs(size));
      assertEquals(blob.length(), huge.length());
      Path hostile = dir.resolve("huge-" + size + ".parquet");
      Files.write(hostile, replace(bytes, blob, huge));
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile parquet = ParquetFile.open(hostile);
          ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
        assertEquals(
            new ArrowType.FixedSizeList(size),
            reader.getVectorSchemaRoot().getSchema().getFields().get(0).getType());
        ParquetFormatException e =
            assertThrows(ParquetFormatException.class, reader::loadNextBatch);
        assertTrue(e.getMessage().contains("list 'f'"), e.getMessage());
        assertTrue(e.getMessage().contains("maxLevelsPerBatch"), e.getMessage());
      }
    }
  }

  private static Schema fixedOfLongs(int size) {
    return new Schema(
        List.of(
            new Field(
                "f",
                FieldType.nullable(new ArrowType.FixedSizeList(size)),
                List.of(
                    new Field("item", FieldType.nullable(new ArrowType.Int(64, true)), null)))));
  }

  private static byte[] replace(byte[] bytes, String from, String to) {
    byte[] a = from.getBytes(StandardCharsets.US_ASCII);
    byte[] b = to.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i + a.length <= bytes.length; i++) {
      if (java.util.Arrays.equals(bytes, i, i + a.length, a, 0, a.length)) {
        byte[] out = bytes.clone();
        System.arraycopy(b, 0, out, i, b.length);
        return out;
      }
    }
    throw new AssertionError("the file holds no " + from);
  }

  /**
   * Arrow Java 19's full check, where it can: it cannot take a fixed-size list (it asks for
   * offsets), a map (it expects a list type) or a list view (no visitor), so their own buffers are
   * checked, each view's elements are checked to lie in its child, and their children in full.
   */
  private static void validate(FieldVector v) {
    if (v instanceof ListViewVector || v instanceof LargeListViewVector) {
      FieldVector elements = v.getChildrenFromFields().get(0);
      for (int i = 0; i < v.getValueCount(); i++) {
        long end =
            v instanceof ListViewVector views
                ? (long) views.getOffsetBuffer().getInt(i * 4L)
                    + views.getSizeBuffer().getInt(i * 4L)
                : ((LargeListViewVector) v).getOffsetBuffer().getLong(i * 8L)
                    + ((LargeListViewVector) v).getSizeBuffer().getLong(i * 8L);
        assertTrue(v.isNull(i) || end <= elements.getValueCount(), v.getName() + " slot " + i);
      }
      validate(elements);
    } else if (v instanceof FixedSizeListVector fixed) {
      assertTrue(
          fixed.getDataVector().getValueCount() >= v.getValueCount() * fixed.getListSize(),
          v.getName());
      validate(fixed.getDataVector());
    } else if (v instanceof MapVector) {
      for (FieldVector child : v.getChildrenFromFields()) {
        validate(child);
      }
    } else {
      ValueVectorUtility.validateFull(v);
    }
  }

  /** Each row's value as text (byte arrays by content), null for a null list. */
  private static List<String> rows(FieldVector lists) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lists.getValueCount(); i++) {
      Object value = lists.getObject(i);
      out.add(value == null ? null : text(value));
    }
    return out;
  }

  private static String text(Object value) {
    if (value instanceof byte[] bytes) {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
    if (value instanceof List<?> list) {
      return list.stream().map(v -> v == null ? "null" : text(v)).toList().toString();
    }
    if (value instanceof java.util.Map<?, ?> map) {
      StringBuilder s = new StringBuilder("{");
      map.forEach(
          (k, v) -> s.append(k).append('=').append(v == null ? "null" : text(v)).append(';'));
      return s.append('}').toString();
    }
    return String.valueOf(value);
  }

  /** {@code count} elements, every fifth null, with values that differ from slot to slot. */
  private static void fill(FieldVector v, int count) {
    if (v instanceof NullVector) {
      v.setValueCount(count);
      return;
    }
    v.setInitialCapacity(count);
    v.allocateNew();
    if (v instanceof IntVector ints) {
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          ints.setNull(i);
        } else {
          ints.setSafe(i, 100 + i);
        }
      }
    } else if (v instanceof VarCharVector strings) {
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          strings.setNull(i);
        } else {
          strings.setSafe(i, new Text("string " + i));
        }
      }
    } else if (v instanceof UuidVector uuids) {
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          uuids.setNull(i);
        } else {
          uuids.setSafe(i, new java.util.UUID(i, -i));
        }
      }
    } else if (v instanceof ViewVarCharVector strings) {
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          strings.setNull(i);
        } else {
          strings.setSafe(i, new Text("value number " + i + (i % 2 == 0 ? " and more" : "")));
        }
      }
    } else if (v instanceof ViewVarBinaryVector bytes) {
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          bytes.setNull(i);
        } else {
          bytes.setSafe(i, ("bytes " + i + " of a longer value").getBytes(StandardCharsets.UTF_8));
        }
      }
    } else if (v instanceof ListViewVector views) {
      IntVector data = (IntVector) views.getDataVector();
      fill(data, count * 2);
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          views.setNull(i);
        } else {
          // Out of order, overlapping views: the second half of the data first.
          views.setValidity(i, 1);
          views.setOffset(i, (count - 1 - i) * 2 % (count * 2 - 1));
          views.setSize(i, i % 3);
        }
      }
    } else if (v instanceof LargeListViewVector views) {
      IntVector data = (IntVector) views.getDataVector();
      fill(data, count * 2);
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          views.setNull(i);
        } else {
          views.setValidity(i, 1);
          views.setOffset(i, (count - 1 - i) * 2 % (count * 2 - 1));
          views.setSize(i, i % 3);
        }
      }
    } else if (v instanceof LargeListVector list) {
      fill(list.getDataVector(), count * 2);
      for (int i = 0; i < count; i++) {
        if (i % 5 == 4) {
          list.setNull(i);
        } else {
          list.startNewValue(i);
          list.endValue(i, i % 3);
        }
      }
    } else if (v instanceof MapVector map) {
      UnionMapWriter writer = map.getWriter();
      for (int i = 0; i < count; i++) {
        writer.setPosition(i);
        if (i % 5 == 4) {
          writer.writeNull();
          continue;
        }
        writer.startMap();
        for (int k = 0; k < i % 3; k++) {
          writer.startEntry();
          writer.key().integer().writeInt(k);
          writer.value().integer().writeInt(i * 10 + k);
          writer.endEntry();
        }
        writer.endMap();
      }
      writer.setValueCount(count);
    } else if (v instanceof StructVector struct) {
      for (FieldVector child : struct.getChildrenFromFields()) {
        fill(child, count);
      }
      for (int i = 0; i < count; i++) {
        if (i % 7 == 6) {
          struct.setNull(i);
        } else {
          struct.setIndexDefined(i);
        }
      }
    } else if (v instanceof FixedSizeListVector fixed) {
      fill(fixed.getDataVector(), count * fixed.getListSize());
      for (int i = 0; i < count; i++) {
        if (i % 4 == 3) {
          fixed.setNull(i);
        } else {
          fixed.setNotNull(i);
        }
      }
    } else {
      throw new IllegalArgumentException("no values for " + v.getField());
    }
    v.setValueCount(count);
  }
}
