package dev.parrow.codec.metadata;

import java.util.List;

/**
 * Statistics of GEOMETRY and GEOGRAPHY columns; each field null when absent.
 *
 * @param bbox the bounding box, or null
 * @param geospatialTypes the WKB geometry type codes present, or null
 */
public record GeospatialStatistics(BoundingBox bbox, List<Integer> geospatialTypes) {
  /**
   * Copies the list.
   *
   * @param bbox the bounding box, or null
   * @param geospatialTypes the WKB geometry type codes present, or null
   */
  public GeospatialStatistics {
    geospatialTypes = ListCopies.copyOrNull(geospatialTypes);
  }
}
