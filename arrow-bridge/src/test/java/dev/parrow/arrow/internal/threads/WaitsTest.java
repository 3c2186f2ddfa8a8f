package dev.parrow.arrow.internal.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WaitsTest {
  /** An interrupt does not end the wait; the thread is interrupted again once it ends. */
  @Test
  void anInterruptedWaitEndsAtTheCountAndKeepsTheInterrupt() throws Exception {
    CountDownLatch latch = new CountDownLatch(1);
    CountDownLatch waiting = new CountDownLatch(1);
    AtomicLong countedAt = new AtomicLong();
    AtomicLong endedAt = new AtomicLong();
    AtomicBoolean interruptedAfter = new AtomicBoolean();
    Thread waiter =
        new Thread(
            () -> {
              waiting.countDown();
              Waits.uninterruptibly(latch);
              endedAt.set(System.nanoTime());
              interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
    waiter.start();
    assertTrue(waiting.await(10, TimeUnit.SECONDS));
    waiter.interrupt();
    Thread.sleep(50);
    waiter.interrupt();
    countedAt.set(System.nanoTime());
    latch.countDown();
    waiter.join(10_000);
    assertTrue(endedAt.get() >= countedAt.get(), "the wait ended before the count");
    assertTrue(interruptedAfter.get(), "the interrupt is set again");
    assertEquals(0, latch.getCount());
  }
}
