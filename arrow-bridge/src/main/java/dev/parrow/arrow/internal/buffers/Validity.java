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
    for (int i = 0; i < rows; i++) {
      int bit = (validity.getByte(i >>> 3) >>> (i & 7)) & 1;
      defs[i] = bit;
      present += bit;
    }
    return present;
  }
}
