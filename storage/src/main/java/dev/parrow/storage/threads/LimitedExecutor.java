package dev.parrow.storage.threads;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A caller's executor used by at most {@code limit} tasks at a time: a reader's pages read ahead on
 * the caller's threads take no more of them than its own read-ahead threads would. Tasks wait in a
 * queue of their own; each of up to {@code limit} runners on the executor takes them in turn. Tasks
 * the executor never runs (it rejects or drops runners) stay queued: the reader's read-ahead tasks
 * are then run by the thread that needs the page.
 */
public final class LimitedExecutor implements Executor {
  private final Executor executor;
  private final int limit;
  private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger runners = new AtomicInteger();

  public LimitedExecutor(Executor executor, int limit) {
    this.executor = executor;
    this.limit = limit;
  }

  @Override
  public void execute(Runnable task) {
    queue.add(task);
    startRunner();
  }

  private void startRunner() {
    while (true) {
      int n = runners.get();
      if (n >= limit || queue.isEmpty()) {
        return;
      }
      if (runners.compareAndSet(n, n + 1)) {
        break;
      }
    }
    try {
      executor.execute(this::drain);
    } catch (RejectedExecutionException e) {
      runners.decrementAndGet();
    }
  }

  /**
   * Runs one queued task on the calling thread, if there is one: a caller waiting for this share's
   * tasks works instead of idling (and gets its tasks run when the executor runs none).
   *
   * @return whether a task ran
   */
  public boolean runQueued() {
    Runnable task = queue.poll();
    if (task == null) {
      return false;
    }
    task.run();
    return true;
  }

  private void drain() {
    try {
      Runnable task;
      while ((task = queue.poll()) != null) {
        task.run();
      }
    } finally {
      runners.decrementAndGet();
    }
    // A task queued after the last poll but before the count went down found every runner busy.
    startRunner();
  }
}
