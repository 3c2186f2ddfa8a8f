package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.RowGroup;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FLOAT and DOUBLE columns written as ALP, nullable, required and in lists, on pages v1 and v2,
 * compressed or not, read back bit for bit (NaN payloads, -0.0, infinities), in batches that cut
 * across pages and vectors, and through a filter.
 */
class AlpColumnsTest {
  @TempDir Path dir;

  private static final int ROWS = 10_000;

  private static final ArrowType DOUBLE =
      new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType FLOAT = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

  private static Schema schema() {
    return new Schema(
        List.of(
            new Field("price", FieldType.nullable(DOUBLE), null),
            new Field("reading", FieldType.notNullable(FLOAT), null),
            new Field("exact", FieldType.notNullable(DOUBLE), null),
            new Field(
                "series",
                FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(new Field("element", FieldType.nullable(DOUBLE), null)))));
  }

  /** Decimals mostly, with the values ALP keeps as exceptions here and there. */
  private static double value(Random random, int i) {
    return switch (i % 97) {
      case 3 -> Double.longBitsToDouble(0x7FF800DEADBEEF00L);
      case 5 -> -0.0;
      case 7 -> Double.POSITIVE_INFINITY;
      case 11 -> Math.PI * i;
      case 13 -> 4.9e-324;
      default -> (random.nextInt(200_001) - 100_000) / 100.0;
    };
  }

  private static void fill(VectorSchemaRoot root) {
    Random random = new Random(3);
    Float8Vector price = (Float8Vector) root.getVector("price");
    Float4Vector reading = (Float4Vector) root.getVector("reading");
    Float8Vector exact = (Float8Vector) root.getVector("exact");
    ListVector series = (ListVector) root.getVector("series");
    Float8Vector elements = (Float8Vector) series.getDataVector();
    for (FieldVector v : root.getFieldVectors()) {
      v.setInitialCapacity(ROWS);
    }
    root.allocateNew();
    int element = 0;
    for (int i = 0; i < ROWS; i++) {
      if (i % 10 == 4) {
        price.setNull(i);
      } else {
        price.set(i, value(random, i));
      }
      float f = (float) value(random, i);
      reading.set(i, i % 97 == 3 ? Float.intBitsToFloat(0xFFC00001) : f);
      exact.set(i, value(random, i));
      if (i % 9 == 2) {
        series.setNull(i);
        continue;
      }
      series.startNewValue(i);
      int length = i % 4;
      for (int k = 0; k < length; k++, element++) {
        if (k == 1 && i % 3 == 0) {
          elements.setNull(element);
        } else {
          elements.setSafe(element, value(random, i + k));
        }
      }
      series.endValue(i, length);
    }
    elements.setValueCount(element);
    root.setRowCount(ROWS);
  }

  @Test
  void readsBackBitForBit() throws Exception {
    for (int pageVersion : new int[] {1, 2}) {
      for (CompressionCodec codec : List.of(CompressionCodec.UNCOMPRESSED, CompressionCodec.ZSTD)) {
        Path file = dir.resolve("alp_v" + pageVersion + "_" + codec + ".parquet");
        WriteOptions.Builder options =
            WriteOptions.builder()
                .compression(codec)
                .dataPageVersion(WriteOptions.DataPageVersion.of(pageVersion))
                .pageSizeBytes(4096)
                .rowGroupRows(3000);
        for (String column : List.of("price", "reading", "exact", "series.list.element")) {
          options.column(column, c -> c.encoding(Encoding.ALP));
        }
        try (BufferAllocator allocator = new RootAllocator();
            VectorSchemaRoot written = VectorSchemaRoot.create(schema(), allocator)) {
          fill(written);
          try (ParquetArrowWriter writer =
              ParquetArrowWriter.create(file, written.getSchema(), options.build())) {
            writer.write(written);
          }
          try (ParquetFile parquet = ParquetFile.open(file)) {
            for (RowGroup group : parquet.metadata().rowGroups()) {
              for (ColumnChunk chunk : group.columns()) {
                assertTrue(
                    chunk.metaData().encodings().contains(Encoding.ALP),
                    file + ": " + chunk.metaData().encodings());
              }
            }
            for (int batch : new int[] {777, 65_536}) {
              assertSameRows(written, parquet, batch, file + ", batches of " + batch);
            }
            assertFilterMatches(written, parquet);
          }
        }
      }
    }
  }

  private static void assertSameRows(
      VectorSchemaRoot written, ParquetFile parquet, int batch, String what) throws Exception {
    int row = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader =
            parquet.newReader(allocator, ReadOptions.builder().batchSize(batch).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot read = reader.getVectorSchemaRoot();
        for (FieldVector v : read.getFieldVectors()) {
          ValueVectorUtility.validateFull(v);
        }
        for (int i = 0; i < read.getRowCount(); i++, row++) {
          for (String column : List.of("price", "reading", "exact")) {
            assertEquals(
                bits(written.getVector(column), row),
                bits(read.getVector(column), i),
                what + ": " + column + " of row " + row);
          }
          ListVector expected = (ListVector) written.getVector("series");
          ListVector actual = (ListVector) read.getVector("series");
          assertEquals(expected.isNull(row), actual.isNull(i), what + ": series of row " + row);
          if (!expected.isNull(row)) {
            int from = expected.getElementStartIndex(row);
            int length = expected.getElementEndIndex(row) - from;
            int at = actual.getElementStartIndex(i);
            assertEquals(length, actual.getElementEndIndex(i) - at, what + ", row " + row);
            for (int k = 0; k < length; k++) {
              assertEquals(
                  bits(expected.getDataVector(), from + k),
                  bits(actual.getDataVector(), at + k),
                  what + ": series of row " + row + ", element " + k);
            }
          }
        }
      }
    }
    assertEquals(ROWS, row, what);
  }

  /** The raw bits of a value (NaN payloads included), or null for a null. */
  private static Long bits(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    return v instanceof Float4Vector f
        ? (long) f.getDataBuffer().getInt(4L * i)
        : v.getDataBuffer().getLong(8L * i);
  }

  /**
   * A filter on an ALP column keeps the rows Java's own comparison keeps ({@link Double#compare}:
   * NaN above every number, as DuckDB and Spark order it).
   */
  private static void assertFilterMatches(VectorSchemaRoot written, ParquetFile parquet)
      throws Exception {
    Float8Vector price = (Float8Vector) written.getVector("price");
    long expected = 0;
    for (int i = 0; i < ROWS; i++) {
      expected += !price.isNull(i) && Double.compare(price.get(i), 500.25) > 0 ? 1 : 0;
    }
    long matched = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader =
            parquet.newReader(
                allocator, ReadOptions.builder().filter(Filter.parse("price > 500.25")).build())) {
      while (reader.loadNextBatch()) {
        Float8Vector read = (Float8Vector) reader.getVectorSchemaRoot().getVector("price");
        for (int i = 0; i < read.getValueCount(); i++) {
          assertTrue(Double.compare(read.get(i), 500.25) > 0, "row " + i + ": " + read.get(i));
        }
        matched += read.getValueCount();
      }
    }
    assertEquals(expected, matched);
  }
}
