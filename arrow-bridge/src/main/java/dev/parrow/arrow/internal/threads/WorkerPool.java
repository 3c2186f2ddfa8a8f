package dev.parrow.arrow.internal.threads;

import dev.parrow.storage.threads.ParrowThreads;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs independent tasks (one per column of a batch, read or written) on the calling thread and up
 * to {@code parallelism - 1} pooled daemon threads. The caller works too, so a 2-core machine uses
 * both cores. Every task runs to its end; the failure of the lowest-numbered task is thrown, so the
 * outcome does not depend on the thread count or timing.
 */
public final class WorkerPool {
  private WorkerPool() {}

  /** A task that may fail with any exception. */
  public interface Task {
    void run(int index) throws Exception;
  }

  public static void runAll(int tasks, int parallelism, Task task) throws Exception {
    runAll(tasks, parallelism, null, null, task);
  }

  /** {@return {@code executor}, or Parrow's worker threads when it is null} */
  public static java.util.concurrent.Executor orOwn(java.util.concurrent.Executor executor) {
    return ParrowThreads.executor(ParrowThreads.Work.WORKER, executor);
  }

  /**
   * What each of a recurring set of tasks (a batch's columns, batch after batch; a writer's fields,
   * slice after slice) took the last time it ran, so that the next run starts the longest first:
   * the threads then end together, instead of one taking the one long column (a text column, say)
   * after the others are done. Tasks record as they end, on any thread, while the next run may be
   * ordered: each slot is written and read whole.
   */
  public static final class Costs {
    private volatile java.util.concurrent.atomic.AtomicLongArray nanos =
        new java.util.concurrent.atomic.AtomicLongArray(0);

    /** The tasks by descending cost, ties (and tasks never run) by index. */
    public int[] order(int tasks) {
      java.util.concurrent.atomic.AtomicLongArray recorded = nanos;
      if (recorded.length() != tasks) {
        recorded = new java.util.concurrent.atomic.AtomicLongArray(tasks);
        nanos = recorded;
      }
      long[] cost = new long[tasks];
      Integer[] order = new Integer[tasks];
      for (int i = 0; i < tasks; i++) {
        cost[i] = recorded.get(i);
        order[i] = i;
      }
      java.util.Arrays.sort(
          order, (a, b) -> cost[a] != cost[b] ? Long.compare(cost[b], cost[a]) : a - b);
      int[] sorted = new int[tasks];
      for (int i = 0; i < tasks; i++) {
        sorted[i] = order[i];
      }
      return sorted;
    }

    /** What task {@code task} took this time ({@link #order}'s count of tasks since unchanged). */
    public void record(int task, long took) {
      java.util.concurrent.atomic.AtomicLongArray recorded = nanos;
      if (task < recorded.length()) {
        recorded.set(task, took);
      }
    }
  }

  /**
   * {@link #runAll(int, int, Task)}, the helpers run on {@code executor} (null: Parrow's own
   * threads) and the tasks started in order of what they took the last time ({@code costs}, which
   * this run updates; null: in index order). Helpers the executor rejects or starts late change
   * nothing but the time: the caller takes every task no helper has.
   */
  public static void runAll(
      int tasks, int parallelism, java.util.concurrent.Executor executor, Costs costs, Task task)
      throws Exception {
    Throwable[] failures = new Throwable[tasks];
    // Only while a benchmark profiles the tasks: each one's CPU time.
    long[] cpu = TaskProfile.recording() ? new long[tasks] : null;
    AtomicInteger next = new AtomicInteger();
    // The caller waits for the tasks, not for the helpers: a helper the scheduler starts late (the
    // cores busy with read-ahead, say) finds the tasks taken and returns, instead of holding the
    // caller until it has run.
    java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(tasks);
    boolean ordered = costs != null && parallelism > 1 && tasks > 1;
    int[] order = ordered ? costs.order(tasks) : null;
    Runnable worker =
        () -> {
          int k;
          while ((k = next.getAndIncrement()) < tasks) {
            int i = ordered ? order[k] : k;
            long start = ordered ? System.nanoTime() : 0;
            long cpuStart = cpu != null ? TaskProfile.cpuNow() : 0;
            try {
              task.run(i);
            } catch (Throwable t) {
              failures[i] = t;
            }
            if (cpu != null) {
              cpu[i] = TaskProfile.cpuNow() - cpuStart;
            }
            if (ordered) {
              costs.record(i, System.nanoTime() - start);
            }
            finished.countDown();
          }
        };
    int helpers = Math.min(parallelism, tasks) - 1;
    java.util.concurrent.Executor helperThreads = orOwn(executor);
    try {
      for (int h = 0; h < helpers; h++) {
        helperThreads.execute(worker);
      }
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // Fewer helpers (none, perhaps): the caller's own loop below takes what is left.
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
    if (finished.getCount() > 0) {
      // Not when every task is done: await would still throw on an interrupted caller, whose
      // reader reports the interrupt itself.
      finished.await();
    }
    if (cpu != null) {
      long sum = 0;
      long longest = 0;
      for (long c : cpu) {
        sum += c;
        longest = Math.max(longest, c);
      }
      TaskProfile.stage(sum, longest);
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
