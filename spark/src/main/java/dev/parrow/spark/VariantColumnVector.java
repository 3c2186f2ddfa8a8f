package dev.parrow.spark;

import org.apache.arrow.vector.complex.StructVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.VariantType$;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A top-level variant column (Parrow's struct of metadata and value, marked {@code
 * arrow.parquet.variant}) as Spark's VariantType. Spark reads a variant as {@code getChild(0)}, the
 * value, and {@code getChild(1)}, the metadata: the reverse of the struct's order, so the children
 * are handed over swapped, each Arrow vector as it is.
 */
final class VariantColumnVector extends ColumnVector {
  private final StructVector struct;
  private final ArrowColumnVector value;
  private final ArrowColumnVector metadata;

  VariantColumnVector(StructVector struct) {
    super(VariantType$.MODULE$);
    this.struct = struct;
    this.value = new ArrowColumnVector(struct.getChild("value"));
    this.metadata = new ArrowColumnVector(struct.getChild("metadata"));
  }

  @Override
  public void close() {
    // The vectors belong to the reader's batch.
  }

  @Override
  public boolean hasNull() {
    return struct.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return struct.getNullCount();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return struct.isNull(rowId);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return ordinal == 0 ? value : metadata;
  }

  private static UnsupportedOperationException notAScalar() {
    return new UnsupportedOperationException("a variant column is read with getVariant");
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw notAScalar();
  }

  @Override
  public byte getByte(int rowId) {
    throw notAScalar();
  }

  @Override
  public short getShort(int rowId) {
    throw notAScalar();
  }

  @Override
  public int getInt(int rowId) {
    throw notAScalar();
  }

  @Override
  public long getLong(int rowId) {
    throw notAScalar();
  }

  @Override
  public float getFloat(int rowId) {
    throw notAScalar();
  }

  @Override
  public double getDouble(int rowId) {
    throw notAScalar();
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw notAScalar();
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw notAScalar();
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw notAScalar();
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw notAScalar();
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw notAScalar();
  }
}
