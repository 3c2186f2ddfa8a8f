package dev.parrow.codec.encoding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable byte array the writer encodes into, little-endian for numbers as Parquet stores them.
 */
public final class ByteSink {
  private byte[] bytes;
  private int size;

  public ByteSink(int capacity) {
    this.bytes = new byte[Math.max(16, capacity)];
  }

  public int size() {
    return size;
  }

  public byte[] array() {
    return bytes;
  }

  public void clear() {
    size = 0;
  }

  private void ensure(int more) {
    long needed = (long) size + more;
    if (needed > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a page of more than 2 GiB: write smaller pages");
    }
    if (needed > bytes.length) {
      bytes =
          Arrays.copyOf(
              bytes,
              (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, (long) bytes.length * 2)));
    }
  }

  public void write(byte[] src, int offset, int length) {
    ensure(length);
    System.arraycopy(src, offset, bytes, size, length);
    size += length;
  }

  public void write(byte[] src) {
    write(src, 0, src.length);
  }

  public void writeByte(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  public void writeIntLE(int v) {
    ensure(4);
    ByteBuffer.wrap(bytes, size, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(v);
    size += 4;
  }

  /** n ints from {@code src}, little-endian, in one bulk copy. */
  public void writeIntsLE(int[] src, int offset, int n) {
    ensure(n * 4);
    ByteBuffer.wrap(bytes, size, n * 4)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asIntBuffer()
        .put(src, offset, n);
    size += n * 4;
  }

  public void writeLongsLE(long[] src, int offset, int n) {
    ensure(n * 8);
    ByteBuffer.wrap(bytes, size, n * 8)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asLongBuffer()
        .put(src, offset, n);
    size += n * 8;
  }

  /**
   * Values [from, to) of byte arrays held back to back: each as a 4-byte little-endian length and
   * its bytes.
   */
  public void writeLengthPrefixed(byte[] src, int[] offsets, int from, int to) {
    ensure(offsets[to] - offsets[from] + 4 * (to - from));
    byte[] b = bytes;
    int at = size;
    for (int i = from; i < to; i++) {
      int length = offsets[i + 1] - offsets[i];
      b[at] = (byte) length;
      b[at + 1] = (byte) (length >>> 8);
      b[at + 2] = (byte) (length >>> 16);
      b[at + 3] = (byte) (length >>> 24);
      System.arraycopy(src, offsets[i], b, at + 4, length);
      at += 4 + length;
    }
    size = at;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  /**
   * The bytes written, as one array: this sink's own when it is exactly full (a sink sized for what
   * it takes, as a PLAIN page's is), so that they are not copied; the sink is not used after.
   */
  public byte[] take() {
    return size == bytes.length ? bytes : toByteArray();
  }

  /**
   * Room for {@code more} bytes at {@link #size}, in {@link #array} (which may be a new one), for a
   * caller that writes them there itself and then calls {@link #added}.
   */
  public void reserve(int more) {
    ensure(more);
  }

  /** Counts {@code n} bytes a caller wrote at {@link #size} after {@link #reserve}. */
  public void added(int n) {
    size += n;
  }
}
