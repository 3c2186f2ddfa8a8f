package dev.parrow.codec.metadata;

/** The compression codec of a column chunk. */
public enum CompressionCodec implements ThriftEnum {
  /** No compression. */
  UNCOMPRESSED,
  /** Snappy, one raw block per page. */
  SNAPPY,
  /** Gzip (a deflate stream with its header). */
  GZIP,
  /** LZO, which Parrow neither reads nor writes. */
  LZO,
  /** Brotli. */
  BROTLI,
  /** Hadoop's framed LZ4, deprecated by the format in favour of LZ4_RAW. */
  LZ4,
  /** Zstandard. */
  ZSTD,
  /** LZ4 blocks without framing. */
  LZ4_RAW;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static CompressionCodec fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
