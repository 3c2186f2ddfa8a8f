package dev.parrow.codec.metadata;

import java.util.List;

/**
 * Per-page statistics of one column chunk (part of the page index); entry i describes page i of the
 * offset index. Optional lists are null when absent.
 */
public record ColumnIndex(
    List<Boolean> nullPages,
    List<Bytes> minValues,
    List<Bytes> maxValues,
    BoundaryOrder boundaryOrder,
    List<Long> nullCounts,
    List<Long> repetitionLevelHistograms,
    List<Long> definitionLevelHistograms,
    List<Long> nanCounts) {

  public ColumnIndex {
    nullPages = List.copyOf(nullPages);
    minValues = List.copyOf(minValues);
    maxValues = List.copyOf(maxValues);
    nullCounts = ListCopies.copyOrNull(nullCounts);
    repetitionLevelHistograms = ListCopies.copyOrNull(repetitionLevelHistograms);
    definitionLevelHistograms = ListCopies.copyOrNull(definitionLevelHistograms);
    nanCounts = ListCopies.copyOrNull(nanCounts);
  }
}
