package dev.parrow.it;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A cell of any vector as a plain Java value for comparing two readers: integers as BigInteger
 * whatever their width and signedness, timestamps as nanoseconds since the epoch whatever their
 * unit and zone, times as nanoseconds of the day, dates as days, floats by their bits (every NaN
 * the same), decimals exactly, text as String, bytes as hex.
 */
final class Canonical {
  private Canonical() {}

  static Object value(FieldVector v, int i) {
    return value(v, i, null);
  }

  /**
   * The value, with dictionary-encoded vectors at any depth decoded through {@code dictionaries}.
   */
  static Object value(
      FieldVector v, int i, org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    if (v.isNull(i)) {
      return null;
    }
    var encoding = v.getField().getDictionary();
    if (encoding != null && dictionaries != null) {
      int index = (int) ((org.apache.arrow.vector.BaseIntVector) v).getValueAsLong(i);
      return value(dictionaries.lookup(encoding.getId()).getVector(), index, null);
    }
    ArrowType type = v.getField().getType();
    if (v instanceof org.apache.arrow.vector.complex.BaseRepeatedValueVector list) {
      // Lists and maps (a list of key-value structs): the elements in order.
      long start = list.getOffsetBuffer().getInt((long) i * 4);
      long end = list.getOffsetBuffer().getInt((long) (i + 1) * 4);
      return elements(list.getDataVector(), start, end, dictionaries);
    }
    if (v instanceof org.apache.arrow.vector.complex.LargeListVector list) {
      long start = list.getOffsetBuffer().getLong((long) i * 8);
      long end = list.getOffsetBuffer().getLong((long) (i + 1) * 8);
      return elements(list.getDataVector(), start, end, dictionaries);
    }
    if (v instanceof org.apache.arrow.vector.complex.FixedSizeListVector list) {
      int size = list.getListSize();
      return elements(list.getDataVector(), (long) i * size, (long) (i + 1) * size, dictionaries);
    }
    if (v instanceof org.apache.arrow.vector.complex.StructVector struct) {
      java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
      for (String name : struct.getChildFieldNames()) {
        fields.put(name, value(struct.getChild(name), i, dictionaries));
      }
      return fields;
    }
    if (v instanceof BitVector b) {
      return b.get(i) != 0;
    }
    if (v instanceof UInt8Vector u) {
      return new BigInteger(Long.toUnsignedString(u.get(i)));
    }
    if (v instanceof UInt4Vector u) {
      return BigInteger.valueOf(Integer.toUnsignedLong(u.get(i)));
    }
    if (v instanceof UInt2Vector u) {
      return BigInteger.valueOf(u.get(i));
    }
    if (v instanceof UInt1Vector u) {
      return BigInteger.valueOf(u.get(i) & 0xff);
    }
    if (v instanceof TimeStampVector t) {
      long raw = t.get(i);
      long perUnit =
          switch (((ArrowType.Timestamp) type).getUnit()) {
            case SECOND -> 1_000_000_000L;
            case MILLISECOND -> 1_000_000L;
            case MICROSECOND -> 1_000L;
            case NANOSECOND -> 1L;
          };
      return "ts:" + BigInteger.valueOf(raw).multiply(BigInteger.valueOf(perUnit));
    }
    if (v instanceof DateDayVector d) {
      return "date:" + d.get(i);
    }
    if (v instanceof DateMilliVector d) {
      return "date:" + Math.floorDiv(d.get(i), 86_400_000L);
    }
    if (v instanceof TimeSecVector t) {
      return "time:" + t.get(i) * 1_000_000_000L;
    }
    if (v instanceof TimeMilliVector t) {
      return "time:" + t.get(i) * 1_000_000L;
    }
    if (v instanceof TimeMicroVector t) {
      return "time:" + t.get(i) * 1_000L;
    }
    if (v instanceof TimeNanoVector t) {
      return "time:" + t.get(i);
    }
    if (v instanceof BaseIntVector b) {
      return BigInteger.valueOf(b.getValueAsLong(i));
    }
    if (v instanceof Float4Vector f) {
      float x = f.get(i);
      return Float.isNaN(x) ? "NaN" : "f32:" + Float.floatToRawIntBits(x);
    }
    if (v instanceof Float8Vector f) {
      double x = f.get(i);
      return Double.isNaN(x) ? "NaN" : "f64:" + Double.doubleToRawLongBits(x);
    }
    if (v instanceof Float2Vector f) {
      short bits = f.get(i);
      boolean nan = (bits & 0x7c00) == 0x7c00 && (bits & 0x03ff) != 0;
      return nan ? "NaN" : "f16:" + bits;
    }
    if (v instanceof DecimalVector d) {
      return d.getObject(i);
    }
    if (v instanceof Decimal256Vector d) {
      return d.getObject(i);
    }
    if (v instanceof VarCharVector s) {
      return s.getObject(i).toString();
    }
    if (v instanceof LargeVarCharVector s) {
      return s.getObject(i).toString();
    }
    if (v instanceof VarBinaryVector b) {
      return "bin:" + HexFormat.of().formatHex(b.get(i));
    }
    if (v instanceof LargeVarBinaryVector b) {
      return "bin:" + HexFormat.of().formatHex(b.get(i));
    }
    if (v instanceof FixedSizeBinaryVector b) {
      return "bin:" + HexFormat.of().formatHex(b.get(i));
    }
    if (v instanceof org.apache.arrow.vector.ExtensionTypeVector<?> e) {
      // An extension (arrow.uuid) is the values it stores: the same whether a reader knows it.
      return value(e.getUnderlyingVector(), i);
    }
    if (v instanceof org.apache.arrow.vector.ViewVarCharVector s) {
      return s.getObject(i).toString();
    }
    if (v instanceof org.apache.arrow.vector.ViewVarBinaryVector b) {
      return "bin:" + HexFormat.of().formatHex(b.get(i));
    }
    if (v instanceof org.apache.arrow.vector.DurationVector d) {
      return BigInteger.valueOf(org.apache.arrow.vector.DurationVector.get(d.getDataBuffer(), i));
    }
    if (v instanceof org.apache.arrow.vector.IntervalYearVector iy) {
      return "interval:" + iy.get(i) + "/0/0";
    }
    if (v instanceof org.apache.arrow.vector.IntervalDayVector id) {
      var holder = new org.apache.arrow.vector.holders.NullableIntervalDayHolder();
      id.get(i, holder);
      return "interval:0/" + holder.days + "/" + holder.milliseconds * 1_000_000L;
    }
    if (v instanceof IntervalMonthDayNanoVector iv) {
      var d = iv.getObject(i);
      return "interval:"
          + d.getPeriod().toTotalMonths()
          + "/"
          + d.getPeriod().getDays()
          + "/"
          + d.getDuration().toNanos();
    }
    return "other:" + v.getObject(i);
  }

  private static java.util.List<Object> elements(
      FieldVector data,
      long start,
      long end,
      org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    java.util.List<Object> out = new java.util.ArrayList<>();
    for (long j = start; j < end; j++) {
      out.add(value(data, (int) j, dictionaries));
    }
    return out;
  }

  /**
   * An interval other readers read as bytes, in the form {@link #value} gives intervals: Parquet
   * INTERVAL as Arrow C++ reads it (12 raw bytes; the counts as signed, as Arrow-based writers mean
   * them), or Parrow's lossless MONTH_DAY_NANO (the Arrow value's 16 bytes), which every other
   * reader reads as bytes.
   */
  static Object intervalFromBytes(Object canonicalBinary) {
    if (canonicalBinary == null) {
      return null;
    }
    byte[] bytes = HexFormat.of().parseHex(((String) canonicalBinary).substring(4));
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long nanos = bytes.length == 16 ? b.getLong(8) : (long) b.getInt(8) * 1_000_000L;
    return "interval:" + b.getInt(0) + "/" + b.getInt(4) + "/" + nanos;
  }
}
