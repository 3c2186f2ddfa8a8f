package dev.parrow.codec.values;

import java.util.Arrays;

/** BOOLEAN values, one byte (0 or 1) each. */
public final class BooleanValues extends GrowableValues implements DenseValues {
  private byte[] values = new byte[64];

  public byte[] values() {
    return values;
  }

  /** Makes room for n more and returns the offset to write them at; the caller then calls {@link #added}. */
  public int reserve(int n) {
    if (size + n > values.length) {
      values = Arrays.copyOf(values, Math.max(size + n, values.length * 2));
    }
    return size;
  }

  @Override
  public void appendFromDictionary(DenseValues dictionary, int[] indices, int offset, int n) {
    BooleanValues d = (BooleanValues) dictionary;
    int at = reserve(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, d.size);
      values[at + i] = d.values[index];
    }
    size += n;
  }
}
