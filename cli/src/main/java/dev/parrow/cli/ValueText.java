package dev.parrow.cli;

import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
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
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
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
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A column's values as text a person reads: dates and times in ISO form, timestamps in their zone,
 * decimals exact, unsigned integers unsigned, binary as hex; lists, structs and maps as JSON (a map
 * as an object whose keys are the keys' text).
 *
 * <p>A batch is formatted a column at a time ({@link #format}): the way to write the column is
 * chosen once, its values and validity are copied out of Arrow memory in bulk, and each type's own
 * loop writes digits and string bytes into one buffer, with no String per value for integers,
 * decimals of up to 18 digits, dates and strings. Nested values are written value by value.
 */
abstract class ValueText {
  /** How binary values are written: hex ({@code 0x...}) for people, base64 for other tools. */
  enum Binary {
    hex,
    base64
  }

  /** How JSON shows the column's values. */
  enum Json {
    /** As they are: numbers, booleans, nested values. */
    BARE,
    /** In quotes, with nothing inside to escape: dates, times, hex. */
    QUOTED_PLAIN,
    /** In quotes, escaped: strings. */
    QUOTED,
    /** Floats: bare, except NaN and the infinities, which JSON has no literal for. */
    NUMBER_OR_QUOTED
  }

  final FieldVector vector;
  final Json json;

  /** No value holds a character that CSV must quote or a table escape. */
  final boolean plain;

  private byte[] validity = new byte[0];

  private ValueText(FieldVector vector, Json json) {
    this.vector = vector;
    this.json = json;
    this.plain =
        json == Json.QUOTED_PLAIN
            || json == Json.NUMBER_OR_QUOTED
            || switch (vector.getField().getType().getTypeID()) {
              case Int, Decimal, Bool -> true;
              default -> false;
            };
  }

  /** Formats rows {@code [from, to)} into {@code out}, whose row 0 is {@code from}. */
  final void format(int from, int to, ColumnText out) {
    out.reset(to - from);
    if (vector instanceof org.apache.arrow.vector.NullVector) {
      // No validity buffer to read: every value is null.
      for (int r = from; r < to; r++) {
        out.endNull();
      }
      return;
    }
    boolean nulls = vector.getNullCount() > 0;
    if (nulls) {
      int bytes = (to + 7) >>> 3;
      if (validity.length < bytes) {
        validity = new byte[bytes];
      }
      vector.getValidityBuffer().getBytes(0, validity, 0, bytes);
    }
    formatRows(from, to, nulls, out);
  }

  /** Writes rows {@code [from, to)}; when {@code nulls}, {@link #isNull} says which are null. */
  abstract void formatRows(int from, int to, boolean nulls, ColumnText out);

  final boolean isNull(int row) {
    return (validity[row >>> 3] & (1 << (row & 7))) == 0;
  }

  /** Whether JSON shows this value, {@code text[from..]}, without quotes. */
  final boolean bareInJson(Utf8Buffer text, int from, int to) {
    return switch (json) {
      case BARE -> true;
      case QUOTED, QUOTED_PLAIN -> false;
      case NUMBER_OR_QUOTED -> {
        byte c = to > from ? text.byteAt(from) : (byte) 'N';
        yield c != 'N' && c != 'I' && !(c == '-' && text.byteAt(from + 1) == 'I');
      }
    };
  }

  /** The value at {@code row} as a String, or null (for single values and the tests). */
  static String text(FieldVector v, int row) {
    if (v.isNull(row)) {
      return null;
    }
    Utf8Buffer sb = new Utf8Buffer(64);
    of(v, Binary.hex).appendValue(row, sb);
    return sb.toString();
  }

  /** Appends the (non-null) value at {@code row}: the path of nested values. */
  abstract void appendValue(int row, Utf8Buffer sb);

  /** How to write {@code v}'s values, binaries (at any depth) as {@code binary} says. */
  static ValueText of(FieldVector v, Binary binary) {
    if (v instanceof org.apache.arrow.vector.UuidVector u) {
      return new PerValue(v, Json.QUOTED_PLAIN) {
        @Override
        void appendValue(int row, Utf8Buffer sb) {
          sb.append(u.getObject(row).toString());
        }
      };
    }
    if (v instanceof org.apache.arrow.vector.ExtensionTypeVector<?> ext) {
      // Other extensions print as the values they are stored as.
      return of(ext.getUnderlyingVector(), binary);
    }
    ArrowType type = v.getField().getType();
    return switch (type.getTypeID()) {
      case Struct ->
          dev.parrow.types.VariantArrow.isVariant(v.getField())
              ? new VariantText((StructVector) v)
              : new StructText((StructVector) v, binary);
      case List, LargeList, FixedSizeList, ListView, LargeListView, Map -> new ListText(v, binary);
      case Int -> integer(v);
      case FloatingPoint -> floating(v);
      case Decimal -> decimal(v);
      case Date -> new DateText(v);
      case Utf8 -> new BytesText(v, false, null);
      case LargeUtf8 -> new BytesText(v, true, null);
      case Binary -> new BytesText(v, false, binary);
      case LargeBinary -> new BytesText(v, true, binary);
      case Bool ->
          new PerValue(v, Json.BARE) {
            @Override
            void appendValue(int row, Utf8Buffer sb) {
              sb.append(((BitVector) v).get(row) != 0 ? "true" : "false");
            }
          };
      case Time -> {
        ArrowType.Time time = (ArrowType.Time) type;
        yield new PerValue(v, Json.QUOTED_PLAIN) {
          @Override
          void appendValue(int row, Utf8Buffer sb) {
            sb.append(Temporals.timeOfDay(timeValue(v, row), time.getUnit()));
          }
        };
      }
      case Timestamp -> {
        ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
        // A zone's name could hold anything: escape where needed.
        yield new PerValue(v, ts.getTimezone() == null ? Json.QUOTED_PLAIN : Json.QUOTED) {
          @Override
          void appendValue(int row, Utf8Buffer sb) {
            sb.append(
                Temporals.timestamp(
                    ((TimeStampVector) v).get(row), ts.getUnit(), ts.getTimezone()));
          }
        };
      }
      case FixedSizeBinary ->
          isUuid(v.getField())
              ? new PerValue(v, Json.QUOTED_PLAIN) {
                @Override
                void appendValue(int row, Utf8Buffer sb) {
                  java.nio.ByteBuffer b =
                      java.nio.ByteBuffer.wrap(((FixedSizeBinaryVector) v).get(row));
                  sb.append(new java.util.UUID(b.getLong(0), b.getLong(8)).toString());
                }
              }
              : new PerValue(v, Json.QUOTED_PLAIN) {
                @Override
                void appendValue(int row, Utf8Buffer sb) {
                  byte[] value = ((FixedSizeBinaryVector) v).get(row);
                  appendBinary(binary, value, 0, value.length, sb);
                }
              };
      case BinaryView ->
          new PerValue(v, Json.QUOTED_PLAIN) {
            @Override
            void appendValue(int row, Utf8Buffer sb) {
              byte[] value = ((org.apache.arrow.vector.ViewVarBinaryVector) v).get(row);
              appendBinary(binary, value, 0, value.length, sb);
            }
          };
      case Interval ->
          new PerValue(v, Json.QUOTED_PLAIN) {
            @Override
            void appendValue(int row, Utf8Buffer sb) {
              sb.append(
                  v instanceof IntervalMonthDayNanoVector iv
                      ? iv.getObject(row).toString()
                      : String.valueOf(v.getObject(row)));
            }
          };
      case Null ->
          new PerValue(v, Json.BARE) {
            @Override
            void appendValue(int row, Utf8Buffer sb) {
              sb.append("null");
            }
          };
      default ->
          new PerValue(v, Json.QUOTED) {
            @Override
            void appendValue(int row, Utf8Buffer sb) {
              sb.append(String.valueOf(v.getObject(row)));
            }
          };
    };
  }

  /** Types printed value by value: the rare ones, and those whose text needs a String anyway. */
  private abstract static class PerValue extends ValueText {
    PerValue(FieldVector v, Json json) {
      super(v, json);
    }

    @Override
    void formatRows(int from, int to, boolean nulls, ColumnText out) {
      for (int r = from; r < to; r++) {
        if (nulls && isNull(r)) {
          out.endNull();
        } else {
          appendValue(r, out.text);
          out.endValue();
        }
      }
    }
  }

  /** Integers of every width, widened to longs in one bulk copy; unsigned ones kept unsigned. */
  private static ValueText integer(FieldVector v) {
    int width =
        v instanceof BigIntVector || v instanceof UInt8Vector
            ? 8
            : v instanceof IntVector || v instanceof UInt4Vector
                ? 4
                : v instanceof SmallIntVector || v instanceof UInt2Vector ? 2 : 1;
    boolean unsigned = ((ArrowType.Int) v.getField().getType()).getIsSigned() == false;
    if (!(v instanceof BigIntVector
        || v instanceof IntVector
        || v instanceof SmallIntVector
        || v instanceof TinyIntVector
        || v instanceof UInt1Vector
        || v instanceof UInt2Vector
        || v instanceof UInt4Vector
        || v instanceof UInt8Vector)) {
      throw new IllegalStateException("unexpected integer vector " + v.getClass());
    }
    return new IntegerText(v, width, unsigned);
  }

  private static final class IntegerText extends ValueText {
    private final int width;
    private final boolean unsigned;
    private long[] values = new long[0];

    IntegerText(FieldVector v, int width, boolean unsigned) {
      super(v, Json.BARE);
      this.width = width;
      this.unsigned = unsigned;
    }

    @Override
    void formatRows(int from, int to, boolean nulls, ColumnText out) {
      values = Bulk.integers(vector.getDataBuffer(), from, to - from, width, unsigned, values);
      Utf8Buffer text = out.text;
      for (int r = from; r < to; r++) {
        if (nulls && isNull(r)) {
          out.endNull();
          continue;
        }
        long x = values[r - from];
        if (x < 0 && unsigned) {
          text.append(Long.toUnsignedString(x));
        } else {
          text.append(x);
        }
        out.endValue();
      }
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      long x = ((BaseIntVector) vector).getValueAsLong(row);
      if (unsigned && width < 8) {
        x &= (1L << (8 * width)) - 1;
      }
      sb.append(x < 0 && unsigned ? Long.toUnsignedString(x) : Long.toString(x));
    }
  }

  private static ValueText floating(FieldVector v) {
    if (v instanceof Float8Vector d) {
      return new ValueText(v, Json.NUMBER_OR_QUOTED) {
        private double[] values = new double[0];

        @Override
        void formatRows(int from, int to, boolean nulls, ColumnText out) {
          values = Bulk.doubles(d.getDataBuffer(), from, to - from, values);
          for (int r = from; r < to; r++) {
            if (nulls && isNull(r)) {
              out.endNull();
            } else {
              out.text.append(Double.toString(values[r - from]));
              out.endValue();
            }
          }
        }

        @Override
        void appendValue(int row, Utf8Buffer sb) {
          sb.append(Double.toString(d.get(row)));
        }
      };
    }
    return new PerValue(v, Json.NUMBER_OR_QUOTED) {
      @Override
      void appendValue(int row, Utf8Buffer sb) {
        sb.append(
            Float.toString(
                v instanceof Float4Vector f
                    ? f.get(row)
                    : ((Float2Vector) v).getValueAsFloat(row)));
      }
    };
  }

  /** Decimals of up to 18 digits are written from their low 64 bits, with no BigDecimal. */
  private static ValueText decimal(FieldVector v) {
    ArrowType.Decimal type = (ArrowType.Decimal) v.getField().getType();
    int scale = type.getScale();
    if (v instanceof DecimalVector && type.getPrecision() <= 18) {
      return new ValueText(v, Json.BARE) {
        private long[] words = new long[0];

        @Override
        void formatRows(int from, int to, boolean nulls, ColumnText out) {
          // Each value is two little-endian longs; a value of 18 digits lives in the low one.
          words = Bulk.longs(vector.getDataBuffer(), 2 * from, 2 * (to - from), words);
          for (int r = from; r < to; r++) {
            if (nulls && isNull(r)) {
              out.endNull();
            } else {
              appendScaled(words[2 * (r - from)], scale, out.text);
              out.endValue();
            }
          }
        }

        @Override
        void appendValue(int row, Utf8Buffer sb) {
          appendScaled(vector.getDataBuffer().getLong((long) row * 16), scale, sb);
        }
      };
    }
    return new PerValue(v, Json.BARE) {
      @Override
      void appendValue(int row, Utf8Buffer sb) {
        BigDecimal d =
            v instanceof DecimalVector dv
                ? dv.getObject(row)
                : ((Decimal256Vector) v).getObject(row);
        sb.append(d.toPlainString());
      }
    };
  }

  /** {@code unscaled * 10^-scale} as BigDecimal.toPlainString writes it. */
  static void appendScaled(long unscaled, int scale, Utf8Buffer sb) {
    if (scale <= 0 || unscaled == Long.MIN_VALUE) {
      sb.append(BigDecimal.valueOf(unscaled, scale).toPlainString());
      return;
    }
    if (unscaled < 0) {
      sb.ascii('-');
      unscaled = -unscaled;
    }
    int start = sb.length();
    sb.append(unscaled);
    int digits = sb.length() - start;
    // 0.00ddd: zeros up to the scale, then the leading "0."
    for (int i = digits; i <= scale; i++) {
      sb.insert(start, '0');
    }
    sb.insert(sb.length() - scale, '.');
  }

  /** Dates, as days (DateDay) or milliseconds (DateMilli) since the epoch. */
  private static final class DateText extends ValueText {
    private final boolean millis;
    private long[] values = new long[0];

    DateText(FieldVector v) {
      super(v, Json.QUOTED_PLAIN);
      millis = v instanceof DateMilliVector;
      if (!millis && !(v instanceof DateDayVector)) {
        throw new IllegalStateException("unexpected date vector " + v.getClass());
      }
    }

    @Override
    void formatRows(int from, int to, boolean nulls, ColumnText out) {
      values =
          Bulk.integers(vector.getDataBuffer(), from, to - from, millis ? 8 : 4, false, values);
      for (int r = from; r < to; r++) {
        if (nulls && isNull(r)) {
          out.endNull();
        } else {
          long v = values[r - from];
          appendDate(millis ? Math.floorDiv(v, 86_400_000L) : v, out.text);
          out.endValue();
        }
      }
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      long raw = millis ? ((DateMilliVector) vector).get(row) : ((DateDayVector) vector).get(row);
      appendDate(millis ? Math.floorDiv(raw, 86_400_000L) : raw, sb);
    }
  }

  /** yyyy-mm-dd of a day since the epoch, as LocalDate.toString writes it. */
  static void appendDate(long epochDay, Utf8Buffer sb) {
    // Howard Hinnant's civil_from_days, for the years 0..9999 this fast path serves.
    if (epochDay < -719_528 || epochDay > 2_932_896) {
      sb.append(LocalDate.ofEpochDay(epochDay).toString());
      return;
    }
    long z = epochDay + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    int year = (int) (yoe + era * 400 + (month <= 2 ? 1 : 0));
    sb.ascii((char) ('0' + year / 1000))
        .ascii((char) ('0' + year / 100 % 10))
        .ascii((char) ('0' + year / 10 % 10))
        .ascii((char) ('0' + year % 10))
        .ascii('-')
        .ascii((char) ('0' + month / 10))
        .ascii((char) ('0' + month % 10))
        .ascii('-')
        .ascii((char) ('0' + day / 10))
        .ascii((char) ('0' + day % 10));
  }

  /** A 16-byte column that holds UUIDs: Parquet's UUID annotation, or Arrow's extension. */
  private static boolean isUuid(org.apache.arrow.vector.types.pojo.Field f) {
    java.util.Map<String, String> m = f.getMetadata();
    return ((ArrowType.FixedSizeBinary) f.getType()).getByteWidth() == 16
        && ("UUID".equals(m.get(dev.parrow.types.ParquetToArrow.LOGICAL_TYPE_KEY))
            || "arrow.uuid".equals(m.get(dev.parrow.types.ParquetToArrow.EXTENSION_NAME_KEY)));
  }

  /**
   * Strings, copied as the bytes they are, and binaries as hex or base64: the batch's offsets and
   * bytes are copied out of Arrow memory once.
   */
  private static final class BytesText extends ValueText {
    private final boolean large;

    /** How binaries are written; null for strings. */
    private final Binary binary;

    private long[] offsets = new long[0];
    private byte[] data = new byte[0];

    BytesText(FieldVector v, boolean large, Binary binary) {
      super(v, binary != null ? Json.QUOTED_PLAIN : Json.QUOTED);
      this.large = large;
      this.binary = binary;
    }

    @Override
    void formatRows(int from, int to, boolean nulls, ColumnText out) {
      offsets =
          Bulk.integers(
              vector.getOffsetBuffer(), from, to - from + 1, large ? 8 : 4, false, offsets);
      int n = to - from;
      long first = offsets[0];
      int length = Math.toIntExact(offsets[n] - first);
      if (data.length < length) {
        data = new byte[Math.max(length, data.length * 2)];
      }
      vector.getDataBuffer().getBytes(first, data, 0, length);
      Utf8Buffer text = out.text;
      for (int r = from; r < to; r++) {
        if (nulls && isNull(r)) {
          out.endNull();
          continue;
        }
        int at = (int) (offsets[r - from] - first);
        int len = (int) (offsets[r - from + 1] - offsets[r - from]);
        if (binary != null) {
          appendBinary(binary, data, at, len, text);
        } else {
          text.appendRaw(data, at, len);
        }
        out.endValue();
      }
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      long start = large ? offsets.getLong(row * 8L) : offsets.getInt(row * 4L);
      long end = large ? offsets.getLong(row * 8L + 8) : offsets.getInt(row * 4L + 4);
      byte[] value = new byte[Math.toIntExact(end - start)];
      vector.getDataBuffer().getBytes(start, value);
      if (binary != null) {
        appendBinary(binary, value, 0, value.length, sb);
      } else {
        sb.appendRaw(value);
      }
    }
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static final char[] BASE64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();

  static void appendBinary(Binary binary, byte[] bytes, int from, int len, Utf8Buffer sb) {
    if (binary == Binary.hex) {
      appendHex(bytes, from, len, sb);
    } else {
      appendBase64(bytes, from, len, sb);
    }
  }

  /** RFC 4648 base64 with padding, as JSON tools and DuckDB's {@code from_base64} read it. */
  static void appendBase64(byte[] bytes, int from, int len, Utf8Buffer sb) {
    int end = from + len;
    int i = from;
    for (; i + 3 <= end; i += 3) {
      int v = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8 | (bytes[i + 2] & 0xFF);
      sb.ascii(BASE64[v >>> 18]).ascii(BASE64[(v >>> 12) & 63]);
      sb.ascii(BASE64[(v >>> 6) & 63]).ascii(BASE64[v & 63]);
    }
    if (i < end) {
      int v = (bytes[i] & 0xFF) << 16 | (i + 1 < end ? (bytes[i + 1] & 0xFF) << 8 : 0);
      sb.ascii(BASE64[v >>> 18]).ascii(BASE64[(v >>> 12) & 63]);
      sb.ascii(i + 1 < end ? BASE64[(v >>> 6) & 63] : '=').ascii('=');
    }
  }

  static void appendHex(byte[] bytes, Utf8Buffer sb) {
    appendHex(bytes, 0, bytes.length, sb);
  }

  static void appendHex(byte[] bytes, int from, int len, Utf8Buffer sb) {
    sb.ascii('0').ascii('x');
    for (int i = from; i < from + len; i++) {
      sb.ascii(HEX[(bytes[i] >> 4) & 0xF]).ascii(HEX[bytes[i] & 0xF]);
    }
  }

  /** The stored number of a time vector, whatever its width. */
  private static long timeValue(FieldVector v, int row) {
    if (v instanceof TimeSecVector t) {
      return t.get(row);
    }
    if (v instanceof TimeMilliVector t) {
      return t.get(row);
    }
    if (v instanceof TimeMicroVector t) {
      return t.get(row);
    }
    return ((TimeNanoVector) v).get(row);
  }

  /** A variant (the arrow.parquet.variant extension) as the JSON it holds. */
  private static final class VariantText extends PerValue {
    private final org.apache.arrow.vector.VarBinaryVector metadata;
    private final org.apache.arrow.vector.VarBinaryVector value;

    VariantText(StructVector struct) {
      super(struct, Json.BARE);
      metadata = struct.getChild("metadata", org.apache.arrow.vector.VarBinaryVector.class);
      value = struct.getChild("value", org.apache.arrow.vector.VarBinaryVector.class);
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      sb.append(dev.parrow.types.VariantEncoding.toJson(metadata.get(row), value.get(row)));
    }
  }

  /** A struct as a JSON object of its fields. */
  private static final class StructText extends PerValue {
    private final byte[][] names;
    private final ValueText[] children;

    StructText(StructVector struct, Binary binary) {
      super(struct, Json.BARE);
      List<FieldVector> fields = struct.getChildrenFromFields();
      names = new byte[fields.size()][];
      children = new ValueText[fields.size()];
      for (int c = 0; c < fields.size(); c++) {
        names[c] =
            ((c > 0 ? ", " : "") + JsonWriter.quote(fields.get(c).getName()) + ": ")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        children[c] = of(fields.get(c), binary);
      }
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      sb.ascii('{');
      for (int c = 0; c < names.length; c++) {
        sb.appendRaw(names[c]);
        appendJson(children[c], row, sb);
      }
      sb.ascii('}');
    }
  }

  /** A list as a JSON array; a map as a JSON object keyed by the keys' text. */
  private static final class ListText extends PerValue {
    private final ValueText elements;
    private final ValueText keys;
    private final ValueText values;

    ListText(FieldVector v, Binary binary) {
      super(v, Json.BARE);
      FieldVector data =
          v instanceof LargeListVector large
              ? large.getDataVector()
              : v instanceof FixedSizeListVector fixed
                  ? fixed.getDataVector()
                  : v instanceof org.apache.arrow.vector.complex.ListViewVector view
                      ? view.getDataVector()
                      : v instanceof org.apache.arrow.vector.complex.LargeListViewVector largeView
                          ? largeView.getDataVector()
                          : ((ListVector) v).getDataVector();
      if (v instanceof MapVector) {
        List<FieldVector> kv = ((StructVector) data).getChildrenFromFields();
        keys = of(kv.get(0), binary);
        values = kv.size() > 1 ? of(kv.get(1), binary) : null;
        elements = null;
      } else {
        elements = of(data, binary);
        keys = null;
        values = null;
      }
    }

    @Override
    void appendValue(int row, Utf8Buffer sb) {
      long start;
      long end;
      if (vector instanceof LargeListVector large) {
        start = large.getOffsetBuffer().getLong((long) row * 8);
        end = large.getOffsetBuffer().getLong((long) (row + 1) * 8);
      } else if (vector instanceof FixedSizeListVector fixed) {
        start = (long) row * fixed.getListSize();
        end = start + fixed.getListSize();
      } else if (vector instanceof org.apache.arrow.vector.complex.ListViewVector view) {
        start = view.getOffsetBuffer().getInt((long) row * 4);
        end = start + view.getSizeBuffer().getInt((long) row * 4);
      } else if (vector instanceof org.apache.arrow.vector.complex.LargeListViewVector view) {
        start = view.getOffsetBuffer().getLong((long) row * 8);
        end = start + view.getSizeBuffer().getLong((long) row * 8);
      } else {
        ListVector list = (ListVector) vector;
        start = list.getElementStartIndex(row);
        end = list.getElementEndIndex(row);
      }
      if (keys != null) {
        sb.ascii('{');
        for (long j = start; j < end; j++) {
          sb.append(j > start ? ", " : "");
          String key = text(keys.vector, (int) j);
          sb.append(JsonWriter.quote(key == null ? "null" : key)).append(": ");
          if (values != null) {
            appendJson(values, (int) j, sb);
          } else {
            sb.append("null");
          }
        }
        sb.ascii('}');
        return;
      }
      sb.ascii('[');
      for (long j = start; j < end; j++) {
        sb.append(j > start ? ", " : "");
        appendJson(elements, (int) j, sb);
      }
      sb.ascii(']');
    }
  }

  /** A nested value as JSON: null, bare, or a quoted string. */
  static void appendJson(ValueText column, int row, Utf8Buffer sb) {
    if (column.vector.isNull(row)) {
      sb.append("null");
      return;
    }
    int from = sb.length();
    column.appendValue(row, sb);
    if (!column.bareInJson(sb, from, sb.length())) {
      byte[] text = java.util.Arrays.copyOfRange(sb.array(), from, sb.length());
      sb.setLength(from);
      JsonWriter.appendQuoted(text, 0, text.length, sb);
    }
  }

  /** Bulk copies out of Arrow memory into reused Java arrays. */
  static final class Bulk {
    private Bulk() {}

    /** {@code n} little-endian longs from the {@code start}th. */
    static long[] longs(ArrowBuf buf, int start, int n, long[] reuse) {
      long[] out = reuse.length >= n ? reuse : new long[n];
      buf.nioBuffer(start * 8L, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out, 0, n);
      return out;
    }

    static double[] doubles(ArrowBuf buf, int start, int n, double[] reuse) {
      double[] out = reuse.length >= n ? reuse : new double[n];
      buf.nioBuffer(start * 8L, n * 8)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asDoubleBuffer()
          .get(out, 0, n);
      return out;
    }

    /**
     * {@code n} integers of {@code width} bytes from the {@code start}th, sign- or zero-extended to
     * longs.
     */
    static long[] integers(
        ArrowBuf buf, int start, int n, int width, boolean unsigned, long[] reuse) {
      if (width == 8) {
        return longs(buf, start, n, reuse);
      }
      long[] out = reuse.length >= n ? reuse : new long[n];
      var bytes = buf.nioBuffer((long) start * width, n * width).order(ByteOrder.LITTLE_ENDIAN);
      switch (width) {
        case 4 -> {
          var ints = bytes.asIntBuffer();
          for (int i = 0; i < n; i++) {
            int x = ints.get(i);
            out[i] = unsigned ? Integer.toUnsignedLong(x) : x;
          }
        }
        case 2 -> {
          var shorts = bytes.asShortBuffer();
          for (int i = 0; i < n; i++) {
            short x = shorts.get(i);
            out[i] = unsigned ? Short.toUnsignedLong(x) : x;
          }
        }
        default -> {
          for (int i = 0; i < n; i++) {
            byte x = bytes.get(i);
            out[i] = unsigned ? Byte.toUnsignedLong(x) : x;
          }
        }
      }
      return out;
    }
  }
}
