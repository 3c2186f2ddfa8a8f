package dev.parrow.codec.metadata;

/** A value or level encoding. Value 1 (GROUP_VAR_INT) was never used and is not listed. */
public enum Encoding {
  /** Values one after another, in their plain form. */
  PLAIN(0),
  /** Dictionary indices (the version 1 name; the dictionary page is PLAIN). */
  PLAIN_DICTIONARY(2),
  /** The hybrid of run-length and bit-packed runs. */
  RLE(3),
  /** Bit-packed, most significant bit first (deprecated; levels only). */
  BIT_PACKED(4),
  /** Deltas of integers, bit-packed in miniblocks. */
  DELTA_BINARY_PACKED(5),
  /** The lengths delta-encoded, then the bytes concatenated. */
  DELTA_LENGTH_BYTE_ARRAY(6),
  /** Incremental encoding: the prefix shared with the previous value, and the suffix. */
  DELTA_BYTE_ARRAY(7),
  /** Dictionary indices in the hybrid encoding. */
  RLE_DICTIONARY(8),
  /** The k-th bytes of all values together, for k from the first to the last. */
  BYTE_STREAM_SPLIT(9),
  /**
   * Adaptive Lossless floating-Point: FLOAT and DOUBLE values as scaled decimal integers, framed
   * and bit-packed, with the values that are no such decimals kept exactly (in Preview in the
   * format since 2026: few readers know it yet).
   */
  ALP(10);

  private static final Encoding[] BY_VALUE = ThriftValues.index(values(), Encoding::thriftValue);

  private final int thriftValue;

  Encoding(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /**
   * The number this constant has in parquet.thrift.
   *
   * @return the Thrift value
   */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static Encoding fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
