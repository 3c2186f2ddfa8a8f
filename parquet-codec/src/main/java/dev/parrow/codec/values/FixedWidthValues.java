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
      throw new dev.parrow.codec.ParquetFormatException("a batch of " + n + " values of " + width
          + " bytes does not fit in memory");
    }
    if (needed > bytes.length) {
      bytes = Arrays.copyOf(bytes, (int) Math.max(needed, Math.min((long) bytes.length * 2, Integer.MAX_VALUE - 16)));
    }
    return size * width;
  }

  @Override
  public void appendFromDictionary(DenseValues dictionary, int[] indices, int offset, int n) {
    FixedWidthValues d = (FixedWidthValues) dictionary;
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, d.size);
      System.arraycopy(d.bytes, index * width, bytes, at + i * width, width);
    }
    size += n;
  }
}
