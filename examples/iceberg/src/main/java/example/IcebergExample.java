package example;

import dev.parrow.arrow.WriteOptions;
import dev.parrow.iceberg.IcebergArrowAppender;
import dev.parrow.iceberg.IcebergArrowReader;
import dev.parrow.iceberg.IcebergSchemas;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;

/**
 * Appends Arrow batches to an Iceberg table in one commit, then reads part of it back as Arrow
 * batches, both through Parrow. An in-memory catalog stands in for the team's own (REST, Glue,
 * JDBC, ...).
 */
public final class IcebergExample {
  private IcebergExample() {}

  static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "region", Types.StringType.get()),
          Types.NestedField.optional(3, "amount", Types.DecimalType.of(12, 2)));

  /** The scan's filter: what {@link #run} reads back. */
  static final Expression FILTER =
      Expressions.and(Expressions.equal("region", "EU"), Expressions.greaterThan("amount", 500));

  /** Rows appended, and of the filtered read back, the rows and their total amount. */
  record Result(Table table, long appendedRows, long readRows, BigDecimal readAmount) {}

  public static void main(String[] args) throws Exception {
    Result r = run();
    System.out.println(
        r.appendedRows() + " rows appended; " + r.readRows() + " read back, total " + r.readAmount());
  }

  static Result run() throws Exception {
    Catalog catalog = new InMemoryCatalog();
    catalog.initialize("example", Map.of());
    ((InMemoryCatalog) catalog).createNamespace(Namespace.of("sales"));
    Table table =
        catalog.createTable(
            TableIdentifier.of("sales", "orders"),
            SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of("format-version", "2"));
    long appended = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      // Two data files of one batch each, committed together.
      AppendFiles append = table.newAppend();
      for (int file = 0; file < 2; file++) {
        String path = table.locationProvider().newDataLocation("orders-" + file + ".parquet");
        IcebergArrowAppender appender =
            IcebergArrowAppender.create(
                table.io().newOutputFile(path),
                table.schema(),
                MetricsConfig.forTable(table),
                WriteOptions.defaults(),
                table.io());
        try (appender;
            VectorSchemaRoot batch =
                VectorSchemaRoot.create(IcebergSchemas.toArrow(table.schema()), allocator)) {
          fill(batch, file * 10_000L, 10_000);
          appender.add(batch);
          appended += batch.getRowCount();
        }
        append.appendFile(
            DataFiles.builder(table.spec())
                .withPath(path)
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(appender.length())
                .withMetrics(appender.metrics())
                .withSplitOffsets(appender.splitOffsets())
                .build());
      }
      append.commit();

      long rows = 0;
      BigDecimal amount = BigDecimal.ZERO.setScale(2);
      try (IcebergArrowReader reader =
          IcebergArrowReader.open(allocator, table.newScan().filter(FILTER))) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          DecimalVector amounts = (DecimalVector) batch.getVector("amount");
          for (int i = 0; i < batch.getRowCount(); i++) {
            amount = amount.add(amounts.getObject(i));
          }
          rows += batch.getRowCount();
        }
      }
      return new Result(table, appended, rows, amount);
    }
  }

  /** Rows {@code first} to {@code first + rows - 1}: regions in turn, amounts from 0.00 to 999.99. */
  private static void fill(VectorSchemaRoot batch, long first, int rows) {
    BigIntVector id = (BigIntVector) batch.getVector("id");
    VarCharVector region = (VarCharVector) batch.getVector("region");
    DecimalVector amount = (DecimalVector) batch.getVector("amount");
    String[] regions = {"EU", "US", "APAC"};
    id.allocateNew(rows);
    region.allocateNew(rows);
    amount.allocateNew(rows);
    for (int i = 0; i < rows; i++) {
      long n = first + i;
      id.set(i, n);
      region.setSafe(i, regions[(int) (n % 3)].getBytes(StandardCharsets.UTF_8));
      amount.set(i, BigDecimal.valueOf((n * 7919) % 100_000, 2));
    }
    batch.setRowCount(rows);
  }
}
