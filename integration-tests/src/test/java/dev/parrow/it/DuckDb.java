package dev.parrow.it;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DuckDB through JDBC, in memory: an independent Parquet implementation to compare with. */
public final class DuckDb implements AutoCloseable {
  private final Connection connection;

  public DuckDb() throws SQLException {
    connection = DriverManager.getConnection("jdbc:duckdb:");
  }

  /** Every row of the query as a column-name -> value map, in column order. */
  public List<Map<String, Object>> query(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      List<Map<String, Object>> rows = new ArrayList<>();
      while (rs.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          row.put(meta.getColumnName(i), rs.getObject(i));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  public void execute(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** A path as a SQL string literal. */
  public static String literal(Path path) {
    return "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
