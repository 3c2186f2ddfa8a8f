package dev.parrow.codec.write;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** A growable byte array the writer encodes into, little-endian for numbers as Parquet stores them. */
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
      bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, (long) bytes.length * 2)));
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
    ByteBuffer.wrap(bytes, size, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, offset, n);
    size += n * 4;
  }

  public void writeLongsLE(long[] src, int offset, int n) {
    ensure(n * 8);
    ByteBuffer.wrap(bytes, size, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(src, offset, n);
    size += n * 8;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
