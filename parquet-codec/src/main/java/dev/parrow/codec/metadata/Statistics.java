package dev.parrow.codec.metadata;

/**
 * Statistics of a column chunk or page. Every field is optional and null when absent: readers must
 * tell "no null_count" from "null_count 0". {@code min}/{@code max} are the deprecated signed-order
 * fields; {@code minValue}/{@code maxValue} follow the column order.
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
}
