package dev.parrow.spark;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A fixed-width column (int, long, float, double, date, microsecond timestamp, or a decimal of at
 * most 18 digits) or a string column read straight from the Arrow buffers' memory, as Spark's own
 * vectorized reader reads its arrays. ArrowColumnVector goes through Arrow's checked getters, which
 * test the validity bit again and the buffer's bounds on every value (a profile of a hash over
 * every lineitem column spent 30% of its samples in ArrowBuf.checkIndexD), and builds a BigDecimal
 * for every decimal; here a null is tested once, by Spark's isNullAt, a decimal of 18 digits is the
 * low 8 bytes of Arrow's 16-byte two's-complement value, handed to Spark as its unscaled long, and
 * a string is a UTF8String over its bytes where they lie. The buffers' addresses are taken once per
 * batch: the batch is not changed while Spark reads it.
 */
final class DirectColumnVector extends ColumnVector {
  private final ArrowColumnVector whole;
  private final long data;
  private final long validity;
  private final boolean decimal;

  /** A string column's offsets (4 bytes each), or 0 for a fixed-width column. */
  private final long offsets;

  private DirectColumnVector(FieldVector vector, ArrowColumnVector whole) {
    super(whole.dataType());
    this.whole = whole;
    this.data = vector.getDataBuffer().memoryAddress();
    this.validity = vector.getValidityBuffer().memoryAddress();
    this.decimal = vector instanceof DecimalVector;
    this.offsets = vector instanceof VarCharVector ? vector.getOffsetBuffer().memoryAddress() : 0;
  }

  /**
   * The column over {@code v}: a top-level variant as Spark's VariantType, a fixed-width column
   * direct, else Spark's ArrowColumnVector.
   */
  static ColumnVector of(FieldVector v) {
    if (v instanceof org.apache.arrow.vector.complex.StructVector struct
        && dev.parrow.types.VariantArrow.isVariant(v.getField())) {
      return new VariantColumnVector(struct);
    }
    ArrowColumnVector arrow = new ArrowColumnVector(v);
    boolean direct =
        v instanceof IntVector
            || v instanceof BigIntVector
            || v instanceof Float4Vector
            || v instanceof Float8Vector
            || v instanceof DateDayVector
            || v instanceof TimeStampMicroVector
            || v instanceof TimeStampMicroTZVector
            || (v instanceof DecimalVector d && d.getPrecision() <= Decimal.MAX_LONG_DIGITS())
            || v instanceof VarCharVector;
    return direct && v.getValueCount() > 0 ? new DirectColumnVector(v, arrow) : arrow;
  }

  @Override
  public boolean isNullAt(int rowId) {
    byte b = MemoryUtil.getByte(validity + (rowId >> 3));
    return ((b >> (rowId & 7)) & 1) == 0;
  }

  @Override
  public int getInt(int rowId) {
    return MemoryUtil.getInt(data + ((long) rowId << 2));
  }

  @Override
  public long getLong(int rowId) {
    return MemoryUtil.getLong(data + ((long) rowId << 3));
  }

  @Override
  public float getFloat(int rowId) {
    return Float.intBitsToFloat(MemoryUtil.getInt(data + ((long) rowId << 2)));
  }

  @Override
  public double getDouble(int rowId) {
    return Double.longBitsToDouble(MemoryUtil.getLong(data + ((long) rowId << 3)));
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (!decimal || isNullAt(rowId)) {
      return decimal ? null : whole.getDecimal(rowId, precision, scale);
    }
    return Decimal.createUnsafe(MemoryUtil.getLong(data + ((long) rowId << 4)), precision, scale);
  }

  @Override
  public void close() {
    // The vector belongs to the reader's batch; the reader frees it.
  }

  @Override
  public boolean hasNull() {
    return whole.hasNull();
  }

  @Override
  public int numNulls() {
    return whole.numNulls();
  }

  @Override
  public boolean getBoolean(int rowId) {
    return whole.getBoolean(rowId);
  }

  @Override
  public byte getByte(int rowId) {
    return whole.getByte(rowId);
  }

  @Override
  public short getShort(int rowId) {
    return whole.getShort(rowId);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return whole.getArray(rowId);
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return whole.getMap(rowId);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (offsets == 0) {
      return whole.getUTF8String(rowId);
    }
    if (isNullAt(rowId)) {
      return null;
    }
    long at = offsets + ((long) rowId << 2);
    int start = MemoryUtil.getInt(at);
    return UTF8String.fromAddress(null, data + start, MemoryUtil.getInt(at + 4) - start);
  }

  @Override
  public byte[] getBinary(int rowId) {
    return whole.getBinary(rowId);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return whole.getChild(ordinal);
  }
}
