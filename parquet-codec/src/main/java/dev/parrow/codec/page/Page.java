package dev.parrow.codec.page;

import dev.parrow.codec.metadata.Encoding;

/** A page with its bytes decompressed and its sections located. */
public sealed interface Page {

  /** The page's position in its column chunk (the dictionary page counts). */
  int index();

  /** The arrays the page's bytes lie in, each once. */
  java.util.List<byte[]> arrays();

  /** A dictionary page: {@code numValues} PLAIN values in {@code data[offset, offset + length)}. */
  record Dictionary(int index, byte[] data, int offset, int length, int numValues) implements Page {
    @Override
    public java.util.List<byte[]> arrays() {
      return java.util.List.of(data);
    }
  }

  /**
   * A data page, v1 or v2, its sections located: repetition levels, definition levels, values.
   * Levels are RLE (v2 pages and most v1 pages) or the deprecated BIT_PACKED; a section is empty
   * when its column's maximum level is 0.
   *
   * @param numNulls from a v2 header; null for v1
   * @param numRows from a v2 header; null for v1
   */
  record Data(
      int index,
      int numValues,
      Integer numNulls,
      Integer numRows,
      Encoding encoding,
      Section repetitionLevels,
      Encoding repetitionLevelEncoding,
      Section definitionLevels,
      Encoding definitionLevelEncoding,
      Section values)
      implements Page {
    /** A v2 page keeps both level sections in its stored bytes, and an uncompressed page all. */
    @Override
    public java.util.List<byte[]> arrays() {
      byte[] v = values.buffer();
      byte[] r = repetitionLevels.buffer();
      byte[] d = definitionLevels.buffer();
      if (r == v) {
        return d == v ? java.util.List.of(v) : java.util.List.of(v, d);
      }
      return d == v || d == r ? java.util.List.of(v, r) : java.util.List.of(v, r, d);
    }
  }

  /** Bytes {@code [offset, offset + length)} of {@code buffer}. */
  record Section(byte[] buffer, int offset, int length) {
    public int end() {
      return offset + length;
    }
  }
}
