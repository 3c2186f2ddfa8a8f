package dev.parrow.codec.values;

import java.util.Arrays;

/** INT32 values, and the raw bits of FLOAT values (kept as bits so NaN payloads survive). */
public final class Int32Values extends GrowableValues implements DenseValues {
  private int[] values = new int[64];

  public int[] values() {
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
    Int32Values d = (Int32Values) dictionary;
    int at = reserve(n);
    int[] dict = d.values;
    int dictSize = d.size;
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      if (index < 0 || index >= dictSize) {
        DenseValues.checkIndex(index, dictSize);
      }
      values[at + i] = dict[index];
    }
    size += n;
  }
}
