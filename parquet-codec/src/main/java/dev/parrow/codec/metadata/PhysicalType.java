package dev.parrow.codec.metadata;

/** The physical (storage) type of a leaf column. */
public enum PhysicalType implements ThriftEnum {
  /** One bit per value. */
  BOOLEAN,
  /** A 32-bit integer. */
  INT32,
  /** A 64-bit integer. */
  INT64,
  /** A 12-byte value, the legacy timestamp. */
  INT96,
  /** An IEEE 754 single-precision float. */
  FLOAT,
  /** An IEEE 754 double-precision float. */
  DOUBLE,
  /** Bytes of any length. */
  BYTE_ARRAY,
  /** Bytes of the length the schema element gives. */
  FIXED_LEN_BYTE_ARRAY;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static PhysicalType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
