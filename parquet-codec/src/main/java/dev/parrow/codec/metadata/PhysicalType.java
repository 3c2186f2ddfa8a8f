package dev.parrow.codec.metadata;

/** The physical (storage) type of a leaf column. */
public enum PhysicalType implements ThriftEnum {
  BOOLEAN,
  INT32,
  INT64,
  INT96,
  FLOAT,
  DOUBLE,
  BYTE_ARRAY,
  FIXED_LEN_BYTE_ARRAY;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static PhysicalType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
