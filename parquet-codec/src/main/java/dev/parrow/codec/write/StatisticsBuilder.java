package dev.parrow.codec.write;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.Float16;

/**
 * Min, max and null count of a column chunk, in the column's sort order (TYPE-MAPPING.md,
 * "Statistics on write"): signed or unsigned integers by the annotation, floats (half floats too)
 * without NaN and with -0.0 / +0.0 at a zero min / max, byte arrays unsigned byte-wise, decimals in
 * bytes as signed numbers; INT96, INTERVAL, GEOMETRY and GEOGRAPHY get no min/max.
 */
final class StatisticsBuilder {
  private enum Order {
    SIGNED,
    UNSIGNED,
    HALF,
    FLOAT,
    DOUBLE,
    BOOLEAN,
    BYTES,
    DECIMAL_BYTES,
    NONE
  }

  private final Order order;
  private long nulls;
  private boolean any;
  private long minLong;
  private long maxLong;
  private double minDouble;
  private double maxDouble;
  private byte[] minBytes;
  private byte[] maxBytes;
  private final int width;

  StatisticsBuilder(ColumnDescriptor column) {
    this.order = order(column);
    this.width =
        switch (column.physicalType()) {
          case INT32, FLOAT -> 4;
          case BOOLEAN, INT64, DOUBLE, INT96, FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY -> 8;
        };
  }

  private static Order order(ColumnDescriptor c) {
    LogicalType logical = c.logicalType();
    ConvertedType converted = c.convertedType();
    boolean unsigned =
        logical instanceof LogicalType.IntType i && !i.signed()
            || converted == ConvertedType.UINT_8
            || converted == ConvertedType.UINT_16
            || converted == ConvertedType.UINT_32
            || converted == ConvertedType.UINT_64;
    boolean decimal =
        logical instanceof LogicalType.DecimalType || converted == ConvertedType.DECIMAL;
    return switch (c.physicalType()) {
      case BOOLEAN -> Order.BOOLEAN;
      case INT32, INT64 -> unsigned ? Order.UNSIGNED : Order.SIGNED;
      case FLOAT -> Order.FLOAT;
      case DOUBLE -> Order.DOUBLE;
      case INT96 -> Order.NONE;
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY ->
          converted == ConvertedType.INTERVAL
                  // The format leaves the order of geometries undefined: no byte min/max for WKB.
                  || logical instanceof LogicalType.GeometryType
                  || logical instanceof LogicalType.GeographyType
              ? Order.NONE
              : logical instanceof LogicalType.Float16Type
                  ? Order.HALF
                  : decimal ? Order.DECIMAL_BYTES : Order.BYTES;
    };
  }

  /**
   * Whether the column's type has an order (INT96 and INTERVAL have none: no min/max, no column
   * index).
   */
  boolean ordered() {
    return order != Order.NONE;
  }

  /**
   * Whether values are ordered by their bytes (byte arrays, decimals in bytes), a comparison that
   * costs more than a number's.
   */
  boolean comparesBytes() {
    return order == Order.BYTES || order == Order.DECIMAL_BYTES;
  }

  /** Whether any non-NaN value was seen. */
  boolean hasValues() {
    return any;
  }

  void nulls(long n) {
    nulls += n;
  }

  /** Takes values [from, to) of a page into account. */
  void update(DenseValues values, int from, int to) {
    switch (order) {
      case NONE -> {}
      case BOOLEAN -> {
        byte[] v = ((BooleanValues) values).values();
        for (int i = from; i < to; i++) {
          longValue(v[i]);
        }
      }
      case SIGNED, UNSIGNED -> {
        if (values instanceof Int32Values ints) {
          int[] v = ints.values();
          for (int i = from; i < to; i++) {
            longValue(order == Order.UNSIGNED ? Integer.toUnsignedLong(v[i]) : v[i]);
          }
        } else {
          long[] v = ((Int64Values) values).values();
          for (int i = from; i < to; i++) {
            longValue(v[i]);
          }
        }
      }
      case FLOAT -> {
        int[] v = ((Int32Values) values).values();
        for (int i = from; i < to; i++) {
          doubleValue(Float.intBitsToFloat(v[i]));
        }
      }
      case HALF -> {
        FixedWidthValues f = (FixedWidthValues) values;
        byte[] b = f.bytes();
        for (int i = from; i < to; i++) {
          doubleValue(Float16.toFloat((short) ((b[i * 2] & 0xff) | b[i * 2 + 1] << 8)));
        }
      }
      case DOUBLE -> {
        long[] v = ((Int64Values) values).values();
        for (int i = from; i < to; i++) {
          doubleValue(Double.longBitsToDouble(v[i]));
        }
      }
      case BYTES, DECIMAL_BYTES -> {
        if (values instanceof BinaryValues b) {
          for (int i = from; i < to; i++) {
            bytesValue(b.bytes(), b.offsets()[i], b.offsets()[i + 1] - b.offsets()[i]);
          }
        } else {
          FixedWidthValues f = (FixedWidthValues) values;
          for (int i = from; i < to; i++) {
            bytesValue(f.bytes(), i * f.width(), f.width());
          }
        }
      }
    }
  }

  /**
   * Takes the min and max of {@code page} (of the same column) into account, not its null count.
   */
  void mergeValues(StatisticsBuilder page) {
    if (!page.any || order == Order.NONE) {
      return;
    }
    switch (order) {
      case BOOLEAN, SIGNED, UNSIGNED -> {
        longValue(page.minLong);
        longValue(page.maxLong);
      }
      case FLOAT, HALF, DOUBLE -> {
        doubleValue(page.minDouble);
        doubleValue(page.maxDouble);
      }
      case BYTES, DECIMAL_BYTES, NONE -> {
        bytesValue(page.minBytes, 0, page.minBytes.length);
        bytesValue(page.maxBytes, 0, page.maxBytes.length);
      }
    }
  }

  private void longValue(long v) {
    boolean less = order == Order.UNSIGNED ? Long.compareUnsigned(v, minLong) < 0 : v < minLong;
    boolean more = order == Order.UNSIGNED ? Long.compareUnsigned(v, maxLong) > 0 : v > maxLong;
    if (!any || less) {
      minLong = v;
    }
    if (!any || more) {
      maxLong = v;
    }
    any = true;
  }

  private void doubleValue(double v) {
    if (Double.isNaN(v)) {
      return;
    }
    if (!any || v < minDouble) {
      minDouble = v;
    }
    if (!any || v > maxDouble) {
      maxDouble = v;
    }
    any = true;
  }

  private void bytesValue(byte[] src, int offset, int length) {
    if (order == Order.BYTES && any) {
      // Unsigned byte order: a value whose first eight bytes (zero-padded) differ from a bound's
      // is ordered by them alone; only a tie needs the whole comparison.
      long prefix = prefix(src, offset, length);
      int toMin = Long.compareUnsigned(prefix, minPrefix);
      if (toMin < 0 || toMin == 0 && compare(src, offset, length, minBytes) < 0) {
        minBytes = Arrays.copyOfRange(src, offset, offset + length);
        minPrefix = prefix;
      }
      int toMax = Long.compareUnsigned(prefix, maxPrefix);
      if (toMax > 0 || toMax == 0 && compare(src, offset, length, maxBytes) > 0) {
        maxBytes = Arrays.copyOfRange(src, offset, offset + length);
        maxPrefix = prefix;
      }
      return;
    }
    if (!any || compare(src, offset, length, minBytes) < 0) {
      minBytes = Arrays.copyOfRange(src, offset, offset + length);
    }
    if (!any || compare(src, offset, length, maxBytes) > 0) {
      maxBytes = Arrays.copyOfRange(src, offset, offset + length);
    }
    if (order == Order.BYTES && !any) {
      minPrefix = prefix(minBytes, 0, minBytes.length);
      maxPrefix = prefix(maxBytes, 0, maxBytes.length);
    }
    any = true;
  }

  /** The first eight bytes of a value, big-endian, zero-padded: its unsigned order's first word. */
  private static long prefix(byte[] b, int offset, int length) {
    return Long.reverseBytes(dev.parrow.codec.encoding.Bits.firstWord(b, offset, length));
  }

  /** {@link #prefix} of {@link #minBytes} and {@link #maxBytes}, for {@link Order#BYTES}. */
  private long minPrefix;

  private long maxPrefix;

  private int compare(byte[] a, int offset, int length, byte[] b) {
    if (order == Order.DECIMAL_BYTES && length == b.length && length > 0) {
      // Two's complement of one length: the sign byte signed, the rest unsigned.
      int first = Byte.compare(a[offset], b[0]);
      return first != 0
          ? first
          : Arrays.compareUnsigned(a, offset + 1, offset + length, b, 1, length);
    }
    if (order == Order.DECIMAL_BYTES) {
      return new java.math.BigInteger(
              length == 0 ? new byte[] {0} : Arrays.copyOfRange(a, offset, offset + length))
          .compareTo(new java.math.BigInteger(b.length == 0 ? new byte[] {0} : b));
    }
    return Arrays.compareUnsigned(a, offset, offset + length, b, 0, b.length);
  }

  /**
   * Compares two bounds this builder wrote ({@link #build}'s min/max encoding) in the column's
   * order.
   */
  int compareBounds(Bytes a, Bytes b) {
    ByteBuffer x = a.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer y = b.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    return switch (order) {
      case BOOLEAN -> Byte.compare(x.get(0), y.get(0));
      case SIGNED ->
          width == 4
              ? Integer.compare(x.getInt(0), y.getInt(0))
              : Long.compare(x.getLong(0), y.getLong(0));
      case UNSIGNED ->
          width == 4
              ? Integer.compareUnsigned(x.getInt(0), y.getInt(0))
              : Long.compareUnsigned(x.getLong(0), y.getLong(0));
      case FLOAT -> Float.compare(x.getFloat(0), y.getFloat(0));
      case DOUBLE -> Double.compare(x.getDouble(0), y.getDouble(0));
      case HALF -> Float.compare(Float16.toFloat(x.getShort(0)), Float16.toFloat(y.getShort(0)));
      case BYTES -> Arrays.compareUnsigned(a.toByteArray(), b.toByteArray());
      case DECIMAL_BYTES -> {
        byte[] l = a.toByteArray();
        yield compare(l, 0, l.length, b.toByteArray());
      }
      case NONE -> 0;
    };
  }

  Statistics build() {
    if (!any) {
      return new Statistics(null, null, nulls, null, null, null, null, null, null);
    }
    Bytes min;
    Bytes max;
    switch (order) {
      case BOOLEAN -> {
        min = Bytes.of(new byte[] {(byte) minLong});
        max = Bytes.of(new byte[] {(byte) maxLong});
      }
      case SIGNED, UNSIGNED -> {
        min = Bytes.of(littleEndian(minLong, width));
        max = Bytes.of(littleEndian(maxLong, width));
      }
      case FLOAT -> {
        // A zero min is written as -0.0 and a zero max as +0.0, so that either zero lies within
        // them.
        float lo = minDouble == 0 ? -0.0f : (float) minDouble;
        float hi = maxDouble == 0 ? 0.0f : (float) maxDouble;
        min = Bytes.of(littleEndian(Float.floatToRawIntBits(lo), 4));
        max = Bytes.of(littleEndian(Float.floatToRawIntBits(hi), 4));
      }
      case HALF -> {
        short lo = Float16.toFloat16(minDouble == 0 ? -0.0f : (float) minDouble);
        short hi = Float16.toFloat16(maxDouble == 0 ? 0.0f : (float) maxDouble);
        min = Bytes.of(littleEndian(lo, 2));
        max = Bytes.of(littleEndian(hi, 2));
      }
      case DOUBLE -> {
        double lo = minDouble == 0 ? -0.0 : minDouble;
        double hi = maxDouble == 0 ? 0.0 : maxDouble;
        min = Bytes.of(littleEndian(Double.doubleToRawLongBits(lo), 8));
        max = Bytes.of(littleEndian(Double.doubleToRawLongBits(hi), 8));
      }
      default -> {
        // BYTES and DECIMAL_BYTES (NONE has no values, so never gets here).
        min = Bytes.of(minBytes);
        max = Bytes.of(maxBytes);
      }
    }
    return new Statistics(null, null, nulls, null, max, min, true, true, null);
  }

  private static byte[] littleEndian(long v, int width) {
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v);
    return Arrays.copyOf(b.array(), width);
  }
}
