package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run-end encoded vectors are written with their runs expanded (Parquet has no run-end encoding of
 * its own), as arrow-rs writes them: the file holds the values, row by row, and ARROW:schema the
 * run-end encoded type. The expected rows are worked out by hand from the runs.
 */
class RunEndEncodedWriteTest {
  @TempDir Path dir;

  private static Field ree(String name, ArrowType runEnds, Field values) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE),
        List.of(new Field("run_ends", FieldType.notNullable(runEnds), null), values));
  }

  private static final ArrowType I16 = new ArrowType.Int(16, true);
  private static final ArrowType I32 = new ArrowType.Int(32, true);
  private static final ArrowType I64 = new ArrowType.Int(64, true);

  /** Fills a run-end encoded vector: run ends, then the values, one per run. */
  private static void runs(
      RunEndEncodedVector ree, long[] ends, int length, BiConsumer<FieldVector, Integer> values) {
    FieldVector runEnds = ree.getRunEndsVector();
    runEnds.setInitialCapacity(ends.length);
    runEnds.allocateNew();
    for (int i = 0; i < ends.length; i++) {
      ((BaseIntVector) runEnds).setWithPossibleTruncate(i, ends[i]);
    }
    runEnds.setValueCount(ends.length);
    FieldVector v = ree.getValuesVector();
    v.allocateNew();
    values.accept(v, ends.length);
    ree.setValueCount(length);
  }

  private static void strings(FieldVector v, String... values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        setNull(v, i);
      } else if (v instanceof VarCharVector s) {
        s.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      } else if (v instanceof LargeVarCharVector s) {
        s.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      } else {
        ((ViewVarCharVector) v).setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      }
    }
    v.setValueCount(values.length);
  }

  private static void setNull(FieldVector v, int i) {
    if (v instanceof VarCharVector s) {
      s.setNull(i);
    } else if (v instanceof LargeVarCharVector s) {
      s.setNull(i);
    } else if (v instanceof ViewVarCharVector s) {
      s.setNull(i);
    }
  }

  /** Writes one batch of {@code schema}, filled by {@code fill}; returns the file. */
  private Path write(String name, Schema schema, java.util.function.Consumer<VectorSchemaRoot> fill)
      throws Exception {
    Path file = dir.resolve(name + ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      fill.accept(root);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
        writer.write(root);
        writer.write(root);
      }
    }
    return file;
  }

  /** The file's first column, row by row (each value's text, null for null), read by Parrow. */
  private static List<String> read(Path file, ArrowType expectedType) throws Exception {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector(0);
        assertEquals(expectedType, v.getField().getType());
        org.apache.arrow.vector.util.ValueVectorUtility.validateFull(v);
        for (int i = 0; i < v.getValueCount(); i++) {
          Object o = v.getObject(i);
          out.add(o == null ? null : o.toString());
        }
      }
    }
    return out;
  }

  private static List<String> twice(String... rows) {
    List<String> out = new ArrayList<>(Arrays.asList(rows));
    out.addAll(Arrays.asList(rows));
    return out;
  }

  @Test
  void stringsIntsBooleansAndDecimalsAreWrittenRowByRow() throws Exception {
    Path strings =
        write(
            "strings",
            new Schema(List.of(ree("c", I32, Field.nullable("values", ArrowType.Utf8.INSTANCE)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {2, 5, 6},
                  6,
                  (v, n) -> strings(v, "x", null, "zé"));
              root.setRowCount(6);
            });
    assertEquals(twice("x", "x", null, null, null, "zé"), read(strings, ArrowType.Utf8.INSTANCE));

    Path longs =
        write(
            "longs",
            new Schema(List.of(ree("c", I16, Field.nullable("values", I64)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {1, 4, 5},
                  5,
                  (v, n) -> {
                    ((BigIntVector) v).setSafe(0, -7);
                    ((BigIntVector) v).setSafe(1, 1L << 40);
                    ((BigIntVector) v).setNull(2);
                    v.setValueCount(3);
                  });
              root.setRowCount(5);
            });
    String big = String.valueOf(1L << 40);
    assertEquals(twice("-7", big, big, big, null), read(longs, I64));

    Path bools =
        write(
            "bools",
            new Schema(
                List.of(ree("c", I64, Field.notNullable("values", ArrowType.Bool.INSTANCE)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {3, 4, 9},
                  9,
                  (v, n) -> {
                    ((BitVector) v).setSafe(0, 1);
                    ((BitVector) v).setSafe(1, 0);
                    ((BitVector) v).setSafe(2, 1);
                    v.setValueCount(3);
                  });
              root.setRowCount(9);
            });
    assertEquals(
        twice("true", "true", "true", "false", "true", "true", "true", "true", "true"),
        read(bools, ArrowType.Bool.INSTANCE));

    ArrowType decimal = new ArrowType.Decimal(20, 2, 128);
    Path decimals =
        write(
            "decimals",
            new Schema(List.of(ree("c", I32, Field.nullable("values", decimal)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {2, 3},
                  3,
                  (v, n) -> {
                    ((DecimalVector) v).setSafe(0, new BigDecimal("123456789012345.67"));
                    ((DecimalVector) v).setSafe(1, new BigDecimal("-0.01"));
                    v.setValueCount(2);
                  });
              root.setRowCount(3);
            });
    assertEquals(
        twice("123456789012345.67", "123456789012345.67", "-0.01"), read(decimals, decimal));
  }

  /**
   * Large strings and string views (the latter copied value by value), a run end past the length
   * (the last run cut), and more values than runs.
   */
  @Test
  void largeStringsViewsAndRunsPastTheEnd() throws Exception {
    Path large =
        write(
            "large",
            new Schema(
                List.of(ree("c", I32, Field.nullable("values", ArrowType.LargeUtf8.INSTANCE)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {1, 3, 10},
                  4,
                  (v, n) -> strings(v, "a", "", "ccc", "unused"));
              root.setRowCount(4);
            });
    assertEquals(twice("a", "", "", "ccc"), read(large, ArrowType.LargeUtf8.INSTANCE));

    String longText = "a string longer than twelve bytes, kept in a data buffer";
    Path views =
        write(
            "views",
            new Schema(
                List.of(ree("c", I32, Field.nullable("values", ArrowType.Utf8View.INSTANCE)))),
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {2, 3},
                  3,
                  (v, n) -> strings(v, longText, null));
              root.setRowCount(3);
            });
    assertEquals(twice(longText, longText, null), read(views, ArrowType.Utf8View.INSTANCE));
  }

  /** A run-end encoded member of a struct: the struct's validity and other members are shared. */
  @Test
  void aRunEndEncodedStructMember() throws Exception {
    Field struct =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("id", I32),
                ree(
                    "r",
                    I32,
                    Field.nullable(
                        "values", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))));
    Path file =
        write(
            "struct",
            new Schema(List.of(struct)),
            root -> {
              StructVector s = (StructVector) root.getVector(0);
              s.allocateNew();
              IntVector id = (IntVector) s.getChild("id");
              for (int i = 0; i < 4; i++) {
                id.setSafe(i, i * 10);
                s.setIndexDefined(i);
              }
              s.setNull(2);
              id.setValueCount(4);
              runs(
                  (RunEndEncodedVector) s.getChild("r"),
                  new long[] {3, 4},
                  4,
                  (v, n) -> {
                    ((org.apache.arrow.vector.Float8Vector) v).setSafe(0, 2.5);
                    ((org.apache.arrow.vector.Float8Vector) v).setNull(1);
                    v.setValueCount(2);
                  });
              s.setValueCount(4);
              root.setRowCount(4);
            });
    List<String> rows = read(file, ArrowType.Struct.INSTANCE);
    assertEquals(twice("{\"id\":0,\"r\":2.5}", "{\"id\":10,\"r\":2.5}", null, "{\"id\":30}"), rows);
  }

  /** The ARROW:schema the file keeps is the caller's: the column still says run-end encoded. */
  @Test
  void theHintKeepsTheRunEndEncodedType() throws Exception {
    Schema schema =
        new Schema(List.of(ree("c", I32, Field.nullable("values", ArrowType.Utf8.INSTANCE))));
    Path file =
        write(
            "hint",
            schema,
            root -> {
              runs(
                  (RunEndEncodedVector) root.getVector(0),
                  new long[] {1},
                  1,
                  (v, n) -> strings(v, "only"));
              root.setRowCount(1);
            });
    try (ParquetFile parquet = ParquetFile.open(file)) {
      String blob =
          parquet.metadata().keyValueMetadata().stream()
              .filter(kv -> kv.key().equals("ARROW:schema"))
              .findFirst()
              .orElseThrow()
              .value();
      Schema hint = dev.parrow.types.ArrowSchemaBlob.decode(blob, new ArrayList<>()).orElseThrow();
      assertEquals(ArrowType.RunEndEncoded.INSTANCE, hint.getFields().get(0).getType());
    }
    assertEquals(twice("only"), read(file, ArrowType.Utf8.INSTANCE));
  }

  /** Run ends that do not increase, or stop short, are the caller's error: nothing is written. */
  @Test
  void badRunEndsAreAnErrorAndLeaveNoFile() throws Exception {
    // A good column before the bad one: what its expansion took is let go of too.
    Schema schema =
        new Schema(
            List.of(
                ree("good", I32, Field.nullable("values", I64)),
                ree("c", I32, Field.nullable("values", I64))));
    for (long[] ends : new long[][] {{2, 2, 5}, {1, 3}, {3, 1, 5}}) {
      Path file = dir.resolve("bad.parquet");
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> {
                try (BufferAllocator allocator = new RootAllocator();
                    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
                  runs(
                      (RunEndEncodedVector) root.getVector(0),
                      new long[] {5},
                      5,
                      (v, n) -> {
                        ((BigIntVector) v).setSafe(0, 42);
                        v.setValueCount(1);
                      });
                  runs(
                      (RunEndEncodedVector) root.getVector(1),
                      ends,
                      5,
                      (v, n) -> {
                        for (int i = 0; i < n; i++) {
                          ((BigIntVector) v).setSafe(i, i);
                        }
                        v.setValueCount(n);
                      });
                  root.setRowCount(5);
                  try (ParquetArrowWriter writer =
                      ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
                    writer.write(root);
                  }
                }
              });
      assertTrue(e.getMessage().contains("'c'"), e.getMessage());
      // Nothing leaked: the allocator's close would have added its complaint.
      assertEquals(0, e.getSuppressed().length, Arrays.toString(e.getSuppressed()));
      assertFalse(Files.exists(file), Arrays.toString(ends));
    }
  }
}
