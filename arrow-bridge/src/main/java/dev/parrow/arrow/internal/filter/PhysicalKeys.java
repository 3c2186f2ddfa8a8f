package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.fill.Int96Timestamps;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.values.Int96;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.Float16;

/**
 * Stored values (statistics bounds, dictionary entries) to keys of a column's {@link Domain}, and
 * keys back to the PLAIN bytes a Bloom filter hashes.
 */
final class PhysicalKeys {
  private PhysicalKeys() {}

  /** Whether the column holds unsigned integers in INT32 (uint8, uint16, uint32). */
  static boolean unsignedInt32(FilterColumn c) {
    return c.column().physicalType() == PhysicalType.INT32
        && c.literal() == FilterColumn.LiteralKind.INTEGER
        && c.min().signum() == 0;
  }

  /**
   * A TIMESTAMP stored as FIXED_LEN_BYTE_ARRAY(12) (little-endian, and read in a unit of the
   * caller's choice): filtered row by row only, as INT96 timestamps are; its statistics, dictionary
   * and Bloom filter are not consulted.
   */
  static boolean isFixedTimestamp(FilterColumn c) {
    return c.literal() == FilterColumn.LiteralKind.TIMESTAMP
        && c.column().physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY;
  }

  static Object fromInt(FilterColumn c, int v) {
    if (c.domain() == Domain.FLOAT) {
      return (double) Float.intBitsToFloat(v);
    }
    return unsignedInt32(c) ? v & 0xFFFFFFFFL : (long) v;
  }

  static Object fromLong(FilterColumn c, long v) {
    return c.domain() == Domain.FLOAT ? Double.longBitsToDouble(v) : (Object) v;
  }

  /** A FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY value. Null when it cannot be a key of the column. */
  static Object fromBytes(FilterColumn c, byte[] v) {
    if (isFixedTimestamp(c)) {
      return null;
    }
    switch (c.domain()) {
      case BYTES:
        return v;
      case FLOAT:
        // FLOAT16: two little-endian bytes.
        return v.length == 2
            ? (double) Float16.toFloat((short) ((v[0] & 0xFF) | (v[1] << 8)))
            : null;
      case SIGNED:
        {
          if (v.length == 0) {
            return null;
          }
          BigInteger big = new BigInteger(v);
          return big.bitLength() < 64 ? (Object) big.longValue() : null;
        }
      case DECIMAL:
        return v.length == 0 ? null : new BigInteger(v);
      default:
        return null;
    }
  }

  /** A statistics bound (the PLAIN encoding, no length prefix), or null when malformed. */
  static Object fromPlain(FilterColumn c, byte[] v) {
    PhysicalType p = c.column().physicalType();
    ByteBuffer b = ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN);
    return switch (p) {
      case BOOLEAN -> v.length == 1 ? (Object) (long) (v[0] & 1) : null;
      case INT32, FLOAT -> v.length == 4 ? fromInt(c, b.getInt()) : null;
      case INT64, DOUBLE -> v.length == 8 ? fromLong(c, b.getLong()) : null;
      case FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY -> fromBytes(c, v);
      case INT96 -> v.length == 12 ? fromInt96(c, v, 0) : null;
    };
  }

  /**
   * An INT96 timestamp (at {@code offset}) as a key in the column's unit, truncated toward the past
   * as its values read; null when 64 bits do not hold it, or when its nanoseconds lie outside their
   * day (where the order of day, then nanoseconds, is not the values' order).
   */
  static Object fromInt96(FilterColumn c, byte[] v, int offset) {
    long nanosOfDay = Int96.nanosOfDay(v, offset);
    if (nanosOfDay < 0 || nanosOfDay >= Int96.NANOS_PER_DAY) {
      return null;
    }
    try {
      return Int96Timestamps.toUnits(c.timeUnit(), Int96Timestamps.epochDay(v, offset), nanosOfDay);
    } catch (ArithmeticException e) {
      return null;
    }
  }

  /**
   * The PLAIN bytes of a key, as a Bloom filter hashes them, or null when the column's Bloom filter
   * cannot be probed for it (decimals stored as BYTE_ARRAY, whose byte length the writer chooses;
   * booleans and INT96, which have none).
   */
  static byte[] toPlain(FilterColumn c, Object key) {
    PhysicalType p = c.column().physicalType();
    if (isFixedTimestamp(c)) {
      return null;
    }
    ByteBuffer b;
    switch (p) {
      case INT32:
        return ByteBuffer.allocate(4)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt((int) (long) (Long) key)
            .array();
      case INT64:
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong((Long) key).array();
      case FLOAT:
        b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        return b.putFloat((float) (double) (Double) key).array();
      case DOUBLE:
        b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        return b.putDouble((Double) key).array();
      case FIXED_LEN_BYTE_ARRAY:
        {
          int width = c.column().typeLength();
          if (c.domain() == Domain.BYTES) {
            return (byte[]) key;
          }
          if (c.domain() == Domain.FLOAT) {
            short half = Float16.toFloat16((float) (double) (Double) key);
            return new byte[] {(byte) half, (byte) (half >> 8)};
          }
          BigInteger big = key instanceof Long l ? BigInteger.valueOf(l) : (BigInteger) key;
          byte[] minimal = big.toByteArray();
          if (minimal.length > width) {
            return null;
          }
          byte[] out = new byte[width];
          byte fill = (byte) (big.signum() < 0 ? 0xFF : 0);
          java.util.Arrays.fill(out, 0, width - minimal.length, fill);
          System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
          return out;
        }
      case BYTE_ARRAY:
        return c.domain() == Domain.BYTES ? (byte[]) key : null;
      default:
        return null;
    }
  }
}
