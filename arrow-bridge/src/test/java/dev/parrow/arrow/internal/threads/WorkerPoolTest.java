package dev.parrow.arrow.internal.threads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {
  /**
   * Tasks start longest first by what each last recorded, ties and tasks never recorded in index
   * order; a count of tasks that changes starts the costs afresh, and a record from before the
   * change (a task still ending) is dropped, not thrown.
   */
  @Test
  void costsOrderTheLongestFirst() {
    WorkerPool.Costs costs = new WorkerPool.Costs();
    assertArrayEquals(new int[] {0, 1, 2, 3}, costs.order(4));
    costs.record(2, 50);
    costs.record(0, 10);
    costs.record(3, 50);
    assertArrayEquals(new int[] {2, 3, 0, 1}, costs.order(4));
    costs.record(2, 5);
    assertArrayEquals(new int[] {3, 0, 2, 1}, costs.order(4));
    assertArrayEquals(new int[] {0, 1}, costs.order(2));
    costs.record(3, 99);
    costs.record(1, 7);
    assertArrayEquals(new int[] {1, 0}, costs.order(2));
  }

  /**
   * Every task runs once, whichever thread takes it, and what it wrote is there for the caller when
   * runAll returns (the caller waits for the tasks, not for the helper threads).
   */
  @Test
  void everyTaskRunsOnceAndItsResultIsSeen() throws Exception {
    WorkerPool.Costs costs = new WorkerPool.Costs();
    for (int parallelism = 1; parallelism <= 4; parallelism++) {
      for (int tasks = 0; tasks <= 40; tasks += 3) {
        AtomicIntegerArray runs = new AtomicIntegerArray(tasks);
        long[] written = new long[tasks];
        int n = tasks;
        WorkerPool.runAll(
            tasks,
            parallelism,
            null,
            tasks % 2 == 0 ? costs : null,
            i -> {
              runs.incrementAndGet(i);
              written[i] = 1000L * i + n;
            });
        long[] want = new long[tasks];
        Arrays.setAll(want, i -> 1000L * i + n);
        assertArrayEquals(want, written, parallelism + " threads, " + tasks + " tasks");
        for (int i = 0; i < tasks; i++) {
          assertEquals(1, runs.get(i), "task " + i);
        }
      }
    }
  }

  /** The lowest-numbered failure is thrown, once every task has run. */
  @Test
  void theFirstFailureIsThrownAfterEveryTaskRan() {
    for (int parallelism = 1; parallelism <= 3; parallelism++) {
      int threads = parallelism;
      AtomicIntegerArray runs = new AtomicIntegerArray(12);
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () ->
                  WorkerPool.runAll(
                      12,
                      threads,
                      i -> {
                        runs.incrementAndGet(i);
                        if (i == 7 || i == 3) {
                          throw new IllegalStateException("task " + i);
                        }
                      }));
      assertEquals("task 3", e.getMessage());
      for (int i = 0; i < 12; i++) {
        assertEquals(1, runs.get(i), "task " + i);
      }
    }
  }
}
