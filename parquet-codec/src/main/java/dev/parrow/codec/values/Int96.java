package dev.parrow.codec.values;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The INT96 timestamp layout: 8 bytes of nanoseconds within the day, then a 4-byte Julian day, both
 * little-endian and signed; and its order under INT96_TIMESTAMP_ORDER.
 */
public final class Int96 {
  private Int96() {}

  /** Bytes a value takes. */
  public static final int WIDTH = 12;

  /** The Julian day of 1970-01-01. */
  public static final long JULIAN_EPOCH_DAY = 2_440_588L;

  /** Nanoseconds in a day. */
  public static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * {@return the nanoseconds of the day of the value at {@code offset}}
   *
   * @param values the values' bytes
   * @param offset where the value starts
   */
  public static long nanosOfDay(byte[] values, int offset) {
    return (long) LE_LONG.get(values, offset);
  }

  /**
   * {@return the Julian day of the value at {@code offset}}
   *
   * @param values the values' bytes
   * @param offset where the value starts
   */
  public static int julianDay(byte[] values, int offset) {
    return (int) LE_INT.get(values, offset + 8);
  }

  /**
   * Stores a value at {@code offset}.
   *
   * @param values the values' bytes
   * @param offset where the value starts
   * @param julianDay the Julian day
   * @param nanosOfDay the nanoseconds within it
   */
  public static void put(byte[] values, int offset, int julianDay, long nanosOfDay) {
    LE_LONG.set(values, offset, nanosOfDay);
    LE_INT.set(values, offset + 8, julianDay);
  }

  /**
   * Compares two values under INT96_TIMESTAMP_ORDER: the Julian day first, then the nanoseconds of
   * the day, both signed; chronological where the nanoseconds lie within their day, as every
   * writer's do.
   *
   * @param a the first value's bytes
   * @param aOffset where it starts
   * @param b the second value's bytes
   * @param bOffset where it starts
   * @return negative, zero or positive as the first is before, at or after the second
   */
  public static int compare(byte[] a, int aOffset, byte[] b, int bOffset) {
    int days = Integer.compare(julianDay(a, aOffset), julianDay(b, bOffset));
    return days != 0 ? days : Long.compare(nanosOfDay(a, aOffset), nanosOfDay(b, bOffset));
  }
}
