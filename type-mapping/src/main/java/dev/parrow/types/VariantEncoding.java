package dev.parrow.types;

import dev.parrow.codec.ParquetFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * The Variant binary encoding of the Parquet format (VariantEncoding.md): a metadata blob (the
 * dictionary of field names) and a value blob. Reads a variant as JSON text, and writes variant
 * values ({@link Writer}) for readers that reassemble shredded variants. Every offset and size read
 * from a blob is checked against the blob, so a malformed variant is a {@link
 * ParquetFormatException}, never an out-of-bounds read.
 */
public final class VariantEncoding {
  private VariantEncoding() {}

  /** The variant null value (basic type primitive, type null). */
  public static final byte[] NULL = {0};

  private static final int PRIMITIVE = 0;
  private static final int SHORT_STRING = 1;
  private static final int OBJECT = 2;
  private static final int ARRAY = 3;

  /** The dictionary of a variant's metadata blob. */
  public static final class Metadata {
    private final byte[] bytes;
    private final int count;
    private final int offsetSize;
    private final int offsetsStart;
    private final int stringsStart;
    private Map<String, Integer> ids;

    private Metadata(byte[] bytes) {
      this.bytes = bytes;
      if (bytes.length < 1) {
        throw new ParquetFormatException("variant metadata is empty");
      }
      int header = bytes[0] & 0xFF;
      if ((header & 0x0F) != 1) {
        throw new ParquetFormatException(
            "variant metadata has version " + (header & 0x0F) + "; only version 1 is known");
      }
      offsetSize = ((header >> 6) & 3) + 1;
      long n = unsigned(bytes, 1, offsetSize);
      offsetsStart = 1 + offsetSize;
      long end = offsetsStart + (n + 1) * offsetSize;
      if (n > Integer.MAX_VALUE || end > bytes.length) {
        throw new ParquetFormatException(
            "variant metadata of " + bytes.length + " bytes cannot hold " + n + " names");
      }
      count = (int) n;
      stringsStart = (int) end;
    }

    /**
     * Parses a metadata blob.
     *
     * @param bytes the blob
     * @return its dictionary
     */
    public static Metadata of(byte[] bytes) {
      return new Metadata(bytes);
    }

    /**
     * The number of names.
     *
     * @return the dictionary's size
     */
    public int size() {
      return count;
    }

    /**
     * How many bytes of the blob the metadata takes (header, offsets and names): where a value
     * stored right after it starts.
     *
     * @return the length
     */
    public int byteLength() {
      long last = unsigned(bytes, offsetsStart + count * offsetSize, offsetSize);
      if (stringsStart + last > bytes.length) {
        throw new ParquetFormatException("variant metadata names end after the blob");
      }
      return stringsStart + (int) last;
    }

    /**
     * One name.
     *
     * @param id its index in the dictionary
     * @return the name
     */
    public String name(int id) {
      if (id < 0 || id >= count) {
        throw new ParquetFormatException(
            "variant field id " + id + " is outside the dictionary of " + count + " names");
      }
      long start = unsigned(bytes, offsetsStart + id * offsetSize, offsetSize);
      long end = unsigned(bytes, offsetsStart + (id + 1) * offsetSize, offsetSize);
      if (start > end || stringsStart + end > bytes.length) {
        throw new ParquetFormatException("variant metadata name " + id + " is out of bounds");
      }
      return new String(
          bytes, stringsStart + (int) start, (int) (end - start), StandardCharsets.UTF_8);
    }

    /**
     * The id of a name, or -1 when the dictionary lacks it.
     *
     * @param name the field name
     * @return its id
     */
    public int id(String name) {
      if (ids == null) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < count; i++) {
          m.putIfAbsent(name(i), i);
        }
        ids = m;
      }
      return ids.getOrDefault(name, -1);
    }
  }

  /**
   * A variant as JSON: objects, arrays, strings and numbers as themselves; binaries in base64;
   * dates, times, timestamps and UUIDs as ISO-8601 and canonical strings (UTC timestamps with a
   * {@code Z}); NaN and the infinities as strings.
   *
   * @param metadata the metadata blob
   * @param value the value blob
   * @return the JSON text
   */
  public static String toJson(byte[] metadata, byte[] value) {
    StringBuilder out = new StringBuilder();
    json(Metadata.of(metadata), value, 0, out, 0);
    return out.toString();
  }

  /**
   * Checks that {@code value} is exactly one well-formed variant value against the dictionary
   * {@code m}, all the way down: every primitive's type is known and its bytes lie within its
   * container, every object's field ids name dictionary entries and its fields lie at distinct
   * offsets within it, every array's elements lie within it, and nothing is nested deeper than 512
   * levels. Readers check values they hand on unparsed, so that a malformed one (parquet-testing's
   * {@code bad_data/variants}) is an error at the read, not later in the consumer.
   *
   * @param m the dictionary of the value's metadata
   * @param value the value's bytes
   * @throws ParquetFormatException if it is malformed
   */
  public static void validate(Metadata m, byte[] value) {
    if (value.length == 0 || valueSize(value, 0) != value.length) {
      throw new ParquetFormatException(
          "variant value of " + value.length + " bytes does not hold exactly one value");
    }
    validate(m, value, 0, 0);
  }

  private static void validate(Metadata m, byte[] v, int offset, int depth) {
    if (depth > 512) {
      throw new ParquetFormatException("variant nested deeper than 512 levels");
    }
    int basic = v[offset] & 3;
    if (basic != OBJECT && basic != ARRAY) {
      // A primitive's type and size were checked by valueSize (its container's bounds too).
      return;
    }
    Container c = container(v, offset);
    long[] starts = basic == OBJECT ? new long[c.count] : null;
    for (int i = 0; i < c.count; i++) {
      int start = c.valueStart(v, i);
      if (starts != null) {
        long id = unsigned(v, c.idsStart + i * c.idSize, c.idSize);
        if (id >= m.size()) {
          throw new ParquetFormatException(
              "variant field id " + id + " is outside the dictionary of " + m.size() + " names");
        }
        starts[i] = start;
      }
      validate(m, v, start, depth + 1);
    }
    if (starts != null && starts.length > 1) {
      long[] sorted = starts.clone();
      Arrays.sort(sorted);
      for (int i = 1; i < sorted.length; i++) {
        if (sorted[i] == sorted[i - 1]) {
          throw new ParquetFormatException(
              "two fields of a variant object share the value at offset " + sorted[i]);
        }
      }
    }
  }

  /**
   * The size in bytes of the value that starts at {@code offset}, checked to lie within the buffer.
   *
   * @param value the buffer holding it
   * @param offset where it starts
   * @return its size
   * @throws ParquetFormatException if the value does not fit the buffer
   */
  public static int valueSize(byte[] value, int offset) {
    int size = claimedSize(value, offset);
    check(value, offset, size);
    return size;
  }

  /** The size the header of the value at {@code offset} gives it, not yet checked. */
  private static int claimedSize(byte[] value, int offset) {
    check(value, offset, 1);
    int header = value[offset] & 0xFF;
    int basic = header & 3;
    int h = header >>> 2;
    return switch (basic) {
      case SHORT_STRING -> 1 + h;
      case OBJECT, ARRAY -> {
        Container c = container(value, offset);
        yield c.valuesStart - offset + c.last;
      }
      default ->
          switch (h) {
            case 0, 1, 2 -> 1;
            case 3 -> 2;
            case 4 -> 3;
            case 5, 11, 14 -> 5;
            case 6, 7, 12, 13, 17, 18, 19 -> 9;
            case 8 -> 6;
            case 9 -> 10;
            case 10 -> 18;
            case 15, 16 -> {
              long n = unsigned(value, offset + 1, 4);
              if (n > Integer.MAX_VALUE - 5) {
                throw new ParquetFormatException("variant value of " + n + " bytes");
              }
              yield 5 + (int) n;
            }
            case 20 -> 17;
            default -> throw new ParquetFormatException("unknown variant primitive type " + h);
          };
    };
  }

  /**
   * Whether the value at {@code offset} is an object.
   *
   * @param value the buffer holding it
   * @param offset where it starts
   * @return true for an object
   */
  public static boolean isObject(byte[] value, int offset) {
    check(value, offset, 1);
    return (value[offset] & 3) == OBJECT;
  }

  /** {@link #typeOf}'s answer for an object. */
  public static final int TYPE_OBJECT = -1;

  /** {@link #typeOf}'s answer for an array. */
  public static final int TYPE_ARRAY = -2;

  /**
   * The type of the value at {@code offset}: its primitive type id (VariantEncoding.md: 0 null, 1
   * and 2 booleans, 3 to 6 integers of 1 to 8 bytes, 7 double, 8 to 10 decimals of 4, 8 and 16
   * bytes, 11 date, 12 and 13 timestamps, 14 float, 15 binary, 16 string (a short string too), 17
   * time, 18 and 19 nanosecond timestamps, 20 UUID), or {@link #TYPE_OBJECT} or {@link
   * #TYPE_ARRAY}.
   *
   * @param value the buffer holding it
   * @param offset where it starts
   * @return the type
   */
  public static int typeOf(byte[] value, int offset) {
    check(value, offset, 1);
    int header = value[offset] & 0xFF;
    return switch (header & 3) {
      case SHORT_STRING -> 16;
      case OBJECT -> TYPE_OBJECT;
      case ARRAY -> TYPE_ARRAY;
      default -> header >>> 2;
    };
  }

  /**
   * Where the elements of the array at {@code offset} start.
   *
   * @param value the buffer holding it
   * @param offset where the array starts
   * @return each element's offset, in order
   */
  public static int[] arrayElements(byte[] value, int offset) {
    Container c = container(value, offset);
    if (c.object) {
      throw new ParquetFormatException("the variant value is not an array");
    }
    int[] starts = new int[c.count];
    for (int i = 0; i < c.count; i++) {
      starts[i] = c.valueStart(value, i);
    }
    return starts;
  }

  /**
   * Where the bytes of the string or binary at {@code offset} start, and how many: {@code {start,
   * length}}.
   *
   * @param value the buffer holding it
   * @param offset where the value starts
   * @return its bytes' start and length
   */
  public static int[] bytesOf(byte[] value, int offset) {
    check(value, offset, valueSize(value, offset));
    int header = value[offset] & 0xFF;
    if ((header & 3) == SHORT_STRING) {
      return new int[] {offset + 1, header >>> 2};
    }
    return new int[] {offset + 5, (int) unsigned(value, offset + 1, 4)};
  }

  /**
   * The little-endian integer of {@code bytes} bytes after the header of the value at {@code
   * offset} (the payload of an integer, date, time, timestamp, float or double), sign-extended.
   *
   * @param value the buffer holding it
   * @param offset where the value starts
   * @param bytes the payload's width
   * @return the payload
   */
  public static long payload(byte[] value, int offset, int bytes) {
    check(value, offset, 1 + bytes);
    return signed(value, offset + 1, bytes);
  }

  /**
   * The decimal at {@code offset} (types 8 to 10): its unscaled value and scale.
   *
   * @param value the buffer holding it
   * @param offset where the value starts
   * @return the decimal
   */
  public static BigDecimal decimal(byte[] value, int offset) {
    int type = typeOf(value, offset);
    int width = type == 8 ? 4 : type == 9 ? 8 : 16;
    check(value, offset, 2 + width);
    byte[] big = new byte[width];
    for (int i = 0; i < width; i++) {
      big[i] = value[offset + 1 + width - i];
    }
    return new BigDecimal(new BigInteger(big), value[offset + 1]);
  }

  /**
   * The fields of the object at {@code offset}: for each, its field id and where its value starts.
   *
   * @param value the buffer holding it
   * @param offset where the object starts
   * @return the field ids and value offsets, in the object's order
   */
  public static int[][] objectFields(byte[] value, int offset) {
    Container c = container(value, offset);
    if (!c.object) {
      throw new ParquetFormatException("the variant value is not an object");
    }
    int[] ids = new int[c.count];
    int[] starts = new int[c.count];
    for (int i = 0; i < c.count; i++) {
      ids[i] = (int) unsigned(value, c.idsStart + i * c.idSize, c.idSize);
      starts[i] = c.valueStart(value, i);
    }
    return new int[][] {ids, starts};
  }

  /** The layout of an object or array value. */
  private record Container(
      boolean object,
      int count,
      int idSize,
      int idsStart,
      int offsetSize,
      int offsetsStart,
      int valuesStart,
      int last) {
    int valueStart(byte[] value, int i) {
      long o = unsigned(value, offsetsStart + i * offsetSize, offsetSize);
      if (o >= last) {
        throw new ParquetFormatException("variant element offset " + o + " is out of bounds");
      }
      int start = valuesStart + (int) o;
      // The element lies within its container, not only within the buffer: a value copied whole
      // (shredded, or kept as it is) carries all of it.
      if ((long) start + claimedSize(value, start) > (long) valuesStart + last) {
        throw new ParquetFormatException(
            "variant element " + i + " runs past the end of its " + (object ? "object" : "array"));
      }
      return start;
    }
  }

  private static Container container(byte[] value, int offset) {
    check(value, offset, 1);
    int header = value[offset] & 0xFF;
    boolean object = (header & 3) == OBJECT;
    int h = header >>> 2;
    int offsetSize = (h & 3) + 1;
    int idSize = object ? ((h >> 2) & 3) + 1 : 0;
    boolean large = object ? (h & 0x10) != 0 : (h & 0x04) != 0;
    int countSize = large ? 4 : 1;
    long n = unsigned(value, offset + 1, countSize);
    long idsStart = offset + 1L + countSize;
    long offsetsStart = idsStart + n * idSize;
    long valuesStart = offsetsStart + (n + 1) * offsetSize;
    if (n > Integer.MAX_VALUE || valuesStart > value.length) {
      throw new ParquetFormatException(
          "variant " + (object ? "object" : "array") + " of " + n + " elements is out of bounds");
    }
    long last = unsigned(value, (int) (offsetsStart + n * offsetSize), offsetSize);
    if (valuesStart + last > value.length) {
      throw new ParquetFormatException("variant values end after the value's " + value.length);
    }
    return new Container(
        object,
        (int) n,
        idSize,
        (int) idsStart,
        offsetSize,
        (int) offsetsStart,
        (int) valuesStart,
        (int) last);
  }

  private static void json(Metadata m, byte[] v, int offset, StringBuilder out, int depth) {
    if (depth > 512) {
      throw new ParquetFormatException("variant nested deeper than 512 levels");
    }
    check(v, offset, 1);
    int header = v[offset] & 0xFF;
    int basic = header & 3;
    int h = header >>> 2;
    switch (basic) {
      case SHORT_STRING -> {
        check(v, offset + 1, h);
        quote(new String(v, offset + 1, h, StandardCharsets.UTF_8), out);
      }
      case OBJECT -> {
        Container c = container(v, offset);
        out.append('{');
        for (int i = 0; i < c.count; i++) {
          if (i > 0) {
            out.append(',');
          }
          quote(m.name((int) unsigned(v, c.idsStart + i * c.idSize, c.idSize)), out);
          out.append(':');
          json(m, v, c.valueStart(v, i), out, depth + 1);
        }
        out.append('}');
      }
      case ARRAY -> {
        Container c = container(v, offset);
        out.append('[');
        for (int i = 0; i < c.count; i++) {
          if (i > 0) {
            out.append(',');
          }
          json(m, v, c.valueStart(v, i), out, depth + 1);
        }
        out.append(']');
      }
      default -> primitive(v, offset, h, out);
    }
  }

  private static void primitive(byte[] v, int offset, int type, StringBuilder out) {
    int p = offset + 1;
    check(v, offset, valueSize(v, offset));
    switch (type) {
      case 0 -> out.append("null");
      case 1 -> out.append("true");
      case 2 -> out.append("false");
      case 3 -> out.append(v[p]);
      case 4 -> out.append((short) signed(v, p, 2));
      case 5 -> out.append((int) signed(v, p, 4));
      case 6 -> out.append(signed(v, p, 8));
      case 7 -> number(Double.longBitsToDouble(signed(v, p, 8)), out);
      case 14 -> number(Float.intBitsToFloat((int) signed(v, p, 4)), out);
      case 8, 9, 10 -> {
        int width = type == 8 ? 4 : type == 9 ? 8 : 16;
        byte[] big = new byte[width];
        for (int i = 0; i < width; i++) {
          big[i] = v[p + width - i];
        }
        out.append(new BigDecimal(new BigInteger(big), v[p]).toPlainString());
      }
      case 11 -> quote(LocalDate.ofEpochDay(signed(v, p, 4)).toString(), out);
      case 12, 13, 18, 19 -> {
        long t = signed(v, p, 8);
        boolean nanos = type >= 18;
        long seconds = Math.floorDiv(t, nanos ? 1_000_000_000L : 1_000_000L);
        long fraction = Math.floorMod(t, nanos ? 1_000_000_000L : 1_000_000L) * (nanos ? 1 : 1000);
        Instant instant = Instant.ofEpochSecond(seconds, fraction);
        boolean utc = type == 12 || type == 18;
        quote(
            utc ? instant.toString() : LocalDateTime.ofInstant(instant, ZoneOffset.UTC).toString(),
            out);
      }
      case 17 -> {
        long micros = signed(v, p, 8);
        if (micros < 0 || micros >= 86_400_000_000L) {
          throw new ParquetFormatException("variant time of " + micros + " microseconds of a day");
        }
        quote(LocalTime.ofNanoOfDay(micros * 1000).toString(), out);
      }
      case 15 -> {
        int n = (int) unsigned(v, p, 4);
        quote(Base64.getEncoder().encodeToString(Arrays.copyOfRange(v, p + 4, p + 4 + n)), out);
      }
      case 16 -> {
        int n = (int) unsigned(v, p, 4);
        quote(new String(v, p + 4, n, StandardCharsets.UTF_8), out);
      }
      case 20 -> {
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
          hi = hi << 8 | (v[p + i] & 0xFF);
          lo = lo << 8 | (v[p + 8 + i] & 0xFF);
        }
        quote(new java.util.UUID(hi, lo).toString(), out);
      }
      default -> throw new ParquetFormatException("unknown variant primitive type " + type);
    }
  }

  private static void number(double d, StringBuilder out) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      quote(Double.toString(d), out);
    } else {
      out.append(d);
    }
  }

  private static void number(float f, StringBuilder out) {
    if (Float.isNaN(f) || Float.isInfinite(f)) {
      quote(Float.toString(f), out);
    } else {
      out.append(f);
    }
  }

  private static void quote(String s, StringBuilder out) {
    out.append(JsonStrings.quote(s));
  }

  private static void check(byte[] v, int offset, int length) {
    if (offset < 0 || length < 0 || (long) offset + length > v.length) {
      throw new ParquetFormatException(
          "variant value of "
              + v.length
              + " bytes is cut short: "
              + length
              + " bytes needed at "
              + offset);
    }
  }

  private static long unsigned(byte[] b, int offset, int size) {
    check(b, offset, size);
    long r = 0;
    for (int i = size - 1; i >= 0; i--) {
      r = r << 8 | (b[offset + i] & 0xFF);
    }
    return r;
  }

  private static long signed(byte[] b, int offset, int size) {
    long r = unsigned(b, offset, size);
    int shift = 64 - 8 * size;
    return r << shift >> shift;
  }

  /**
   * Appends variant values to a growing buffer. Objects and arrays are written after their
   * elements: the elements first, from a mark, then {@link #finishObject} or {@link #finishArray}
   * puts the header in front of them.
   */
  public static final class Writer {
    private byte[] buf = new byte[256];
    private int size;

    /** An empty writer. */
    public Writer() {}

    /**
     * Where the next value starts.
     *
     * @return the position
     */
    public int position() {
      return size;
    }

    /**
     * The buffer written so far, valid up to {@link #position()} (not a copy: for a bulk copy out).
     *
     * @return the buffer
     */
    public byte[] buffer() {
      return buf;
    }

    /**
     * The bytes written since {@code from}.
     *
     * @param from a position
     * @return a copy of them
     */
    public byte[] copy(int from) {
      return Arrays.copyOfRange(buf, from, size);
    }

    /**
     * Forgets everything from {@code position} on.
     *
     * @param position a position
     */
    public void truncate(int position) {
      size = position;
    }

    private void ensure(int more) {
      if (size + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
      }
    }

    private void le(long x, int bytes) {
      ensure(bytes);
      for (int i = 0; i < bytes; i++) {
        buf[size++] = (byte) (x >>> (8 * i));
      }
    }

    private void header(int type) {
      ensure(1);
      buf[size++] = (byte) (type << 2);
    }

    /**
     * Appends bytes that are already a variant value.
     *
     * @param value the buffer
     * @param offset where the value starts
     * @param length its size
     */
    public void raw(byte[] value, int offset, int length) {
      ensure(length);
      System.arraycopy(value, offset, buf, size, length);
      size += length;
    }

    /** Appends the variant null. */
    public void nullValue() {
      header(0);
    }

    /**
     * Appends a boolean.
     *
     * @param b the value
     */
    public void bool(boolean b) {
      header(b ? 1 : 2);
    }

    /**
     * Appends an integer of 1, 2, 4 or 8 bytes.
     *
     * @param x the value
     * @param bytes its width
     */
    public void integer(long x, int bytes) {
      header(bytes == 1 ? 3 : bytes == 2 ? 4 : bytes == 4 ? 5 : 6);
      le(x, bytes);
    }

    /**
     * Appends a double.
     *
     * @param d the value
     */
    public void float64(double d) {
      header(7);
      le(Double.doubleToRawLongBits(d), 8);
    }

    /**
     * Appends a float.
     *
     * @param f the value
     */
    public void float32(float f) {
      header(14);
      le(Float.floatToRawIntBits(f), 4);
    }

    /**
     * Appends a decimal as decimal4, decimal8 or decimal16 by its precision.
     *
     * @param unscaled the unscaled value
     * @param precision the decimal's precision
     * @param scale its scale
     */
    public void decimal(BigInteger unscaled, int precision, int scale) {
      int width = precision <= 9 ? 4 : precision <= 18 ? 8 : 16;
      header(width == 4 ? 8 : width == 8 ? 9 : 10);
      ensure(1 + width);
      buf[size++] = (byte) scale;
      byte[] be = unscaled.toByteArray();
      for (int i = 0; i < width; i++) {
        int j = be.length - 1 - i;
        buf[size++] = j >= 0 ? be[j] : (byte) (unscaled.signum() < 0 ? -1 : 0);
      }
    }

    /**
     * Appends a date.
     *
     * @param days days since 1970-01-01
     */
    public void date(int days) {
      header(11);
      le(days, 4);
    }

    /**
     * Appends a time of day without zone.
     *
     * @param micros microseconds since midnight
     */
    public void time(long micros) {
      header(17);
      le(micros, 8);
    }

    /**
     * Appends a timestamp.
     *
     * @param t the value, in microseconds or nanoseconds since the epoch
     * @param nanos whether {@code t} counts nanoseconds
     * @param utc whether it is an instant (adjusted to UTC) rather than a local date-time
     */
    public void timestamp(long t, boolean nanos, boolean utc) {
      header(nanos ? (utc ? 18 : 19) : (utc ? 12 : 13));
      le(t, 8);
    }

    /**
     * Appends a binary or a string.
     *
     * @param bytes the buffer
     * @param offset where the value starts
     * @param length its size
     * @param string whether it is UTF-8 text
     */
    public void bytes(byte[] bytes, int offset, int length, boolean string) {
      header(string ? 16 : 15);
      le(length, 4);
      raw(bytes, offset, length);
    }

    /**
     * Appends a UUID.
     *
     * @param bytes the buffer holding its 16 big-endian bytes
     * @param offset where they start
     */
    public void uuid(byte[] bytes, int offset) {
      header(20);
      raw(bytes, offset, 16);
    }

    /**
     * Turns the values written since {@code mark} into an object. Its fields are given in any
     * order; they are listed by name, as the encoding requires.
     *
     * @param mark where the first field's value starts
     * @param ids each field's id in the metadata dictionary
     * @param names each field's name
     * @param starts where each field's value starts
     * @param count how many fields
     */
    public void finishObject(int mark, int[] ids, String[] names, int[] starts, int count) {
      Integer[] order = new Integer[count];
      for (int i = 0; i < count; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> compareNames(names[a], names[b]));
      for (int i = 1; i < count; i++) {
        if (names[order[i]].equals(names[order[i - 1]])) {
          throw new ParquetFormatException(
              "Invalid variant, the object has field '" + names[order[i]] + "' twice");
        }
      }
      int maxId = 0;
      for (int i = 0; i < count; i++) {
        maxId = Math.max(maxId, ids[i]);
      }
      int total = size - mark;
      int idSize = byteWidth(maxId);
      int offsetSize = byteWidth(total);
      boolean large = count > 255;
      int countSize = large ? 4 : 1;
      int headerSize = 1 + countSize + count * idSize + (count + 1) * offsetSize;
      shift(mark, headerSize);
      int p = mark;
      buf[p++] =
          (byte) ((((large ? 0x10 : 0) | (idSize - 1) << 2 | (offsetSize - 1)) << 2) | OBJECT);
      p = put(p, count, countSize);
      for (int i = 0; i < count; i++) {
        p = put(p, ids[order[i]], idSize);
      }
      for (int i = 0; i < count; i++) {
        p = put(p, starts[order[i]] - mark, offsetSize);
      }
      put(p, total, offsetSize);
    }

    /**
     * Turns the values written since {@code mark} into an array, in the order they were written.
     *
     * @param mark where the first element starts
     * @param starts where each element starts
     * @param count how many elements
     */
    public void finishArray(int mark, int[] starts, int count) {
      int total = size - mark;
      int offsetSize = byteWidth(total);
      boolean large = count > 255;
      int countSize = large ? 4 : 1;
      int headerSize = 1 + countSize + (count + 1) * offsetSize;
      shift(mark, headerSize);
      int p = mark;
      buf[p++] = (byte) ((((large ? 0x04 : 0) | (offsetSize - 1)) << 2) | ARRAY);
      p = put(p, count, countSize);
      for (int i = 0; i < count; i++) {
        p = put(p, starts[i] - mark, offsetSize);
      }
      put(p, total, offsetSize);
    }

    private void shift(int mark, int by) {
      ensure(by);
      System.arraycopy(buf, mark, buf, mark + by, size - mark);
      size += by;
    }

    private int put(int p, long x, int bytes) {
      for (int i = 0; i < bytes; i++) {
        buf[p++] = (byte) (x >>> (8 * i));
      }
      return p;
    }
  }

  private static int byteWidth(long max) {
    return max <= 0xFF ? 1 : max <= 0xFFFF ? 2 : max <= 0xFFFFFF ? 3 : 4;
  }

  /** Field names in the order the encoding lists them: by their UTF-8 bytes, unsigned. */
  private static int compareNames(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
