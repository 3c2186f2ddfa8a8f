package dev.parrow.codec.metadata;

import java.util.List;

/** The page locations of one column chunk (part of the page index). */
public record OffsetIndex(
    List<PageLocation> pageLocations, List<Long> unencodedByteArrayDataBytes) {
  public OffsetIndex {
    pageLocations = List.copyOf(pageLocations);
    unencodedByteArrayDataBytes = ListCopies.copyOrNull(unencodedByteArrayDataBytes);
  }
}
