package dev.parrow.codec.values;

import java.util.Arrays;

/** INT32 values, and the raw bits of FLOAT values (kept as bits so NaN payloads survive). */
public final class Int32Values extends GrowableValues implements DenseValues {
  private int[] values = new int[64];

  public int[] values() {
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
  public void add(int value) {
    int at = reserve(1);
    values[at] = value;
    size++;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    int at = reserve(n);
    System.arraycopy(((Int32Values) source).values, from, values, at, n);
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    int at = reserve(n);
    int[] src = ((Int32Values) source).values;
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
    return other instanceof Int32Values o
        && o.size >= size
        && Arrays.equals(values, 0, size, o.values, 0, size);
  }

  /** Values [0, n) widened to longs, into {@code out}. */
  public void toLongs(long[] out, int n) {
    for (int i = 0; i < n; i++) {
      out[i] = values[i];
    }
  }
}
