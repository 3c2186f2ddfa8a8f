package dev.parrow.arrow.internal.threads;

import java.util.concurrent.CountDownLatch;

/** Waits that must end before the caller goes on, whatever interrupts it. */
public final class Waits {
  private Waits() {}

  /**
   * Waits for {@code latch} through interrupts, then sets the thread's interrupt again if one came:
   * for a short wait whose end frees what others still use (a copy's buffers, a producer's roots).
   */
  public static void uninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
