package dev.parrow.codec.values;

import java.lang.reflect.Array;

/**
 * Values kept one per element of a primitive array ({@code int[]}, {@code long[]}, {@code byte[]}):
 * growth and range copies are the same for each, whatever the element type.
 *
 * @param <A> the array type
 */
abstract class PrimitiveValues<A> extends GrowableValues {
  /** The values, {@link #size} of them from index 0. */
  A array;

  PrimitiveValues(A initial) {
    this.array = initial;
  }

  /**
   * Makes room for n more and returns the offset to write them at; the caller then calls {@link
   * #added}.
   */
  public int reserve(int n) {
    int capacity = Array.getLength(array);
    if (size + n > capacity) {
      @SuppressWarnings("unchecked")
      A grown =
          (A)
              Array.newInstance(
                  array.getClass().getComponentType(), Math.max(size + n, capacity * 2));
      System.arraycopy(array, 0, grown, 0, size);
      array = grown;
    }
    return size;
  }

  /** Appends values [from, from + n) of {@code source}, values of the same kind. */
  public void appendRange(DenseValues source, int from, int n) {
    int at = reserve(n);
    System.arraycopy(((PrimitiveValues<?>) source).array, from, array, at, n);
    size += n;
  }
}
