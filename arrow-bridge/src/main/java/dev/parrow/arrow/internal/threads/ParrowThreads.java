package dev.parrow.arrow.internal.threads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the threads Parrow makes for itself come from: daemon threads (a read or write left open
 * never keeps a JVM alive), named {@code parrow-<what>-<n>} for what they do, with Parrow's class
 * loader rather than that of whichever thread happened to start them. Work can go to the caller's
 * executor instead where the options take one ({@code ReadOptions.executor}, {@code
 * WriteOptions.executor}).
 */
public final class ParrowThreads {
  private ParrowThreads() {}

  /** {@return a factory of daemon threads named {@code parrow-<what>-<n>}} */
  public static ThreadFactory named(String what) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "parrow-" + what + "-" + n.incrementAndGet());
      t.setDaemon(true);
      t.setContextClassLoader(ParrowThreads.class.getClassLoader());
      return t;
    };
  }

  /** {@return a pool of {@code threads} daemon threads named for {@code what}} */
  public static ExecutorService fixedPool(String what, int threads) {
    return Executors.newFixedThreadPool(threads, named(what));
  }

  /** {@return a pool of daemon threads named for {@code what}, made as needed and kept a while} */
  public static ExecutorService cachedPool(String what) {
    return Executors.newCachedThreadPool(named(what));
  }
}
