package dev.parrow.codec.page;

import dev.parrow.codec.metadata.PageHeader;

/**
 * A page header and where its page is.
 *
 * @param index position of the page in its column chunk (a dictionary page counts)
 * @param offset file offset of the header
 * @param headerLength bytes of the encoded header; the page's data follows it
 * @param stored the page's stored bytes when they were read with its header (a small page), from
 *     {@code storedAt}; null when they are still to be read. Shared: never written to
 * @param storedAt where the page's bytes start in {@code stored}
 */
public record PageInfo(
    int index, long offset, int headerLength, PageHeader header, byte[] stored, int storedAt) {

  /** A page whose bytes are still to be read. */
  public PageInfo(int index, long offset, int headerLength, PageHeader header) {
    this(index, offset, headerLength, header, null, 0);
  }

  /** File offset of the page's (possibly compressed) data. */
  public long dataOffset() {
    return offset + headerLength;
  }

  /** File offset just after the page. */
  public long end() {
    return dataOffset() + header.compressedPageSize();
  }
}
