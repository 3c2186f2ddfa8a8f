package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;

/** The example's answers, checked against Iceberg's own generic reader of the same table. */
class IcebergExampleTest {
  @Test
  void appendsAndReadsBackAsIcebergReadsIt() throws Exception {
    IcebergExample.Result result = IcebergExample.run();
    long all = 0;
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(result.table()).where(Expressions.alwaysTrue()).build()) {
      for (Record r : records) {
        all++;
      }
    }
    assertEquals(result.appendedRows(), all);
    long rows = 0;
    BigDecimal amount = BigDecimal.ZERO.setScale(2);
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(result.table()).where(IcebergExample.FILTER).build()) {
      for (Record r : records) {
        rows++;
        amount = amount.add((BigDecimal) r.getField("amount"));
      }
    }
    assertTrue(rows > 0, "the filter keeps some rows");
    assertEquals(rows, result.readRows());
    assertEquals(amount, result.readAmount());
  }
}
