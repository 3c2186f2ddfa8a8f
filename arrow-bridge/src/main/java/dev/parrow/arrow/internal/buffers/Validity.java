package dev.parrow.arrow.internal.buffers;

import org.apache.arrow.memory.ArrowBuf;

/** An Arrow validity bitmap read as Parquet definition levels. */
public final class Validity {
  private Validity() {}

  /**
   * {@code defs[i]} = 1 where slot i of the first {@code rows} is valid, else 0; returns how many
   * are valid.
   */
  public static int toDefinitionLevels(ArrowBuf validity, int rows, int[] defs) {
    int present = 0;
    // A word of the bitmap at a time (its bit k is slot k, little-endian as Arrow lays it out): a
    // word of valid slots, the common case, is one fill.
    int words = rows >>> 6;
    for (int w = 0; w < words; w++) {
      long bits = validity.getLong((long) w << 3);
      int base = w << 6;
      if (bits == -1L) {
        java.util.Arrays.fill(defs, base, base + 64, 1);
        present += 64;
        continue;
      }
      for (int k = 0; k < 64; k++) {
        int bit = (int) (bits >>> k) & 1;
        defs[base + k] = bit;
        present += bit;
      }
    }
    for (int i = words << 6; i < rows; i++) {
      int bit = (validity.getByte(i >>> 3) >>> (i & 7)) & 1;
      defs[i] = bit;
      present += bit;
    }
    return present;
  }
}
