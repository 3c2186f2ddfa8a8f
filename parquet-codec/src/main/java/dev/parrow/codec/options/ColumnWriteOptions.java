package dev.parrow.codec.options;

import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;

/**
 * How one column chunk is written.
 *
 * @param codec page compression
 * @param level the codec's level, or null for its default
 * @param pageVersion 1 (DATA_PAGE) or 2 (DATA_PAGE_V2)
 * @param pageSizeBytes a page is cut at the first row boundary after its encoded size reaches this
 * @param pageRows a page holds at most this many rows (so that the page index is fine-grained)
 * @param dictionary dictionary-encode the values (any type but BOOLEAN; falling back to PLAIN past
 *     the limit)
 * @param dictionaryPageSizeLimit the most bytes of dictionary values before the chunk falls back to
 *     PLAIN
 * @param statistics write min/max and null counts
 * @param crc write a CRC32 of every page
 * @param encoding the values' encoding when not dictionary-encoded: PLAIN (null means PLAIN),
 *     DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT or ALP;
 *     another encoding than PLAIN turns the dictionary off
 * @param bloomFilter a Bloom filter to write for the chunk, or null
 * @param statisticsTruncateLength byte-array min and max longer than this many bytes are written
 *     truncated (the min a prefix, the max a prefix raised past every value that starts with it),
 *     marked inexact; null for exact bounds
 * @param sizeStatistics write SizeStatistics (unencoded byte-array bytes, level histograms) in the
 *     column metadata and the page index, as Arrow C++ does by default
 * @param contentDefinedChunking cut pages where a rolling hash of the values says (Arrow C++'s
 *     content-defined chunking), or null to cut by size alone
 */
public record ColumnWriteOptions(
    CompressionCodec codec,
    Integer level,
    int pageVersion,
    int pageSizeBytes,
    int pageRows,
    boolean dictionary,
    int dictionaryPageSizeLimit,
    boolean statistics,
    boolean crc,
    Encoding encoding,
    BloomFilterOptions bloomFilter,
    Integer statisticsTruncateLength,
    boolean sizeStatistics,
    ContentDefinedChunking contentDefinedChunking) {

  /**
   * Checks the options.
   *
   * @param codec page compression
   * @param level the codec's level, or null for its default
   * @param pageVersion 1 or 2
   * @param pageSizeBytes the page size to cut at, at least 1
   * @param pageRows the most rows per page, at least 1
   * @param dictionary whether to dictionary-encode
   * @param dictionaryPageSizeLimit the most dictionary bytes, at least 0
   * @param statistics whether to write statistics
   * @param crc whether to write page CRCs
   * @param encoding the values' encoding, or null for PLAIN
   * @param bloomFilter a Bloom filter to write, or null
   * @param statisticsTruncateLength the longest byte-array bound written, or null for no limit
   * @param sizeStatistics whether to write size statistics
   * @param contentDefinedChunking the content-defined chunking, or null
   */
  public ColumnWriteOptions {
    if (statisticsTruncateLength != null && statisticsTruncateLength < 1) {
      throw new IllegalArgumentException(
          "statistics are truncated to one byte or more, not " + statisticsTruncateLength);
    }
    if (pageVersion != 1 && pageVersion != 2) {
      throw new IllegalArgumentException("data page version must be 1 or 2, not " + pageVersion);
    }
    if (pageSizeBytes < 1 || dictionaryPageSizeLimit < 0) {
      throw new IllegalArgumentException("page sizes must be positive");
    }
    if (pageRows < 1) {
      throw new IllegalArgumentException("a page holds at least one row, not " + pageRows);
    }
  }

  /**
   * Options with exact statistics, size statistics and pages cut by size alone (the form before
   * those choices).
   *
   * @param codec page compression
   * @param level the codec's level, or null for its default
   * @param pageVersion 1 or 2
   * @param pageSizeBytes the page size to cut at, at least 1
   * @param pageRows the most rows per page, at least 1
   * @param dictionary whether to dictionary-encode
   * @param dictionaryPageSizeLimit the most dictionary bytes, at least 0
   * @param statistics whether to write statistics
   * @param crc whether to write page CRCs
   * @param encoding the values' encoding, or null for PLAIN
   * @param bloomFilter a Bloom filter to write, or null
   */
  public ColumnWriteOptions(
      CompressionCodec codec,
      Integer level,
      int pageVersion,
      int pageSizeBytes,
      int pageRows,
      boolean dictionary,
      int dictionaryPageSizeLimit,
      boolean statistics,
      boolean crc,
      Encoding encoding,
      BloomFilterOptions bloomFilter) {
    this(
        codec,
        level,
        pageVersion,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryPageSizeLimit,
        statistics,
        crc,
        encoding,
        bloomFilter,
        null,
        true,
        null);
  }

  /** As arrow-rs: pages of at most 20,000 rows keep the page index useful for pruning. */
  public static final int DEFAULT_PAGE_ROWS = 20_000;

  /**
   * The defaults: Snappy, version 1 pages of 1 MiB and at most 20,000 rows, a dictionary of up to 1
   * MiB, statistics, size statistics and CRCs, no Bloom filter, pages cut by size.
   *
   * @return the defaults
   */
  public static ColumnWriteOptions defaults() {
    return new ColumnWriteOptions(
        CompressionCodec.SNAPPY,
        null,
        1,
        1 << 20,
        DEFAULT_PAGE_ROWS,
        true,
        1 << 20,
        true,
        true,
        null,
        null);
  }

  /**
   * These options with another codec, value encoding and dictionary choice (null keeps this one's).
   *
   * @param newCodec the codec, or null
   * @param newEncoding the encoding, or null
   * @param newDictionary whether to dictionary-encode, or null
   * @return the new options
   */
  public ColumnWriteOptions with(
      CompressionCodec newCodec, Encoding newEncoding, Boolean newDictionary) {
    return new ColumnWriteOptions(
        newCodec == null ? codec : newCodec,
        level,
        pageVersion,
        pageSizeBytes,
        pageRows,
        newDictionary == null ? dictionary : newDictionary,
        dictionaryPageSizeLimit,
        statistics,
        crc,
        newEncoding == null ? encoding : newEncoding,
        bloomFilter,
        statisticsTruncateLength,
        sizeStatistics,
        contentDefinedChunking);
  }

  /**
   * These options with a Bloom filter (null: none).
   *
   * @param bloom the filter's options, or null
   * @return the new options
   */
  public ColumnWriteOptions withBloomFilter(BloomFilterOptions bloom) {
    return new ColumnWriteOptions(
        codec,
        level,
        pageVersion,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryPageSizeLimit,
        statistics,
        crc,
        encoding,
        bloom,
        statisticsTruncateLength,
        sizeStatistics,
        contentDefinedChunking);
  }
}
