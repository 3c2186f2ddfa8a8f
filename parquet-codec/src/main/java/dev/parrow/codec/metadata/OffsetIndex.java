package dev.parrow.codec.metadata;

import java.util.List;

/**
 * The page locations of one column chunk (part of the page index).
 *
 * @param pageLocations where each page is, and its first row
 * @param unencodedByteArrayDataBytes per page, the BYTE_ARRAY value bytes without length prefixes,
 *     or null
 */
public record OffsetIndex(
    List<PageLocation> pageLocations, List<Long> unencodedByteArrayDataBytes) {
  /**
   * Copies the lists.
   *
   * @param pageLocations where each page is, and its first row
   * @param unencodedByteArrayDataBytes per page, the BYTE_ARRAY value bytes without length
   *     prefixes, or null
   */
  public OffsetIndex {
    pageLocations = List.copyOf(pageLocations);
    unencodedByteArrayDataBytes = ListCopies.copyOrNull(unencodedByteArrayDataBytes);
  }

  /**
   * The same pages, each {@code shift} bytes further on.
   *
   * @param shift bytes to add to each page's offset
   * @return the moved index
   */
  public OffsetIndex shiftedBy(long shift) {
    List<PageLocation> moved = new java.util.ArrayList<>();
    for (PageLocation l : pageLocations) {
      moved.add(new PageLocation(l.offset() + shift, l.compressedPageSize(), l.firstRowIndex()));
    }
    return new OffsetIndex(moved, unencodedByteArrayDataBytes);
  }
}
