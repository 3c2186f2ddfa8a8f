package dev.parrow.codec.metadata;

/** The kind of a page in a column chunk. */
public enum PageType {
  DATA_PAGE(0),
  INDEX_PAGE(1),
  DICTIONARY_PAGE(2),
  DATA_PAGE_V2(3);

  private static final PageType[] BY_VALUE = ThriftValues.index(values(), PageType::thriftValue);

  private final int thriftValue;

  PageType(int thriftValue) {
    this.thriftValue = thriftValue;
  }

  /** The number this constant has in parquet.thrift. */
  public int thriftValue() {
    return thriftValue;
  }

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static PageType fromThriftValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
