package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.threads.Failures;
import dev.parrow.arrow.internal.threads.Waits;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Batches decoded ahead of the caller, the one mechanism that does it (a file's reader with {@code
 * decodeAhead}, each row group of a file read at once with others, each file of a dataset read
 * ahead): a producer on a helper thread loads batches into roots of its own, one after the other,
 * while the caller works on the batch it has; {@link #next} swaps the oldest ready one's buffers
 * with the caller's root (three zero-copy transfers a vector), so the caller's last buffers go back
 * to the producer to be decoded into again. The producer makes its roots as it needs them, up to
 * the number it was given (two hold one batch ahead while the caller has another; a row group read
 * beside others may hold all of its batches), waits while all of them are full, and ends at the
 * last batch, at a failure (thrown by the {@link #next} that reaches it, as the read itself would
 * have) or when {@link #stop} asks.
 *
 * <p>Nothing waits on a caller's executor for long: a producer it has not started within {@link
 * #START_WAIT_NANOS} of the caller's first need for a batch (a busy executor), or that it rejects
 * or runs on the caller's own thread, is left unstarted, and the caller loads every batch itself,
 * as without decoding ahead. Parrow's own threads always start it.
 *
 * @param <S> what {@code snapshot} gives after each load: the read's counts as of that batch
 */
public final class BatchesAhead<S> implements AutoCloseable {
  /** Loads the next batch into a root; false when there is none. */
  public interface Loader {
    boolean load(VectorSchemaRoot into) throws IOException;
  }

  /**
   * The bytes that the producers of one read (its row groups or files at once) may hold in roots
   * beyond the two each may always have: a producer makes a further root only while the roots made
   * so far, at the size of the largest batch seen, fit. Released as each producer closes (its roots
   * then go to the read's {@link SpareRoots}, for the next producers).
   */
  public static final class Budget {
    private final long limit;
    private long taken;
    private long largestBatch;

    /**
     * @param limit the bytes the further roots may take
     */
    public Budget(long limit) {
      this.limit = limit;
    }

    /** A batch of {@code bytes} was loaded: further roots are counted at the largest. */
    synchronized void loaded(long bytes) {
      largestBatch = Math.max(largestBatch, bytes);
    }

    /** {@return the bytes of one more root, taken from the budget, or -1 when it has no room} */
    synchronized long take() {
      if (largestBatch == 0 || taken + largestBatch > limit) {
        return -1;
      }
      taken += largestBatch;
      return largestBatch;
    }

    synchronized void release(long bytes) {
      taken -= bytes;
    }
  }

  /** Each producer may always have this many roots, whatever the budget. */
  private static final int ROOTS_ALWAYS = 2;

  private static final Object STOP = new Object();

  /** A batch loaded and the counts after it; a null root marks the end of the read. */
  private record Ready<S>(VectorSchemaRoot root, S counts) {}

  private final Loader loader;
  private final Supplier<S> snapshot;
  private final VectorSchemaRoot target;
  private final BufferAllocator allocator;

  /** The roots the producer made, at most {@link #rootsAhead}; closed with this. */
  private final List<VectorSchemaRoot> spares = new java.util.concurrent.CopyOnWriteArrayList<>();

  private final int rootsAhead;

  /** Where roots beyond {@link #ROOTS_ALWAYS} come from; null: none beyond {@link #rootsAhead}. */
  private final Budget budget;

  /** Where the producer's roots come from and go back to; null: its own, freed at close. */
  private final SpareRoots spareRoots;

  /** The bytes this producer's roots took from the budget. */
  private long budgetTaken;

  private final VectorSchemaRoot held;
  private final Executor executor;
  private final boolean ownThreads;
  private final String name;

  /** How long the first batch waits for a caller's executor to start the producer: 10 ms. */
  static final long START_WAIT_NANOS = 10_000_000;

  /** Roots given back by the caller for the producer to load into again, or STOP. */
  private final BlockingQueue<Object> free = new LinkedBlockingQueue<>();

  /** Batches loaded, then the end (a Ready without a root) or the failure. */
  private final BlockingQueue<Object> ready = new LinkedBlockingQueue<>();

  private static final int NOT_STARTED = 0;
  private static final int PRODUCING = 1;
  private static final int CALLER_LOADS = 2;

  private final AtomicInteger state = new AtomicInteger(NOT_STARTED);

  /** The thread that handed the producer to the executor: never the producer's. */
  private volatile Thread starter;

  private volatile boolean stopping;

  /** The executor rejected the producer or ran it on the caller's thread: it will not start. */
  private volatile boolean wontStart;

  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch produced = new CountDownLatch(1);
  private boolean submitted;
  private Object ended;

  /** Written by the caller's thread, read by any thread asking for the read's counts. */
  private volatile S counts;

  /**
   * Batches decoded ahead on {@code executor}, at most {@code rootsAhead} of them held at once.
   *
   * @param allocator where the producer's roots come from
   * @param target the caller's root, which {@link #next} fills
   * @param loader loads the next batch into a root
   * @param snapshot the read's counts after a load
   * @param rootsAhead how many batches the producer may hold loaded at once (at least 1)
   * @param budget where the producer takes the bytes of roots beyond two (then {@code rootsAhead}
   *     is the most it may have), or null for none
   * @param spareRoots the read's roots of ended producers, which the producer takes its roots from
   *     and gives them back to at close; null for roots of its own, freed at close
   * @param executor where the producer runs
   * @param ownThreads whether {@code executor} is Parrow's own (the first batch then waits for the
   *     producer to start, however long; a caller's executor gets {@link #START_WAIT_NANOS})
   * @param name the file, for the message of an interrupted wait
   */
  public BatchesAhead(
      BufferAllocator allocator,
      VectorSchemaRoot target,
      Loader loader,
      Supplier<S> snapshot,
      int rootsAhead,
      Budget budget,
      SpareRoots spareRoots,
      Executor executor,
      boolean ownThreads,
      String name) {
    if (rootsAhead < 1) {
      throw new IllegalArgumentException("rootsAhead must be at least 1, not " + rootsAhead);
    }
    this.allocator = allocator;
    this.target = target;
    this.loader = loader;
    this.snapshot = snapshot;
    this.rootsAhead = rootsAhead;
    this.budget = budget;
    this.spareRoots = spareRoots;
    this.ownThreads = ownThreads;
    this.executor = executor;
    this.name = name;
    this.held = VectorSchemaRoot.create(target.getSchema(), allocator);
    this.counts = snapshot.get();
  }

  /**
   * Hands the producer to the executor now, before the first {@link #next} (a dataset starts the
   * files after the current one this way); {@link #next} does it otherwise.
   */
  public void start() {
    if (submitted) {
      return;
    }
    submitted = true;
    starter = Thread.currentThread();
    try {
      executor.execute(this::produce);
    } catch (RejectedExecutionException e) {
      // Left unstarted: the caller loads.
      wontStart = true;
    }
  }

  /**
   * Puts the next batch into the caller's root, waiting for it when it is not ready.
   *
   * @return false after the last batch
   */
  public boolean next() throws IOException {
    start();
    if (state.get() == NOT_STARTED) {
      awaitStart();
      state.compareAndSet(NOT_STARTED, CALLER_LOADS);
    }
    if (state.get() == CALLER_LOADS) {
      if (ended != null) {
        return false;
      }
      boolean loaded = loader.load(target);
      counts = snapshot.get();
      if (!loaded) {
        ended = new Ready<S>(null, counts);
      }
      return loaded;
    }
    Object item = ended;
    if (item == null) {
      try {
        item = ready.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(name + ": interrupted while waiting for the next batch");
      }
    }
    if (item instanceof Ready<?> r) {
      @SuppressWarnings("unchecked")
      S after = (S) r.counts();
      counts = after;
      if (r.root() == null) {
        ended = item;
        return false;
      }
      swapInto(r.root());
      free.add(r.root());
      return true;
    }
    ended = item;
    Failures.rethrow((Throwable) item, name);
    throw new AssertionError("rethrow returned");
  }

  /**
   * The next batch, if one is ready: true with it in the caller's root, false at the end (or the
   * failure thrown, as {@link #next}), or null when the producer has none ready yet (it runs {@link
   * #onReady} when it has).
   */
  public Boolean poll() throws IOException {
    start();
    if (ended == null && ready.isEmpty()) {
      int now = state.get();
      if (now == PRODUCING || (now == NOT_STARTED && ownThreads && !wontStart)) {
        return null;
      }
    }
    return next();
  }

  /**
   * Runs {@code signal} on the producer's thread each time it has put a batch, the end or a failure
   * in reach of {@link #poll} (set before the producer starts).
   */
  public void onReady(Runnable signal) {
    this.onReady = signal;
  }

  private volatile Runnable onReady;

  /** Puts what the producer has for the caller where {@link #next} takes it. */
  private void hand(Object item) {
    ready.add(item);
    Runnable signal = onReady;
    if (signal != null) {
      signal.run();
    }
  }

  /** The counts as of the last batch {@link #next} gave (or the end). */
  public S counts() {
    return counts;
  }

  private void awaitStart() throws IOException {
    if (wontStart) {
      return;
    }
    try {
      if (ownThreads) {
        started.await();
      } else {
        started.await(START_WAIT_NANOS, TimeUnit.NANOSECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(name + ": interrupted while waiting for the next batch");
    }
  }

  private void produce() {
    if (Thread.currentThread() == starter) {
      // An executor that runs tasks on the caller's thread: the producer would wait for itself.
      wontStart = true;
      return;
    }
    if (!state.compareAndSet(NOT_STARTED, PRODUCING)) {
      return;
    }
    started.countDown();
    try {
      while (true) {
        Object into = free.poll();
        if (into == null && !stopping && mayMakeRoot()) {
          into =
              spareRoots != null
                  ? spareRoots.take(target.getSchema(), allocator)
                  : VectorSchemaRoot.create(target.getSchema(), allocator);
          spares.add((VectorSchemaRoot) into);
        } else if (into == null) {
          into = free.take();
        }
        if (into == STOP || stopping) {
          hand(new IllegalStateException(name + ": the reader was closed; no batch can be read"));
          return;
        }
        VectorSchemaRoot root = (VectorSchemaRoot) into;
        if (!loader.load(root)) {
          hand(new Ready<>(null, snapshot.get()));
          return;
        }
        if (budget != null) {
          long bytes = 0;
          for (FieldVector v : root.getFieldVectors()) {
            bytes += v.getBufferSize();
          }
          budget.loaded(bytes);
        }
        hand(new Ready<>(root, snapshot.get()));
      }
    } catch (Throwable t) {
      hand(t);
    } finally {
      produced.countDown();
    }
  }

  /** Whether the producer may make one more root: within its number, and the budget's room. */
  private boolean mayMakeRoot() {
    if (spares.size() >= rootsAhead) {
      return false;
    }
    if (budget == null || spares.size() < ROOTS_ALWAYS) {
      return true;
    }
    long bytes = budget.take();
    if (bytes < 0) {
      return false;
    }
    budgetTaken += bytes;
    return true;
  }

  /**
   * The caller's buffers into {@code held}, the loaded ones into the caller's root, and the
   * caller's old ones back into {@code loaded} for the producer's next load.
   */
  private void swapInto(VectorSchemaRoot loaded) {
    for (int i = 0; i < target.getFieldVectors().size(); i++) {
      FieldVector mine = target.getVector(i);
      FieldVector spare = held.getVector(i);
      FieldVector full = loaded.getVector(i);
      mine.makeTransferPair(spare).transfer();
      full.makeTransferPair(mine).transfer();
      spare.makeTransferPair(full).transfer();
    }
    target.setRowCount(loaded.getRowCount());
    loaded.setRowCount(0);
  }

  /**
   * Stops the producer after the load it is in (if any) and waits for it to end; a caller waiting
   * in {@link #next} on another thread then gets what the producer left, at worst that the reader
   * was closed. Call before taking the lock the caller reads under, then {@link #close} under it.
   */
  public void stop() {
    stopSoon();
    if (state.get() != PRODUCING) {
      // Never started (a caller waiting for it goes on and loads the batch itself).
      return;
    }
    Waits.uninterruptibly(produced);
  }

  /**
   * Asks the producer to stop after the load it is in, without waiting for it (a dataset tells all
   * its files' producers before it waits for any); one not started yet never starts.
   */
  public void stopSoon() {
    stopping = true;
    if (state.compareAndSet(NOT_STARTED, CALLER_LOADS) || state.get() == CALLER_LOADS) {
      started.countDown();
      return;
    }
    free.offer(STOP);
  }

  /** Stops the producer (if it runs) and frees the roots of its own. */
  @Override
  public void close() {
    stop();
    if (!closed) {
      closed = true;
      if (budget != null) {
        budget.release(budgetTaken);
      }
      if (spareRoots != null) {
        spares.forEach(spareRoots::give);
      } else {
        spares.forEach(VectorSchemaRoot::close);
      }
      held.close();
    }
  }

  private boolean closed;
}
