package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.BatchesAhead;
import dev.parrow.arrow.internal.read.SpareRoots;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Units of a read decoded at once and handed out in order: the row groups of a file ({@link
 * ParquetArrowReader}), the files of a dataset ({@link ParquetDatasetReader}). Each unit loads its
 * batches on a thread of its own through {@link BatchesAhead}; the caller takes the first unit's
 * batches, then the next unit's, so the rows come out as one thread would read them. Up to {@code
 * atOnce} units run at once; each may hold two batches ahead of the caller, and more while their
 * roots fit in the read's {@link BatchesAhead.Budget} (a unit waits when it has no room: the caller
 * frees its roots as it takes its batches). Out of order (a dataset that allows it), the caller
 * takes a batch from whichever running unit has one ready, and a unit that ends makes room for the
 * next. A unit's failure is thrown when the caller comes to it, and ends the read: no later unit is
 * read.
 *
 * @param <U> the units
 */
final class UnitsAhead<U extends UnitsAhead.Unit> implements AutoCloseable {
  /** One unit of the read: its batches, its counts, what it holds. */
  interface Unit extends BatchesAhead.Loader {
    /** {@return the unit's counts as of its last load (read from any thread)} */
    ReadStats stats();

    /** {@return the unit's name in messages: the file} */
    String name();

    /** Frees what the unit's read holds (its loads have ended). */
    void close() throws IOException;
  }

  private final BufferAllocator allocator;
  private final VectorSchemaRoot target;
  private final List<U> units;
  private final int atOnce;
  private final BatchesAhead.Budget budget;

  /**
   * Where the units' roots come from and go back to as each unit ends: the next units (a file's
   * next row groups, a dataset's next files) decode into the buffers of those that ended. The
   * read's {@link BufferPool}'s when it has one (the roots then outlive the read, for the next);
   * else the read's own, freed when it closes.
   */
  private final SpareRoots spareRoots;

  /** Whether {@link #spareRoots} is this read's own, to close with it. */
  private final boolean ownSpares;

  private final int rootsEach;
  private final Executor pool;
  private final boolean ownThreads;
  private final boolean inOrder;

  /** Out of order: the units running, in the order they started. */
  private final List<Integer> running = new java.util.ArrayList<>();

  /** Out of order: how many times a unit had something for the caller, and where it waits. */
  private final java.util.concurrent.atomic.AtomicLong readyEvents =
      new java.util.concurrent.atomic.AtomicLong();

  private final Object readySignal = new Object();

  @SuppressWarnings("unchecked")
  private final BatchesAhead<ReadStats>[] ahead;

  /** The unit the caller reads, and the first not started. */
  private int current;

  private int started;

  private ReadStats done = ReadStats.NONE;
  private int finished;

  /**
   * @param allocator where the units' roots come from
   * @param target the caller's root, which {@link #next} fills
   * @param units the units, in the order their rows come out
   * @param atOnce how many units may run at once (at least 1)
   * @param budget the bytes of batches the units may hold beyond two each, or null for none
   * @param rootsEach how many batches each unit may hold ahead of the caller, at most
   * @param pool where the units' loads run
   * @param ownThreads whether {@code pool} is Parrow's own
   * @param inOrder whether the batches come in unit order, or from whichever unit has one
   * @param pooled the roots of the read's buffer pool, or null for the read's own
   */
  @SuppressWarnings("unchecked")
  UnitsAhead(
      BufferAllocator allocator,
      VectorSchemaRoot target,
      List<U> units,
      int atOnce,
      BatchesAhead.Budget budget,
      int rootsEach,
      Executor pool,
      boolean ownThreads,
      boolean inOrder,
      SpareRoots pooled) {
    this.spareRoots = pooled != null ? pooled : new SpareRoots();
    this.ownSpares = pooled == null;
    this.allocator = allocator;
    this.target = target;
    this.units = List.copyOf(units);
    this.atOnce = Math.max(1, atOnce);
    this.budget = budget;
    this.rootsEach = rootsEach;
    this.pool = pool;
    this.ownThreads = ownThreads;
    this.inOrder = inOrder;
    this.ahead = new BatchesAhead[this.units.size()];
  }

  /** Starts the units the window allows. */
  private void startMore() {
    while (started < units.size()
        && (inOrder ? started < current + atOnce : running.size() < atOnce)) {
      U unit = units.get(started);
      BatchesAhead<ReadStats> a =
          new BatchesAhead<>(
              allocator,
              target,
              unit,
              unit::stats,
              rootsEach,
              budget,
              spareRoots,
              pool,
              ownThreads,
              unit.name());
      if (!inOrder) {
        a.onReady(this::signalReady);
        running.add(started);
      }
      ahead[started++] = a;
      a.start();
    }
  }

  /**
   * Fills the caller's root with the next batch, in unit order.
   *
   * @return false after the last unit's last batch
   */
  boolean next() throws IOException {
    if (!inOrder) {
      return nextReady();
    }
    while (current < units.size()) {
      startMore();
      BatchesAhead<ReadStats> a = ahead[current];
      try {
        if (a.next()) {
          return true;
        }
      } catch (IOException | RuntimeException | Error e) {
        // A failed unit ends the read: the others stop, and nothing later is read.
        endFrom(current);
        throw e;
      }
      done = done.plus(a.counts());
      finished++;
      closeUnit(current++);
    }
    target.setRowCount(0);
    return false;
  }

  /** The next batch of whichever running unit has one ready, waiting when none has. */
  private boolean nextReady() throws IOException {
    while (true) {
      startMore();
      if (running.isEmpty()) {
        target.setRowCount(0);
        return false;
      }
      long seen = readyEvents.get();
      for (int k = 0; k < running.size(); k++) {
        int u = running.get(k);
        Boolean got;
        try {
          got = ahead[u].poll();
        } catch (IOException | RuntimeException | Error e) {
          running.clear();
          endFrom(current);
          throw e;
        }
        if (got == null) {
          continue;
        }
        if (got) {
          return true;
        }
        done = done.plus(ahead[u].counts());
        finished++;
        running.remove(k--);
        closeUnit(u);
      }
      if (running.isEmpty() || started < units.size() && running.size() < atOnce) {
        continue;
      }
      synchronized (readySignal) {
        while (readyEvents.get() == seen) {
          try {
            readySignal.wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException(
                "interrupted while waiting for the next batch");
          }
        }
      }
    }
  }

  /** A unit has a batch, its end or a failure for the caller (runs on the unit's thread). */
  private void signalReady() {
    readyEvents.incrementAndGet();
    synchronized (readySignal) {
      readySignal.notifyAll();
    }
  }

  /**
   * Ends the read at unit {@code from}: the units running from there are told to stop, then each
   * unit from there (started or not) is waited for and freed; no unit is read after.
   */
  private void endFrom(int from) throws IOException {
    for (int u = from; u < started; u++) {
      if (ahead[u] != null) {
        ahead[u].stopSoon();
      }
    }
    current = units.size();
    started = units.size();
    IOException failure = null;
    for (int u = from; u < units.size(); u++) {
      try {
        closeUnit(u);
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private void closeUnit(int u) throws IOException {
    BatchesAhead<ReadStats> a = ahead[u];
    ahead[u] = null;
    try {
      if (a != null) {
        a.close();
      }
    } finally {
      units.get(u).close();
    }
  }

  /** {@return the counts of the units read to their end} */
  ReadStats done() {
    return done;
  }

  /** {@return the counts so far: the units read to their end, and the current one's} */
  ReadStats counts() {
    if (current < units.size()) {
      BatchesAhead<ReadStats> a = ahead[current];
      if (a != null) {
        return done.plus(a.counts());
      }
    }
    return done;
  }

  /** {@return how many units have been read to their end} */
  int finished() {
    return finished;
  }

  /**
   * Asks every running unit to stop after its current batch, without waiting (a caller waiting in
   * {@link #next} on another thread then gets what its unit left, at worst that the read was
   * closed).
   */
  void stopSoon() {
    for (int u = current; u < started; u++) {
      BatchesAhead<ReadStats> a = ahead[u];
      if (a != null) {
        a.stopSoon();
      }
    }
  }

  /** Stops every unit, waits for them, and frees what they hold. */
  @Override
  public void close() throws IOException {
    try {
      endFrom(current);
    } finally {
      if (ownSpares) {
        spareRoots.close();
      }
    }
  }
}
