package dev.parrow.codec.page;

/**
 * Arrays for pages' bytes, handed back when their page is done with and taken again by the next
 * page: the page readers of one column pass them on from row group to row group, so that a read
 * stops allocating (and the JVM stops zeroing) a page's worth of memory for every page once the
 * first row groups are read. Safe to use from several threads: pages are read ahead on other
 * threads than the one that decodes them.
 */
public final class PageBuffers {
  /**
   * The most spare arrays kept: a column's pages in flight at once need them, stored and
   * decompressed. The read-ahead of the row group being read and of the next one holds a few
   * megabytes of each column's pages, which for pages of a few kilobytes is a hundred or more;
   * keeping fewer made every row group allocate the rest anew (47 MB a scan of lineitem's
   * page-indexed copy, and a young collection of 15-30 ms in nearly every scan). No more are kept
   * than were in flight.
   */
  static final int KEPT = 128;

  private static final byte[] EMPTY = new byte[0];

  private final byte[][] spare = new byte[KEPT][];
  private int count;

  /** Where arrays come from when none of this one's fits, and go when it retires; may be null. */
  private final SharedPageArrays shared;

  /** Buffers of their own only. */
  public PageBuffers() {
    this(null);
  }

  PageBuffers(SharedPageArrays shared) {
    this.shared = shared;
  }

  /**
   * Buffers that take arrays other readers of the process retired when they have none that fits,
   * and hand theirs on when they {@link #retire}.
   */
  public static PageBuffers sharedWithProcess() {
    return new PageBuffers(SharedPageArrays.PROCESS);
  }

  /**
   * With assertions on (the tests): the arrays taken and not given back yet, so that an array given
   * back twice, which two pages would then share, fails where it happens.
   */
  private final java.util.Set<byte[]> out =
      assertionsOn()
          ? java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>())
          : null;

  private static boolean assertionsOn() {
    boolean on = false;
    assert on = true;
    return on;
  }

  /**
   * An array of at least {@code size} bytes, whose contents are arbitrary: the smallest spare one
   * that fits, else a new one with an eighth more room, so that the next page of a similar size
   * fits it too.
   */
  public byte[] take(int size) {
    if (size == 0) {
      return EMPTY;
    }
    synchronized (this) {
      int best = -1;
      for (int i = 0; i < count; i++) {
        if (spare[i].length >= size && (best < 0 || spare[i].length < spare[best].length)) {
          best = i;
        }
      }
      if (best >= 0) {
        byte[] array = spare[best];
        spare[best] = spare[--count];
        spare[count] = null;
        if (out != null) {
          out.add(array);
        }
        return array;
      }
    }
    byte[] array = shared == null ? null : shared.take(size);
    if (array == null) {
      array = new byte[(int) Math.min(size + (long) (size >>> 3), Integer.MAX_VALUE - 16)];
    }
    if (out != null) {
      synchronized (this) {
        out.add(array);
      }
    }
    return array;
  }

  /**
   * Hands back an array that {@link #take} gave and no page uses any more; an array must come back
   * once only, or two pages would get it. When {@link #KEPT} are kept already, the smallest of them
   * and this one is let go.
   */
  public synchronized void give(byte[] array) {
    if (array == null || array.length == 0) {
      return;
    }
    assert out == null || out.remove(array) : "a page array given back twice, or never taken";
    if (count < KEPT) {
      spare[count++] = array;
      return;
    }
    int smallest = 0;
    for (int i = 1; i < count; i++) {
      if (spare[i].length < spare[smallest].length) {
        smallest = i;
      }
    }
    if (spare[smallest].length < array.length) {
      spare[smallest] = array;
    }
  }

  /**
   * Hands the spare arrays on to the process's other readers, for a reader that reads no more.
   * Arrays given back after this are kept here as before.
   */
  public synchronized void retire() {
    for (int i = 0; i < count; i++) {
      if (shared != null) {
        shared.offer(spare[i]);
      }
      spare[i] = null;
    }
    count = 0;
  }
}
