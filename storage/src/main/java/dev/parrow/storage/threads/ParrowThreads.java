package dev.parrow.storage.threads;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one home of Parrow's threads, and of the caller's executor. Parrow's own threads are daemon
 * threads (a read or write left open never keeps a JVM alive), named {@code parrow-<what>-<n>} for
 * what they do, with Parrow's class loader rather than that of whichever thread started them. They
 * live in a few process-wide pools, one per kind of work, made here and nowhere else; a reader or a
 * dataset takes a bounded share of one ({@link #share}) instead of making threads of its own. Where
 * the options name the caller's executor ({@code ReadOptions.executor}, {@code
 * WriteOptions.executor}), that work goes there instead.
 */
public final class ParrowThreads {
  private ParrowThreads() {}

  /** The kinds of work Parrow runs beside the caller, each on a pool of its own. */
  public enum Work {
    /** The columns of a batch decoded or encoded beside the caller, and a row group written out. */
    WORKER,
    /** Pages read, checked and decompressed ahead of the decoding. */
    READ_AHEAD,
    /** A dataset's files read ahead, and its footers read when it opens. */
    FILES,
    /** Remote ranges fetched (many at once: each mostly waits on the network). */
    FETCH
  }

  private static final ExecutorService WORKERS = cached(Work.WORKER);
  private static final ExecutorService READ_AHEAD = cached(Work.READ_AHEAD);
  private static final ExecutorService FILES = cached(Work.FILES);
  private static final ExecutorService FETCH = fetchers();

  /**
   * {@return the caller's executor when there is one, else Parrow's own pool for this work}
   *
   * @param work the kind of work
   * @param callers the caller's executor, or null
   */
  public static Executor executor(Work work, Executor callers) {
    if (callers != null) {
      return callers;
    }
    return switch (work) {
      case WORKER -> WORKERS;
      case READ_AHEAD -> READ_AHEAD;
      case FILES -> FILES;
      case FETCH -> FETCH;
    };
  }

  /**
   * A share of {@link #executor}: at most {@code limit} of its threads run this share's tasks at a
   * time (a reader's read-ahead takes {@code parallelism} threads, a dataset {@code filesAtOnce}).
   *
   * @param work the kind of work
   * @param callers the caller's executor, or null for Parrow's own pool
   * @param limit the most tasks running at once
   * @return the share
   */
  public static LimitedExecutor share(Work work, Executor callers, int limit) {
    return new LimitedExecutor(executor(work, callers), limit);
  }

  /** {@return a factory of daemon threads named {@code parrow-<what>-<n>}} */
  private static ThreadFactory named(String what) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "parrow-" + what + "-" + n.incrementAndGet());
      t.setDaemon(true);
      t.setContextClassLoader(ParrowThreads.class.getClassLoader());
      return t;
    };
  }

  private static String name(Work work) {
    return work.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** Threads made as needed and let go after a minute idle. */
  private static ExecutorService cached(Work work) {
    return Executors.newCachedThreadPool(named(name(work)));
  }

  /** Up to 32 fetches at once, queued beyond that; idle threads let go after 30 s. */
  private static ExecutorService fetchers() {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            32, 32, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), named(name(Work.FETCH)));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }
}
