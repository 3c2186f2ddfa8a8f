package dev.parrow.codec.values;

import java.util.Arrays;

/** BOOLEAN values, one byte (0 or 1) each. */
public final class BooleanValues extends PrimitiveValues<byte[]> implements DenseValues {
  public BooleanValues() {
    super(new byte[64]);
  }

  public byte[] values() {
    return array;
  }

  /** Appends n values given as ints (0 or 1), as the RLE boolean decoder produces them. */
  public void appendBits(int[] bits, int n) {
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      array[at + i] = (byte) bits[i];
    }
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    byte[] src = ((BooleanValues) source).array;
    int limit = source.size();
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, limit);
      array[at + i] = src[index];
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof BooleanValues o
        && o.size >= size
        && Arrays.equals(array, 0, size, o.array, 0, size);
  }
}
