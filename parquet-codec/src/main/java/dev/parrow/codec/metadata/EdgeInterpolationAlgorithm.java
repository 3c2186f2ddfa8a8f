package dev.parrow.codec.metadata;

/** How the edges of a GEOGRAPHY value are interpolated. */
public enum EdgeInterpolationAlgorithm implements ThriftEnum {
  /** Edges are great-circle arcs on a sphere. */
  SPHERICAL,
  /** Edges are geodesics by Vincenty's formulae. */
  VINCENTY,
  /** Edges are geodesics by Thomas' formulae. */
  THOMAS,
  /** Edges are geodesics by Andoyer-Lambert's formulae. */
  ANDOYER,
  /** Edges are geodesics by Karney's algorithm. */
  KARNEY;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static EdgeInterpolationAlgorithm fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
