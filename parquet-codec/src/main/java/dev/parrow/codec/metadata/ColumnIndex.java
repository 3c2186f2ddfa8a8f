package dev.parrow.codec.metadata;

import java.util.List;

/**
 * Per-page statistics of one column chunk (part of the page index); entry i describes page i of the
 * offset index. Optional lists are null when absent.
 *
 * @param nullPages per page, whether it holds only nulls
 * @param minValues per page, its lower bound (empty for a null page)
 * @param maxValues per page, its upper bound (empty for a null page)
 * @param boundaryOrder how the bounds are ordered from page to page
 * @param nullCounts per page, its nulls, or null
 * @param repetitionLevelHistograms per page, the count of each repetition level, or null
 * @param definitionLevelHistograms per page, the count of each definition level, or null
 * @param nanCounts per page, its NaNs, or null
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

  /**
   * Copies the lists.
   *
   * @param nullPages per page, whether it holds only nulls
   * @param minValues per page, its lower bound (empty for a null page)
   * @param maxValues per page, its upper bound (empty for a null page)
   * @param boundaryOrder how the bounds are ordered from page to page
   * @param nullCounts per page, its nulls, or null
   * @param repetitionLevelHistograms per page, the count of each repetition level, or null
   * @param definitionLevelHistograms per page, the count of each definition level, or null
   * @param nanCounts per page, its NaNs, or null
   */
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
