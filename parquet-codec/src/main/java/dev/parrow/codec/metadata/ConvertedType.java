package dev.parrow.codec.metadata;

/**
 * The legacy type annotation, superseded by {@link LogicalType} but still written for old readers.
 */
public enum ConvertedType {
  UTF8(0),
  MAP(1),
  MAP_KEY_VALUE(2),
  LIST(3),
  ENUM(4),
  DECIMAL(5),
  DATE(6),
  TIME_MILLIS(7),
  TIME_MICROS(8),
  TIMESTAMP_MILLIS(9),
  TIMESTAMP_MICROS(10),
  UINT_8(11),
  UINT_16(12),
  UINT_32(13),
  UINT_64(14),
  INT_8(15),
  INT_16(16),
  INT_32(17),
  INT_64(18),
  JSON(19),
  BSON(20),
  INTERVAL(21);

  private static final ConvertedType[] BY_VALUE =
      ThriftValues.index(values(), ConvertedType::thriftValue);

  private final int thriftValue;

  ConvertedType(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static ConvertedType fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
