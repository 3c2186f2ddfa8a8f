package dev.parrow.spark;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A decimal column of at most 18 digits, as Spark holds such decimals: an unscaled long.
 * ArrowColumnVector builds a BigDecimal for every value it reads; a value of 18 digits fits in the
 * low 8 bytes of Arrow's 16-byte two's-complement little-endian value, which are read as a long and
 * handed to Spark without an object per value beyond Spark's own Decimal.
 */
final class SmallDecimalColumnVector extends ColumnVector {
  private final DecimalVector vector;
  private final ArrowColumnVector nulls;

  SmallDecimalColumnVector(DecimalVector vector, ArrowColumnVector whole) {
    super(whole.dataType());
    this.vector = vector;
    this.nulls = whole;
  }

  static boolean fits(DecimalVector v) {
    return v.getPrecision() <= Decimal.MAX_LONG_DIGITS();
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (vector.isNull(rowId)) {
      return null;
    }
    ArrowBuf data = vector.getDataBuffer();
    long unscaled = data.getLong((long) rowId * DecimalVector.TYPE_WIDTH);
    return Decimal.createUnsafe(unscaled, precision, scale);
  }

  @Override
  public void close() {
    // The vector belongs to the reader's batch; the reader frees it.
  }

  @Override
  public boolean hasNull() {
    return nulls.hasNull();
  }

  @Override
  public int numNulls() {
    return nulls.numNulls();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return vector.isNull(rowId);
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw unsupported();
  }

  @Override
  public byte getByte(int rowId) {
    throw unsupported();
  }

  @Override
  public short getShort(int rowId) {
    throw unsupported();
  }

  @Override
  public int getInt(int rowId) {
    throw unsupported();
  }

  @Override
  public long getLong(int rowId) {
    throw unsupported();
  }

  @Override
  public float getFloat(int rowId) {
    throw unsupported();
  }

  @Override
  public double getDouble(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw unsupported();
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw unsupported();
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw unsupported();
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw unsupported();
  }

  private UnsupportedOperationException unsupported() {
    return new UnsupportedOperationException("a decimal column has only decimals");
  }
}
