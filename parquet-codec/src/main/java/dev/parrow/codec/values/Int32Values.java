package dev.parrow.codec.values;

import java.util.Arrays;

/** INT32 values, and the raw bits of FLOAT values (kept as bits so NaN payloads survive). */
public final class Int32Values extends PrimitiveValues<int[]> implements DenseValues {
  public Int32Values() {
    super(new int[64]);
  }

  public int[] values() {
    return array;
  }

  /** Appends one value. */
  public void add(int value) {
    int at = reserve(1);
    array[at] = value;
    size++;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    int at = reserve(n);
    int[] src = ((Int32Values) source).array;
    int limit = source.size();
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      if (index < 0 || index >= limit) {
        DenseValues.checkIndex(index, limit);
      }
      array[at + i] = src[index];
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof Int32Values o
        && o.size >= size
        && Arrays.equals(array, 0, size, o.array, 0, size);
  }

  /** Values [0, n) widened to longs, into {@code out}. */
  public void toLongs(long[] out, int n) {
    for (int i = 0; i < n; i++) {
      out[i] = array[i];
    }
  }
}
