package dev.parrow.codec.values;

import java.util.Arrays;

/** INT64 values, and the raw bits of DOUBLE values (kept as bits so NaN payloads survive). */
public final class Int64Values extends GrowableValues implements DenseValues {
  private long[] values = new long[64];

  public long[] values() {
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

  /** Appends one value. */
  public void add(long value) {
    int at = reserve(1);
    values[at] = value;
    size++;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    int at = reserve(n);
    System.arraycopy(((Int64Values) source).values, from, values, at, n);
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    int at = reserve(n);
    long[] src = ((Int64Values) source).values;
    int limit = source.size();
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      if (index < 0 || index >= limit) {
        DenseValues.checkIndex(index, limit);
      }
      values[at + i] = src[index];
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof Int64Values o
        && o.size >= size
        && Arrays.equals(values, 0, size, o.values, 0, size);
  }
}
