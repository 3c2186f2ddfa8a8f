package dev.parrow.arrow.internal.filter;

import java.math.BigInteger;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One batch of a filtered column's values in its {@link Domain}'s Java form, copied out of the
 * Arrow vector in one pass per vector kind: longs, doubles, bytes with offsets, or BigIntegers,
 * with the validity as 64-bit words. Unsigned 64-bit values are stored with their sign bit flipped,
 * so that signed comparisons order them.
 */
final class ColumnValues {
  final int count;

  /** Validity words, or null when every value is present. */
  long[] valid;

  long[] longs;
  double[] doubles;
  byte[] data;

  /**
   * Value i's bytes start at offsets[i] in data and end at offsets[i + 1], or at ends[i] where
   * {@code ends} is set (values gathered from a dictionary's, in place).
   */
  int[] offsets;

  int[] ends;
  BigInteger[] bigs;

  /** The values are all null (a Null vector). */
  boolean allNull;

  private ColumnValues(int count) {
    this.count = count;
  }

  static ColumnValues of(FieldVector vector, int count, FilterColumn column) {
    ColumnValues out = new ColumnValues(count);
    if (vector instanceof NullVector) {
      out.allNull = true;
      return out;
    }
    out.valid = validity(vector, count);
    switch (column.domain()) {
      case SIGNED, UNSIGNED -> out.longs = longs(vector, count, column);
      case FLOAT -> out.doubles = doubles(vector, count, column);
      case BYTES -> out.bytes(vector, count, column);
      case DECIMAL -> out.bigs = bigs(vector, count, column);
      case NONE -> {}
    }
    return out;
  }

  /**
   * The values of {@code rows} rows that hold ids of {@code entries}' values (a dictionary's): each
   * row's entry copied into its place. A row whose id is out of range (a null's slot may hold any)
   * is cleared from {@code present}.
   */
  static ColumnValues gather(ColumnValues entries, int[] ids, int rows, long[] present) {
    ColumnValues out = new ColumnValues(rows);
    if (entries.allNull) {
      out.allNull = true;
      return out;
    }
    int count = entries.count;
    if (count == 0) {
      Arrays.fill(present, 0);
      out.allNull = true;
      return out;
    }
    int[] at = new int[rows];
    for (int i = 0; i < rows; i++) {
      int id = ids[i];
      if (Integer.compareUnsigned(id, count) < 0) {
        at[i] = id;
      } else {
        present[i >>> 6] &= ~(1L << i);
      }
    }
    if (entries.longs != null) {
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        out.longs[i] = entries.longs[at[i]];
      }
    } else if (entries.doubles != null) {
      out.doubles = new double[rows];
      for (int i = 0; i < rows; i++) {
        out.doubles[i] = entries.doubles[at[i]];
      }
    } else if (entries.bigs != null) {
      out.bigs = new BigInteger[rows];
      for (int i = 0; i < rows; i++) {
        out.bigs[i] = entries.bigs[at[i]];
      }
    } else if (entries.offsets != null) {
      // Each row's bytes where the entry has them: nothing copied.
      out.data = entries.data;
      out.offsets = new int[rows];
      out.ends = new int[rows];
      for (int i = 0; i < rows; i++) {
        out.offsets[i] = entries.offsets[at[i]];
        out.ends[i] = entries.offsets[at[i] + 1];
      }
    }
    return out;
  }

  /** Where value i's bytes start in {@code data}. */
  int start(int i) {
    return offsets[i];
  }

  /** Where value i's bytes end in {@code data}. */
  int end(int i) {
    return ends != null ? ends[i] : offsets[i + 1];
  }

  /** The validity bits of the first {@code count} values as words, or null when none is null. */
  static long[] validity(FieldVector vector, int count) {
    if (vector.getNullCount() == 0) {
      return null;
    }
    ArrowBuf buf = vector.getValidityBuffer();
    long[] words = new long[(count + 63) >>> 6];
    int fullBytes = count >>> 3;
    for (int b = 0; b < fullBytes; b++) {
      words[b >>> 3] |= (buf.getByte(b) & 0xFFL) << ((b & 7) << 3);
    }
    for (int i = fullBytes << 3; i < count; i++) {
      if ((buf.getByte(i >>> 3) >>> (i & 7) & 1) != 0) {
        words[i >>> 6] |= 1L << i;
      }
    }
    if ((count & 63) != 0) {
      words[words.length - 1] &= (1L << count) - 1;
    }
    return words;
  }

  private static long[] longs(FieldVector vector, int count, FilterColumn column) {
    long[] out = new long[count];
    ArrowBuf data = vector.getDataBuffer();
    if (vector instanceof BitVector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getByte(i >>> 3) >>> (i & 7) & 1;
      }
    } else if (vector instanceof TinyIntVector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getByte(i);
      }
    } else if (vector instanceof UInt1Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getByte(i) & 0xFFL;
      }
    } else if (vector instanceof SmallIntVector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getShort((long) i * 2);
      }
    } else if (vector instanceof UInt2Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getShort((long) i * 2) & 0xFFFFL;
      }
    } else if (vector instanceof UInt4Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getInt((long) i * 4) & 0xFFFFFFFFL;
      }
    } else if (vector instanceof UInt8Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getLong((long) i * 8) ^ Long.MIN_VALUE;
      }
    } else if (vector instanceof IntVector
        || vector instanceof DateDayVector
        || vector instanceof TimeSecVector
        || vector instanceof TimeMilliVector) {
      // Through a buffer view: ArrowBuf.getInt checks its bounds on every call; the view's check
      // is one the JIT takes out of the loop.
      java.nio.IntBuffer ints =
          data.nioBuffer(0, count * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer();
      for (int i = 0; i < count; i++) {
        out[i] = ints.get(i);
      }
    } else if (vector instanceof BigIntVector
        || vector instanceof DateMilliVector
        || vector instanceof TimeMicroVector
        || vector instanceof TimeNanoVector
        || vector instanceof TimeStampVector
        // An INT64 the hint reads as a duration: its stored counts, which the literals are in.
        || vector instanceof org.apache.arrow.vector.DurationVector) {
      dev.parrow.arrow.internal.buffers.Buffers.getLongs(data, out, 0, count);
    } else if (vector instanceof DecimalVector || vector instanceof Decimal256Vector) {
      // Precision up to 18: the unscaled value is the low eight bytes (little-endian).
      int width = vector instanceof DecimalVector ? 16 : 32;
      for (int i = 0; i < count; i++) {
        out[i] = data.getLong((long) i * width);
      }
    } else {
      throw unexpected(vector, column);
    }
    rescale(vector, out, count, column);
    return out;
  }

  /**
   * Values whose Arrow unit is not the stored one (time32[s], timestamp[s] and date64 restored by
   * the hint) are brought to the stored unit, in which the literals are.
   */
  private static void rescale(FieldVector vector, long[] out, int count, FilterColumn column) {
    long multiply = 1;
    long divide = 1;
    if (vector instanceof DateMilliVector) {
      divide = 86_400_000L;
    } else if (column.unitNanos() > 0) {
      long vectorNanos = unitNanos(vector.getField().getType());
      if (vectorNanos > column.unitNanos()) {
        multiply = vectorNanos / column.unitNanos();
      } else if (vectorNanos < column.unitNanos()) {
        divide = column.unitNanos() / vectorNanos;
      }
    }
    if (multiply != 1) {
      // Saturating: a value beyond the stored unit's range stays beyond every literal's.
      long max = Long.MAX_VALUE / multiply;
      for (int i = 0; i < count; i++) {
        long v = out[i];
        out[i] = v > max ? Long.MAX_VALUE : v < -max ? Long.MIN_VALUE : v * multiply;
      }
    } else if (divide != 1) {
      for (int i = 0; i < count; i++) {
        out[i] = Math.floorDiv(out[i], divide);
      }
    }
  }

  private static long unitNanos(ArrowType type) {
    org.apache.arrow.vector.types.TimeUnit unit =
        type instanceof ArrowType.Timestamp t
            ? t.getUnit()
            : type instanceof ArrowType.Time t ? t.getUnit() : null;
    return unit == null ? 0 : FilterColumn.nanos(unit);
  }

  private static double[] doubles(FieldVector vector, int count, FilterColumn column) {
    double[] out = new double[count];
    ArrowBuf data = vector.getDataBuffer();
    if (vector instanceof Float8Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getDouble((long) i * 8);
      }
    } else if (vector instanceof Float4Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = data.getFloat((long) i * 4);
      }
    } else if (vector instanceof Float2Vector) {
      for (int i = 0; i < count; i++) {
        out[i] = Float16.toFloat(data.getShort((long) i * 2));
      }
    } else {
      throw unexpected(vector, column);
    }
    return out;
  }

  /**
   * Byte strings as the file stores them: binaries and strings, views of them (the hint's Utf8View
   * and BinaryView), and fixed-width values (fixed-size binaries, and the lossless MONTH_DAY_NANO
   * whose 16 bytes are the stored ones), extension types by their storage.
   */
  private void bytes(FieldVector vector, int count, FilterColumn column) {
    if (vector instanceof org.apache.arrow.vector.ExtensionTypeVector<?> ext) {
      bytes(ext.getUnderlyingVector(), count, column);
      return;
    }
    offsets = new int[count + 1];
    if (vector instanceof org.apache.arrow.vector.BaseVariableWidthViewVector views) {
      // Each value gathered from its view (inline, or in a data buffer).
      java.io.ByteArrayOutputStream gathered = new java.io.ByteArrayOutputStream();
      for (int i = 0; i < count; i++) {
        if (!views.isNull(i)) {
          gathered.writeBytes(views.get(i));
        }
        offsets[i + 1] = gathered.size();
      }
      data = gathered.toByteArray();
      return;
    }
    if (vector instanceof org.apache.arrow.vector.BaseFixedWidthVector fixed) {
      int width = fixed.getTypeWidth();
      for (int i = 0; i <= count; i++) {
        offsets[i] = i * width;
      }
    } else if (vector instanceof BaseVariableWidthVector) {
      ArrowBuf o = vector.getOffsetBuffer();
      for (int i = 0; i <= count; i++) {
        offsets[i] = o.getInt((long) i * 4);
      }
    } else if (vector instanceof BaseLargeVariableWidthVector) {
      ArrowBuf o = vector.getOffsetBuffer();
      for (int i = 0; i <= count; i++) {
        offsets[i] = Math.toIntExact(o.getLong((long) i * 8));
      }
    } else {
      throw unexpected(vector, column);
    }
    int start = offsets[0];
    int length = offsets[count] - start;
    data = new byte[length];
    if (length > 0) {
      vector.getDataBuffer().getBytes(start, data, 0, length);
    }
    if (start != 0) {
      for (int i = 0; i <= count; i++) {
        offsets[i] -= start;
      }
    }
  }

  private static BigInteger[] bigs(FieldVector vector, int count, FilterColumn column) {
    int width;
    if (vector instanceof DecimalVector) {
      width = 16;
    } else if (vector instanceof Decimal256Vector) {
      width = 32;
    } else {
      throw unexpected(vector, column);
    }
    BigInteger[] out = new BigInteger[count];
    ArrowBuf data = vector.getDataBuffer();
    byte[] be = new byte[width];
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++) {
        be[width - 1 - b] = data.getByte((long) i * width + b);
      }
      out[i] = new BigInteger(be);
    }
    return out;
  }

  private static IllegalStateException unexpected(FieldVector vector, FilterColumn column) {
    return new IllegalStateException(
        "column "
            + column.name()
            + " read as "
            + vector.getClass().getSimpleName()
            + ", which the filter does not compare");
  }
}
