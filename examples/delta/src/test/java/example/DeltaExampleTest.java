package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example's answers, checked against the rows it wrote (no Delta reader but Kernel's runs
 * here without Hadoop; the project's own tests compare ParrowEngine with Kernel's default engine).
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
  }
}
