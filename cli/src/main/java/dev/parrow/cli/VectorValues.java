package dev.parrow.cli;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One value of a vector as text a person reads: dates and times in ISO form, timestamps in their
 * zone, decimals exact, unsigned integers unsigned, binary as hex; lists, structs and maps as JSON
 * (a map as an object whose keys are the keys' text). Also tells whether the value is JSON as it
 * stands (a number, a boolean or a nested value; printed bare in JSON lines) or text.
 */
final class VectorValues {
  private VectorValues() {}

  /** The value at {@code i}, or null for a null slot. */
  static String text(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    ArrowType type = v.getField().getType();
    switch (type.getTypeID()) {
      case Null:
        return null;
      case List:
      case LargeList:
      case FixedSizeList:
      case Map:
      case Struct:
        return nestedJson(v, i);
      case Bool:
        return Boolean.toString(((BitVector) v).get(i) != 0);
      case Int:
        return integer(v, i);
      case FloatingPoint:
        if (v instanceof Float2Vector f) {
          return Float.toString(f.getValueAsFloat(i));
        }
        if (v instanceof Float4Vector f) {
          return Float.toString(f.get(i));
        }
        return ((FloatingPointVector) v).getValueAsDouble(i) + "";
      case Decimal:
        BigDecimal d =
            v instanceof DecimalVector dv ? dv.getObject(i) : ((Decimal256Vector) v).getObject(i);
        return d.toPlainString();
      case Date:
        {
          ArrowType.Date date = (ArrowType.Date) type;
          long raw = rawLong(v, i);
          return date.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY
              ? LocalDate.ofEpochDay(raw).toString()
              : LocalDateTime.ofInstant(Instant.ofEpochMilli(raw), ZoneOffset.UTC)
                  .toLocalDate()
                  .toString();
        }
      case Time:
        {
          return Temporals.timeOfDay(rawLong(v, i), ((ArrowType.Time) type).getUnit());
        }
      case Timestamp:
        ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
        return Temporals.timestamp(rawLong(v, i), ts.getUnit(), ts.getTimezone());
      case Interval:
        if (v instanceof IntervalMonthDayNanoVector iv) {
          return iv.getObject(i).toString();
        }
        return String.valueOf(v.getObject(i));
      case Utf8:
        return new String(((VarCharVector) v).get(i), StandardCharsets.UTF_8);
      case Binary:
      case LargeBinary:
      case FixedSizeBinary:
        return hex((byte[]) v.getObject(i));
      default:
        return String.valueOf(v.getObject(i));
    }
  }

  /** A list, map or struct value as JSON. */
  private static String nestedJson(FieldVector v, int i) {
    StringBuilder sb = new StringBuilder();
    if (v instanceof StructVector struct) {
      sb.append('{');
      List<FieldVector> children = struct.getChildrenFromFields();
      for (int c = 0; c < children.size(); c++) {
        sb.append(c > 0 ? ", " : "")
            .append(JsonWriter.quote(children.get(c).getName()))
            .append(": ");
        appendJson(sb, children.get(c), i);
      }
      return sb.append('}').toString();
    }
    long start;
    long end;
    FieldVector elements;
    if (v instanceof LargeListVector large) {
      start = large.getOffsetBuffer().getLong((long) i * 8);
      end = large.getOffsetBuffer().getLong((long) (i + 1) * 8);
      elements = large.getDataVector();
    } else if (v instanceof FixedSizeListVector fixed) {
      start = (long) i * fixed.getListSize();
      end = start + fixed.getListSize();
      elements = fixed.getDataVector();
    } else {
      ListVector list = (ListVector) v;
      start = list.getElementStartIndex(i);
      end = list.getElementEndIndex(i);
      elements = list.getDataVector();
    }
    if (v instanceof MapVector) {
      // Entries are structs of a key and a value.
      List<FieldVector> kv = ((StructVector) elements).getChildrenFromFields();
      sb.append('{');
      for (long j = start; j < end; j++) {
        String key = text(kv.get(0), (int) j);
        sb.append(j > start ? ", " : "")
            .append(JsonWriter.quote(key == null ? "null" : key))
            .append(": ");
        if (kv.size() > 1) {
          appendJson(sb, kv.get(1), (int) j);
        } else {
          sb.append("null");
        }
      }
      return sb.append('}').toString();
    }
    sb.append('[');
    for (long j = start; j < end; j++) {
      sb.append(j > start ? ", " : "");
      appendJson(sb, elements, (int) j);
    }
    return sb.append(']').toString();
  }

  private static void appendJson(StringBuilder sb, FieldVector v, int i) {
    String text = text(v, i);
    if (text == null) {
      sb.append("null");
    } else if (isJsonLiteral(v, text)) {
      sb.append(text);
    } else {
      sb.append(JsonWriter.quote(text));
    }
  }

  /**
   * Whether JSON should show the value bare (a number, boolean or nested value) rather than as a
   * string.
   */
  static boolean isJsonLiteral(FieldVector v, String text) {
    return switch (v.getField().getType().getTypeID()) {
      case Bool, Int, Decimal, List, LargeList, FixedSizeList, Map, Struct -> true;
      case FloatingPoint -> !text.equals("NaN") && !text.contains("Infinity");
      default -> false;
    };
  }

  /** The stored number of a date, time or timestamp vector, whatever its width. */
  private static long rawLong(FieldVector v, int i) {
    if (v instanceof TimeStampVector t) {
      return t.get(i);
    }
    if (v instanceof DateDayVector d) {
      return d.get(i);
    }
    if (v instanceof DateMilliVector d) {
      return d.get(i);
    }
    if (v instanceof TimeSecVector t) {
      return t.get(i);
    }
    if (v instanceof TimeMilliVector t) {
      return t.get(i);
    }
    if (v instanceof TimeMicroVector t) {
      return t.get(i);
    }
    if (v instanceof TimeNanoVector t) {
      return t.get(i);
    }
    return ((BaseIntVector) v).getValueAsLong(i);
  }

  private static String integer(FieldVector v, int i) {
    if (v instanceof UInt8Vector u) {
      return Long.toUnsignedString(u.get(i));
    }
    if (v instanceof UInt4Vector u) {
      return Integer.toUnsignedString(u.get(i));
    }
    if (v instanceof UInt2Vector u) {
      return Integer.toString(u.get(i));
    }
    if (v instanceof UInt1Vector u) {
      return Integer.toString(u.get(i) & 0xff);
    }
    return Long.toString(((BaseIntVector) v).getValueAsLong(i));
  }

  static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder(2 + bytes.length * 2).append("0x");
    for (byte b : bytes) {
      sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return sb.toString();
  }
}
