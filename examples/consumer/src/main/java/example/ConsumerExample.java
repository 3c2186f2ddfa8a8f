package example;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.cdata.ParquetStreams;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.duckdb.DuckDBConnection;

/**
 * What a Java team does with Parrow: read a Parquet file with a filter, hand the rows to DuckDB
 * over the C Data Interface without a copy, and write Arrow vectors to Parquet.
 */
public final class ConsumerExample {
  /** The filter of the example, in SQL. */
  public static final String FILTER = "quantity >= 5 AND express";

  /**
   * What the example found.
   *
   * @param filteredRows rows of the input that pass {@link #FILTER}, counted in the Arrow batches
   * @param duckdbRows the same rows counted by DuckDB over the exported stream
   * @param duckdbAmount their total amount, summed by DuckDB
   * @param writtenRows rows written to the output file
   */
  public record Result(long filteredRows, long duckdbRows, BigDecimal duckdbAmount, long writtenRows) {}

  private ConsumerExample() {}

  public static void main(String[] args) throws Exception {
    System.out.println(run(Path.of(args[0]), Path.of(args[1])));
  }

  /** Reads {@code input} (the orders fixture) and writes a small table to {@code output}. */
  public static Result run(Path input, Path output) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(input)) {
      ReadOptions filtered =
          ReadOptions.builder().columns("order_id", "customer", "amount").filter(FILTER).build();

      // 1. Read: only the rows that pass the filter, in Arrow batches.
      long filteredRows = 0;
      try (ParquetArrowReader reader = file.newReader(allocator, filtered)) {
        while (reader.loadNextBatch()) {
          filteredRows += reader.getVectorSchemaRoot().getRowCount();
        }
      }

      // 2. Hand the same read to DuckDB: the stream owns the reader from here on.
      long duckdbRows;
      BigDecimal duckdbAmount;
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
          Statement statement = connection.createStatement();
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetStreams.export(file.newReader(allocator, filtered), allocator, stream);
        ((DuckDBConnection) connection).registerArrowStream("orders", stream);
        try (ResultSet rs = statement.executeQuery("SELECT count(*), sum(amount) FROM orders")) {
          rs.next();
          duckdbRows = rs.getLong(1);
          duckdbAmount = rs.getBigDecimal(2);
        }
      }

      // 3. Write Arrow vectors to Parquet: the file appears whole when the writer closes.
      long writtenRows = writeCustomers(allocator, output);
      return new Result(filteredRows, duckdbRows, duckdbAmount, writtenRows);
    }
  }

  private static long writeCustomers(BufferAllocator allocator, Path output)
      throws java.io.IOException {
    String[] names = {"Ada", "Grace", "Edsger"};
    try (BigIntVector id = new BigIntVector("id", allocator);
        VarCharVector name = new VarCharVector("name", allocator)) {
      id.allocateNew(names.length);
      name.allocateNew(names.length);
      for (int i = 0; i < names.length; i++) {
        id.set(i, i + 1);
        name.set(i, names[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      VectorSchemaRoot root = VectorSchemaRoot.of(id, name);
      root.setRowCount(names.length);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(output, root.getSchema(), WriteOptions.defaults())) {
        writer.write(root);
      }
      return names.length;
    }
  }

  static long count(Statement statement, String sql) throws SQLException {
    try (ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
