package dev.parrow.it;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/** DuckDB reading a Parquet file and handing the rows over as Arrow (its own Arrow export). */
final class DuckDbArrow {
  private DuckDbArrow() {}

  static Columns read(Path file, BufferAllocator allocator) throws Exception {
    Columns columns = new Columns();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      // Default export settings: DuckDB hands UUIDs over as strings (compared as such).
      try (ResultSet rs =
              s.executeQuery("SELECT * FROM read_parquet(" + DuckDb.literal(file) + ")");
          ArrowReader reader =
              (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 4096)) {
        columns.start(reader.getVectorSchemaRoot().getSchema());
        while (reader.loadNextBatch()) {
          columns.append(reader.getVectorSchemaRoot());
        }
      }
    }
    return columns;
  }
}
