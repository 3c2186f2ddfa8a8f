package dev.parrow.codec.metadata;

/** A value or level encoding. Value 1 (GROUP_VAR_INT) was never used and is not listed. */
public enum Encoding {
  PLAIN(0),
  PLAIN_DICTIONARY(2),
  RLE(3),
  BIT_PACKED(4),
  DELTA_BINARY_PACKED(5),
  DELTA_LENGTH_BYTE_ARRAY(6),
  DELTA_BYTE_ARRAY(7),
  RLE_DICTIONARY(8),
  BYTE_STREAM_SPLIT(9);

  private static final Encoding[] BY_VALUE = ThriftValues.index(values(), Encoding::thriftValue);

  private final int thriftValue;

  Encoding(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static Encoding fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
