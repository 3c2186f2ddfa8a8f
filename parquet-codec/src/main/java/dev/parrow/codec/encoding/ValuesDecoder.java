package dev.parrow.codec.encoding;

import dev.parrow.codec.values.DenseValues;

/** Decodes the values section of a data page, one encoding per implementation. */
public interface ValuesDecoder {

  /**
   * Appends the next {@code n} values to {@code out}; fewer values left in the page is an error.
   */
  void read(DenseValues out, int n);

  /**
   * Passes over the next {@code n} values (rows a filtered read skips). This default decodes them
   * into {@code scratch}, a buffer of the column's kind; encodings that can pass over values
   * without decoding them do so.
   */
  /**
   * Decodes the next {@code n} values and appends only those at the positions {@code
   * selected[0..count)} (ascending, below n) to {@code out}. This default decodes all n into {@code
   * scratch} and gathers; a dictionary looks up only the selected ids.
   */
  default void readSelected(
      DenseValues out, int n, int[] selected, int count, DenseValues scratch) {
    scratch.clear();
    read(scratch, n);
    out.gather(scratch, selected, 0, count);
    scratch.clear();
  }

  default void skip(int n, DenseValues scratch) {
    scratch.clear();
    read(scratch, n);
    scratch.clear();
  }
}
