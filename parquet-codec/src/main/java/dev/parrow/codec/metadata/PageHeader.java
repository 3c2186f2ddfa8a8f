package dev.parrow.codec.metadata;

/**
 * The header in front of every page. Exactly one of the type-specific headers is expected, matching
 * {@code type}; all are null when absent.
 *
 * @param uncompressedPageSize page bytes after decompression, header excluded
 * @param compressedPageSize page bytes as stored, header excluded
 * @param crc CRC-32 of the stored page bytes, null when absent
 * @param type the page's type
 * @param dataPageHeader set for a v1 data page
 * @param indexPageHeader set for an index page
 * @param dictionaryPageHeader set for a dictionary page
 * @param dataPageHeaderV2 set for a v2 data page
 */
public record PageHeader(
    PageType type,
    int uncompressedPageSize,
    int compressedPageSize,
    Integer crc,
    DataPageHeader dataPageHeader,
    IndexPageHeader indexPageHeader,
    DictionaryPageHeader dictionaryPageHeader,
    DataPageHeaderV2 dataPageHeaderV2) {

  /**
   * This header with another compressed size (an encrypted page's module length).
   *
   * @param size the page's size as stored
   * @return the new header
   */
  public PageHeader withCompressedPageSize(int size) {
    return new PageHeader(
        type,
        uncompressedPageSize,
        size,
        crc,
        dataPageHeader,
        indexPageHeader,
        dictionaryPageHeader,
        dataPageHeaderV2);
  }
}
