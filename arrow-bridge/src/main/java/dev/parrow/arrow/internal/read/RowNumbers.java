package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.filter.Compaction;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The row-number column ({@code ReadOptions.rowNumbers}): each row's position in the file, an int64
 * that is never null, filled from the batch's first row and the runs of rows it kept.
 */
public final class RowNumbers {
  private RowNumbers() {}

  /**
   * The schema with the row-number column after {@code fields}.
   *
   * @param fields the fields read
   * @param name the column's name, which no field read may have
   * @param fileName the file, for the error
   * @return the schema
   */
  public static org.apache.arrow.vector.types.pojo.Schema schema(
      org.apache.arrow.vector.types.pojo.Schema fields, String name, String fileName) {
    for (Field f : fields.getFields()) {
      if (f.getName().equals(name)) {
        throw new IllegalArgumentException(
            fileName
                + ": the row-number column '"
                + name
                + "' would have the name of a column read; choose another name");
      }
    }
    java.util.List<Field> all = new java.util.ArrayList<>(fields.getFields());
    all.add(field(name));
    return new org.apache.arrow.vector.types.pojo.Schema(all, fields.getCustomMetadata());
  }

  /** {@return the column's field} */
  public static Field field(String name) {
    return new Field(name, FieldType.notNullable(new ArrowType.Int(64, true)), null);
  }

  /**
   * Fills the vector with the positions of a batch read from file row {@code first}: every row of
   * it when {@code kept} is null, else the rows of the kept runs (offsets from {@code first}).
   */
  public static void fill(BigIntVector vector, long first, Compaction.Runs kept, int rows) {
    long[] values = new long[rows];
    if (kept == null) {
      for (int i = 0; i < rows; i++) {
        values[i] = first + i;
      }
    } else {
      int at = 0;
      for (int r = 0; r < kept.count(); r++) {
        long start = first + kept.start()[r];
        for (int i = 0; i < kept.length()[r]; i++) {
          values[at++] = start + i;
        }
      }
    }
    Buffers.allocate(vector, rows);
    Buffers.validity(vector.getValidityBuffer(), rows, null);
    Buffers.putLongs(vector.getDataBuffer(), values, rows);
    vector.setValueCount(rows);
  }
}
