package dev.parrow.arrow.internal.buffers;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/** Reused per-node arrays of the nested readers, and the Arrow buffers made from them. */
public final class Scratch {
  private Scratch() {}

  /** {@code bits} if it holds n bits (zeroed), else a new array. */
  public static byte[] zeroedBits(byte[] bits, int n) {
    int bytes = (n + 7) >>> 3;
    if (bits.length < bytes) {
      return new byte[Math.max(bytes, bits.length * 2)];
    }
    Arrays.fill(bits, 0, bytes, (byte) 0);
    return bits;
  }

  /** A new buffer holding the first n bits of {@code bits}. */
  public static ArrowBuf bitsBuffer(BufferAllocator allocator, byte[] bits, int n) {
    int bytes = (n + 7) >>> 3;
    ArrowBuf buffer = allocator.buffer(Math.max(bytes, 1));
    buffer.setBytes(0, bits, 0, bytes);
    return buffer;
  }

  /** A new buffer holding the first n ints, little-endian. */
  public static ArrowBuf intsBuffer(BufferAllocator allocator, int[] values, int n) {
    ArrowBuf buffer = allocator.buffer((long) n * 4);
    Buffers.putInts(buffer, values, n);
    return buffer;
  }

  /** A new buffer holding the first n ints widened to longs, little-endian (large-list offsets). */
  public static ArrowBuf longsBuffer(BufferAllocator allocator, int[] values, int n) {
    ArrowBuf buffer = allocator.buffer((long) n * 8);
    putWidened(buffer, values, n);
    return buffer;
  }

  private static void putWidened(ArrowBuf buffer, int[] values, int n) {
    long[] wide = new long[n];
    for (int i = 0; i < n; i++) {
      wide[i] = values[i];
    }
    Buffers.putLongs(buffer, wide, n);
  }

  /**
   * A buffer holding a list's offsets, the first n ints (widened to longs when {@code large}):
   * {@code current} (the list's offsets of the batch before) when nobody else holds it and it is
   * big enough, retained, else a new one. Either way the caller loads it into the vector and then
   * closes it. Reusing the last batch's offsets spares the allocator a buffer of four or eight
   * bytes a row for every list of every batch.
   */
  public static ArrowBuf offsetsBuffer(
      ArrowBuf current, BufferAllocator allocator, int[] values, int n, boolean large) {
    long bytes = (long) n * (large ? 8 : 4);
    ArrowBuf buffer;
    if (current != null
        && current.capacity() >= bytes
        && !Buffers.heldElsewhere(java.util.List.of(current))) {
      current.getReferenceManager().retain();
      buffer = current;
    } else {
      buffer = allocator.buffer(bytes);
    }
    if (large) {
      putWidened(buffer, values, n);
    } else {
      Buffers.putInts(buffer, values, n);
    }
    return buffer;
  }
}
