package dev.parrow.codec.write;

import dev.parrow.codec.encoding.ByteSink;

/**
 * The buffers a thread encodes a data page in, reused page after page: the page's levels and
 * values, the same compressed, and a page of dictionary ids. One set per thread, not per column
 * chunk: a row group's chunks are all open at once (a wide file's thousand of them), while a thread
 * encodes one page at a time, and each page is copied out (into its chunk's bytes) before its call
 * returns. A buffer grown past {@link #KEPT_BYTES} by an outsized page is let go after it.
 */
final class PageScratch {
  static final int KEPT_BYTES = 8 << 20;

  private static final ThreadLocal<PageScratch> OF_THREAD =
      ThreadLocal.withInitial(PageScratch::new);

  ByteSink body = new ByteSink(1 << 10);
  ByteSink compressed = new ByteSink(1 << 10);
  ByteSink ids = new ByteSink(1 << 10);

  private PageScratch() {}

  /** This thread's buffers, cleared. */
  static PageScratch get() {
    PageScratch s = OF_THREAD.get();
    s.body.clear();
    s.compressed.clear();
    s.ids.clear();
    return s;
  }

  /** Lets go of any buffer an outsized page grew past {@link #KEPT_BYTES}. */
  void trim() {
    if (body.array().length > KEPT_BYTES) {
      body = new ByteSink(1 << 10);
    }
    if (compressed.array().length > KEPT_BYTES) {
      compressed = new ByteSink(1 << 10);
    }
    if (ids.array().length > KEPT_BYTES) {
      ids = new ByteSink(1 << 10);
    }
  }
}
