package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset's location may be a path, a {@code file:} URI, a directory or a glob; the files it
 * lists are the same, whatever characters their names hold, and hidden names are left out.
 */
class DatasetListingTest {
  @TempDir Path dir;

  private static void write(Path file, long value) throws Exception {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(file, schema, WriteOptions.defaults())) {
      BigIntVector v = (BigIntVector) root.getVector("v");
      v.allocateNew(1);
      v.set(0, value);
      root.setRowCount(1);
      writer.write(root);
    }
  }

  @Test
  void pathsUrisAndGlobsListTheSameFiles() throws Exception {
    Path root = dir.resolve("sales data");
    write(root.resolve("k=a b/part 1.parquet"), 1);
    write(root.resolve("k=c%25d/part-2.parquet"), 2); // Hive escapes % as %25
    write(root.resolve("_temporary/part-3.parquet"), 3);
    write(root.resolve("k=e/.hidden.parquet"), 4);
    for (String location :
        List.of(
            root.toString(),
            root + "/",
            root.toUri().toString(),
            root + "/*/*.parquet",
            root.toUri() + "*/*.parquet")) {
      ParquetDataset dataset = ParquetDataset.open(location);
      List<DatasetFile> files = dataset.files();
      assertEquals(2, files.size(), location);
      assertEquals("a b", files.get(0).partitions().get("k"), location);
      assertEquals("c%d", files.get(1).partitions().get("k"), location);
      assertEquals(root.resolve("k=a b/part 1.parquet").toString(), files.get(0).location());
    }
  }
}
