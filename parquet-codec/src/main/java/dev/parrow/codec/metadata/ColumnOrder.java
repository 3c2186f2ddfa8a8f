package dev.parrow.codec.metadata;

/**
 * The {@code ColumnOrder} union: which order a leaf's min/max statistics follow. Kept as the
 * union's field id so that an order from a newer format is carried (and its statistics ignored),
 * not fatal.
 *
 * @param unionField the union member's field id
 */
public record ColumnOrder(int unionField) {
  /** Min and max follow the sort order of the column's logical or physical type. */
  public static final ColumnOrder TYPE_ORDER = new ColumnOrder(1);

  /** Floating-point min and max follow IEEE 754's total order, and NaNs are counted. */
  public static final ColumnOrder IEEE_754_TOTAL_ORDER = new ColumnOrder(2);

  /** INT96 timestamps are ordered as timestamps. */
  public static final ColumnOrder INT96_TIMESTAMP_ORDER = new ColumnOrder(3);

  /** {@return the member's name, or UNKNOWN_ORDER(id) for one this version does not know} */
  public String describe() {
    return switch (unionField) {
      case 1 -> "TYPE_ORDER";
      case 2 -> "IEEE_754_TOTAL_ORDER";
      case 3 -> "INT96_TIMESTAMP_ORDER";
      default -> "UNKNOWN_ORDER(" + unionField + ")";
    };
  }
}
