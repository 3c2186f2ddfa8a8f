package dev.parrow.codec.values;

import java.util.Arrays;

/** Values of a fixed byte width, back to back: FIXED_LEN_BYTE_ARRAY(n) and INT96 (12 bytes). */
public final class FixedWidthValues extends GrowableValues implements DenseValues {
  private final int width;
  private byte[] bytes;

  public FixedWidthValues(int width) {
    this.width = width;
    this.bytes = new byte[Math.max(64, width * 16)];
  }

  public int width() {
    return width;
  }

  /** Value i is {@code bytes()[i * width, (i + 1) * width)}. */
  public byte[] bytes() {
    return bytes;
  }

  /** Makes room for n more values and returns the byte offset to write them at. */
  public int reserve(int n) {
    long needed = ((long) size + n) * width;
    if (needed > Integer.MAX_VALUE - 16) {
      throw new dev.parrow.codec.BatchTooLargeException(
          "values of " + width + " bytes, more than 2 GiB of them", size);
    }
    if (needed > bytes.length) {
      bytes =
          Arrays.copyOf(
              bytes,
              (int) Math.max(needed, Math.min((long) bytes.length * 2, Integer.MAX_VALUE - 16)));
    }
    return size * width;
  }

  /** Appends one value from {@code src[offset, offset + width)}. */
  public void add(byte[] src, int offset) {
    int at = reserve(1);
    System.arraycopy(src, offset, bytes, at, width);
    size++;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    FixedWidthValues s = (FixedWidthValues) source;
    int at = reserve(n);
    System.arraycopy(s.bytes, from * width, bytes, at, n * width);
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    FixedWidthValues d = (FixedWidthValues) source;
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, d.size);
      System.arraycopy(d.bytes, index * width, bytes, at + i * width, width);
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof FixedWidthValues o
        && o.width == width
        && o.size >= size
        && Arrays.equals(bytes, 0, size * width, o.bytes, 0, size * width);
  }

  /** Value i as an array of its own (what the DELTA byte-array encoders take). */
  public byte[] value(int i) {
    return Arrays.copyOfRange(bytes, i * width, (i + 1) * width);
  }
}
