package dev.parrow.codec.metadata;

import java.util.List;

/**
 * The metadata of one column chunk. Optional fields (boxed types, lists) are null when absent.
 *
 * @param pathInSchema as written (empty when the writer left it out); some writers write a wrong
 *     one, so readers match chunks to leaves by position
 * @param totalUncompressedSize bytes of all pages including headers, before compression
 * @param totalCompressedSize bytes of all pages including headers, as stored
 * @param type the physical type
 * @param encodings every encoding the chunk's pages use
 * @param codec the pages' compression
 * @param numValues values in the chunk, nulls included
 * @param keyValueMetadata the chunk's key-value metadata, or null
 * @param dataPageOffset the file offset of the first data page
 * @param indexPageOffset the file offset of the index page, or null
 * @param dictionaryPageOffset the file offset of the dictionary page, or null
 * @param statistics the chunk's statistics, or null
 * @param encodingStats how many pages use each encoding, or null
 * @param bloomFilterOffset the file offset of the Bloom filter, or null
 * @param bloomFilterLength the Bloom filter's length with its header, or null
 * @param sizeStatistics unencoded sizes and level histograms, or null
 * @param geospatialStatistics bounding box and geometry types, or null
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

  /**
   * Copies the lists.
   *
   * @param type the physical type
   * @param encodings every encoding the chunk's pages use
   * @param pathInSchema the column's path, as written
   * @param codec the pages' compression
   * @param numValues values in the chunk, nulls included
   * @param totalUncompressedSize bytes of all pages including headers, before compression
   * @param totalCompressedSize bytes of all pages including headers, as stored
   * @param keyValueMetadata the chunk's key-value metadata, or null
   * @param dataPageOffset the file offset of the first data page
   * @param indexPageOffset the file offset of the index page, or null
   * @param dictionaryPageOffset the file offset of the dictionary page, or null
   * @param statistics the chunk's statistics, or null
   * @param encodingStats how many pages use each encoding, or null
   * @param bloomFilterOffset the file offset of the Bloom filter, or null
   * @param bloomFilterLength the Bloom filter's length with its header, or null
   * @param sizeStatistics unencoded sizes and level histograms, or null
   * @param geospatialStatistics bounding box and geometry types, or null
   */
  public ColumnMetaData {
    encodings = List.copyOf(encodings);
    pathInSchema = List.copyOf(pathInSchema);
    keyValueMetadata = ListCopies.copyOrNull(keyValueMetadata);
    encodingStats = ListCopies.copyOrNull(encodingStats);
  }

  /**
   * Whether every data page of the chunk is dictionary-encoded (no page fell back to another
   * encoding): by the page encoding stats, else by the encodings listed, where a non-dictionary
   * value encoding (PLAIN among them) may be a fallback page, so the chunk does not qualify.
   *
   * @return true when the dictionary page holds every value of the chunk
   */
  public boolean onlyDictionaryPages() {
    if (encodingStats != null && !encodingStats.isEmpty()) {
      boolean dictionaryPage = false;
      for (PageEncodingStats s : encodingStats) {
        if (s.pageType() == PageType.DICTIONARY_PAGE && s.count() > 0) {
          dictionaryPage = true;
        } else if ((s.pageType() == PageType.DATA_PAGE || s.pageType() == PageType.DATA_PAGE_V2)
            && s.count() > 0
            && !isDictionary(s.encoding())) {
          return false;
        }
      }
      return dictionaryPage;
    }
    boolean dictionary = false;
    for (Encoding e : encodings) {
      if (isDictionary(e)) {
        dictionary = true;
      } else if (e != Encoding.RLE && e != Encoding.BIT_PACKED) {
        return false;
      }
    }
    return dictionary;
  }

  private static boolean isDictionary(Encoding e) {
    return e == Encoding.PLAIN_DICTIONARY || e == Encoding.RLE_DICTIONARY;
  }

  /**
   * This metadata without what tells of the chunk's values: statistics, encoding statistics, size
   * and geospatial statistics (the plaintext copy an encrypted column keeps in a plaintext footer).
   *
   * @return the new metadata
   */
  public ColumnMetaData redacted() {
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
        null,
        null,
        bloomFilterOffset,
        bloomFilterLength,
        null,
        null);
  }

  /**
   * This metadata with its chunk's Bloom filter at {@code offset}, {@code length} bytes.
   *
   * @param offset the file offset of the filter's header
   * @param length the filter's length with its header
   * @return the new metadata
   */
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

  /**
   * This metadata, whose page offsets count from the chunk's first byte, for the chunk written at
   * {@code chunkStart} of a file; a chunk with a dictionary page starts with it.
   *
   * @param chunkStart where the chunk starts in the file
   * @param hasDictionaryPage whether the chunk starts with a dictionary page
   * @return the placed metadata
   */
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
