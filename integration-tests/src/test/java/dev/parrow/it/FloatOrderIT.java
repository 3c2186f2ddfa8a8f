package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.page.PageIndexReader;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Floating-point statistics in IEEE 754's total order (parquet-format 2.13), written by default:
 * the same bounds and NaN counts parquet-java 1.18 wrote for the same values (parquet-testing's
 * floating_orders_nan_count), in the footer and the column index; readers that predate the order
 * (DuckDB, Arrow C++ 18.3) read every value; Parrow prunes by them, NaNs and zeros included.
 */
class FloatOrderIT {
  @TempDir Path dir;

  private static final Path CORPUS =
      Corpus.parquetTesting().resolve("data").resolve("floating_orders_nan_count.parquet");

  /** Parrow's copy of the corpus file's values: five row groups of ten rows, as parquet-java's. */
  private Path copy(boolean totalOrder) throws Exception {
    Path out = dir.resolve("copy-" + totalOrder + ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(CORPUS);
        ParquetArrowReader reader = source.newReader(allocator)) {
      ParquetArrowWriter.writeAll(
          reader,
          dev.parrow.storage.OutputFile.of(out),
          WriteOptions.builder().rowGroupRows(10).floatTotalOrder(totalOrder).build(),
          rows -> {});
    }
    return out;
  }

  @Test
  void boundsAndNanCountsAreParquetJavasForTheSameValues() throws Exception {
    Path ours = copy(true);
    Path typeOrder = copy(false);
    try (ParquetFile theirs = ParquetFile.open(CORPUS);
        ParquetFile mine = ParquetFile.open(ours);
        ParquetFile old = ParquetFile.open(typeOrder)) {
      assertEquals(5, mine.metadata().rowGroups().size());
      for (int c = 0; c < 6; c++) {
        String name = theirs.parquetSchema().column(c).dottedPath();
        assertEquals(ColumnOrder.IEEE_754_TOTAL_ORDER, mine.metadata().columnOrders().get(c));
        assertEquals(ColumnOrder.TYPE_ORDER, old.metadata().columnOrders().get(c));
        for (int g = 0; g < 5; g++) {
          String where = name + " row group " + g;
          ColumnChunk expected = theirs.metadata().rowGroups().get(g).columns().get(c);
          Statistics javaStats = expected.metaData().statistics();
          Statistics total =
              mine.metadata().rowGroups().get(g).columns().get(c).metaData().statistics();
          Statistics type =
              old.metadata().rowGroups().get(g).columns().get(c).metaData().statistics();
          assertEquals(javaStats.nanCount(), total.nanCount(), where);
          assertEquals(javaStats.nanCount(), type.nanCount(), where);
          if (name.endsWith("_ieee754")) {
            // parquet-java's bounds under the total order, byte for byte: exact zeros, the NaNs'
            // own extremes for a row group of only NaNs.
            assertEquals(javaStats.minValue(), total.minValue(), where + " min");
            assertEquals(javaStats.maxValue(), total.maxValue(), where + " max");
            ColumnIndex javaIndex = PageIndexReader.columnIndex(theirs.input(), expected);
            ColumnIndex index =
                PageIndexReader.columnIndex(
                    mine.input(), mine.metadata().rowGroups().get(g).columns().get(c));
            assertEquals(javaIndex.minValues(), index.minValues(), where + " page mins");
            assertEquals(javaIndex.maxValues(), index.maxValues(), where + " page maxes");
            assertEquals(javaIndex.nanCounts(), index.nanCounts(), where + " page NaNs");
            assertEquals(javaIndex.nullPages(), index.nullPages(), where + " null pages");
          } else if (javaStats.nanCount() == 0) {
            // The type order: a zero min as -0, a zero max as +0, as parquet-java writes them.
            assertEquals(javaStats.minValue(), type.minValue(), where + " min");
            assertEquals(javaStats.maxValue(), type.maxValue(), where + " max");
          }
        }
      }
    }
  }

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(32, true)),
              Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  /** Row groups of 100: positives; only NaNs; negatives up to -0; zeros and NaNs and nulls. */
  private static double value(int i) {
    return switch (i / 100) {
      case 0 -> 1 + i % 100;
      case 1 -> i % 2 == 0 ? Double.NaN : Double.longBitsToDouble(0xfff8000000000001L);
      case 2 -> -(i % 100) == 0 ? -0.0 : -(i % 100);
      default -> i % 3 == 0 ? Double.NaN : i % 3 == 1 ? 0.0 : -0.0;
    };
  }

  private Path floats() throws Exception {
    return floats(true);
  }

  private Path floats(boolean totalOrder) throws Exception {
    Path file = dir.resolve("floats-" + totalOrder + ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file,
                SCHEMA,
                WriteOptions.builder()
                    .rowGroupRows(100)
                    .pageRows(25)
                    .floatTotalOrder(totalOrder)
                    .build())) {
      root.allocateNew();
      org.apache.arrow.vector.IntVector id =
          (org.apache.arrow.vector.IntVector) root.getVector("id");
      Float8Vector d = (Float8Vector) root.getVector("d");
      for (int i = 0; i < 400; i++) {
        id.setSafe(i, i);
        if (i >= 300 && i % 7 == 0) {
          d.setNull(i);
        } else {
          d.setSafe(i, value(i));
        }
      }
      root.setRowCount(400);
      writer.write(root);
    }
    return file;
  }

  @Test
  void readersThatPredateTheOrderReadEveryValue() throws Exception {
    Path file = floats();
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns parrow = new Columns();
      try (ParquetFile parquet = ParquetFile.open(file);
          ParquetArrowReader reader = parquet.newReader(allocator)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          parrow.append(root, null);
        }
      }
      Columns duckdb = DuckDbArrow.read(file, allocator);
      Columns arrowCpp = ArrowCpp.read(file, allocator);
      assertEquals(400, parrow.rows);
      assertEquals(parrow.values.get("d"), duckdb.values.get("d"), "DuckDB");
      assertEquals(parrow.values.get("d"), arrowCpp.values.get("d"), "Arrow C++");
    }
    // DuckDB's filters on the file give the rows the values say. (Not d > 0: DuckDB holds NaN
    // above every number but prunes by bounds that leave NaN out, whoever wrote them.)
    try (DuckDb duckdb = new DuckDb()) {
      for (String where : new String[] {"d = 0", "d < -50", "isnan(d)", "d IS NULL"}) {
        long expected = 0;
        for (int i = 0; i < 400; i++) {
          boolean isNull = i >= 300 && i % 7 == 0;
          double v = value(i);
          boolean match =
              switch (where) {
                case "d = 0" -> !isNull && v == 0;
                case "d < -50" -> !isNull && v < -50;
                case "isnan(d)" -> !isNull && Double.isNaN(v);
                default -> isNull;
              };
          expected += match ? 1 : 0;
        }
        Object count =
            duckdb
                .query(
                    "SELECT count(*) AS n FROM read_parquet("
                        + DuckDb.literal(file)
                        + ") WHERE "
                        + where)
                .get(0)
                .get("n");
        assertEquals(expected, ((Number) count).longValue(), where);
      }
    }
  }

  /** Rows, row groups and pages a Parrow read with a filter gives. */
  private static long[] read(Path file, String filter) throws Exception {
    FilterCorpusIT.FilteredRead read = FilterCorpusIT.filteredRead(file, filter);
    return new long[] {read.rows(), read.stats().rowGroupsRead(), read.stats().pagesRead()};
  }

  /** Rows whose value satisfies the test, as Parrow's filters hold NaN: above every number. */
  private static long matching(java.util.function.DoublePredicate test) {
    long n = 0;
    for (int i = 0; i < 400; i++) {
      n += !(i >= 300 && i % 7 == 0) && test.test(value(i)) ? 1 : 0;
    }
    return n;
  }

  @Test
  void parrowPrunesByTheTotalOrder() throws Exception {
    Path file = floats();
    // Above every number: the NaNs match, in the row groups whose NaN counts say so; the
    // positives' and the -0 one (exact max) are not read.
    long[] above = read(file, "d > 1000");
    assertEquals(matching(Double::isNaN), above[0]);
    assertEquals(2, above[1], "row groups read");
    long[] positive = read(file, "d > 0");
    assertEquals(matching(v -> v > 0 || Double.isNaN(v)), positive[0]);
    assertEquals(3, positive[1], "row groups read");
    // Below: only the negatives' row group; the one of only NaNs is passed over by its NaN bounds,
    // the zeros' by its exact min.
    long[] below = read(file, "d < -50");
    assertEquals(matching(v -> v < -50), below[0]);
    assertEquals(1, below[1], "row groups read");
    // Zero matches both zeros: the -0 row group and the zeros' one are read, not the NaNs'.
    long[] zero = read(file, "d = 0");
    assertEquals(matching(v -> v == 0), zero[0]);
    assertEquals(2, zero[1], "row groups read");
  }

  /**
   * Under the type order a page of only NaNs has no bounds: its chunk gets no column index (a page
   * index cannot describe it), and filters give the same rows as under the total order.
   */
  @Test
  void theTypeOrderWritesPagesOfOnlyNaNsToo() throws Exception {
    Path total = floats(true);
    Path type = floats(false);
    try (ParquetFile parquet = ParquetFile.open(type)) {
      ColumnChunk onlyNaNs = parquet.metadata().rowGroups().get(1).columns().get(1);
      assertEquals(null, onlyNaNs.columnIndexOffset());
      assertEquals(100L, onlyNaNs.metaData().statistics().nanCount());
      assertEquals(ColumnOrder.TYPE_ORDER, parquet.metadata().columnOrders().get(1));
    }
    for (String filter : new String[] {"d > 1000", "d > 0", "d < -50", "d = 0", "d IS NULL"}) {
      assertEquals(read(total, filter)[0], read(type, filter)[0], filter);
    }
  }
}
