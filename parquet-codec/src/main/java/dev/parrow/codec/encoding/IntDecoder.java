package dev.parrow.codec.encoding;

/** A stream of small non-negative ints: repetition or definition levels, or dictionary indices. */
public interface IntDecoder {

  /**
   * Reads up to {@code n} values into {@code out[offset...]}.
   *
   * @return how many were read; fewer than {@code n} only when the encoded data ends
   */
  int read(int[] out, int offset, int n);
}
