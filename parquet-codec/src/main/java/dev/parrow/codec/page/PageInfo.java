package dev.parrow.codec.page;

import dev.parrow.codec.metadata.PageHeader;

/**
 * A page header and where its page is.
 *
 * @param index position of the page in its column chunk (a dictionary page counts)
 * @param offset file offset of the header
 * @param headerLength bytes of the encoded header; the page's data follows it
 */
public record PageInfo(int index, long offset, int headerLength, PageHeader header) {

  /** File offset of the page's (possibly compressed) data. */
  public long dataOffset() {
    return offset + headerLength;
  }

  /** File offset just after the page. */
  public long end() {
    return dataOffset() + header.compressedPageSize();
  }
}
