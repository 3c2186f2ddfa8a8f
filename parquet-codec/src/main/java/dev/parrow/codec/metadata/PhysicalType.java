package dev.parrow.codec.metadata;

/** The physical (storage) type of a leaf column. */
public enum PhysicalType {
  BOOLEAN(0),
  INT32(1),
  INT64(2),
  INT96(3),
  FLOAT(4),
  DOUBLE(5),
  BYTE_ARRAY(6),
  FIXED_LEN_BYTE_ARRAY(7);

  private static final PhysicalType[] BY_VALUE =
      ThriftValues.index(values(), PhysicalType::thriftValue);

  private final int thriftValue;

  PhysicalType(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static PhysicalType fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
