package dev.parrow.codec.metadata;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An immutable byte string from the metadata (statistics bounds, key metadata). Records hold these
 * instead of {@code byte[]} so that two records with the same content are equal.
 */
public final class Bytes implements Comparable<Bytes> {
  /** No bytes. */
  public static final Bytes EMPTY = new Bytes(new byte[0]);

  private final byte[] bytes;

  private Bytes(byte[] bytes) {
    this.bytes = bytes;
  }

  /**
   * Copies {@code bytes}.
   *
   * @param bytes the bytes
   * @return an immutable copy
   */
  public static Bytes of(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new Bytes(bytes.clone());
  }

  /**
   * Takes ownership of {@code bytes}: the caller must not change it afterwards.
   *
   * @param bytes the bytes
   * @return the bytes, not copied
   */
  public static Bytes wrap(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new Bytes(bytes);
  }

  /**
   * The least byte string above, in unsigned byte order, every one that starts with {@code bytes[0,
   * length)}: that prefix with its last byte below 0xFF raised by one and the bytes after it
   * dropped; null when there is none (no bytes, or 0xFF bytes only). What a truncated max and a
   * prefix's range end at.
   *
   * @param bytes the bytes
   * @param length how many of them are the prefix
   * @return the end, or null
   */
  public static byte[] prefixEnd(byte[] bytes, int length) {
    for (int end = length; end > 0; end--) {
      if (bytes[end - 1] != (byte) 0xFF) {
        byte[] out = Arrays.copyOf(bytes, end);
        out[end - 1]++;
        return out;
      }
    }
    return null;
  }

  /** {@return the number of bytes} */
  public int length() {
    return bytes.length;
  }

  /**
   * One byte.
   *
   * @param index its position
   * @return the byte
   */
  public byte get(int index) {
    return bytes[index];
  }

  /** {@return a copy of the bytes} */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /**
   * A read-only view, little-endian order not implied: set it where it matters.
   *
   * @return a read-only buffer over the bytes
   */
  public ByteBuffer asByteBuffer() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  /** Unsigned byte-wise order, the order Parquet defines for byte arrays. */
  @Override
  public int compareTo(Bytes other) {
    return Arrays.compareUnsigned(bytes, other.bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bytes other && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** {@return the bytes in lower-case hexadecimal} */
  public String toHex() {
    StringBuilder sb = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return "0x" + toHex();
  }
}
