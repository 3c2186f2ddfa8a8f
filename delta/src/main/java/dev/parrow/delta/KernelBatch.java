package dev.parrow.delta;

import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Arrow vectors as a Delta Kernel {@link ColumnarBatch} of {@code schema}, without a copy (each a
 * {@link KernelVector}); the columns Kernel adds (partition values) or removes, and the schema it
 * renames (column mapping's physical names to the logical ones), make new batches over the same
 * vectors.
 */
final class KernelBatch implements ColumnarBatch {
  private final StructType schema;
  private final List<ColumnVector> columns;
  private final int rows;

  private KernelBatch(StructType schema, List<ColumnVector> columns, int rows) {
    this.schema = schema;
    this.columns = columns;
    this.rows = rows;
  }

  /** The batch of {@code vectors}, column {@code i} of {@code schema} being vector {@code i}. */
  static KernelBatch of(StructType schema, List<FieldVector> vectors, int rows) {
    List<ColumnVector> columns = new ArrayList<>();
    for (int i = 0; i < vectors.size(); i++) {
      columns.add(new KernelVector(schema.at(i).getDataType(), vectors.get(i), 0, rows));
    }
    return new KernelBatch(schema, columns, rows);
  }

  /**
   * This batch copied onto the Java heap ({@link HeapVector}): valid after the reader moves on or
   * closes, for what Kernel keeps.
   */
  KernelBatch onHeap() {
    List<ColumnVector> copies = new ArrayList<>();
    for (ColumnVector c : columns) {
      copies.add(HeapVector.copyOf(c, rows));
    }
    return new KernelBatch(schema, copies, rows);
  }

  @Override
  public StructType getSchema() {
    return schema;
  }

  @Override
  public ColumnVector getColumnVector(int ordinal) {
    return columns.get(ordinal);
  }

  @Override
  public int getSize() {
    return rows;
  }

  @Override
  public ColumnarBatch withNewColumn(int ordinal, StructField field, ColumnVector vector) {
    List<StructField> fields = new ArrayList<>(schema.fields());
    fields.add(ordinal, field);
    List<ColumnVector> more = new ArrayList<>(columns);
    more.add(ordinal, vector);
    return new KernelBatch(new StructType(fields), more, rows);
  }

  @Override
  public ColumnarBatch withDeletedColumnAt(int ordinal) {
    List<StructField> fields = new ArrayList<>(schema.fields());
    fields.remove(ordinal);
    List<ColumnVector> fewer = new ArrayList<>(columns);
    fewer.remove(ordinal);
    return new KernelBatch(new StructType(fields), fewer, rows);
  }

  @Override
  public ColumnarBatch withNewSchema(StructType newSchema) {
    if (newSchema.length() != columns.size()) {
      throw new IllegalArgumentException(
          "a schema of " + newSchema.length() + " columns for a batch of " + columns.size());
    }
    return new KernelBatch(newSchema, columns, rows);
  }
}
