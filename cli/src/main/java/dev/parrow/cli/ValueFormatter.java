package dev.parrow.cli;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.ParquetToArrow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Renders a PLAIN-encoded value (as statistics store it) the way its column's type means it:
 * integers signed or unsigned, dates, times and timestamps, exact decimals, UTF-8 text, UUIDs, half
 * floats; other binary as hex. A value whose length does not fit its type is shown as hex with a
 * note, never an error.
 */
final class ValueFormatter {
  private ValueFormatter() {}

  static String format(ColumnDescriptor column, Bytes value) {
    if (value == null) {
      return null;
    }
    try {
      String text = formatChecked(column, value);
      return text != null ? text : "0x" + value.toHex();
    } catch (RuntimeException e) {
      return "0x" + value.toHex() + " (unreadable: " + e.getMessage() + ")";
    }
  }

  /**
   * The value for JSON: as {@link #format}, except that text is the string itself, not a quoted and
   * escaped display form (JSON quotes it once).
   */
  static String formatForJson(ColumnDescriptor column, Bytes value) {
    if (value != null && isText(column.logicalType(), column.convertedType())) {
      String text = decodeUtf8(value);
      if (text != null) {
        return text;
      }
    }
    return format(column, value);
  }

  private static String formatChecked(ColumnDescriptor column, Bytes value) {
    ByteBuffer b = value.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    LogicalType logical = column.logicalType();
    ConvertedType converted = column.convertedType();
    int n = value.length();
    switch (column.physicalType()) {
      case BOOLEAN:
        return n == 1 ? Boolean.toString(b.get(0) != 0) : null;
      case INT32:
        return n == 4 ? int32(b.getInt(0), logical, converted, column) : null;
      case INT64:
        return n == 8 ? int64(b.getLong(0), logical, converted, column) : null;
      case INT96:
        return n == 12 ? int96(b.getLong(0), b.getInt(8)) : null;
      case FLOAT:
        return n == 4 ? Float.toString(b.getFloat(0)) : null;
      case DOUBLE:
        return n == 8 ? Double.toString(b.getDouble(0)) : null;
      case BYTE_ARRAY:
      case FIXED_LEN_BYTE_ARRAY:
        return bytes(value, logical, converted, column);
      default:
        return null;
    }
  }

  private static String int32(
      int v, LogicalType logical, ConvertedType converted, ColumnDescriptor column) {
    if (isUnsigned(logical, converted)) {
      return Integer.toUnsignedString(v);
    }
    if (logical instanceof LogicalType.DateType || converted == ConvertedType.DATE) {
      return LocalDate.ofEpochDay(v).toString();
    }
    if (logical instanceof LogicalType.TimeType || converted == ConvertedType.TIME_MILLIS) {
      return Temporals.timeOfDay(v, TimeUnit.MILLISECOND);
    }
    Integer scale = decimalScale(logical, converted, column);
    return scale != null ? BigDecimal.valueOf(v, scale).toPlainString() : Integer.toString(v);
  }

  private static String int64(
      long v, LogicalType logical, ConvertedType converted, ColumnDescriptor column) {
    if (isUnsigned(logical, converted)) {
      return Long.toUnsignedString(v);
    }
    if (logical instanceof LogicalType.TimestampType t) {
      return Temporals.timestamp(
          v, ParquetToArrow.unit(t.unit()), t.adjustedToUtc() ? "UTC" : null);
    }
    if (converted == ConvertedType.TIMESTAMP_MILLIS) {
      return Temporals.timestamp(v, TimeUnit.MILLISECOND, "UTC");
    }
    if (converted == ConvertedType.TIMESTAMP_MICROS) {
      return Temporals.timestamp(v, TimeUnit.MICROSECOND, "UTC");
    }
    if (logical instanceof LogicalType.TimeType t) {
      return Temporals.timeOfDay(v, ParquetToArrow.unit(t.unit()));
    }
    if (converted == ConvertedType.TIME_MICROS) {
      return Temporals.timeOfDay(v, TimeUnit.MICROSECOND);
    }
    Integer scale = decimalScale(logical, converted, column);
    return scale != null ? BigDecimal.valueOf(v, scale).toPlainString() : Long.toString(v);
  }

  /** INT96: nanoseconds of the day, then the Julian day number. */
  private static String int96(long nanosOfDay, int julianDay) {
    long epochDay = julianDay - 2_440_588L;
    return Instant.ofEpochSecond(Math.multiplyExact(epochDay, 86_400L), 0)
        .plusNanos(nanosOfDay)
        .toString();
  }

  private static String bytes(
      Bytes value, LogicalType logical, ConvertedType converted, ColumnDescriptor column) {
    Integer scale = decimalScale(logical, converted, column);
    if (scale != null && value.length() > 0) {
      return new BigDecimal(new BigInteger(value.toByteArray()), scale).toPlainString();
    }
    if (isText(logical, converted)) {
      return utf8(value);
    }
    if (logical instanceof LogicalType.UuidType && value.length() == 16) {
      ByteBuffer b = value.asByteBuffer();
      return new UUID(b.getLong(0), b.getLong(8)).toString();
    }
    if (logical instanceof LogicalType.Float16Type && value.length() == 2) {
      ByteBuffer b = value.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
      return Float.toString(Float16.toFloat(b.getShort(0)));
    }
    return null;
  }

  private static boolean isText(LogicalType logical, ConvertedType converted) {
    return logical instanceof LogicalType.StringType
        || logical instanceof LogicalType.EnumType
        || logical instanceof LogicalType.JsonType
        || (logical == null
            && (converted == ConvertedType.UTF8
                || converted == ConvertedType.ENUM
                || converted == ConvertedType.JSON));
  }

  /** The bytes as text, or null when they are not valid UTF-8. */
  private static String decodeUtf8(Bytes value) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(value.asByteBuffer())
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static boolean isUnsigned(LogicalType logical, ConvertedType converted) {
    if (logical instanceof LogicalType.IntType i) {
      return !i.signed();
    }
    return converted == ConvertedType.UINT_8
        || converted == ConvertedType.UINT_16
        || converted == ConvertedType.UINT_32
        || converted == ConvertedType.UINT_64;
  }

  private static Integer decimalScale(
      LogicalType logical, ConvertedType converted, ColumnDescriptor column) {
    if (logical instanceof LogicalType.DecimalType d) {
      return d.scale();
    }
    if (logical == null && converted == ConvertedType.DECIMAL) {
      Integer scale = column.element().scale();
      return scale == null ? 0 : scale;
    }
    return null;
  }

  /** Valid UTF-8 as text in quotes (control characters escaped); anything else as hex. */
  private static String utf8(Bytes value) {
    String s = decodeUtf8(value);
    if (s == null) {
      return "0x" + value.toHex() + " (not UTF-8)";
    }
    StringBuilder sb = new StringBuilder("\"");
    s.codePoints()
        .forEach(
            cp -> {
              if (cp == '"' || cp == '\\') {
                sb.append('\\').appendCodePoint(cp);
              } else if (cp < 0x20 || cp == 0x7f) {
                sb.append(String.format("\\u%04x", cp));
              } else {
                sb.appendCodePoint(cp);
              }
            });
    return sb.append('"').toString();
  }
}
