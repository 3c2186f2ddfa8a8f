package dev.parrow.codec.metadata;

/**
 * A metadata enum declared in parquet.thrift's order, so that a constant's ordinal is its Thrift
 * value.
 */
public interface ThriftEnum {
  /** {@return the constant's position in its enum, which is its Thrift value} */
  int ordinal();

  /**
   * The number this constant has in parquet.thrift.
   *
   * @return the Thrift value
   */
  default int thriftValue() {
    return ordinal();
  }

  /**
   * The constant whose Thrift value is {@code value}, or null for one not in {@code constants}.
   *
   * @param <E> the enum
   * @param constants the enum's constants, in order
   * @param value the Thrift value
   * @return the constant, or null
   */
  static <E> E byOrdinal(E[] constants, int value) {
    return value >= 0 && value < constants.length ? constants[value] : null;
  }
}
