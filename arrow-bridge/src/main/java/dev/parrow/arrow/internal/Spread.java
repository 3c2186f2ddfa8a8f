package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import java.util.Arrays;

/**
 * Dense values spread out to their slots: slot i takes the next dense value where bit i of the validity
 * bitmap is set, and zero where it is not (a null validity means every slot is set). One routine per
 * value width, shared by the fillers; each fills a primitive array in one pass, a validity byte at a
 * time: a full byte is one copy of eight values, an empty byte eight zeros.
 */
final class Spread {
  private Spread() {}

  static void ints(int[] dense, byte[] validity, int rows, int[] out) {
    if (validity == null) {
      System.arraycopy(dense, 0, out, 0, rows);
      return;
    }
    int j = 0;
    int full = rows & ~7;
    for (int i = 0; i < full; i += 8) {
      int b = validity[i >>> 3] & 0xff;
      if (b == 0xff) {
        System.arraycopy(dense, j, out, i, 8);
        j += 8;
      } else if (b == 0) {
        Arrays.fill(out, i, i + 8, 0);
      } else {
        for (int k = 0; k < 8; k++) {
          out[i + k] = (b & (1 << k)) != 0 ? dense[j++] : 0;
        }
      }
    }
    for (int i = full; i < rows; i++) {
      out[i] = Bits.get(validity, i) ? dense[j++] : 0;
    }
  }

  static void longs(long[] dense, byte[] validity, int rows, long[] out) {
    if (validity == null) {
      System.arraycopy(dense, 0, out, 0, rows);
      return;
    }
    int j = 0;
    int full = rows & ~7;
    for (int i = 0; i < full; i += 8) {
      int b = validity[i >>> 3] & 0xff;
      if (b == 0xff) {
        System.arraycopy(dense, j, out, i, 8);
        j += 8;
      } else if (b == 0) {
        Arrays.fill(out, i, i + 8, 0L);
      } else {
        for (int k = 0; k < 8; k++) {
          out[i + k] = (b & (1 << k)) != 0 ? dense[j++] : 0L;
        }
      }
    }
    for (int i = full; i < rows; i++) {
      out[i] = Bits.get(validity, i) ? dense[j++] : 0L;
    }
  }

  /** Values of {@code width} bytes each: value j at {@code dense[j * width]}, slot i at {@code out[i * width]}. */
  static void bytes(byte[] dense, int width, byte[] validity, int rows, byte[] out) {
    if (validity == null) {
      System.arraycopy(dense, 0, out, 0, rows * width);
      return;
    }
    int j = 0;
    for (int i = 0; i < rows; i++) {
      if (Bits.get(validity, i)) {
        System.arraycopy(dense, j * width, out, i * width, width);
        j += 1;
      } else {
        Arrays.fill(out, i * width, (i + 1) * width, (byte) 0);
      }
    }
  }

  /**
   * The offsets of variable-width values: {@code out[i + 1]} is where slot i ends, given the dense values'
   * offsets ({@code dense[j]} where value j starts, {@code dense[j + 1]} where it ends); a null slot ends
   * where the one before it does.
   */
  static void offsets(int[] dense, byte[] validity, int rows, int[] out) {
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

  /** Scratch arrays grown to at least {@code n}. */
  static int[] ensure(int[] a, int n) {
    return a.length >= n ? a : new int[Math.max(n, a.length * 2)];
  }

  static long[] ensure(long[] a, int n) {
    return a.length >= n ? a : new long[Math.max(n, a.length * 2)];
  }

  static byte[] ensure(byte[] a, int n) {
    return a.length >= n ? a : new byte[Math.max(n, a.length * 2)];
  }
}
