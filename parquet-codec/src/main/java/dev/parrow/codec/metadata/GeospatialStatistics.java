package dev.parrow.codec.metadata;

import java.util.List;

/** Statistics of GEOMETRY and GEOGRAPHY columns; each field null when absent. */
public record GeospatialStatistics(BoundingBox bbox, List<Integer> geospatialTypes) {
  public GeospatialStatistics {
    geospatialTypes = ListCopies.copyOrNull(geospatialTypes);
  }
}
