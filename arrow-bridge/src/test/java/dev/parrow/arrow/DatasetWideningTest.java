package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset whose files store one column as different types reads each file's values widened to the
 * type that holds both, exactly (decimals rescaled), and a file whose decimal holds more digits
 * than its type says, so that the rescaled value no longer fits, fails naming the file and column.
 */
class DatasetWideningTest {
  @TempDir Path dir;

  private static final int ROWS = 5_000;

  /** A file of {@code n} and {@code d} (decimal of the scale given), row i's unscaled value. */
  private void write(Path path, int precision, int scale, IntFunctionOfBig unscaled)
      throws Exception {
    Schema schema =
        new Schema(
            List.of(
                Field.nullable("n", new ArrowType.Int(32, true)),
                Field.nullable("d", new ArrowType.Decimal(precision, scale, 128))));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(path, schema, WriteOptions.defaults())) {
      IntVector n = (IntVector) root.getVector("n");
      DecimalVector d = (DecimalVector) root.getVector("d");
      n.allocateNew(ROWS);
      d.allocateNew(ROWS);
      for (int i = 0; i < ROWS; i++) {
        if (i % 11 == 5) {
          n.setNull(i);
          d.setNull(i);
          continue;
        }
        n.set(i, i * 7 - 9_000);
        // Written as bytes: the vector's setter would refuse a value of too many digits.
        d.setBigEndian(i, unscaled.apply(i).toByteArray());
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
  }

  interface IntFunctionOfBig {
    BigInteger apply(int i);
  }

  @Test
  void decimalsAreRescaledExactlyAndATooLongValueNamesItsFileAndColumn() throws Exception {
    write(dir.resolve("a.parquet"), 9, 2, i -> BigInteger.valueOf(i * 12_345L - 7_000_000L));
    write(dir.resolve("b.parquet"), 12, 5, i -> BigInteger.valueOf(i * 99_999L));
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    // Seven integer digits and five fraction digits hold both.
    assertEquals(new ArrowType.Decimal(12, 5, 128), dataset.schema().findField("d").getType());
    List<String> got = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            dataset.newReader(allocator, ReadOptions.builder().batchSize(1_000).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          got.add(root.getVector("n").getObject(i) + " " + root.getVector("d").getObject(i));
        }
      }
    }
    List<String> want = new ArrayList<>();
    for (int file = 0; file < 2; file++) {
      for (int i = 0; i < ROWS; i++) {
        if (i % 11 == 5) {
          want.add("null null");
        } else {
          BigDecimal d =
              file == 0
                  ? BigDecimal.valueOf(i * 12_345L - 7_000_000L, 2).setScale(5)
                  : BigDecimal.valueOf(i * 99_999L, 5);
          want.add((i * 7 - 9_000) + " " + d);
        }
      }
    }
    assertEquals(want, got);

    // Twenty digits declared, twenty-two stored (nine bytes hold them); the other file's eighteen
    // fraction digits make the dataset's type decimal(38, 18), which the value times 10^18 exceeds.
    Path bad = dir.resolve("bad");
    java.nio.file.Files.createDirectories(bad);
    BigInteger tooLong = BigInteger.TEN.pow(21).multiply(BigInteger.TWO);
    write(bad.resolve("a.parquet"), 20, 0, i -> i == 1_234 ? tooLong : BigInteger.valueOf(i));
    write(bad.resolve("b.parquet"), 20, 18, i -> BigInteger.valueOf(i));
    ParquetDataset broken = ParquetDataset.open(bad.toString());
    assertEquals(new ArrowType.Decimal(38, 18, 128), broken.schema().findField("d").getType());
    for (int p : new int[] {1, 4}) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetDatasetReader reader =
              broken.newReader(allocator, ReadOptions.builder().parallelism(p).build())) {
        ParquetFormatException e =
            assertThrows(
                ParquetFormatException.class,
                () -> {
                  while (reader.loadNextBatch()) {
                    // Until the failure.
                  }
                });
        assertTrue(e.getMessage().contains("a.parquet"), e.getMessage());
        assertTrue(e.getMessage().contains("'d'") || e.getMessage().contains(" d"), e.getMessage());
        assertTrue(e.getMessage().contains(tooLong.toString()), e.getMessage());
      }
    }
  }
}
