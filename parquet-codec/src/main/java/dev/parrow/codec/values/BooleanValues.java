package dev.parrow.codec.values;

import java.util.Arrays;

/** BOOLEAN values, one byte (0 or 1) each. */
public final class BooleanValues extends GrowableValues implements DenseValues {
  private byte[] values = new byte[64];

  public byte[] values() {
    return values;
  }

  /**
   * Makes room for n more and returns the offset to write them at; the caller then calls {@link
   * #added}.
   */
  public int reserve(int n) {
    if (size + n > values.length) {
      values = Arrays.copyOf(values, Math.max(size + n, values.length * 2));
    }
    return size;
  }

  /** Appends n values given as ints (0 or 1), as the RLE boolean decoder produces them. */
  public void appendBits(int[] bits, int n) {
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      values[at + i] = (byte) bits[i];
    }
    size += n;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    int at = reserve(n);
    System.arraycopy(((BooleanValues) source).values, from, values, at, n);
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    byte[] src = ((BooleanValues) source).values;
    int limit = source.size();
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, limit);
      values[at + i] = src[index];
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof BooleanValues o
        && o.size >= size
        && Arrays.equals(values, 0, size, o.values, 0, size);
  }
}
