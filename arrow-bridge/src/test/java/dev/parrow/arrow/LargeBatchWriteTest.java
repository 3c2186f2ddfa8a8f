package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.metadata.CompressionCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch of more than 256 MiB is encoded in slices of at most that (a slice's values of a column
 * are gathered into one array, which holds 2 GiB at most): three strings of 100 MiB go as a slice
 * of two and a slice of one, which the row-group byte limit then shows as two row groups.
 */
class LargeBatchWriteTest {
  @TempDir Path dir;

  private static final int SIZE = 100 << 20;

  @Test
  void aBatchOverTheSliceLimitIsWrittenInSlices() throws Exception {
    Schema schema =
        new Schema(
            List.of(
                Field.nullable("id", new ArrowType.Int(32, true)),
                Field.nullable("s", ArrowType.LargeUtf8.INSTANCE)));
    Path file = dir.resolve("large.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      IntVector id = (IntVector) root.getVector(0);
      LargeVarCharVector s = (LargeVarCharVector) root.getVector(1);
      id.allocateNew(3);
      s.allocateNew(3L * SIZE, 3);
      byte[] value = new byte[SIZE];
      for (int i = 0; i < 3; i++) {
        java.util.Arrays.fill(value, (byte) ('a' + i));
        id.set(i, i);
        s.setSafe(i, value);
      }
      root.setRowCount(3);
      WriteOptions options =
          WriteOptions.builder()
              .compression(CompressionCodec.UNCOMPRESSED)
              .rowGroupBytes(128L << 20)
              .build();
      try (ParquetArrowWriter writer = ParquetArrowWriter.create(file, schema, options)) {
        writer.write(root);
      }
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader = parquet.newReader(allocator)) {
      List<Long> groups = new ArrayList<>();
      parquet.metadata().rowGroups().forEach(g -> groups.add(g.numRows()));
      assertEquals(List.of(2L, 1L), groups);
      int row = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++, row++) {
          assertEquals(row, ((IntVector) root.getVector(0)).get(r));
          byte[] got = ((LargeVarCharVector) root.getVector(1)).get(r);
          assertEquals(SIZE, got.length);
          assertEquals('a' + row, got[0]);
          assertEquals('a' + row, got[SIZE - 1]);
        }
      }
      assertEquals(3, row);
    }
  }
}
