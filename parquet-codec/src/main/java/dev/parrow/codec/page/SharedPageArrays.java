package dev.parrow.codec.page;

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * Page arrays that readers no longer need, kept for the readers that come after them in the same
 * process (the next scan of a file, the next file of a dataset): without them every reader
 * allocates, and the JVM zeroes, its first row groups' worth of page memory anew, and the large
 * arrays churn the heap. Arrow C++'s memory pool and DuckDB's buffer manager keep freed memory
 * likewise.
 *
 * <p>Bounded in bytes and in arrays, oldest let go first, and softly held: the garbage collector
 * takes them back before the heap runs short, and after they have been unused for a while.
 */
final class SharedPageArrays {
  /**
   * The most arrays kept: a file of small pages has a few dozen in flight per column (the
   * read-ahead of two row groups, stored and decompressed).
   */
  static final int MAX_ARRAYS = 2048;

  static final SharedPageArrays PROCESS =
      new SharedPageArrays(Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 16));

  private final long limitBytes;

  /** The kept arrays by length, for the smallest that fits. */
  private final TreeMap<Integer, ArrayDeque<Kept>> byLength = new TreeMap<>();

  /** The same arrays oldest first; those taken since stay here, marked, until they come first. */
  private final ArrayDeque<Kept> byAge = new ArrayDeque<>();

  private int count;
  private long bytes;

  /** An array's length beside it, as the array may be gone. */
  private static final class Kept {
    final SoftReference<byte[]> array;
    final int length;
    boolean taken;

    Kept(byte[] array) {
      this.array = new SoftReference<>(array);
      this.length = array.length;
    }
  }

  SharedPageArrays(long limitBytes) {
    this.limitBytes = limitBytes;
  }

  /**
   * A kept array of at least {@code size} bytes and not much more (a small page does not take a
   * large page's array), the smallest such, the newest of that length; null when none is kept.
   */
  synchronized byte[] take(int size) {
    long most = 2L * size + (64 << 10);
    for (Map.Entry<Integer, ArrayDeque<Kept>> e = byLength.ceilingEntry(size);
        e != null && e.getKey() <= most;
        e = byLength.ceilingEntry(size)) {
      Kept k = e.getValue().pollLast();
      if (e.getValue().isEmpty()) {
        byLength.remove(e.getKey());
      }
      forget(k);
      byte[] array = k.array.get();
      if (array != null) {
        return array;
      }
    }
    return null;
  }

  /** Keeps an array nobody uses any more, letting the oldest go past the bounds. */
  synchronized void offer(byte[] array) {
    if (array.length == 0 || array.length > limitBytes) {
      return;
    }
    Kept k = new Kept(array);
    byLength.computeIfAbsent(k.length, l -> new ArrayDeque<>()).addLast(k);
    byAge.addLast(k);
    count++;
    bytes += k.length;
    while (bytes > limitBytes || count > MAX_ARRAYS) {
      Kept oldest = byAge.pollFirst();
      if (oldest.taken) {
        continue;
      }
      ArrayDeque<Kept> same = byLength.get(oldest.length);
      same.remove(oldest);
      if (same.isEmpty()) {
        byLength.remove(oldest.length);
      }
      forget(oldest);
    }
    // Marked entries of arrays taken long ago would otherwise pile up behind a kept one.
    while (!byAge.isEmpty() && byAge.peekFirst().taken) {
      byAge.pollFirst();
    }
  }

  synchronized long bytes() {
    return bytes;
  }

  /** No longer counted: taken, or let go. */
  private void forget(Kept k) {
    k.taken = true;
    count--;
    bytes -= k.length;
  }
}
