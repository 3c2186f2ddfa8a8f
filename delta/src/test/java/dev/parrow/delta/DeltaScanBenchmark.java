package dev.parrow.delta;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.Operation;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.hadoop.conf.Configuration;

/**
 * Delta Kernel reading lineitem as a Delta table (eight data files) with Parrow as its Parquet
 * handler ({@link ParrowEngine}) against Kernel's default engine (parquet-java over Hadoop's file
 * system), in one JVM, alternating after warm-up: every value of every column through Kernel's
 * getters, four columns, and a selective scan (l_orderkey 0.1%: Kernel's data skipping, the
 * predicate pushed into the Parquet reads, then Kernel's evaluator on the rows). Both engines'
 * answers must agree. The table is written once, through ParrowEngine, next to the lineitem file.
 * On demand, not in CI (Java 17 or 21: the default engine's Hadoop needs Java below 24):
 *
 * <pre>
 * delta/bench LINEITEM.parquet [iterations] [warmup]
 * </pre>
 */
public final class DeltaScanBenchmark {
  private DeltaScanBenchmark() {}

  private static final int FILES = 8;

  public static void main(String[] args) throws Exception {
    Path lineitem =
        Path.of(args.length > 0 ? args[0] : "benchmarks/data/lineitem.parquet").toAbsolutePath();
    int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    if (!Files.exists(lineitem)) {
      throw new IllegalArgumentException(
          lineitem + " is missing: run a benchmarks runner first (see benchmarks/README.md)");
    }
    Path table = lineitem.resolveSibling("delta-lineitem");
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine parrow =
          ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      if (!Files.exists(table.resolve("_delta_log"))) {
        write(parrow, allocator, lineitem, table);
      }
      Engine defaults = DefaultEngine.create(new Configuration());
      Map<String, Query> queries = new LinkedHashMap<>();
      queries.put("every column", (e, p) -> scan(e, p, null, null));
      StructType full = Table.forPath(parrow, p(table)).getLatestSnapshot(parrow).getSchema();
      StructType four = new StructType();
      for (String c : List.of("l_quantity", "l_extendedprice", "l_discount", "l_tax")) {
        four = four.add(full.get(c));
      }
      StructType fourColumns = four;
      queries.put("4 columns", (e, p) -> scan(e, p, fourColumns, null));
      Predicate selective =
          new Predicate(
              "AND",
              new Predicate(">=", new Column("l_orderkey"), Literal.ofLong(700_000)),
              new Predicate("<=", new Column("l_orderkey"), Literal.ofLong(701_499)));
      queries.put("l_orderkey 0.1%", (e, p) -> scan(e, p, null, selective));
      System.out.printf(
          "%-18s %12s %12s %10s%n", "query", "Parrow s", "default s", "Parrow/default");
      for (Map.Entry<String, Query> q : queries.entrySet()) {
        List<Double> mine = new ArrayList<>();
        List<Double> theirs = new ArrayList<>();
        for (int i = 0; i < warmup + iterations; i++) {
          long t0 = System.nanoTime();
          String a = q.getValue().run(parrow, p(table));
          long t1 = System.nanoTime();
          String b = q.getValue().run(defaults, p(table));
          long t2 = System.nanoTime();
          if (!a.equals(b)) {
            throw new AssertionError(q.getKey() + ": Parrow " + a + ", the default engine " + b);
          }
          if (i >= warmup) {
            mine.add((t1 - t0) / 1e9);
            theirs.add((t2 - t1) / 1e9);
          }
        }
        double m = median(mine);
        double t = median(theirs);
        System.out.printf("%-18s %12.3f %12.3f %10.2f%n", q.getKey(), m, t, m / t);
      }
    }
  }

  private static String p(Path table) {
    return table.toString();
  }

  private interface Query {
    String run(Engine engine, String table) throws Exception;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return sorted.get(sorted.size() / 2);
  }

  /**
   * Reads the table as a connector does (the scan's files, each read with the predicate, the rows
   * Kernel's evaluator keeps) and sums a hash of every value read, with the row count.
   */
  private static String scan(Engine engine, String path, StructType columns, Predicate filter)
      throws Exception {
    long[] rowsAndHash = new long[2];
    KernelScan.read(
        engine,
        path,
        columns,
        filter,
        (batch, selection) -> {
          for (int c = 0; c < batch.getSchema().length(); c++) {
            rowsAndHash[1] += hash(batch.getColumnVector(c), batch.getSize(), selection);
          }
          for (int r = 0; r < batch.getSize(); r++) {
            if (KernelScan.selected(selection, r)) {
              rowsAndHash[0]++;
            }
          }
        });
    return rowsAndHash[0] + " rows, hash " + rowsAndHash[1];
  }

  /** A sum over the selected rows of each value's hash, through Kernel's getters. */
  private static long hash(ColumnVector v, int size, Optional<ColumnVector> selection) {
    DataType t = v.getDataType();
    long h = 0;
    for (int r = 0; r < size; r++) {
      if (!KernelScan.selected(selection, r) || v.isNullAt(r)) {
        continue;
      }
      if (t instanceof LongType) {
        h += v.getLong(r);
      } else if (t instanceof IntegerType || t instanceof DateType) {
        h += v.getInt(r);
      } else if (t instanceof DoubleType) {
        h += Double.hashCode(v.getDouble(r));
      } else if (t instanceof DecimalType) {
        h += v.getDecimal(r).unscaledValue().longValue();
      } else if (t instanceof StringType) {
        h += v.getString(r).hashCode();
      } else {
        throw new IllegalArgumentException("no hash of " + t);
      }
    }
    return h;
  }

  /** Kernel's type of a lineitem column. */
  private static DataType kernelType(Field f) {
    ArrowType t = f.getType();
    if (t instanceof ArrowType.Int i) {
      return i.getBitWidth() == 64 ? LongType.LONG : IntegerType.INTEGER;
    } else if (t instanceof ArrowType.Decimal d) {
      return new DecimalType(d.getPrecision(), d.getScale());
    } else if (t instanceof ArrowType.FloatingPoint) {
      return DoubleType.DOUBLE;
    } else if (t instanceof ArrowType.Date) {
      return DateType.DATE;
    } else if (t instanceof ArrowType.Utf8) {
      return StringType.STRING;
    }
    throw new IllegalArgumentException("no Kernel type for " + f);
  }

  /**
   * Writes lineitem as a Delta table of {@link #FILES} data files in one commit, through
   * ParrowEngine: Parrow's batches handed to Kernel's transaction without a copy.
   */
  private static void write(Engine engine, BufferAllocator allocator, Path lineitem, Path table)
      throws Exception {
    System.out.println("writing " + table);
    try (ParquetFile file = ParquetFile.open(lineitem);
        ParquetArrowReader reader = file.newReader(allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      StructType schema = new StructType();
      for (Field f : root.getSchema().getFields()) {
        schema = schema.add(f.getName(), kernelType(f), true);
      }
      long perFile = (file.metadata().numRows() + FILES - 1) / FILES;
      Transaction txn =
          Table.forPath(engine, table.toString())
              .createTransactionBuilder(engine, "parrow-bench", Operation.CREATE_TABLE)
              .withSchema(engine, schema)
              .build(engine);
      Row state = txn.getTransactionState(engine);
      var context = Transaction.getWriteContext(engine, state, Map.of());
      List<Row> actions = new ArrayList<>();
      StructType kernelSchema = schema;
      boolean[] done = {!reader.loadNextBatch()};
      while (!done[0]) {
        // One data file: the reader's batches (whole) until it holds perFile rows.
        long[] rows = {0};
        CloseableIterator<FilteredColumnarBatch> batches =
            new CloseableIterator<>() {
              private boolean loaded = true;

              @Override
              public boolean hasNext() {
                if (loaded) {
                  return true;
                }
                if (rows[0] >= perFile) {
                  return false;
                }
                try {
                  loaded = reader.loadNextBatch();
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                done[0] = !loaded;
                return loaded;
              }

              @Override
              public FilteredColumnarBatch next() {
                loaded = false;
                rows[0] += root.getRowCount();
                return new FilteredColumnarBatch(
                    ParrowEngine.columnarBatch(root, kernelSchema), Optional.empty());
              }

              @Override
              public void close() {}
            };
        CloseableIterator<DataFileStatus> files =
            engine
                .getParquetHandler()
                .writeParquetFiles(
                    context.getTargetDirectory(),
                    Transaction.transformLogicalData(engine, state, batches, Map.of()),
                    context.getStatisticsColumns());
        try (CloseableIterator<Row> add =
            Transaction.generateAppendActions(engine, state, files, context)) {
          while (add.hasNext()) {
            actions.add(add.next());
          }
        }
        if (!done[0]) {
          done[0] = !reader.loadNextBatch();
        }
      }
      txn.commit(
          engine,
          CloseableIterable.inMemoryIterable(Utils.toCloseableIterator(actions.iterator())));
    }
  }
}
