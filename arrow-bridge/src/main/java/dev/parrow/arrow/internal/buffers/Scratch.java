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
    long[] wide = new long[n];
    for (int i = 0; i < n; i++) {
      wide[i] = values[i];
    }
    ArrowBuf buffer = allocator.buffer((long) n * 8);
    Buffers.putLongs(buffer, wide, n);
    return buffer;
  }
}
