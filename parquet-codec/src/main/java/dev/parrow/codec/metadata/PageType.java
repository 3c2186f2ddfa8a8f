package dev.parrow.codec.metadata;

/** The kind of a page in a column chunk. */
public enum PageType implements ThriftEnum {
  /** A data page, version 1. */
  DATA_PAGE,
  /** An index page (the format defines none in use). */
  INDEX_PAGE,
  /** The dictionary page, first in a chunk. */
  DICTIONARY_PAGE,
  /** A data page, version 2: levels uncompressed and outside the values. */
  DATA_PAGE_V2;

  /**
   * The constant with this Thrift value, or null for a value this version of Parrow does not know.
   *
   * @param value the Thrift value
   * @return the constant, or null
   */
  public static PageType fromThriftValue(int value) {
    return ThriftEnum.byOrdinal(values(), value);
  }
}
