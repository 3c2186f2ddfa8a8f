package dev.parrow.storage;

/**
 * A run of bytes of a file.
 *
 * @param offset the file offset of the first byte
 * @param length how many bytes
 */
public record FileRange(long offset, long length) {
  /**
   * Checks the range.
   *
   * @param offset the file offset of the first byte
   * @param length how many bytes
   */
  public FileRange {
    if (offset < 0 || length < 0 || offset > Long.MAX_VALUE - length) {
      throw new IllegalArgumentException("bad file range: " + length + " bytes at " + offset);
    }
  }

  /** {@return the offset just past the last byte} */
  public long end() {
    return offset + length;
  }

  /**
   * Whether this range holds every byte of {@code [from, from + bytes)}.
   *
   * @param from the first byte
   * @param bytes how many
   * @return true when they all lie inside
   */
  public boolean covers(long from, long bytes) {
    return from >= offset && from + bytes <= end();
  }
}
