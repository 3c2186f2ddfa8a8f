package dev.parrow.codec.encoding;

/** A stream of small non-negative ints: repetition or definition levels, or dictionary indices. */
public interface IntDecoder {

  /**
   * Reads up to {@code n} values into {@code out[offset...]}.
   *
   * @return how many were read; fewer than {@code n} only when the encoded data ends
   */
  int read(int[] out, int offset, int n);

  /**
   * Skips up to {@code n} values.
   *
   * @return how many were skipped; fewer than {@code n} only when the encoded data ends
   */
  default int skip(int n) {
    int[] scratch = new int[Math.min(n, 1024)];
    int done = 0;
    while (done < n) {
      int k = read(scratch, 0, Math.min(scratch.length, n - done));
      if (k == 0) {
        break;
      }
      done += k;
    }
    return done;
  }
}
