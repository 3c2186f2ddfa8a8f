package dev.parrow.arrow.internal.threads;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Tasks that run one after another, in the order they were added, on an executor's threads: the
 * slices of one field of a row group being written, each going on where the one before left its
 * column chunks. Different instances run at the same time. While a benchmark profiles tasks ({@link
 * TaskProfile}), an instance is one chain and each task one stage of it.
 */
public final class SerialTasks {
  private final Executor executor;
  private final String name;
  private final boolean profiled;
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

  /** Whether a runner is taking the tasks (on the executor, or queued there). */
  private boolean running;

  /**
   * Tasks run on {@code executor}; one that rejects the runner leaves it to the thread that adds.
   *
   * @param executor where the tasks run
   * @param name what the tasks work for (a profile's chain names it)
   * @param profiled whether a profile counts the tasks (encoding, not the file's writes)
   */
  public SerialTasks(Executor executor, String name, boolean profiled) {
    this.executor = executor;
    this.name = name;
    this.profiled = profiled;
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * Runs {@code task} after every task added before it. A task reports its own failures: one that
   * throws ends nothing but itself.
   *
   * @param task the task
   */
  public void add(Runnable task) {
    synchronized (this) {
      tasks.add(task);
      if (running) {
        return;
      }
      running = true;
    }
    try {
      executor.execute(this::drain);
    } catch (RejectedExecutionException e) {
      drain();
    }
  }

  private void drain() {
    TaskProfile.inChain(this);
    try {
      while (true) {
        Runnable task;
        synchronized (this) {
          task = tasks.poll();
          if (task == null) {
            running = false;
            return;
          }
        }
        long cpuStart = TaskProfile.cpuNow();
        try {
          task.run();
        } catch (RuntimeException | Error e) {
          // The task's own failure handling failed; the tasks after it still run (and see it).
        }
        if (profiled && TaskProfile.recording()) {
          long cpu = TaskProfile.cpuNow() - cpuStart;
          TaskProfile.stage(cpu, cpu);
        }
      }
    } finally {
      TaskProfile.inChain(null);
    }
  }
}
