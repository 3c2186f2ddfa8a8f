package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run-end encoded columns Parrow writes (their runs expanded, as arrow-rs writes them) read back in
 * Arrow C++ and DuckDB as the rows the runs stand for, worked out here from the runs.
 */
class RunEndEncodedIT {
  @TempDir Path dir;

  private static Field ree(String name, Field values) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE),
        List.of(
            new Field("run_ends", FieldType.notNullable(new ArrowType.Int(32, true)), null),
            values));
  }

  @Test
  void arrowCppAndDuckDbReadTheRows() throws Exception {
    Schema schema =
        new Schema(
            List.of(
                ree("s", Field.nullable("values", ArrowType.Utf8.INSTANCE)),
                ree("n", Field.nullable("values", new ArrowType.Int(64, true)))));
    Path file = dir.resolve("runs.parquet");
    List<Object> strings = new ArrayList<>();
    List<Object> longs = new ArrayList<>();
    Random random = new Random(7);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file, schema, WriteOptions.builder().rowGroupRows(1_000).build())) {
      for (int batch = 0; batch < 3; batch++) {
        int rows = 0;
        RunEndEncodedVector s = (RunEndEncodedVector) root.getVector(0);
        RunEndEncodedVector n = (RunEndEncodedVector) root.getVector(1);
        IntVector sEnds = (IntVector) s.getRunEndsVector();
        VarCharVector sValues = (VarCharVector) s.getValuesVector();
        IntVector nEnds = (IntVector) n.getRunEndsVector();
        BigIntVector nValues = (BigIntVector) n.getValuesVector();
        sEnds.allocateNew();
        sValues.allocateNew();
        nEnds.allocateNew();
        nValues.allocateNew();
        int sRuns = 0;
        int nRuns = 0;
        int total = 700 + batch * 300;
        while (rows < total) {
          int length = 1 + random.nextInt(50);
          int end = Math.min(total, rows + length);
          sEnds.setSafe(sRuns, end);
          if (sRuns % 5 == 3) {
            sValues.setNull(sRuns);
          } else {
            sValues.setSafe(sRuns, ("run " + sRuns + " é").getBytes(StandardCharsets.UTF_8));
          }
          for (int r = rows; r < end; r++) {
            strings.add(sRuns % 5 == 3 ? null : "run " + sRuns + " é");
          }
          sRuns++;
          rows = end;
        }
        // The numbers' runs are cut elsewhere than the strings'.
        rows = 0;
        while (rows < total) {
          int end = Math.min(total, rows + 1 + random.nextInt(20));
          long value = random.nextLong();
          nEnds.setSafe(nRuns, end);
          boolean isNull = random.nextInt(4) == 0;
          if (isNull) {
            nValues.setNull(nRuns);
          } else {
            nValues.setSafe(nRuns, value);
          }
          for (int r = rows; r < end; r++) {
            longs.add(isNull ? null : BigInteger.valueOf(value));
          }
          nRuns++;
          rows = end;
        }
        sEnds.setValueCount(sRuns);
        sValues.setValueCount(sRuns);
        nEnds.setValueCount(nRuns);
        nValues.setValueCount(nRuns);
        s.setValueCount(total);
        n.setValueCount(total);
        root.setRowCount(total);
        writer.write(root);
      }
    }

    try (BufferAllocator allocator = new RootAllocator()) {
      Columns cpp = ArrowCpp.read(file, allocator);
      assertEquals(strings, cpp.values.get("s"));
      assertEquals(longs, cpp.values.get("n"));
    }
    try (DuckDb duck = new DuckDb()) {
      List<Map<String, Object>> rows =
          duck.query("SELECT s, n FROM read_parquet(" + DuckDb.literal(file) + ")");
      assertEquals(strings.size(), rows.size());
      for (int i = 0; i < rows.size(); i++) {
        Object n = rows.get(i).get("n");
        assertEquals(strings.get(i), rows.get(i).get("s"), "row " + i);
        assertEquals(longs.get(i), n == null ? null : BigInteger.valueOf((Long) n), "row " + i);
      }
    }
  }
}
