package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example's answers, checked against the rows it wrote and against Delta Kernel's default
 * engine (parquet-java over Hadoop's file system, in test scope only: the example itself runs
 * without them) reading the same table. The default engine's Hadoop needs Java below 24.
 */
class DeltaExampleTest {
  @Test
  void writesAndReadsBack(@TempDir Path dir) throws Exception {
    DeltaExample.Result result = DeltaExample.run(dir.resolve("table").toString());
    assertEquals(20_000, result.writtenRows());
    long rows = 0;
    BigDecimal amount = BigDecimal.ZERO.setScale(2);
    for (long n = DeltaExample.FROM_ID + 1; n < 20_000; n++) {
      rows++;
      amount = amount.add(DeltaExample.amountOf(n));
    }
    assertEquals(rows, result.readRows());
    assertEquals(amount, result.readAmount());
    if (Runtime.version().feature() < 24) {
      DeltaExample.Result kernels =
          DeltaExample.readBack(
              io.delta.kernel.defaults.engine.DefaultEngine.create(
                  new org.apache.hadoop.conf.Configuration()),
              dir.resolve("table").toString());
      assertEquals(rows, kernels.readRows(), "the default engine's rows");
      assertEquals(amount, kernels.readAmount(), "the default engine's total");
    }
  }
}
