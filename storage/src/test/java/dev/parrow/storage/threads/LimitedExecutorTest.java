package dev.parrow.storage.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LimitedExecutorTest {
  /** Every task runs once, and never more than the limit at a time, on a wider executor. */
  @Test
  void runsEveryTaskWithinTheLimit() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int limit = 1; limit <= 3; limit++) {
        LimitedExecutor limited = new LimitedExecutor(pool, limit);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(200);
        for (int t = 0; t < 200; t++) {
          limited.execute(
              () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.onSpinWait();
                running.decrementAndGet();
                ran.incrementAndGet();
                done.countDown();
              });
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "tasks left unrun");
        assertEquals(200, ran.get());
        assertTrue(most.get() <= limit, "ran " + most.get() + " at once, limit " + limit);
      }
    } finally {
      pool.shutdown();
    }
  }

  /** An executor that rejects the runners: execute does not throw, and the tasks wait unrun. */
  @Test
  void aRejectingExecutorLeavesTasksQueued() {
    AtomicInteger ran = new AtomicInteger();
    LimitedExecutor limited =
        new LimitedExecutor(
            task -> {
              throw new RejectedExecutionException("full");
            },
            2);
    limited.execute(ran::incrementAndGet);
    limited.execute(ran::incrementAndGet);
    assertEquals(0, ran.get());
  }
}
