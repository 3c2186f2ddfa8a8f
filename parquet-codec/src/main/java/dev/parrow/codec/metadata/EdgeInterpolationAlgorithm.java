package dev.parrow.codec.metadata;

/** How the edges of a GEOGRAPHY value are interpolated. */
public enum EdgeInterpolationAlgorithm {
  SPHERICAL(0),
  VINCENTY(1),
  THOMAS(2),
  ANDOYER(3),
  KARNEY(4);

  private static final EdgeInterpolationAlgorithm[] BY_VALUE =
      ThriftValues.index(values(), EdgeInterpolationAlgorithm::thriftValue);

  private final int thriftValue;

  EdgeInterpolationAlgorithm(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static EdgeInterpolationAlgorithm fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
