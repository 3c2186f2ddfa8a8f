package dev.parrow.arrow.internal.threads;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What the parallel parts of reads and writes could give on more cores than this machine has: the
 * <em>parallel headroom</em>, the CPU time of every task {@link WorkerPool#runAll} ran over the
 * longest chain of them that must run one after another. The tasks of one {@code runAll} (a batch's
 * columns) may all run at once, so they add their longest task to their chain; a chain is the work
 * of one row group's reader (or of a whole read when it has one), whose batches follow each other,
 * or a {@link SerialTasks} (a writer's field in one row group), whose tasks do. Off unless a
 * benchmark starts it ({@code ScalingRunner}); recording then costs two thread-CPU-time reads a
 * task.
 */
public final class TaskProfile {
  private static volatile TaskProfile active;

  /** The chain the current thread's tasks belong to (set by the read or write it works for). */
  private static final ThreadLocal<Object> CHAIN = new ThreadLocal<>();

  /** The current thread's CPU time, nanoseconds (the benchmark's ThreadMXBean). */
  private final LongSupplier threadCpu;

  private final Map<Object, Long> chains = new HashMap<>();
  private long total;

  private TaskProfile(LongSupplier threadCpu) {
    this.threadCpu = threadCpu;
  }

  /**
   * Starts recording every task run from now on, until {@link #stop}.
   *
   * @param threadCpu the current thread's CPU time in nanoseconds ({@code
   *     ManagementFactory.getThreadMXBean()::getCurrentThreadCpuTime}: the module does not read
   *     java.management for a benchmark's sake)
   * @return the profile
   */
  public static TaskProfile start(LongSupplier threadCpu) {
    TaskProfile p = new TaskProfile(threadCpu);
    active = p;
    return p;
  }

  /** Stops recording. */
  public void stop() {
    if (active == this) {
      active = null;
    }
  }

  /**
   * The current thread works for {@code chain} from now on (a row group's reader, a writer's row
   * group): its tasks add to that chain.
   *
   * @param chain what the thread works for
   */
  public static void inChain(Object chain) {
    if (active != null) {
      CHAIN.set(chain);
    }
  }

  /** {@return whether tasks are being recorded} */
  static boolean recording() {
    return active != null;
  }

  /** {@return the thread's CPU time, nanoseconds (0 when not recording)} */
  static long cpuNow() {
    TaskProfile p = active;
    return p == null ? 0 : p.threadCpu.getAsLong();
  }

  /** The tasks of one {@code runAll} took {@code sum} CPU time in all, {@code longest} the most. */
  static void stage(long sum, long longest) {
    TaskProfile p = active;
    if (p == null) {
      return;
    }
    Object chain = CHAIN.get();
    synchronized (p) {
      p.total += sum;
      p.chains.merge(chain == null ? Thread.currentThread() : chain, longest, Long::sum);
    }
  }

  /** {@return the CPU time of every task recorded, nanoseconds} */
  public synchronized long totalNanos() {
    return total;
  }

  /** {@return how many chains the tasks formed} */
  public synchronized int chains() {
    return chains.size();
  }

  /** {@return the longest chain's time: its stages' longest tasks, added, nanoseconds} */
  public synchronized long longestChainNanos() {
    long longest = 0;
    for (long c : chains.values()) {
      longest = Math.max(longest, c);
    }
    return longest;
  }

  /** {@return what the longest chain worked for, as it names itself} */
  public synchronized String longestChain() {
    Object longest = null;
    long nanos = -1;
    for (Map.Entry<Object, Long> c : chains.entrySet()) {
      if (c.getValue() > nanos) {
        nanos = c.getValue();
        longest = c.getKey();
      }
    }
    return String.valueOf(longest);
  }

  /** {@return the parallel headroom: total task time over the longest chain (0 when none)} */
  public synchronized double headroom() {
    long chain = longestChainNanos();
    return chain == 0 ? 0 : (double) total / chain;
  }
}
