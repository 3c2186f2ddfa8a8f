package dev.parrow.codec.metadata;

/**
 * How often a schema field occurs in its parent. VECTOR is a fixed-size vector group (newest
 * format).
 */
public enum Repetition implements ThriftEnum {
  REQUIRED,
  OPTIONAL,
  REPEATED,
  VECTOR;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static Repetition fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
