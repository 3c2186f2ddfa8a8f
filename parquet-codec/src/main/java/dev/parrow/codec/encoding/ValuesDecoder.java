package dev.parrow.codec.encoding;

import dev.parrow.codec.values.DenseValues;

/** Decodes the values section of a data page, one encoding per implementation. */
public interface ValuesDecoder {

  /**
   * Appends the next {@code n} values to {@code out}; fewer values left in the page is an error.
   */
  void read(DenseValues out, int n);
}
