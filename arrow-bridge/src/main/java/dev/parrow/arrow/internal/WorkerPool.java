package dev.parrow.arrow.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs independent tasks (one per column of a batch, read or written) on the calling thread and up
 * to {@code parallelism - 1} pooled daemon threads. The caller works too, so a 2-core machine uses
 * both cores. Every task runs to its end; the failure of the lowest-numbered task is thrown, so the
 * outcome does not depend on the thread count or timing.
 */
public final class WorkerPool {
  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ExecutorService POOL =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "parrow-worker-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            // Not inherited from whichever thread happened to start it (see runAll).
            t.setContextClassLoader(WorkerPool.class.getClassLoader());
            return t;
          });

  private WorkerPool() {}

  /** A task that may fail with any exception. */
  public interface Task {
    void run(int index) throws Exception;
  }

  public static void runAll(int tasks, int parallelism, Task task) throws Exception {
    Throwable[] failures = new Throwable[tasks];
    AtomicInteger next = new AtomicInteger();
    Runnable worker =
        () -> {
          int i;
          while ((i = next.getAndIncrement()) < tasks) {
            try {
              task.run(i);
            } catch (Throwable t) {
              failures[i] = t;
            }
          }
        };
    int helpers = Math.min(parallelism, tasks) - 1;
    Future<?>[] futures = new Future<?>[Math.max(0, helpers)];
    for (int h = 0; h < futures.length; h++) {
      futures[h] = POOL.submit(worker);
    }
    // A thread attached from native code (Arrow C++ pulling a Parrow stream) has no context class
    // loader,
    // and snappy-java then warns while finding its native library: lend it ours.
    Thread caller = Thread.currentThread();
    ClassLoader loader = caller.getContextClassLoader();
    if (loader == null) {
      caller.setContextClassLoader(WorkerPool.class.getClassLoader());
    }
    try {
      worker.run();
    } finally {
      if (loader == null) {
        caller.setContextClassLoader(null);
      }
    }
    for (Future<?> f : futures) {
      f.get();
    }
    for (Throwable failure : failures) {
      if (failure instanceof Exception e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
    }
  }
}
