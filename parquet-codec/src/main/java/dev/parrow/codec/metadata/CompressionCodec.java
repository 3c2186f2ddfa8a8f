package dev.parrow.codec.metadata;

/** The compression codec of a column chunk. */
public enum CompressionCodec implements ThriftEnum {
  UNCOMPRESSED,
  SNAPPY,
  GZIP,
  LZO,
  BROTLI,
  LZ4,
  ZSTD,
  LZ4_RAW;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static CompressionCodec fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
