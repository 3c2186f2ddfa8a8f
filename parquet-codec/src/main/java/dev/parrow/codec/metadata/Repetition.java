package dev.parrow.codec.metadata;

/**
 * How often a schema field occurs in its parent. VECTOR is a fixed-size vector group (newest
 * format).
 */
public enum Repetition {
  REQUIRED(0),
  OPTIONAL(1),
  REPEATED(2),
  VECTOR(3);

  private static final Repetition[] BY_VALUE =
      ThriftValues.index(values(), Repetition::thriftValue);

  private final int thriftValue;

  Repetition(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static Repetition fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
