package dev.parrow.codec.write;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnOrder;
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
import dev.parrow.codec.values.Int96;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.Float16;

/**
 * Min, max and null count of a column chunk, in the column's sort order (TYPE-MAPPING.md,
 * "Statistics on write"): signed or unsigned integers by the annotation, floats (half floats too)
 * without NaN and with -0.0 / +0.0 at a zero min / max, byte arrays unsigned byte-wise, decimals in
 * bytes as signed numbers; INT96 timestamps chronologically (day, then nanoseconds of the day)
 * under the INT96_TIMESTAMP_ORDER column order and not at all under the type order, which leaves
 * them undefined; INTERVAL, GEOMETRY and GEOGRAPHY get no min/max.
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
    INT96,
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

  /**
   * Floats under IEEE 754's total order (the IEEE_754_TOTAL_ORDER column order): min and max are
   * exact, -0 below +0, over the values that are not NaN, or over the NaNs (also ordered by sign
   * and payload) when there is nothing else; the NaNs are counted either way.
   */
  private final boolean totalOrder;

  /** NaNs seen (floating-point columns). */
  private long nanCount;

  /** Total-order keys ({@link #totalOrderKey}) of the least and greatest non-NaN and NaN values. */
  private long minKey;

  private long maxKey;
  private long minNaNKey;
  private long maxNaNKey;
  private boolean anyNaN;

  /**
   * The longest bound written of a BYTE_ARRAY column (byte strings, not decimals), or null for no
   * limit.
   */
  private final Integer truncateLength;

  /** Whether the column holds UTF-8 strings: a truncated bound keeps whole characters. */
  private final boolean utf8;

  StatisticsBuilder(ColumnDescriptor column) {
    this(column, ColumnOrder.TYPE_ORDER, null);
  }

  /**
   * The statistics of a column whose bounds follow {@code columnOrder} (the footer's for it):
   * floats in IEEE 754's total order under IEEE_754_TOTAL_ORDER, INT96 timestamps bounded only
   * under INT96_TIMESTAMP_ORDER; byte strings' bounds no longer than {@code truncateLength} (null:
   * no limit).
   */
  StatisticsBuilder(ColumnDescriptor column, ColumnOrder columnOrder, Integer truncateLength) {
    Order typeOrder = order(column);
    this.order =
        column.physicalType() == dev.parrow.codec.metadata.PhysicalType.INT96
                && ColumnOrder.INT96_TIMESTAMP_ORDER.equals(columnOrder)
            ? Order.INT96
            : typeOrder;
    boolean floatTotalOrder = ColumnOrder.IEEE_754_TOTAL_ORDER.equals(columnOrder);
    // Only BYTE_ARRAY bounds may be shorter: a FIXED_LEN_BYTE_ARRAY bound must keep the column's
    // width (Arrow C++ aborts reading a shorter one), so it is written whole.
    this.truncateLength =
        order == Order.BYTES
                && column.physicalType() == dev.parrow.codec.metadata.PhysicalType.BYTE_ARRAY
            ? truncateLength
            : null;
    this.utf8 =
        column.logicalType() instanceof LogicalType.StringType
            || column.convertedType() == ConvertedType.UTF8;
    this.totalOrder = floatTotalOrder && floating(order);
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
   * Whether the column's values have an order (INTERVAL has none, nor INT96 under the type order:
   * no min/max, no column index).
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

  /** Whether a column's statistics follow IEEE 754's total order (FLOAT, DOUBLE, FLOAT16). */
  static boolean totalOrderApplies(ColumnDescriptor column) {
    return floating(order(column));
  }

  private static boolean floating(Order o) {
    return o == Order.FLOAT || o == Order.DOUBLE || o == Order.HALF;
  }

  /** The raw bits of the FLOAT16 value {@code i} of little-endian pairs of bytes. */
  private static int halfBits(byte[] b, int i) {
    return (b[i * 2] & 0xff) | (b[i * 2 + 1] & 0xff) << 8;
  }

  private static boolean halfIsNaN(int bits) {
    return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
  }

  /** Takes values [from, to) of a page into account. */
  void update(DenseValues values, int from, int to) {
    if (totalOrder) {
      updateTotalOrder(values, from, to);
      return;
    }
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
          doubleValue(Float16.toFloat((short) halfBits(b, i)));
        }
      }
      case DOUBLE -> {
        long[] v = ((Int64Values) values).values();
        for (int i = from; i < to; i++) {
          doubleValue(Double.longBitsToDouble(v[i]));
        }
      }
      case INT96 -> {
        FixedWidthValues f = (FixedWidthValues) values;
        for (int i = from; i < to; i++) {
          bytesValue(f.bytes(), i * Int96.WIDTH, Int96.WIDTH);
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

  /** {@link #update} under the total order: each value's raw bits as its key. */
  private void updateTotalOrder(DenseValues values, int from, int to) {
    if (from < to
        && (order == Order.FLOAT || order == Order.DOUBLE)
        && noNaNBounds(values, from, to)) {
      return;
    }
    switch (order) {
      case FLOAT -> {
        int[] v = ((Int32Values) values).values();
        for (int i = from; i < to; i++) {
          totalOrderValue(
              totalOrderKey(Integer.toUnsignedLong(v[i])), Float.isNaN(Float.intBitsToFloat(v[i])));
        }
      }
      case DOUBLE -> {
        long[] v = ((Int64Values) values).values();
        for (int i = from; i < to; i++) {
          totalOrderValue(totalOrderKey(v[i]), Double.isNaN(Double.longBitsToDouble(v[i])));
        }
      }
      default -> {
        byte[] b = ((FixedWidthValues) values).bytes();
        for (int i = from; i < to; i++) {
          int bits = halfBits(b, i);
          totalOrderValue(totalOrderKey(bits), halfIsNaN(bits));
        }
      }
    }
  }

  /**
   * The bounds of floats or doubles [from, to) taken in one pass without a branch per value, as
   * most pages (no NaN) allow: each value's bits made signed-comparable (a negative's magnitude
   * bits flipped), their least and greatest found by {@code Math.min} and {@code max}, and whether
   * any was a NaN noted beside. False, with nothing taken, when one was: the values then go one by
   * one, counting the NaNs and keeping their bounds apart.
   */
  private boolean noNaNBounds(DenseValues values, int from, int to) {
    long least = Long.MAX_VALUE;
    long greatest = Long.MIN_VALUE;
    boolean nan = false;
    if (order == Order.FLOAT) {
      int[] v = ((Int32Values) values).values();
      for (int i = from; i < to; i++) {
        int b = v[i];
        int ordered = b ^ ((b >> 31) & Integer.MAX_VALUE);
        least = Math.min(least, ordered);
        greatest = Math.max(greatest, ordered);
        nan |= (b & Integer.MAX_VALUE) > 0x7f800000;
      }
      if (nan) {
        return false;
      }
      // Back to raw bits, then to the unsigned keys of totalOrderKey.
      takeBounds(
          totalOrderKey(Integer.toUnsignedLong(unorder((int) least))),
          totalOrderKey(Integer.toUnsignedLong(unorder((int) greatest))));
      return true;
    }
    long[] v = ((Int64Values) values).values();
    for (int i = from; i < to; i++) {
      long b = v[i];
      long ordered = b ^ ((b >> 63) & Long.MAX_VALUE);
      least = Math.min(least, ordered);
      greatest = Math.max(greatest, ordered);
      nan |= (b & Long.MAX_VALUE) > 0x7ff0000000000000L;
    }
    if (nan) {
      return false;
    }
    takeBounds(totalOrderKey(unorder(least)), totalOrderKey(unorder(greatest)));
    return true;
  }

  /** The raw bits of a signed-comparable float ({@link #noNaNBounds}): the same flip undoes it. */
  private static int unorder(int ordered) {
    return ordered ^ ((ordered >> 31) & Integer.MAX_VALUE);
  }

  private static long unorder(long ordered) {
    return ordered ^ ((ordered >> 63) & Long.MAX_VALUE);
  }

  /** Takes the total-order keys of a run of non-NaN values' least and greatest. */
  private void takeBounds(long minKeyOfRun, long maxKeyOfRun) {
    totalOrderValue(minKeyOfRun, false);
    totalOrderValue(maxKeyOfRun, false);
  }

  /**
   * A value's key in the total order, compared unsigned: the raw bits (of this column's width),
   * negatives' flipped whole (the greater the magnitude the less), positives' sign bit set (above
   * every negative).
   */
  private long totalOrderKey(long bits) {
    return switch (order) {
      case FLOAT -> {
        int b = (int) bits;
        yield Integer.toUnsignedLong(b < 0 ? ~b : b ^ Integer.MIN_VALUE);
      }
      case DOUBLE -> bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
      default -> (bits & 0x8000) != 0 ? ~bits & 0xffff : bits ^ 0x8000;
    };
  }

  /** One value in the total order: its key, and whether it is a NaN (counted). */
  private void totalOrderValue(long key, boolean nan) {
    if (nan) {
      nanBounds(key);
      nanCount++;
      return;
    }
    if (!any || Long.compareUnsigned(key, minKey) < 0) {
      minKey = key;
    }
    if (!any || Long.compareUnsigned(key, maxKey) > 0) {
      maxKey = key;
    }
    any = true;
  }

  /** Takes a NaN's key into the NaNs' extremes. */
  private void nanBounds(long key) {
    if (!anyNaN || Long.compareUnsigned(key, minNaNKey) < 0) {
      minNaNKey = key;
    }
    if (!anyNaN || Long.compareUnsigned(key, maxNaNKey) > 0) {
      maxNaNKey = key;
    }
    anyNaN = true;
  }

  /** The raw bits of a total-order key of this column's width. */
  private long totalOrderBits(long key) {
    return switch (order) {
      case FLOAT -> {
        int k = (int) key;
        yield Integer.toUnsignedLong(k < 0 ? k ^ Integer.MIN_VALUE : ~k);
      }
      case DOUBLE -> key < 0 ? key ^ Long.MIN_VALUE : ~key;
      default -> (key & 0x8000) != 0 ? key ^ 0x8000 : ~key & 0xffff;
    };
  }

  /**
   * Takes the min and max of {@code page} (of the same column) into account, not its null count.
   */
  void mergeValues(StatisticsBuilder page) {
    nanCount += page.nanCount;
    if (totalOrder) {
      if (page.any) {
        totalOrderValue(page.minKey, false);
        totalOrderValue(page.maxKey, false);
      }
      if (page.anyNaN) {
        nanBounds(page.minNaNKey);
        nanBounds(page.maxNaNKey);
      }
      return;
    }
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
      case BYTES, DECIMAL_BYTES, INT96, NONE -> {
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
      nanCount++;
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
    if (order == Order.INT96) {
      return Int96.compare(a, offset, b, 0);
    }
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
    if (totalOrder) {
      return switch (order) {
        case FLOAT ->
            Long.compareUnsigned(
                totalOrderKey(Integer.toUnsignedLong(x.getInt(0))),
                totalOrderKey(Integer.toUnsignedLong(y.getInt(0))));
        case DOUBLE ->
            Long.compareUnsigned(totalOrderKey(x.getLong(0)), totalOrderKey(y.getLong(0)));
        default ->
            Long.compareUnsigned(
                totalOrderKey(x.getShort(0) & 0xffff), totalOrderKey(y.getShort(0) & 0xffff));
      };
    }
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
      case DECIMAL_BYTES, INT96 -> {
        byte[] l = a.toByteArray();
        yield compare(l, 0, l.length, b.toByteArray());
      }
      case NONE -> 0;
    };
  }

  /** The NaN count to write: floating-point columns have one, other types none. */
  private Long nanCountField() {
    return floating(order) ? nanCount : null;
  }

  Statistics build() {
    if (totalOrder) {
      if (!any && !anyNaN) {
        return new Statistics(null, null, nulls, null, null, null, null, null, nanCountField());
      }
      Bytes min = Bytes.of(littleEndian(totalOrderBits(any ? minKey : minNaNKey), width()));
      Bytes max = Bytes.of(littleEndian(totalOrderBits(any ? maxKey : maxNaNKey), width()));
      return new Statistics(null, null, nulls, null, max, min, true, true, nanCountField());
    }
    if (!any) {
      return new Statistics(null, null, nulls, null, null, null, null, null, nanCountField());
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
        if (truncateLength != null) {
          byte[] lo = truncatedMin(minBytes);
          byte[] hi = truncatedMax(maxBytes);
          return new Statistics(
              null,
              null,
              nulls,
              null,
              Bytes.of(hi),
              Bytes.of(lo),
              hi.length == maxBytes.length,
              lo.length == minBytes.length,
              null);
        }
        min = Bytes.of(minBytes);
        max = Bytes.of(maxBytes);
      }
    }
    return new Statistics(null, null, nulls, null, max, min, true, true, nanCountField());
  }

  /** How many of a bound's first bytes a truncated bound keeps: whole characters for strings. */
  private int keep(byte[] bound) {
    int n = Math.min(truncateLength, bound.length);
    if (utf8) {
      // Back to the start of a character: a continuation byte is 10xxxxxx.
      while (n > 0 && n < bound.length && (bound[n] & 0xc0) == 0x80) {
        n--;
      }
    }
    return n;
  }

  /** A min no longer than the limit: its prefix, which no value it bounds is below. */
  private byte[] truncatedMin(byte[] bound) {
    return bound.length <= truncateLength ? bound : Arrays.copyOf(bound, keep(bound));
  }

  /**
   * A max no longer than the limit: a prefix raised past every value that starts with it (its last
   * byte, or for strings its last character, incremented; those that cannot be are dropped), or the
   * max itself when no prefix can be raised.
   */
  private byte[] truncatedMax(byte[] bound) {
    if (bound.length <= truncateLength) {
      return bound;
    }
    if (utf8) {
      String text = new String(bound, 0, keep(bound), java.nio.charset.StandardCharsets.UTF_8);
      int[] points = text.codePoints().toArray();
      for (int end = points.length; end > 0; end--) {
        int next = points[end - 1] + 1;
        if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
          next = Character.MAX_SURROGATE + 1;
        }
        if (next <= Character.MAX_CODE_POINT) {
          int[] raised = Arrays.copyOf(points, end);
          raised[end - 1] = next;
          byte[] out = new String(raised, 0, end).getBytes(java.nio.charset.StandardCharsets.UTF_8);
          if (out.length <= truncateLength) {
            return out;
          }
        }
      }
      return bound;
    }
    byte[] raised = Bytes.prefixEnd(bound, keep(bound));
    return raised != null ? raised : bound;
  }

  /** Bytes of a floating-point value of this column. */
  private int width() {
    return order == Order.HALF ? 2 : width;
  }

  /**
   * Counts the NaNs of a page of dictionary ids by occurrence ({@link #update} over its distinct
   * entries counted each once).
   */
  void countNaNs(DenseValues entries, int[] ids, int n) {
    if (!floating(order)) {
      return;
    }
    long count = 0;
    for (int i = 0; i < n; i++) {
      int id = ids[i];
      boolean nan =
          switch (order) {
            case FLOAT -> Float.isNaN(Float.intBitsToFloat(((Int32Values) entries).values()[id]));
            case DOUBLE ->
                Double.isNaN(Double.longBitsToDouble(((Int64Values) entries).values()[id]));
            default -> halfIsNaN(halfBits(((FixedWidthValues) entries).bytes(), id));
          };
      if (nan) {
        count++;
      }
    }
    nanCount = count;
  }

  private static byte[] littleEndian(long v, int width) {
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v);
    return Arrays.copyOf(b.array(), width);
  }
}
