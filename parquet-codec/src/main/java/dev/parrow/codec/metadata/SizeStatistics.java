package dev.parrow.codec.metadata;

import java.util.List;

/**
 * Unencoded size and level histograms of a column chunk; each field null when absent.
 *
 * @param unencodedByteArrayDataBytes BYTE_ARRAY value bytes without length prefixes
 * @param repetitionLevelHistogram count of each repetition level, index = level
 * @param definitionLevelHistogram count of each definition level, index = level
 */
public record SizeStatistics(
    Long unencodedByteArrayDataBytes,
    List<Long> repetitionLevelHistogram,
    List<Long> definitionLevelHistogram) {

  /**
   * Copies the lists.
   *
   * @param unencodedByteArrayDataBytes BYTE_ARRAY value bytes without length prefixes
   * @param repetitionLevelHistogram count of each repetition level, index = level
   * @param definitionLevelHistogram count of each definition level, index = level
   */
  public SizeStatistics {
    repetitionLevelHistogram = ListCopies.copyOrNull(repetitionLevelHistogram);
    definitionLevelHistogram = ListCopies.copyOrNull(definitionLevelHistogram);
  }
}
