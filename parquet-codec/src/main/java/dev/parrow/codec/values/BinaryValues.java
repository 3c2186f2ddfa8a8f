package dev.parrow.codec.values;

import dev.parrow.codec.BatchTooLargeException;
import java.util.Arrays;

/**
 * BYTE_ARRAY values: their bytes back to back, and offsets (value i is [offsets[i], offsets[i +
 * 1])).
 */
public final class BinaryValues extends GrowableValues implements DenseValues {
  private byte[] bytes = new byte[256];
  private int[] offsets = new int[65];

  public byte[] bytes() {
    return bytes;
  }

  public int[] offsets() {
    return offsets;
  }

  /** Total bytes of all values. */
  public int byteLength() {
    return offsets[size];
  }

  /** Appends one value. */
  public void append(byte[] src, int srcOffset, int length) {
    int at = reserveBytes(length);
    System.arraycopy(src, srcOffset, bytes, at, length);
    addValue(length);
  }

  /**
   * The offsets array with room for {@code values} values, for a caller that writes ends directly
   * (offsets[size + k + 1] for its k-th value, within the bytes reserved) and then calls {@link
   * #added}.
   */
  public int[] offsetsFor(int values) {
    if (values + 1 > offsets.length) {
      offsets = Arrays.copyOf(offsets, Math.max(values + 1, offsets.length * 2));
    }
    return offsets;
  }

  /** Makes room for {@code length} more bytes; returns where they go. */
  public int reserveBytes(int length) {
    long needed = (long) offsets[size] + length;
    if (needed > Integer.MAX_VALUE - 16) {
      throw new BatchTooLargeException("BYTE_ARRAY values of more than 2 GiB", size);
    }
    if (needed > bytes.length) {
      bytes =
          Arrays.copyOf(
              bytes,
              (int) Math.max(needed, Math.min((long) bytes.length * 2, Integer.MAX_VALUE - 16)));
    }
    return offsets[size];
  }

  /**
   * Records a value of {@code length} bytes already written at {@link #reserveBytes}'s position.
   */
  public void addValue(int length) {
    if (size + 2 > offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
    }
    offsets[size + 1] = offsets[size] + length;
    size++;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    BinaryValues src = (BinaryValues) source;
    int start = src.offsets[from];
    int at = reserveBytes(src.offsets[from + n] - start);
    System.arraycopy(src.bytes, start, bytes, at, src.offsets[from + n] - start);
    if (size + n + 1 > offsets.length) {
      offsets = Arrays.copyOf(offsets, Math.max(size + n + 1, offsets.length * 2));
    }
    int shift = at - start;
    for (int i = 1; i <= n; i++) {
      offsets[size + i] = src.offsets[from + i] + shift;
    }
    size += n;
  }

  @Override
  public void gather(DenseValues source, int[] indices, int offset, int n) {
    BinaryValues d = (BinaryValues) source;
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      DenseValues.checkIndex(index, d.size);
      int start = d.offsets[index];
      append(d.bytes, start, d.offsets[index + 1] - start);
    }
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    if (!(other instanceof BinaryValues o) || o.size < size) {
      return false;
    }
    int length = byteLength();
    return Arrays.equals(offsets, 0, size + 1, o.offsets, 0, size + 1)
        && Arrays.equals(bytes, 0, length, o.bytes, 0, length);
  }

  /** Value i as an array of its own (what the DELTA byte-array encoders take). */
  public byte[] value(int i) {
    return Arrays.copyOfRange(bytes, offsets[i], offsets[i + 1]);
  }
}
