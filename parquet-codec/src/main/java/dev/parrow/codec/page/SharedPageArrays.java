package dev.parrow.codec.page;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

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
  /** The most arrays kept: bounds the search each take makes. */
  static final int MAX_ARRAYS = 256;

  static final SharedPageArrays PROCESS =
      new SharedPageArrays(Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 16));

  private final long limitBytes;

  /** Oldest first. */
  private final List<Kept> kept = new ArrayList<>();

  private long bytes;

  /** An array's length beside it, as the array may be gone. */
  private record Kept(SoftReference<byte[]> array, int length) {}

  SharedPageArrays(long limitBytes) {
    this.limitBytes = limitBytes;
  }

  /**
   * A kept array of at least {@code size} bytes and not much more (a small page does not take a
   * large page's array), the smallest such; null when none is kept.
   */
  synchronized byte[] take(int size) {
    long most = 2L * size + (64 << 10);
    int best = -1;
    for (int i = kept.size() - 1; i >= 0; i--) {
      int length = kept.get(i).length();
      if (length >= size && length <= most && (best < 0 || length < kept.get(best).length())) {
        if (kept.get(i).array().get() == null) {
          remove(i);
          if (best > i) {
            best--;
          }
          continue;
        }
        best = i;
      }
    }
    if (best < 0) {
      return null;
    }
    byte[] array = kept.get(best).array().get();
    remove(best);
    return array;
  }

  /** Keeps an array nobody uses any more, letting the oldest go past the bounds. */
  synchronized void offer(byte[] array) {
    if (array.length == 0 || array.length > limitBytes) {
      return;
    }
    for (int i = kept.size() - 1; i >= 0; i--) {
      if (kept.get(i).array().get() == null) {
        remove(i);
      }
    }
    kept.add(new Kept(new SoftReference<>(array), array.length));
    bytes += array.length;
    while (bytes > limitBytes || kept.size() > MAX_ARRAYS) {
      remove(0);
    }
  }

  synchronized long bytes() {
    return bytes;
  }

  private void remove(int i) {
    bytes -= kept.remove(i).length();
  }
}
