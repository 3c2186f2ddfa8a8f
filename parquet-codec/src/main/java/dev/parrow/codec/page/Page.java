package dev.parrow.codec.page;

import dev.parrow.codec.metadata.Encoding;

/** A page with its bytes decompressed and its sections located. */
public sealed interface Page {

  /** The page's position in its column chunk (the dictionary page counts). */
  int index();

  /** A dictionary page: {@code numValues} PLAIN values in {@code data[offset, offset + length)}. */
  record Dictionary(int index, byte[] data, int offset, int length, int numValues)
      implements Page {}

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
      implements Page {}

  /** Bytes {@code [offset, offset + length)} of {@code buffer}. */
  record Section(byte[] buffer, int offset, int length) {
    public int end() {
      return offset + length;
    }
  }
}
