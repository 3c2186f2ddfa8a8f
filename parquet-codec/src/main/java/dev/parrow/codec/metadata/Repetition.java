package dev.parrow.codec.metadata;

/**
 * How often a schema field occurs in its parent. VECTOR is a fixed-size vector group (newest
 * format).
 */
public enum Repetition implements ThriftEnum {
  /** Exactly one value. */
  REQUIRED,
  /** Zero or one value. */
  OPTIONAL,
  /** Zero or more values. */
  REPEATED,
  /** A fixed number of values per parent occurrence. */
  VECTOR;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static Repetition fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
