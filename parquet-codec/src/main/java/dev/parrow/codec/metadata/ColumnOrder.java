package dev.parrow.codec.metadata;

/**
 * The {@code ColumnOrder} union: which order a leaf's min/max statistics follow. Kept as the
 * union's field id so that an order from a newer format is carried (and its statistics ignored),
 * not fatal.
 */
public record ColumnOrder(int unionField) {
  public static final ColumnOrder TYPE_ORDER = new ColumnOrder(1);
  public static final ColumnOrder IEEE_754_TOTAL_ORDER = new ColumnOrder(2);
  public static final ColumnOrder INT96_TIMESTAMP_ORDER = new ColumnOrder(3);

  public String describe() {
    return switch (unionField) {
      case 1 -> "TYPE_ORDER";
      case 2 -> "IEEE_754_TOTAL_ORDER";
      case 3 -> "INT96_TIMESTAMP_ORDER";
      default -> "UNKNOWN_ORDER(" + unionField + ")";
    };
  }
}
