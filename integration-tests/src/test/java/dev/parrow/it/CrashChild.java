package dev.parrow.it;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The process {@link CrashSafetyIT} kills: it appends batches of {@link #BATCH} rows to a file,
 * without end, and prints the row count after each append has been committed. Row i holds id i and
 * name "row-i", so a reader can tell exactly which rows a file must hold.
 */
public final class CrashChild {
  static final int BATCH = 40_000;

  static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
              Field.nullable("name", ArrowType.Utf8.INSTANCE)));

  private CrashChild() {}

  public static void main(String[] args) throws Exception {
    Path target = Path.of(args[0]);
    long rows = Long.parseLong(args[1]);
    try (BufferAllocator allocator = new RootAllocator()) {
      while (true) {
        try (VectorSchemaRoot batch = batch(allocator, rows)) {
          try (ParquetArrowWriter writer =
              ParquetArrowWriter.append(target, SCHEMA, WriteOptions.builder().build(), null)) {
            writer.write(batch);
          }
        }
        rows += BATCH;
        System.out.println("appended " + rows);
        System.out.flush();
      }
    }
  }

  /** Rows {@code [first, first + BATCH)}. */
  static VectorSchemaRoot batch(BufferAllocator allocator, long first) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    root.allocateNew();
    for (int i = 0; i < BATCH; i++) {
      id.setSafe(i, first + i);
      name.setSafe(i, ("row-" + (first + i)).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(BATCH);
    return root;
  }

  /** Writes the first batch of a file to append to. */
  static void start(Path target) throws Exception {
    Files.deleteIfExists(target);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot batch = batch(allocator, 0);
        ParquetArrowWriter writer =
            ParquetArrowWriter.create(target, SCHEMA, WriteOptions.builder().build())) {
      writer.write(batch);
    }
  }
}
