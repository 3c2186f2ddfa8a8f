package dev.parrow.codec.values;

import java.util.Arrays;

/** INT64 values, and the raw bits of DOUBLE values (kept as bits so NaN payloads survive). */
public final class Int64Values extends PrimitiveValues<long[]> implements DenseValues {
  public Int64Values() {
    super(new long[64]);
  }

  public long[] values() {
    return array;
  }

  /** Appends one value. */
  public void add(long value) {
    int at = reserve(1);
    array[at] = value;
    size++;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    int at = reserve(n);
    long[] src = ((Int64Values) source).array;
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
    return other instanceof Int64Values o
        && o.size >= size
        && Arrays.equals(array, 0, size, o.array, 0, size);
  }
}
