package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example's answers, checked against DuckDB's own reading of the same files. */
class ConsumerExampleTest {
  @Test
  void readsFiltersHandsOverAndWrites(@TempDir Path dir) throws Exception {
    Path input = Path.of(System.getProperty("parrow.testdata"), "orders.parquet").toAbsolutePath();
    Path output = dir.resolve("customers.parquet");

    ConsumerExample.Result result = ConsumerExample.run(input, output);

    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      String where = " FROM read_parquet('" + input + "') WHERE " + ConsumerExample.FILTER;
      long expectedRows = ConsumerExample.count(statement, "SELECT count(*)" + where);
      BigDecimal expectedAmount;
      try (ResultSet rs = statement.executeQuery("SELECT sum(amount)" + where)) {
        rs.next();
        expectedAmount = rs.getBigDecimal(1);
      }
      assertTrue(expectedRows > 0, "the filter keeps some rows of the fixture");
      assertEquals(expectedRows, result.filteredRows());
      assertEquals(expectedRows, result.duckdbRows());
      assertEquals(expectedAmount, result.duckdbAmount());

      assertEquals(3, result.writtenRows());
      try (ResultSet rs =
          statement.executeQuery(
              "SELECT string_agg(id || ':' || name, ',' ORDER BY id) FROM read_parquet('"
                  + output
                  + "')")) {
        rs.next();
        assertEquals("1:Ada,2:Grace,3:Edsger", rs.getString(1));
      }
    }
  }
}
