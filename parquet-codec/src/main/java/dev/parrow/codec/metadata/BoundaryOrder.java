package dev.parrow.codec.metadata;

/** Whether the min/max lists of a column index are ordered, and which way. */
public enum BoundaryOrder implements ThriftEnum {
  UNORDERED,
  ASCENDING,
  DESCENDING;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static BoundaryOrder fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
