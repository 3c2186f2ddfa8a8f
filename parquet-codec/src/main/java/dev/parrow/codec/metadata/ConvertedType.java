package dev.parrow.codec.metadata;

/**
 * The legacy type annotation, superseded by {@link LogicalType} but still written for old readers.
 */
public enum ConvertedType implements ThriftEnum {
  /** A UTF-8 string (STRING). */
  UTF8,
  /** A map group (MAP). */
  MAP,
  /** The repeated key-value group of a map, as old writers marked it. */
  MAP_KEY_VALUE,
  /** A list group (LIST). */
  LIST,
  /** An enum as a string (ENUM). */
  ENUM,
  /** A decimal; scale and precision are in the schema element. */
  DECIMAL,
  /** Days since the Unix epoch. */
  DATE,
  /** Milliseconds since midnight, adjusted to UTC. */
  TIME_MILLIS,
  /** Microseconds since midnight, adjusted to UTC. */
  TIME_MICROS,
  /** Milliseconds since the Unix epoch, adjusted to UTC. */
  TIMESTAMP_MILLIS,
  /** Microseconds since the Unix epoch, adjusted to UTC. */
  TIMESTAMP_MICROS,
  /** An unsigned 8-bit integer in INT32. */
  UINT_8,
  /** An unsigned 16-bit integer in INT32. */
  UINT_16,
  /** An unsigned 32-bit integer in INT32. */
  UINT_32,
  /** An unsigned 64-bit integer in INT64. */
  UINT_64,
  /** A signed 8-bit integer in INT32. */
  INT_8,
  /** A signed 16-bit integer in INT32. */
  INT_16,
  /** A signed 32-bit integer in INT32. */
  INT_32,
  /** A signed 64-bit integer in INT64. */
  INT_64,
  /** A JSON document as UTF-8. */
  JSON,
  /** A BSON document. */
  BSON,
  /**
   * Months, days and milliseconds as three little-endian unsigned 32-bit integers in
   * FIXED_LEN_BYTE_ARRAY(12).
   */
  INTERVAL;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static ConvertedType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
