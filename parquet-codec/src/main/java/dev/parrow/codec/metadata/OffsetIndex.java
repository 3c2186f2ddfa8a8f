package dev.parrow.codec.metadata;

import java.util.List;

/** The page locations of one column chunk (part of the page index). */
public record OffsetIndex(
    List<PageLocation> pageLocations, List<Long> unencodedByteArrayDataBytes) {
  public OffsetIndex {
    pageLocations = List.copyOf(pageLocations);
    unencodedByteArrayDataBytes = ListCopies.copyOrNull(unencodedByteArrayDataBytes);
  }

  /** The same pages, each {@code shift} bytes further on. */
  public OffsetIndex shiftedBy(long shift) {
    List<PageLocation> moved = new java.util.ArrayList<>();
    for (PageLocation l : pageLocations) {
      moved.add(new PageLocation(l.offset() + shift, l.compressedPageSize(), l.firstRowIndex()));
    }
    return new OffsetIndex(moved, unencodedByteArrayDataBytes);
  }
}
