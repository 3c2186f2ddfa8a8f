package dev.parrow.codec.metadata;

/** The compression codec of a column chunk. */
public enum CompressionCodec {
  UNCOMPRESSED(0),
  SNAPPY(1),
  GZIP(2),
  LZO(3),
  BROTLI(4),
  LZ4(5),
  ZSTD(6),
  LZ4_RAW(7);

  private static final CompressionCodec[] BY_VALUE =
      ThriftValues.index(values(), CompressionCodec::thriftValue);

  private final int thriftValue;

  CompressionCodec(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static CompressionCodec fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
