package dev.parrow.codec.metadata;

/** Whether the min/max lists of a column index are ordered, and which way. */
public enum BoundaryOrder implements ThriftEnum {
  /** The pages' bounds follow no order. */
  UNORDERED,
  /** Each page's bounds are at or above the previous page's. */
  ASCENDING,
  /** Each page's bounds are at or below the previous page's. */
  DESCENDING;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null for an unknown value
   */
  public static BoundaryOrder fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
