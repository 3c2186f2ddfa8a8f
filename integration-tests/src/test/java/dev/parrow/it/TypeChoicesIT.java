package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.math.BigInteger;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/**
 * The type choices for consumers without unsigned or fixed-size binary types (Spark): unsigned
 * integers widened to the next signed type, UINT_64 to Decimal(20, 0), and fixed-size byte arrays
 * as Binary, each value equal to the one Parrow reads by default, over arrow-rs's files.
 */
class TypeChoicesIT {
  private static ReadOptions widened() {
    return ReadOptions.builder()
        .types(
            t -> t.useArrowSchemaHint(false).unsignedAsSigned(true).fixedSizeBinaryAsBinary(true))
        .batchSize(3)
        .build();
  }

  private static ReadOptions plain() {
    return ReadOptions.builder().types(t -> t.useArrowSchemaHint(false)).batchSize(3).build();
  }

  @Test
  void unsignedIntegersWidenExactly() throws Exception {
    Path file = ArrowRsInteropIT.folder().resolve("a_int_unsigned.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader asIs = parquet.newReader(allocator, plain());
        ParquetArrowReader wide = parquet.newReader(allocator, widened())) {
      int compared = 0;
      while (asIs.loadNextBatch()) {
        assertTrue(wide.loadNextBatch());
        VectorSchemaRoot a = asIs.getVectorSchemaRoot();
        VectorSchemaRoot b = wide.getVectorSchemaRoot();
        for (FieldVector v : a.getFieldVectors()) {
          FieldVector w = b.getVector(v.getName());
          ArrowType.Int original = (ArrowType.Int) v.getField().getType();
          assertTrue(!original.getIsSigned(), v.getName() + " is unsigned as stored");
          ArrowType type = w.getField().getType();
          if (original.getBitWidth() == 64) {
            assertEquals(new ArrowType.Decimal(20, 0, 128), type);
          } else {
            assertEquals(new ArrowType.Int(original.getBitWidth() * 2, true), type);
          }
          for (int i = 0; i < a.getRowCount(); i++) {
            assertEquals(v.isNull(i), w.isNull(i));
            if (v.isNull(i)) {
              continue;
            }
            BigInteger expected =
                v instanceof UInt8Vector u
                    ? new BigInteger(Long.toUnsignedString(u.get(i)))
                    : BigInteger.valueOf(((BaseIntVector) v).getValueAsLong(i));
            BigInteger actual =
                w instanceof DecimalVector d
                    ? d.getObject(i).toBigIntegerExact()
                    : BigInteger.valueOf(((BaseIntVector) w).getValueAsLong(i));
            if (original.getBitWidth() < 64) {
              // Arrow Java's getValueAsLong of an unsigned vector is already unsigned below 64.
              expected =
                  expected.signum() < 0
                      ? expected.add(BigInteger.ONE.shiftLeft(original.getBitWidth()))
                      : expected;
            }
            assertEquals(expected, actual, v.getName() + " row " + i);
            compared++;
          }
        }
        VectorChecks.validateFull(b.getFieldVectors().get(0));
      }
      assertTrue(compared > 0);
    }
  }

  @Test
  void fixedSizeBinariesReadAsBinary() throws Exception {
    Path file = ArrowRsInteropIT.folder().resolve("a_binary.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader asIs = parquet.newReader(allocator, plain());
        ParquetArrowReader wide = parquet.newReader(allocator, widened())) {
      int compared = 0;
      while (asIs.loadNextBatch()) {
        assertTrue(wide.loadNextBatch());
        for (FieldVector v : asIs.getVectorSchemaRoot().getFieldVectors()) {
          if (!(v instanceof FixedSizeBinaryVector fixed)) {
            continue;
          }
          FieldVector w = wide.getVectorSchemaRoot().getVector(v.getName());
          VarBinaryVector binary = (VarBinaryVector) w;
          VectorChecks.validateFull(binary);
          for (int i = 0; i < fixed.getValueCount(); i++) {
            assertEquals(fixed.isNull(i), binary.isNull(i));
            if (!fixed.isNull(i)) {
              assertArrayEquals(fixed.get(i), binary.get(i), v.getName() + " row " + i);
              compared++;
            }
          }
        }
      }
      assertTrue(compared > 0, "the file has fixed-size binary values");
    }
  }
}
