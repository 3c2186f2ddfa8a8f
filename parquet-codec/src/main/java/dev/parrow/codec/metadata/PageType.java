package dev.parrow.codec.metadata;

/** The kind of a page in a column chunk. */
public enum PageType implements ThriftEnum {
  DATA_PAGE,
  INDEX_PAGE,
  DICTIONARY_PAGE,
  DATA_PAGE_V2;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   */
  public static PageType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
