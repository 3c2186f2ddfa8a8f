package dev.parrow.codec.metadata;

/**
 * A metadata enum declared in parquet.thrift's order, so that a constant's ordinal is its Thrift
 * value.
 */
public interface ThriftEnum {
  int ordinal();

  /** The number this constant has in parquet.thrift. */
  default int thriftValue() {
    return ordinal();
  }

  /** The constant whose Thrift value is {@code value}, or null for one not in {@code constants}. */
  static <E> E byOrdinal(E[] constants, int value) {
    return value >= 0 && value < constants.length ? constants[value] : null;
  }
}
