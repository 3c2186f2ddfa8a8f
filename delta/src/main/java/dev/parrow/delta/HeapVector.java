package dev.parrow.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A Kernel column vector copied onto the Java heap, which lives as long as something refers to it.
 * Kernel keeps values of the log it replays (a table's metadata, protocol, partition columns) long
 * after the batch they came in, so a checkpoint's batches cannot be views of vectors a reader
 * reuses and frees; they are copied into these (a checkpoint is the log's size, not the table's).
 * Values are boxed: this is not a hot path.
 */
final class HeapVector implements ColumnVector {
  private final DataType type;

  /** Per row: null, the value (boxed) or, for structs, arrays and maps, a non-null marker. */
  private final List<Object> values = new ArrayList<>();

  /** Arrays and maps: where each row's elements end in the children. */
  private final List<Integer> ends = new ArrayList<>();

  /** Struct fields; an array's elements; a map's keys and values. */
  private final List<HeapVector> children = new ArrayList<>();

  private HeapVector(DataType type) {
    this.type = type;
    if (type instanceof StructType s) {
      s.fields().forEach(f -> children.add(new HeapVector(f.getDataType())));
    } else if (type instanceof ArrayType a) {
      children.add(new HeapVector(a.getElementType()));
    } else if (type instanceof MapType m) {
      children.add(new HeapVector(m.getKeyType()));
      children.add(new HeapVector(m.getValueType()));
    }
  }

  /** A heap copy of the first {@code size} values of {@code src}. */
  static HeapVector copyOf(ColumnVector src, int size) {
    HeapVector v = new HeapVector(src.getDataType());
    v.append(src, size);
    return v;
  }

  private void append(ColumnVector src, int n) {
    for (int r = 0; r < n; r++) {
      if (src.isNullAt(r)) {
        appendNull();
      } else if (type instanceof StructType) {
        values.add(Boolean.TRUE);
        for (int c = 0; c < children.size(); c++) {
          children.get(c).append(slice(src.getChild(c), r), 1);
        }
      } else if (type instanceof ArrayType) {
        ArrayValue a = src.getArray(r);
        values.add(Boolean.TRUE);
        children.get(0).append(a.getElements(), a.getSize());
        ends.add(children.get(0).values.size());
      } else if (type instanceof MapType) {
        MapValue m = src.getMap(r);
        values.add(Boolean.TRUE);
        children.get(0).append(m.getKeys(), m.getSize());
        children.get(1).append(m.getValues(), m.getSize());
        ends.add(children.get(0).values.size());
      } else {
        values.add(scalar(src, r));
      }
    }
  }

  private void appendNull() {
    values.add(null);
    if (type instanceof StructType) {
      children.forEach(HeapVector::appendNull);
    } else if (type instanceof ArrayType || type instanceof MapType) {
      ends.add(children.get(0).values.size());
    }
  }

  private Object scalar(ColumnVector src, int r) {
    if (type instanceof BooleanType) {
      return src.getBoolean(r);
    } else if (type instanceof ByteType) {
      return src.getByte(r);
    } else if (type instanceof ShortType) {
      return src.getShort(r);
    } else if (type instanceof IntegerType || type instanceof DateType) {
      return src.getInt(r);
    } else if (type instanceof LongType
        || type instanceof TimestampType
        || type instanceof TimestampNTZType) {
      return src.getLong(r);
    } else if (type instanceof FloatType) {
      return src.getFloat(r);
    } else if (type instanceof DoubleType) {
      return src.getDouble(r);
    } else if (type instanceof StringType) {
      return src.getString(r);
    } else if (type instanceof DecimalType) {
      return src.getDecimal(r);
    } else if (type instanceof BinaryType) {
      return src.getBinary(r);
    }
    throw new UnsupportedOperationException("no heap copy of Kernel's " + type);
  }

  /** One row of {@code v} (row {@code r}) as a vector of size one. */
  private static ColumnVector slice(ColumnVector v, int r) {
    return new Slice(v, r, 1);
  }

  @Override
  public DataType getDataType() {
    return type;
  }

  @Override
  public int getSize() {
    return values.size();
  }

  @Override
  public void close() {
    // Garbage collected.
  }

  @Override
  public boolean isNullAt(int row) {
    return values.get(row) == null;
  }

  @Override
  public boolean getBoolean(int row) {
    return (Boolean) values.get(row);
  }

  @Override
  public byte getByte(int row) {
    return (Byte) values.get(row);
  }

  @Override
  public short getShort(int row) {
    return (Short) values.get(row);
  }

  @Override
  public int getInt(int row) {
    return (Integer) values.get(row);
  }

  @Override
  public long getLong(int row) {
    return (Long) values.get(row);
  }

  @Override
  public float getFloat(int row) {
    return (Float) values.get(row);
  }

  @Override
  public double getDouble(int row) {
    return (Double) values.get(row);
  }

  @Override
  public String getString(int row) {
    return (String) values.get(row);
  }

  @Override
  public BigDecimal getDecimal(int row) {
    return (BigDecimal) values.get(row);
  }

  @Override
  public byte[] getBinary(int row) {
    return (byte[]) values.get(row);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children.get(ordinal);
  }

  private int start(int row) {
    return row == 0 ? 0 : ends.get(row - 1);
  }

  @Override
  public ArrayValue getArray(int row) {
    if (isNullAt(row)) {
      return null;
    }
    int start = start(row);
    int size = ends.get(row) - start;
    ColumnVector elements = new Slice(children.get(0), start, size);
    return KernelValues.array(size, elements);
  }

  @Override
  public MapValue getMap(int row) {
    if (isNullAt(row)) {
      return null;
    }
    int start = start(row);
    int size = ends.get(row) - start;
    ColumnVector keys = new Slice(children.get(0), start, size);
    ColumnVector vals = new Slice(children.get(1), start, size);
    return KernelValues.map(size, keys, vals);
  }

  /** Rows {@code from} to {@code from + size} of a vector, as a vector from row 0. */
  private record Slice(ColumnVector v, int from, int size) implements ColumnVector {
    @Override
    public DataType getDataType() {
      return v.getDataType();
    }

    @Override
    public int getSize() {
      return size;
    }

    @Override
    public void close() {}

    @Override
    public boolean isNullAt(int row) {
      return v.isNullAt(from + row);
    }

    @Override
    public boolean getBoolean(int row) {
      return v.getBoolean(from + row);
    }

    @Override
    public byte getByte(int row) {
      return v.getByte(from + row);
    }

    @Override
    public short getShort(int row) {
      return v.getShort(from + row);
    }

    @Override
    public int getInt(int row) {
      return v.getInt(from + row);
    }

    @Override
    public long getLong(int row) {
      return v.getLong(from + row);
    }

    @Override
    public float getFloat(int row) {
      return v.getFloat(from + row);
    }

    @Override
    public double getDouble(int row) {
      return v.getDouble(from + row);
    }

    @Override
    public String getString(int row) {
      return v.getString(from + row);
    }

    @Override
    public BigDecimal getDecimal(int row) {
      return v.getDecimal(from + row);
    }

    @Override
    public byte[] getBinary(int row) {
      return v.getBinary(from + row);
    }

    @Override
    public ArrayValue getArray(int row) {
      return v.getArray(from + row);
    }

    @Override
    public MapValue getMap(int row) {
      return v.getMap(from + row);
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return new Slice(v.getChild(ordinal), from, size);
    }
  }
}
