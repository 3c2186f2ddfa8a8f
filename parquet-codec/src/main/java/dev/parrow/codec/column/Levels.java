package dev.parrow.codec.column;

import dev.parrow.codec.BatchTooLargeException;
import java.util.Arrays;

/**
 * The repetition and definition levels of one batch of a nested leaf, entry by entry. It grows as
 * whole records need, up to {@code maxEntries}: a record's entry count comes from the file and a
 * hostile page can claim billions of empty entries in a few bytes, so growth is bounded before it
 * is allocated.
 */
public final class Levels {
  private final int maxEntries;
  private int[] defs;
  private int[] reps;
  private int size;

  public Levels(int initialCapacity, int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, not " + maxEntries);
    }
    this.maxEntries = maxEntries;
    int capacity = Math.max(1, Math.min(initialCapacity, maxEntries));
    this.defs = new int[capacity];
    this.reps = new int[capacity];
  }

  /** Definition levels; entries 0 until {@link #size()} are this batch's. */
  public int[] defs() {
    return defs;
  }

  /** Repetition levels (all zero for a leaf without repetition). */
  public int[] reps() {
    return reps;
  }

  public int size() {
    return size;
  }

  public void clear() {
    size = 0;
  }

  /** Makes room for {@code n} more entries; returns the index to write them at. */
  int reserve(int n) {
    long needed = (long) size + n;
    if (needed > maxEntries) {
      // A batch of fewer rows may fit: the reader tries one (BatchTooLargeException).
      throw new BatchTooLargeException(
          "more than "
              + maxEntries
              + " level entries in one column (ReadOptions.maxLevelsPerBatch;"
              + " --max-levels-per-batch in the CLI)",
          -1);
    }
    if (needed > defs.length) {
      int capacity = (int) Math.min(maxEntries, Math.max(needed, (long) defs.length * 2));
      defs = Arrays.copyOf(defs, capacity);
      reps = Arrays.copyOf(reps, capacity);
    }
    return size;
  }

  void added(int n) {
    size += n;
  }
}
