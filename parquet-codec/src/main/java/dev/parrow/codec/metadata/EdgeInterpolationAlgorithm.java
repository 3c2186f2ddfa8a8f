package dev.parrow.codec.metadata;

/** How the edges of a GEOGRAPHY value are interpolated. */
public enum EdgeInterpolationAlgorithm implements ThriftEnum {
  SPHERICAL,
  VINCENTY,
  THOMAS,
  ANDOYER,
  KARNEY;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static EdgeInterpolationAlgorithm fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
