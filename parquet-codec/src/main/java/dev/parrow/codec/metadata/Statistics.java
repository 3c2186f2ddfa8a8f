package dev.parrow.codec.metadata;

/**
 * Statistics of a column chunk or page. Every field is optional and null when absent: readers must
 * tell "no null_count" from "null_count 0". {@code min}/{@code max} are the deprecated signed-order
 * fields; {@code minValue}/{@code maxValue} follow the column order.
 *
 * @param max the deprecated signed-order maximum
 * @param min the deprecated signed-order minimum
 * @param nullCount the nulls
 * @param distinctCount the distinct values
 * @param maxValue the maximum under the column order
 * @param minValue the minimum under the column order
 * @param isMaxValueExact whether {@code maxValue} is a value of the column, not a truncated bound
 * @param isMinValueExact whether {@code minValue} is a value of the column, not a truncated bound
 * @param nanCount the NaNs of a floating-point column
 */
public record Statistics(
    Bytes max,
    Bytes min,
    Long nullCount,
    Long distinctCount,
    Bytes maxValue,
    Bytes minValue,
    Boolean isMaxValueExact,
    Boolean isMinValueExact,
    Long nanCount) {

  /** Statistics with no field set. */
  public static final Statistics EMPTY =
      new Statistics(null, null, null, null, null, null, null, null, null);

  /**
   * A decimal column's statistics value ({@code minValue}, {@code maxValue}) as a number, as plain
   * encoding stores it: INT32 and INT64 little-endian, FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY the
   * unscaled value big-endian in two's complement. What table formats record of a file's decimals.
   *
   * @param plain the value's bytes
   * @param physical the column's physical type
   * @param scale the decimal's scale
   * @return the value
   */
  public static java.math.BigDecimal decimal(byte[] plain, PhysicalType physical, int scale) {
    java.nio.ByteBuffer le =
        java.nio.ByteBuffer.wrap(plain).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    java.math.BigInteger unscaled =
        physical == PhysicalType.INT32
            ? java.math.BigInteger.valueOf(le.getInt())
            : physical == PhysicalType.INT64
                ? java.math.BigInteger.valueOf(le.getLong())
                : new java.math.BigInteger(plain);
    return new java.math.BigDecimal(unscaled, scale);
  }
}
