package dev.parrow.arrow.internal.buffers;

import dev.parrow.codec.encoding.Bits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Dense values spread out to their slots: slot i takes the next dense value where bit i of the
 * validity bitmap is set, and zero where it is not (a null validity means every slot is set).
 * Shared by the fillers: each converts its present values into dense little-endian bytes of the
 * vector's width ({@link #put}), spreads them here in one pass, a validity byte at a time (a full
 * byte is one copy of eight values, an empty byte eight zeros), and copies the result into the
 * vector at once. Variable-width values spread their offsets instead ({@link #offsets}).
 */
public final class Spread {
  private Spread() {}

  /**
   * Values of {@code width} bytes each: value j at {@code dense[j * width]}, slot i at {@code out[i
   * * width]}.
   */
  public static void bytes(byte[] dense, int width, byte[] validity, int rows, byte[] out) {
    if (validity == null) {
      System.arraycopy(dense, 0, out, 0, rows * width);
      return;
    }
    int j = 0;
    int full = rows & ~7;
    for (int i = 0; i < full; i += 8) {
      int b = validity[i >>> 3] & 0xff;
      if (b == 0xff) {
        System.arraycopy(dense, j * width, out, i * width, 8 * width);
        j += 8;
      } else if (b == 0) {
        Arrays.fill(out, i * width, (i + 8) * width, (byte) 0);
      } else {
        j = bitByBit(dense, width, validity, i, i + 8, j, out);
      }
    }
    bitByBit(dense, width, validity, full, rows, j, out);
  }

  /**
   * For each validity byte and slot in it, the slot's dense value counted from the byte's first
   * (the set bits below it), or 0 for a null slot.
   */
  private static final byte[] RANK = new byte[256 * 8];

  static {
    for (int b = 0; b < 256; b++) {
      for (int m = 0; m < 8; m++) {
        RANK[b * 8 + m] = (byte) (((b >>> m) & 1) == 0 ? 0 : Integer.bitCount(b & ((1 << m) - 1)));
      }
    }
  }

  /**
   * 8-byte values spread in place: the first {@code present} elements of {@code a} are the dense
   * values, and slot i takes the next of them where bit i of {@code validity} is set, zero where it
   * is not. Walked from the last slot back, so that a value moves (never down) before its place is
   * written: a validity byte at a time, its eight slots each reading its dense value at the byte's
   * first plus its rank ({@link #RANK}) and keeping it or zero by a mask, with no branch and no
   * dependency from slot to slot. {@code a} holds at least {@code rows} elements, and {@code
   * present < rows}, so that the read for a null slot stays in the array.
   */
  public static void longsInPlace(long[] a, byte[] validity, int rows, int present) {
    int j = present;
    int full = rows & ~7;
    for (int i = rows - 1; i >= full; i--) {
      int bit = (validity[i >>> 3] >>> (i & 7)) & 1;
      j -= bit;
      a[i] = a[j] & -(long) bit;
    }
    for (int k = (full >>> 3) - 1; k >= 0; k--) {
      int b = validity[k] & 0xff;
      j -= Integer.bitCount(b);
      int r = b << 3;
      int i = k << 3;
      a[i + 7] = a[j + RANK[r + 7]] & -(long) ((b >>> 7) & 1);
      a[i + 6] = a[j + RANK[r + 6]] & -(long) ((b >>> 6) & 1);
      a[i + 5] = a[j + RANK[r + 5]] & -(long) ((b >>> 5) & 1);
      a[i + 4] = a[j + RANK[r + 4]] & -(long) ((b >>> 4) & 1);
      a[i + 3] = a[j + RANK[r + 3]] & -(long) ((b >>> 3) & 1);
      a[i + 2] = a[j + RANK[r + 2]] & -(long) ((b >>> 2) & 1);
      a[i + 1] = a[j + RANK[r + 1]] & -(long) ((b >>> 1) & 1);
      a[i] = a[j + RANK[r]] & -(long) (b & 1);
    }
  }

  /** 4-byte values spread in place, as {@link #longsInPlace} does. */
  public static void intsInPlace(int[] a, byte[] validity, int rows, int present) {
    int j = present;
    int full = rows & ~7;
    for (int i = rows - 1; i >= full; i--) {
      int bit = (validity[i >>> 3] >>> (i & 7)) & 1;
      j -= bit;
      a[i] = a[j] & -bit;
    }
    for (int k = (full >>> 3) - 1; k >= 0; k--) {
      int b = validity[k] & 0xff;
      j -= Integer.bitCount(b);
      int r = b << 3;
      int i = k << 3;
      a[i + 7] = a[j + RANK[r + 7]] & -((b >>> 7) & 1);
      a[i + 6] = a[j + RANK[r + 6]] & -((b >>> 6) & 1);
      a[i + 5] = a[j + RANK[r + 5]] & -((b >>> 5) & 1);
      a[i + 4] = a[j + RANK[r + 4]] & -((b >>> 4) & 1);
      a[i + 3] = a[j + RANK[r + 3]] & -((b >>> 3) & 1);
      a[i + 2] = a[j + RANK[r + 2]] & -((b >>> 2) & 1);
      a[i + 1] = a[j + RANK[r + 1]] & -((b >>> 1) & 1);
      a[i] = a[j + RANK[r]] & -(b & 1);
    }
  }

  /**
   * Slots [from, to), taking dense values from the j-th on; returns the next dense index. Values of
   * 4 and 8 bytes move as one int or long, each width in a loop of its own.
   */
  private static int bitByBit(
      byte[] dense, int width, byte[] validity, int from, int to, int j, byte[] out) {
    if (width == 8) {
      for (int i = from; i < to; i++) {
        LONGS.set(out, i * 8, Bits.get(validity, i) ? (long) LONGS.get(dense, j++ * 8) : 0L);
      }
    } else if (width == 4) {
      for (int i = from; i < to; i++) {
        INTS.set(out, i * 4, Bits.get(validity, i) ? (int) INTS.get(dense, j++ * 4) : 0);
      }
    } else {
      for (int i = from; i < to; i++) {
        if (Bits.get(validity, i)) {
          System.arraycopy(dense, j++ * width, out, i * width, width);
        } else {
          Arrays.fill(out, i * width, (i + 1) * width, (byte) 0);
        }
      }
    }
    return j;
  }

  /**
   * Stores {@code value} as dense value {@code j} of {@code width} bytes (1, 2, 4 or 8),
   * little-endian.
   */
  public static void put(byte[] dense, int j, int width, long value) {
    switch (width) {
      case 8 -> LONGS.set(dense, j * 8, value);
      case 4 -> INTS.set(dense, j * 4, (int) value);
      case 2 -> SHORTS.set(dense, j * 2, (short) value);
      default -> dense[j] = (byte) value;
    }
  }

  private static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The offsets of variable-width values: {@code out[i + 1]} is where slot i ends, given the dense
   * values' offsets ({@code dense[j]} where value j starts, {@code dense[j + 1]} where it ends); a
   * null slot ends where the one before it does.
   */
  public static void offsets(int[] dense, byte[] validity, int rows, int[] out) {
    out[0] = dense[0];
    if (validity == null) {
      System.arraycopy(dense, 1, out, 1, rows);
      return;
    }
    int j = 0;
    for (int i = 0; i < rows; i++) {
      j += (validity[i >>> 3] >>> (i & 7)) & 1;
      out[i + 1] = dense[j];
    }
  }

  /** Whether slot {@code row} holds a value ({@code validity} null: every slot does). */
  public static boolean isSet(byte[] validity, int row) {
    return validity == null || (validity[row >>> 3] & (1 << (row & 7))) != 0;
  }

  /** Scratch arrays grown to at least {@code n}. */
  public static int[] ensure(int[] a, int n) {
    return a.length >= n ? a : new int[Math.max(n, a.length * 2)];
  }

  public static long[] ensure(long[] a, int n) {
    return a.length >= n ? a : new long[Math.max(n, a.length * 2)];
  }

  public static byte[] ensure(byte[] a, int n) {
    return a.length >= n ? a : new byte[Math.max(n, a.length * 2)];
  }
}
