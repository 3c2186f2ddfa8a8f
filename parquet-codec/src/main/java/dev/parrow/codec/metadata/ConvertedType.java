package dev.parrow.codec.metadata;

/**
 * The legacy type annotation, superseded by {@link LogicalType} but still written for old readers.
 */
public enum ConvertedType implements ThriftEnum {
  UTF8,
  MAP,
  MAP_KEY_VALUE,
  LIST,
  ENUM,
  DECIMAL,
  DATE,
  TIME_MILLIS,
  TIME_MICROS,
  TIMESTAMP_MILLIS,
  TIMESTAMP_MICROS,
  UINT_8,
  UINT_16,
  UINT_32,
  UINT_64,
  INT_8,
  INT_16,
  INT_32,
  INT_64,
  JSON,
  BSON,
  INTERVAL;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static ConvertedType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
