package dev.parrow.codec.metadata;

import java.util.List;

/**
 * The metadata of one column chunk. Optional fields (boxed types, lists) are null when absent.
 *
 * @param pathInSchema as written; some writers write a wrong one, so readers match chunks to leaves
 *     by position
 * @param totalUncompressedSize bytes of all pages including headers, before compression
 * @param totalCompressedSize bytes of all pages including headers, as stored
 */
public record ColumnMetaData(
    PhysicalType type,
    List<Encoding> encodings,
    List<String> pathInSchema,
    CompressionCodec codec,
    long numValues,
    long totalUncompressedSize,
    long totalCompressedSize,
    List<KeyValue> keyValueMetadata,
    long dataPageOffset,
    Long indexPageOffset,
    Long dictionaryPageOffset,
    Statistics statistics,
    List<PageEncodingStats> encodingStats,
    Long bloomFilterOffset,
    Integer bloomFilterLength,
    SizeStatistics sizeStatistics,
    GeospatialStatistics geospatialStatistics) {

  public ColumnMetaData {
    encodings = List.copyOf(encodings);
    pathInSchema = List.copyOf(pathInSchema);
    keyValueMetadata = ListCopies.copyOrNull(keyValueMetadata);
    encodingStats = ListCopies.copyOrNull(encodingStats);
  }

  /**
   * This metadata, whose page offsets count from the chunk's first byte, for the chunk written at
   * {@code chunkStart} of a file; a chunk with a dictionary page starts with it.
   */
  /** This metadata with its chunk's Bloom filter at {@code offset}, {@code length} bytes. */
  public ColumnMetaData withBloomFilter(long offset, int length) {
    return new ColumnMetaData(
        type,
        encodings,
        pathInSchema,
        codec,
        numValues,
        totalUncompressedSize,
        totalCompressedSize,
        keyValueMetadata,
        dataPageOffset,
        indexPageOffset,
        dictionaryPageOffset,
        statistics,
        encodingStats,
        offset,
        length,
        sizeStatistics,
        geospatialStatistics);
  }

  public ColumnMetaData placedAt(long chunkStart, boolean hasDictionaryPage) {
    return new ColumnMetaData(
        type,
        encodings,
        pathInSchema,
        codec,
        numValues,
        totalUncompressedSize,
        totalCompressedSize,
        keyValueMetadata,
        chunkStart + dataPageOffset,
        indexPageOffset,
        hasDictionaryPage ? chunkStart : null,
        statistics,
        encodingStats,
        bloomFilterOffset,
        bloomFilterLength,
        sizeStatistics,
        geospatialStatistics);
  }
}
