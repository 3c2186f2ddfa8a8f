package dev.parrow.codec.metadata;

/** Whether the min/max lists of a column index are ordered, and which way. */
public enum BoundaryOrder {
  UNORDERED(0),
  ASCENDING(1),
  DESCENDING(2);

  private static final BoundaryOrder[] BY_VALUE =
      ThriftValues.index(values(), BoundaryOrder::thriftValue);

  private final int thriftValue;

  BoundaryOrder(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static BoundaryOrder fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
