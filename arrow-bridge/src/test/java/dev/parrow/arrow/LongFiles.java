package dev.parrow.arrow;

import java.io.IOException;
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

/** Parquet files of one Int64 column {@code v}, for the tests that need a few small files. */
final class LongFiles {
  static final Schema SCHEMA =
      new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));

  private LongFiles() {}

  /** Writes {@code values} to {@code file} (its directories made) with {@code options}. */
  static void write(Path file, WriteOptions options, long... values) throws IOException {
    Files.createDirectories(file.getParent());
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(file, SCHEMA, options)) {
      BigIntVector v = (BigIntVector) root.getVector("v");
      v.allocateNew(values.length);
      for (int i = 0; i < values.length; i++) {
        v.set(i, values[i]);
      }
      root.setRowCount(values.length);
      writer.write(root);
    }
  }

  /** Writes {@code values} to {@code file} with the default options. */
  static void write(Path file, long... values) throws IOException {
    write(file, WriteOptions.defaults(), values);
  }
}
