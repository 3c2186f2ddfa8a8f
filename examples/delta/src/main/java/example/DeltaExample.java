package example;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.delta.ParrowEngine;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.Operation;
import io.delta.kernel.Scan;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes a Delta table from Arrow batches in two commits and reads it back with a filter, through
 * Delta Kernel with {@link ParrowEngine}: no Hadoop, no parquet-java.
 */
public final class DeltaExample {
  private DeltaExample() {}

  static final StructType SCHEMA =
      new StructType()
          .add("id", LongType.LONG, false)
          .add("region", StringType.STRING, true)
          .add("amount", new DecimalType(12, 2), true);

  /** What the filtered read keeps: ids above this (data skipping rules the first file out). */
  static final long FROM_ID = 12_000;

  /** Rows written, and of the filtered read, its rows (id > FROM_ID) and their total amount. */
  record Result(long writtenRows, long readRows, BigDecimal readAmount) {}

  public static void main(String[] args) throws Exception {
    Result r = run(args.length > 0 ? args[0] : "delta-example-table");
    System.out.println(
        r.writtenRows() + " rows written; " + r.readRows() + " read back, total " + r.readAmount());
  }

  static Result run(String path) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      Engine engine = ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults());
      long written = 0;
      for (int commit = 0; commit < 2; commit++) {
        written += append(engine, allocator, path, commit * 10_000L, 10_000, commit == 0);
      }
      Result read = readBack(engine, path);
      return new Result(written, read.readRows(), read.readAmount());
    }
  }

  /**
   * The rows with id above {@link #FROM_ID} and their total amount, read through {@code engine}
   * (ParrowEngine here; the test reads the same table with Kernel's default engine too).
   */
  static Result readBack(Engine engine, String path) throws Exception {
    Predicate filter =
        new Predicate(">", new Column("id"), Literal.ofLong(FROM_ID));
    Scan scan =
        Table.forPath(engine, path).getLatestSnapshot(engine).getScanBuilder().withFilter(filter).build();
    Row state = scan.getScanState(engine);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(engine, state);
    long rows = 0;
    BigDecimal amount = BigDecimal.ZERO.setScale(2);
    try (CloseableIterator<FilteredColumnarBatch> files = scan.getScanFiles(engine)) {
      while (files.hasNext()) {
        try (CloseableIterator<Row> fileRows = files.next().getRows()) {
          while (fileRows.hasNext()) {
            Row file = fileRows.next();
            CloseableIterator<ColumnarBatch> data =
                engine
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(InternalScanFileUtils.getAddFileStatus(file)),
                        physical,
                        Optional.of(filter));
            try (CloseableIterator<FilteredColumnarBatch> batches =
                Scan.transformPhysicalData(engine, state, file, data)) {
              while (batches.hasNext()) {
                ColumnarBatch b = batches.next().getData();
                // Kernel skips files and Parrow row groups, not rows: the rest is ours to filter.
                for (int i = 0; i < b.getSize(); i++) {
                  if (b.getColumnVector(0).getLong(i) > FROM_ID) {
                    rows++;
                    amount = amount.add(b.getColumnVector(2).getDecimal(i));
                  }
                }
              }
            }
          }
        }
      }
    }
    return new Result(0, rows, amount);
  }

  /** One commit of one Arrow batch: rows {@code first} to {@code first + rows - 1}. */
  private static long append(
      Engine engine, BufferAllocator allocator, String path, long first, int rows, boolean create)
      throws Exception {
    Table table = Table.forPath(engine, path);
    Transaction txn =
        create
            ? table
                .createTransactionBuilder(engine, "parrow-example", Operation.CREATE_TABLE)
                .withSchema(engine, SCHEMA)
                .build(engine)
            : table.createTransactionBuilder(engine, "parrow-example", Operation.WRITE).build(engine);
    Row state = txn.getTransactionState(engine);
    try (VectorSchemaRoot root =
        VectorSchemaRoot.create(
            new org.apache.arrow.vector.types.pojo.Schema(
                java.util.List.of(
                    org.apache.arrow.vector.types.pojo.Field.notNullable(
                        "id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                    org.apache.arrow.vector.types.pojo.Field.nullable(
                        "region", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE),
                    org.apache.arrow.vector.types.pojo.Field.nullable(
                        "amount", new org.apache.arrow.vector.types.pojo.ArrowType.Decimal(12, 2, 128)))),
            allocator)) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      VarCharVector region = (VarCharVector) root.getVector(1);
      DecimalVector amount = (DecimalVector) root.getVector(2);
      id.allocateNew(rows);
      region.allocateNew(rows);
      amount.allocateNew(rows);
      String[] regions = {"EU", "US", "APAC"};
      for (int i = 0; i < rows; i++) {
        long n = first + i;
        id.set(i, n);
        region.setSafe(i, regions[(int) (n % 3)].getBytes(StandardCharsets.UTF_8));
        amount.set(i, amountOf(n));
      }
      root.setRowCount(rows);
      FilteredColumnarBatch batch =
          new FilteredColumnarBatch(ParrowEngine.columnarBatch(root, SCHEMA), Optional.empty());
      Map<String, Literal> noPartition = Map.of();
      var physical =
          Transaction.transformLogicalData(
              engine, state, Utils.singletonCloseableIterator(batch), noPartition);
      var context = Transaction.getWriteContext(engine, state, noPartition);
      var files =
          engine
              .getParquetHandler()
              .writeParquetFiles(context.getTargetDirectory(), physical, context.getStatisticsColumns());
      txn.commit(
          engine,
          CloseableIterable.inMemoryIterable(
              Transaction.generateAppendActions(engine, state, files, context)));
    }
    return rows;
  }

  /** The amount of row {@code n}: 0.00 to 999.99. */
  static BigDecimal amountOf(long n) {
    return BigDecimal.valueOf((n * 7919) % 100_000, 2);
  }
}
