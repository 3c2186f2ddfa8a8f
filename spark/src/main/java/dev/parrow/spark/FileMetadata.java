package dev.parrow.spark;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The hidden {@code _metadata} column, as Spark's built-in Parquet source has it: each row's file
 * (path, name, size, modification time) and its position in the file ({@code row_index}, the
 * reader's row numbers). A query names it ({@code SELECT _metadata.row_index}); Spark then asks for
 * the fields it needs, which each batch fills: the file's as constants, the row index from the
 * dataset reader's row-number column.
 */
final class FileMetadata {
  private FileMetadata() {}

  static final String NAME = "_metadata";

  /** The dataset reader's row-number column, which becomes {@code row_index}. */
  static final String ROW_NUMBERS = "__parrow_row_index";

  static final String FILE_PATH = "file_path";
  static final String FILE_NAME = "file_name";
  static final String FILE_SIZE = "file_size";
  static final String MODIFICATION_TIME = "file_modification_time";
  static final String ROW_INDEX = "row_index";

  /** The column's type: every field Parrow gives. */
  static final StructType TYPE =
      new StructType(
          new StructField[] {
            DataTypes.createStructField(FILE_PATH, DataTypes.StringType, false),
            DataTypes.createStructField(FILE_NAME, DataTypes.StringType, false),
            DataTypes.createStructField(FILE_SIZE, DataTypes.LongType, false),
            DataTypes.createStructField(MODIFICATION_TIME, DataTypes.TimestampType, false),
            DataTypes.createStructField(ROW_INDEX, DataTypes.LongType, false)
          });

  static final MetadataColumn COLUMN =
      new MetadataColumn() {
        @Override
        public String name() {
          return NAME;
        }

        @Override
        public DataType dataType() {
          return TYPE;
        }

        @Override
        public boolean isNullable() {
          return false;
        }

        @Override
        public String comment() {
          return "each row's file and its position in the file";
        }
      };

  /** The fields of {@code _metadata} a query needs, as Spark's pruning asks for them. */
  static List<String> fields(StructField required) {
    List<String> out = new ArrayList<>();
    for (StructField f : ((StructType) required.dataType()).fields()) {
      out.add(f.name());
    }
    return List.copyOf(out);
  }

  /** The Spark type of the fields asked for. */
  static StructType type(List<String> fields) {
    List<StructField> out = new ArrayList<>();
    for (String name : fields) {
      out.add(TYPE.apply(name));
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  /** One file's constant fields, and where the row index comes from. */
  record OfFile(String path, String name, long size, long modifiedMicros) {

    /**
     * The file at {@code location} (a path or URI): a local file's URI, size and modification time;
     * a remote object's URI and size, its modification time the epoch (not asked for).
     */
    static OfFile of(String location) throws java.io.IOException {
      java.nio.file.Path local = localPath(location);
      if (local != null) {
        // Spark's form of a local file's URI: file:/dir/name, the path URL-encoded.
        return new OfFile(
            "file:" + local.toUri().getRawPath(),
            local.getFileName().toString(),
            java.nio.file.Files.size(local),
            java.util.concurrent.TimeUnit.MILLISECONDS.toMicros(
                java.nio.file.Files.getLastModifiedTime(local).toMillis()));
      }
      try (dev.parrow.arrow.ParquetFile file = dev.parrow.arrow.ParquetFile.open(location)) {
        String name = location.substring(location.lastIndexOf('/') + 1);
        return new OfFile(location, name, file.input().length(), 0);
      }
    }

    private static java.nio.file.Path localPath(String location) {
      if (location.startsWith("file:")) {
        return java.nio.file.Path.of(java.net.URI.create(location));
      }
      return location.contains("://") ? null : java.nio.file.Path.of(location).toAbsolutePath();
    }

    /**
     * The {@code _metadata} vector of a batch of {@code rows} rows: the file's values, and the row
     * index moved out of {@code rowNumbers} (null when not asked for).
     */
    StructVector vector(
        List<String> fields, BigIntVector rowNumbers, int rows, BufferAllocator allocator) {
      List<Field> children = new ArrayList<>();
      for (String f : fields) {
        ArrowType type =
            switch (f) {
              case FILE_PATH, FILE_NAME -> ArrowType.Utf8.INSTANCE;
              case MODIFICATION_TIME -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
              default -> new ArrowType.Int(64, true);
            };
        children.add(new Field(f, FieldType.notNullable(type), null));
      }
      StructVector struct =
          new StructVector(
              new Field(NAME, FieldType.notNullable(ArrowType.Struct.INSTANCE), children),
              allocator,
              null);
      struct.allocateNew();
      for (String f : fields) {
        FieldVector child = (FieldVector) struct.getChild(f);
        switch (f) {
          case FILE_PATH -> constant((VarCharVector) child, path, rows);
          case FILE_NAME -> constant((VarCharVector) child, name, rows);
          case FILE_SIZE -> constant((BigIntVector) child, size, rows);
          case MODIFICATION_TIME -> {
            TimeStampMicroTZVector t = (TimeStampMicroTZVector) child;
            t.allocateNew(rows);
            for (int i = 0; i < rows; i++) {
              t.set(i, modifiedMicros);
            }
            t.setValueCount(rows);
          }
          default -> rowNumbers.makeTransferPair(child).transfer();
        }
      }
      for (int i = 0; i < rows; i++) {
        struct.setIndexDefined(i);
      }
      struct.setValueCount(rows);
      return struct;
    }

    private static void constant(VarCharVector v, String value, int rows) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      v.allocateNew((long) bytes.length * rows, rows);
      for (int i = 0; i < rows; i++) {
        v.set(i, bytes);
      }
      v.setValueCount(rows);
    }

    private static void constant(BigIntVector v, long value, int rows) {
      v.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        v.set(i, value);
      }
      v.setValueCount(rows);
    }
  }
}
