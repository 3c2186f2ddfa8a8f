package dev.parrow.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.StructType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * An Arrow vector as Delta Kernel's {@link ColumnVector}, without a copy: {@code size} values from
 * {@code offset} (a list's elements are a range of its data vector). Fixed-width values are read
 * from the Arrow buffer at their byte offset, strings and binaries from the offsets and data
 * buffers; structs, arrays and maps are views of their children. The vector belongs to the batch
 * that made it: closing this view frees nothing.
 */
final class KernelVector implements ColumnVector {
  private final DataType type;
  private final FieldVector vector;
  private final int offset;
  private final int size;

  KernelVector(DataType type, FieldVector vector, int offset, int size) {
    this.type = type;
    this.vector = vector;
    this.offset = offset;
    this.size = size;
  }

  /**
   * The Arrow vector this view shows whole ({@code rows} values from the first), or null for a view
   * of part of one.
   */
  FieldVector wholeVector(int rows) {
    return offset == 0 && size == rows && vector.getValueCount() == rows ? vector : null;
  }

  @Override
  public DataType getDataType() {
    return type;
  }

  @Override
  public int getSize() {
    return size;
  }

  @Override
  public void close() {
    // The batch's reader owns the vector.
  }

  @Override
  public boolean isNullAt(int row) {
    return vector.isNull(offset + row);
  }

  private long at(int row, int width) {
    return (long) (offset + row) * width;
  }

  @Override
  public boolean getBoolean(int row) {
    return ((BitVector) vector).get(offset + row) != 0;
  }

  @Override
  public byte getByte(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getByte(at(row, 1));
  }

  @Override
  public short getShort(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getShort(at(row, 2));
  }

  @Override
  public int getInt(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getInt(at(row, 4));
  }

  @Override
  public long getLong(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getLong(at(row, 8));
  }

  @Override
  public float getFloat(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getFloat(at(row, 4));
  }

  @Override
  public double getDouble(int row) {
    return ((BaseFixedWidthVector) vector).getDataBuffer().getDouble(at(row, 8));
  }

  @Override
  public byte[] getBinary(int row) {
    if (isNullAt(row)) {
      return null;
    }
    return ((BaseVariableWidthVector) vector).get(offset + row);
  }

  @Override
  public String getString(int row) {
    byte[] bytes = getBinary(row);
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  @Override
  public BigDecimal getDecimal(int row) {
    return isNullAt(row) ? null : ((DecimalVector) vector).getObject(offset + row);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    StructType struct = (StructType) type;
    FieldVector child = (FieldVector) ((StructVector) vector).getChildByOrdinal(ordinal);
    return new KernelVector(struct.at(ordinal).getDataType(), child, offset, size);
  }

  @Override
  public ArrayValue getArray(int row) {
    if (isNullAt(row)) {
      return null;
    }
    ListVector list = (ListVector) vector;
    int start = list.getElementStartIndex(offset + row);
    int count = list.getElementEndIndex(offset + row) - start;
    KernelVector elements =
        new KernelVector(((ArrayType) type).getElementType(), list.getDataVector(), start, count);
    return KernelValues.array(count, elements);
  }

  @Override
  public MapValue getMap(int row) {
    if (isNullAt(row)) {
      return null;
    }
    ListVector map = (ListVector) vector;
    int start = map.getElementStartIndex(offset + row);
    int count = map.getElementEndIndex(offset + row) - start;
    StructVector entries = (StructVector) map.getDataVector();
    MapType mapType = (MapType) type;
    KernelVector keys =
        new KernelVector(
            mapType.getKeyType(), (FieldVector) entries.getChildByOrdinal(0), start, count);
    KernelVector values =
        new KernelVector(
            mapType.getValueType(), (FieldVector) entries.getChildByOrdinal(1), start, count);
    return KernelValues.map(count, keys, values);
  }
}
