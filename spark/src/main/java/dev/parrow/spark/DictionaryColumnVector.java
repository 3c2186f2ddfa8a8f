package dev.parrow.spark;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A string column read as a dictionary: the batch's Int32 indices, and one Spark string per
 * dictionary entry, on the heap, made once per dictionary. A value costs Spark an index and no
 * allocation, where a decoded column costs a new UTF8String over off-heap bytes per value (a
 * profile of a group-by on three lineitem strings spent a fifth of its samples making them, and a
 * tenth copying their bytes on the heap) and Spark's own reader a new UTF8String per value from its
 * dictionary.
 */
final class DictionaryColumnVector extends ColumnVector {
  private final IntVector indices;
  private final long data;
  private final long validity;
  private final UTF8String[] strings;

  DictionaryColumnVector(IntVector indices, UTF8String[] strings) {
    super(DataTypes.StringType);
    this.indices = indices;
    this.data = indices.getDataBuffer().memoryAddress();
    this.validity = indices.getValidityBuffer().memoryAddress();
    this.strings = strings;
  }

  /** {@return each entry of a string dictionary as a Spark string over bytes of its own} */
  static UTF8String[] strings(VarCharVector dictionary) {
    UTF8String[] out = new UTF8String[dictionary.getValueCount()];
    for (int i = 0; i < out.length; i++) {
      out[i] = dictionary.isNull(i) ? null : UTF8String.fromBytes(dictionary.get(i));
    }
    return out;
  }

  @Override
  public boolean isNullAt(int rowId) {
    byte b = MemoryUtil.getByte(validity + (rowId >> 3));
    return ((b >> (rowId & 7)) & 1) == 0;
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    return strings[MemoryUtil.getInt(data + ((long) rowId << 2))];
  }

  @Override
  public byte[] getBinary(int rowId) {
    UTF8String s = getUTF8String(rowId);
    return s == null ? null : s.getBytes().clone();
  }

  @Override
  public boolean hasNull() {
    return indices.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return indices.getNullCount();
  }

  @Override
  public void close() {
    // The indices belong to the reader's batch; the reader frees them.
  }

  private UnsupportedOperationException notA(String type) {
    return new UnsupportedOperationException("a string column has no " + type + " values");
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw notA("boolean");
  }

  @Override
  public byte getByte(int rowId) {
    throw notA("byte");
  }

  @Override
  public short getShort(int rowId) {
    throw notA("short");
  }

  @Override
  public int getInt(int rowId) {
    throw notA("int");
  }

  @Override
  public long getLong(int rowId) {
    throw notA("long");
  }

  @Override
  public float getFloat(int rowId) {
    throw notA("float");
  }

  @Override
  public double getDouble(int rowId) {
    throw notA("double");
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw notA("array");
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw notA("map");
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw notA("decimal");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw notA("child");
  }
}
