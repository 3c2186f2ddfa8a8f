package dev.parrow.arrow.internal.write;

import dev.parrow.arrow.internal.threads.Failures;
import dev.parrow.arrow.internal.threads.SerialTasks;
import dev.parrow.arrow.internal.threads.Waits;
import dev.parrow.arrow.internal.threads.WorkerPool;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.storage.threads.LimitedExecutor;
import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * Cuts a writer's batches into row groups and encodes them, several row groups at once, writing
 * them to the file in order; the file is byte for byte the one a single thread writes.
 *
 * <p>A row group ends after {@code rowGroupRows} rows, at a flush, before a batch whose dictionary
 * does not extend the row group's, or after the first slice of a batch that brings its encoded
 * bytes ({@link ColumnChunkWriter#bufferedBytes}) to {@code rowGroupBytes}. That last rule needs a
 * slice encoded before the next one is placed, which would leave every row group to wait on its
 * slowest column. So, with a parallelism of 4 or more, each batch is copied (the caller may reuse
 * its vectors once {@code write} returns) and its slices are encoded by one chain of tasks per
 * field and row group ({@link SerialTasks}), while the caller goes on: the next slice is placed on
 * the guess that the byte limit was not reached. Each slice's encoded bytes are recorded when its
 * tasks end, so every guess is checked. A slice is awaited (no guess) when the bytes per row seen
 * so far say the limit is near, when nothing is known yet, and in a row group made synchronous to
 * free the copies when they pass {@code bytesInFlight}. A wrong guess (the bytes of the rows
 * changed suddenly) costs a replay: every row group from the wrong one on is encoded again from the
 * copies, slice by slice, and the rest of the file is written that way.
 *
 * <p>Below that nothing is copied: the caller waits for each slice, whose fields its helpers and
 * itself encode at once (longest first, by the last slice), while row groups ended are finished and
 * written by the helpers; with a parallelism of 1 every task runs on the caller. A failure of any
 * task is thrown by the call that next finds it ({@code write}, {@code flush}, {@code finish}).
 */
public final class RowGroupPipeline implements AutoCloseable {
  /** What a writer gives the pipeline. */
  public interface Target {
    /**
     * The chunk writers and writer trees of the file's row group {@code ordinal} (counted from the
     * file's first, an appended file's included).
     */
    Encoders open(int ordinal);

    /** Writes a finished row group to the file; called in order, one at a time. */
    void write(ColumnChunkWriter.Chunk[] chunks, long rows) throws IOException;
  }

  /**
   * One row group's column chunk writers (by column index) and the writer tree of each top-level
   * field, used by this row group only.
   *
   * @param chunks the chunk writers
   * @param fields the writer trees
   */
  public record Encoders(ColumnChunkWriter[] chunks, List<FieldWriter> fields) {}

  /** A guess found wrong: the caller replays from the first row group not yet checked. */
  private static final class Mispredicted extends RuntimeException {
    Mispredicted() {
      super(null, null, false, false);
    }
  }

  /**
   * The parallelism from which batches are copied and slices placed on guesses. Below it the
   * columns of a slice keep the threads busy (a 2-core machine measured the copies and the row
   * groups at once as a quarter slower than slice after slice, lineitem written at parallelism 2).
   */
  public static final int GUESSING_PARALLELISM = 4;

  /** When the guessed bytes reach this part of the limit, slices are awaited instead. */
  private static final double NEAR_LIMIT = 0.75;

  private final String name;
  private final Target target;
  private final long rowGroupRows;
  private final long rowGroupBytes;
  private final long bytesInFlight;

  /** Runs the tasks: a share of the worker threads, or null to run them on the caller. */
  private final LimitedExecutor helpers;

  private final java.util.concurrent.Executor executor;

  /** Whether batches are copied and slices placed on a guess (parallelism 4 or more, no replay). */
  private boolean guessing;

  /** Copies of batches, made on the first one. */
  private BufferAllocator copies;

  private long heldBytes;

  /** The most tasks running at once (a batch's copy is split among as many). */
  private final int parallelism;

  /** Batches and flushes given since the first row group that may yet be replayed, in order. */
  private final ArrayDeque<Op> ops = new ArrayDeque<>();

  /** Row groups not yet checked and handed to the file, in order; the last may be open. */
  private final ArrayDeque<Group> groups = new ArrayDeque<>();

  private Group current;
  private int nextOrdinal;

  /** The file's writes, in order. */
  private final SerialTasks fileWrites;

  private final AtomicInteger fileWritesPending = new AtomicInteger();

  /** Encoded bytes per row, as last seen (NaN before any slice was). */
  private double bytesPerRow = Double.NaN;

  /** The chunks of the row groups handed to the file so far: their bytes. */
  private long bytesEnded;

  /** The first failure of a task, or null. */
  private volatile Throwable failure;

  /** Counts task ends, under {@link #signal}, so that a waiting caller misses none. */
  private final Object signal = new Object();

  private long signals;

  /**
   * What each field's last task took: a slice's fields are started longest first, so that the
   * threads end a slice waited for together (a text column started last holds it).
   */
  private final WorkerPool.Costs fieldCosts = new WorkerPool.Costs();

  /** Row groups replayed (a test's and a benchmark's view of wrong guesses). */
  private int replays;

  /**
   * A pipeline for one writer.
   *
   * @param name the file's name, for errors
   * @param target where row groups come from and go to
   * @param firstOrdinal the first row group's ordinal (an appended file's count)
   * @param rowGroupRows the most rows in a row group
   * @param rowGroupBytes the encoded bytes that end a row group
   * @param parallelism the most tasks running at once
   * @param executor the caller's executor, or null for Parrow's worker threads
   * @param bytesInFlight the most bytes of copied batches held
   * @param fields the top-level fields
   */
  public RowGroupPipeline(
      String name,
      Target target,
      int firstOrdinal,
      long rowGroupRows,
      long rowGroupBytes,
      int parallelism,
      java.util.concurrent.Executor executor,
      long bytesInFlight,
      int fields) {
    this.name = name;
    this.target = target;
    this.nextOrdinal = firstOrdinal;
    this.rowGroupRows = rowGroupRows;
    this.rowGroupBytes = rowGroupBytes;
    this.bytesInFlight = bytesInFlight;
    this.parallelism = parallelism;
    this.guessing = parallelism >= GUESSING_PARALLELISM;
    // Without guesses the caller waits for each slice, running its tasks too: it is one of the
    // threads.
    this.helpers =
        parallelism > 1
            ? ParrowThreads.share(
                ParrowThreads.Work.WORKER, executor, guessing ? parallelism : parallelism - 1)
            : null;
    this.executor = helpers != null ? helpers : Runnable::run;
    // The file's writes are I/O to one stream, not encoding: a profile leaves them out.
    this.fileWrites = new SerialTasks(this.executor, name + ": file writes", false);
  }

  /** One batch given to {@link #write}, or a flush. */
  private static final class Op {
    /** The copy held, or the caller's batch during its call; null for a flush. */
    final VectorSchemaRoot root;

    final boolean held;
    final long bytes;
    final Map<Long, DenseValues> dictionaries;

    /** Slices of it whose tasks have not ended. */
    final AtomicInteger pending = new AtomicInteger();

    /** The last row group it reached. */
    Group lastGroup;

    /** Whether every slice of it was placed. */
    boolean fed;

    Op(VectorSchemaRoot root, boolean held, long bytes, Map<Long, DenseValues> dictionaries) {
      this.root = root;
      this.held = held;
      this.bytes = bytes;
      this.dictionaries = dictionaries;
    }
  }

  /** Rows of one batch placed in one row group. */
  private final class Slice {
    final Op op;
    final VectorSchemaRoot view;
    final int rows;

    /** The row group's rows up to and including this slice. */
    final long rowsThrough;

    /** Each field's chunks' encoded bytes once its task for this slice ended. */
    final long[] fieldBytes;

    final AtomicInteger pending;
    volatile boolean done;

    Slice(Op op, VectorSchemaRoot view, int rows, long rowsThrough, int fields) {
      this.op = op;
      this.view = view;
      this.rows = rows;
      this.rowsThrough = rowsThrough;
      this.fieldBytes = new long[fields];
      this.pending = new AtomicInteger(fields);
    }

    long bytes() {
      long sum = 0;
      for (long b : fieldBytes) {
        sum += b;
      }
      return sum;
    }

    /** A field's task ended (its bytes recorded): the last one frees the view. */
    void fieldEnded() {
      if (pending.decrementAndGet() == 0) {
        if (view != op.root) {
          view.close();
        }
        op.pending.decrementAndGet();
        done = true;
      }
      signal();
    }
  }

  /** A row group: its encoders, the chains that feed them, its slices. */
  private final class Group {
    final int ordinal;
    final Encoders encoders;
    final SerialTasks[] chains;
    final List<Slice> slices = new ArrayList<>();

    /** Each dictionary column's longest dictionary given, by column index. */
    final Map<Integer, DenseValues> dictionaries = new HashMap<>();

    /** Where it starts: a batch and its first row there (for a replay). */
    final Op firstOp;

    final int firstRow;

    long rows;

    /** Every slice from now on is awaited and checked before the next is placed. */
    boolean sync;

    /** The slices checked so far. */
    int checked;

    /** Its last slice brought it to the byte limit: it ends before another is placed. */
    boolean full;

    boolean ended;
    ColumnChunkWriter.Chunk[] finished;
    AtomicInteger unfinished;
    volatile boolean encoded;
    boolean verified;

    Group(int ordinal, Op firstOp, int firstRow) {
      this.ordinal = ordinal;
      this.encoders = target.open(ordinal);
      this.firstOp = firstOp;
      this.firstRow = firstRow;
      this.chains = new SerialTasks[encoders.fields().size()];
      for (int f = 0; f < chains.length; f++) {
        chains[f] =
            new SerialTasks(executor, name + ": row group " + ordinal + ", field " + f, true);
      }
    }

    /** No slice of it can be replayed: it was checked whole, or slice by slice from its start. */
    boolean safe() {
      return verified || sync;
    }
  }

  /** {@return row groups encoded again after a wrong guess, so far} */
  public int replays() {
    return replays;
  }

  /**
   * Places the rows of {@code root}; dictionary-encoded fields' batch dictionaries are {@code
   * dictionaries} (by id), which must not change afterwards.
   *
   * @param root the batch
   * @param dictionaries its dictionaries as values
   * @throws IOException if a task failed or the caller was interrupted
   */
  public void write(VectorSchemaRoot root, Map<Long, DenseValues> dictionaries) throws IOException {
    rethrow();
    Op op;
    long bytes = guessing ? BatchBytes.of(root) : 0;
    if (guessing) {
      try {
        reserve(bytes);
      } catch (Mispredicted m) {
        replay();
      }
    }
    // Asked again: a replay in reserve ends the guesses.
    if (guessing) {
      op = new Op(copy(root), true, bytes, dictionaries);
      heldBytes += op.bytes;
      ops.add(op);
      try {
        feed(op, 0, true);
      } catch (Mispredicted m) {
        // The replay takes this batch too.
        replay();
      }
    } else {
      op = new Op(root, false, 0, dictionaries);
      feed(op, 0, true);
    }
    op.fed = true;
    release();
  }

  /**
   * Ends the row group being filled (nothing happens when it is empty).
   *
   * @throws IOException if a task failed or the caller was interrupted
   */
  public void flush() throws IOException {
    rethrow();
    Op op = new Op(null, false, 0, Map.of());
    op.fed = true;
    if (guessing) {
      ops.add(op);
    }
    try {
      endGroup(op);
    } catch (Mispredicted m) {
      replay();
    }
    release();
  }

  /**
   * Ends the last row group and waits until every row group is in the file.
   *
   * @throws IOException if a task failed or the caller was interrupted
   */
  public void finish() throws IOException {
    rethrow();
    while (true) {
      try {
        endGroup(null);
        await(
            () -> {
              advance();
              return groups.isEmpty() && fileWritesPending.get() == 0;
            });
        release();
        return;
      } catch (Mispredicted m) {
        replay();
      }
    }
  }

  /**
   * The bytes the file's row groups take so far: those ended, and the encoded pages of the one
   * being filled (its last page estimated). Waits for every slice placed, so the figure is the one
   * a single thread gives.
   *
   * @return the bytes
   * @throws IOException if a task failed or the caller was interrupted
   */
  public long bytesWritten() throws IOException {
    rethrow();
    while (true) {
      try {
        await(
            () -> {
              advance();
              for (Group g : groups) {
                if (g.checked < g.slices.size() || g.ended && !g.encoded) {
                  return false;
                }
              }
              return true;
            });
        advance();
        if (current != null && current.full) {
          // One thread would have ended it already (its last page flushed, its dictionary page
          // made): so do the figures.
          endGroup(null);
          continue;
        }
        long bytes = bytesEnded;
        for (Group g : groups) {
          bytes += g.ended ? finishedBytes(g) : g.slices.isEmpty() ? 0 : last(g).bytes();
        }
        return bytes;
      } catch (Mispredicted m) {
        replay();
      }
    }
  }

  private static long finishedBytes(Group g) {
    long bytes = 0;
    for (ColumnChunkWriter.Chunk c : g.finished) {
      bytes += c.length();
    }
    return bytes;
  }

  private static Slice last(Group g) {
    return g.slices.get(g.slices.size() - 1);
  }

  /** Places the rows of {@code op} from {@code from} on, as one thread would. */
  private void feed(Op op, int from, boolean atBatchStart) throws IOException {
    if (atBatchStart && dictionaryChanged(op.dictionaries)) {
      endGroup(null);
    }
    int rows = op.root.getRowCount();
    // Most batches fit one slice; a larger one is cut into slices of SLICE_LIMIT bytes.
    boolean large = BatchBytes.of(op.root, from, rows) > BatchBytes.SLICE_LIMIT;
    int at = from;
    while (at < rows) {
      advance();
      if (current != null && current.full) {
        endGroup(null);
      }
      if (current == null) {
        current = new Group(nextOrdinal++, op, at);
        // Without guesses every slice is checked as it ends: nothing of it is ever replayed.
        current.sync = !guessing;
        groups.add(current);
      }
      Group g = current;
      int take = (int) Math.min(rows - at, rowGroupRows - g.rows);
      if (large) {
        take = BatchBytes.rowsWithin(op.root, at, take, BatchBytes.SLICE_LIMIT);
      }
      boolean await = g.sync || !op.held || nearLimit(g, take);
      Slice slice = place(g, op, at, take);
      at += take;
      if (await) {
        // Also a slice of the caller's own batch that ends its row group: the caller may reuse
        // the vectors once write returns.
        await(() -> slice.done);
        advance();
      }
      if (g.rows == rowGroupRows) {
        endGroup(null);
      }
    }
  }

  /** Whether the bytes per row seen so far say that this slice may reach the byte limit. */
  private boolean nearLimit(Group g, int take) {
    long known = 0;
    long rowsKnown = 0;
    if (g.checked > 0) {
      Slice s = g.slices.get(g.checked - 1);
      known = s.bytes();
      rowsKnown = s.rowsThrough;
    }
    if (Double.isNaN(bytesPerRow)) {
      return true;
    }
    double guess = known + bytesPerRow * (g.rows + take - rowsKnown);
    return guess >= NEAR_LIMIT * rowGroupBytes;
  }

  /** Dispatches one slice's tasks, a task per field. */
  private Slice place(Group g, Op op, int from, int rows) {
    VectorSchemaRoot view =
        from == 0 && rows == op.root.getRowCount() ? op.root : op.root.slice(from, rows);
    g.rows += rows;
    int fields = g.encoders.fields().size();
    Slice slice = new Slice(op, view, rows, g.rows, fields);
    g.slices.add(slice);
    op.pending.incrementAndGet();
    op.lastGroup = g;
    for (FieldWriter field : g.encoders.fields()) {
      for (LeafWriter leaf : field.leaves()) {
        if (leaf.dictionaryId() != null) {
          DenseValues d = op.dictionaries.get(leaf.dictionaryId());
          g.dictionaries.merge(leaf.column().index(), d, (a, b) -> b.size() > a.size() ? b : a);
        }
      }
    }
    for (int field : fieldOrder(fields)) {
      FieldWriter writer = g.encoders.fields().get(field);
      g.chains[field].add(
          () -> {
            long start = System.nanoTime();
            try {
              if (failure == null) {
                writer.write(
                    slice.view.getVector(field), rows, g.encoders.chunks(), op.dictionaries);
                long bytes = 0;
                for (LeafWriter leaf : writer.leaves()) {
                  bytes += g.encoders.chunks()[leaf.column().index()].bufferedBytes();
                }
                slice.fieldBytes[field] = bytes;
              }
            } catch (Throwable t) {
              fail(t);
            } finally {
              fieldCosts.record(field, System.nanoTime() - start);
              slice.fieldEnded();
            }
          });
    }
    return slice;
  }

  /**
   * The order a slice's fields start in: longest first by their last tasks with helpers, in field
   * order on the caller's thread alone.
   */
  private int[] fieldOrder(int fields) {
    return helpers != null
        ? fieldCosts.order(fields)
        : java.util.stream.IntStream.range(0, fields).toArray();
  }

  /** Whether a batch dictionary does not extend the one its column's chunk has taken. */
  private boolean dictionaryChanged(Map<Long, DenseValues> dictionaries) {
    if (current == null || current.rows == 0 || dictionaries.isEmpty()) {
      return false;
    }
    for (FieldWriter field : current.encoders.fields()) {
      for (LeafWriter leaf : field.leaves()) {
        if (leaf.dictionaryId() == null) {
          continue;
        }
        DenseValues taken = current.dictionaries.get(leaf.column().index());
        if (taken != null && !taken.isPrefixOf(dictionaries.get(leaf.dictionaryId()))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Ends the row group being filled, if it has rows; {@code flush} is the flush that ends it. */
  private void endGroup(Op flush) throws IOException {
    Group g = current;
    if (g == null || g.rows == 0) {
      return;
    }
    current = null;
    if (flush != null) {
      flush.lastGroup = g;
    }
    g.ended = true;
    g.finished = new ColumnChunkWriter.Chunk[g.encoders.chunks().length];
    g.unfinished = new AtomicInteger(g.chains.length);
    for (int f = 0; f < g.chains.length; f++) {
      FieldWriter writer = g.encoders.fields().get(f);
      g.chains[f].add(
          () -> {
            try {
              if (failure == null) {
                for (LeafWriter leaf : writer.leaves()) {
                  int c = leaf.column().index();
                  g.finished[c] = g.encoders.chunks()[c].finish();
                }
              }
            } catch (Throwable t) {
              fail(t);
            } finally {
              if (g.unfinished.decrementAndGet() == 0) {
                g.encoded = true;
              }
              signal();
            }
          });
    }
    advance();
  }

  /**
   * Checks the slices whose tasks have ended, oldest row group first, and hands each row group
   * found whole and right to the file; throws {@link Mispredicted} at a wrong guess. Caller only.
   */
  private void advance() {
    boolean inOrder = true;
    for (java.util.Iterator<Group> it = groups.iterator(); it.hasNext(); ) {
      Group g = it.next();
      while (g.checked < g.slices.size() && g.slices.get(g.checked).done) {
        Slice s = g.slices.get(g.checked);
        long bytes = s.bytes();
        bytesPerRow = (double) bytes / s.rowsThrough;
        if (bytes >= rowGroupBytes && failure == null) {
          if (g.checked < g.slices.size() - 1) {
            throw new Mispredicted();
          }
          if (!g.ended) {
            g.full = true;
          }
        }
        g.checked++;
      }
      boolean whole = g.ended && g.encoded && g.checked == g.slices.size();
      if (inOrder && whole && failure == null) {
        it.remove();
        toFile(g);
      } else {
        inOrder = false;
      }
    }
  }

  /** Hands a row group checked whole and right to the file's writes. */
  private void toFile(Group g) {
    g.verified = true;
    bytesEnded += finishedBytes(g);
    ColumnChunkWriter.Chunk[] chunks = g.finished;
    long rows = g.rows;
    fileWritesPending.incrementAndGet();
    fileWrites.add(
        () -> {
          try {
            if (failure == null) {
              target.write(chunks, rows);
            }
          } catch (Throwable t) {
            fail(t);
          } finally {
            fileWritesPending.decrementAndGet();
            signal();
          }
        });
  }

  /**
   * Waits until the copies held leave room for {@code bytes} more: the oldest row groups' tasks
   * end, or, when only the row group being filled holds them, it is made synchronous (its slices
   * checked so far, the rest awaited one by one) so that its copies can go. A batch larger than the
   * budget alone is taken anyway.
   */
  private void reserve(long bytes) throws IOException {
    while (true) {
      advance();
      release();
      if (heldBytes == 0 || heldBytes + bytes <= bytesInFlight) {
        return;
      }
      Group oldest = groups.peekFirst();
      if (oldest != null && oldest != current) {
        long held = heldBytes;
        await(
            () -> {
              advance();
              release();
              return heldBytes < held || groups.peekFirst() != oldest;
            });
      } else if (current != null && !current.sync) {
        makeSync(current);
      } else {
        return;
      }
    }
  }

  /**
   * Makes {@code g}, the row group being filled, synchronous: once the row groups before it are
   * checked and in the file, and its own slices so far checked, every later slice is awaited and
   * checked before the next is placed, so no replay can start in it and its copies can go.
   */
  private void makeSync(Group g) throws IOException {
    await(
        () -> {
          advance();
          return groups.peekFirst() == g && g.checked == g.slices.size();
        });
    g.sync = true;
  }

  /** Frees the copies no replay can need, oldest first. */
  private void release() {
    while (!ops.isEmpty()) {
      Op op = ops.peekFirst();
      boolean free =
          op.fed && op.pending.get() == 0 && (op.lastGroup == null || op.lastGroup.safe());
      if (!free) {
        return;
      }
      ops.removeFirst();
      if (op.held) {
        heldBytes -= op.bytes;
        op.root.close();
      }
    }
  }

  /**
   * After a wrong guess: waits for every task, hands the row groups found right to the file, and
   * encodes the rest again from the copies, slice by slice; the file's remaining batches are
   * written that way too (a guess that failed once may fail again).
   */
  private void replay() throws IOException {
    guessing = false;
    quiesce();
    Group wrong = firstWrong();
    if (wrong == null) {
      return;
    }
    // The row groups before it are right: they go to the file as they are.
    while (groups.peekFirst() != wrong) {
      Group g = groups.removeFirst();
      g.checked = g.slices.size();
      toFile(g);
    }
    replays++;
    Op from = wrong.firstOp;
    int fromRow = wrong.firstRow;
    List<Op> again = new ArrayList<>();
    boolean started = false;
    for (Op op : ops) {
      started |= op == from;
      if (started) {
        again.add(op);
      }
    }
    groups.clear();
    current = null;
    nextOrdinal = wrong.ordinal;
    for (Op op : again) {
      if (op.root == null) {
        endGroup(op);
      } else {
        op.lastGroup = null;
        feed(op, op == from ? fromRow : 0, op != from || fromRow == 0);
        op.fed = true;
      }
    }
    release();
  }

  /**
   * The first row group with a slice past the byte limit before its last one (every task ended), or
   * null.
   */
  private Group firstWrong() {
    for (Group g : groups) {
      for (int s = 0; s < g.slices.size() - 1; s++) {
        if (g.slices.get(s).bytes() >= rowGroupBytes) {
          return g;
        }
      }
    }
    return null;
  }

  /** Waits until every task placed so far has ended. */
  private void quiesce() throws IOException {
    await(this::encodingEnded);
  }

  /** Whether every slice placed and every finish of an ended row group has ended. */
  private boolean encodingEnded() {
    for (Group g : groups) {
      for (Slice s : g.slices) {
        if (!s.done) {
          return false;
        }
      }
      if (g.ended && !g.encoded) {
        return false;
      }
    }
    return true;
  }

  /** Waits for {@code done}, running queued tasks meanwhile; throws a task's failure. */
  private void await(BooleanSupplier done) throws IOException {
    await(done, true);
  }

  /**
   * Waits for {@code done}, running queued tasks meanwhile; throws a task's failure when {@code
   * failures}, and an interrupt's {@link InterruptedIOException} always.
   */
  private void await(BooleanSupplier done, boolean failures) throws IOException {
    while (true) {
      if (failures) {
        rethrow();
      }
      long seen = signals();
      if (done.getAsBoolean()) {
        return;
      }
      if (helpers != null && helpers.runQueued()) {
        continue;
      }
      awaitSignal(seen);
    }
  }

  private long signals() {
    synchronized (signal) {
      return signals;
    }
  }

  private void awaitSignal(long seen) throws InterruptedIOException {
    synchronized (signal) {
      if (signals == seen) {
        try {
          signal.wait(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException(name + ": interrupted; the write is aborted");
        }
      }
    }
  }

  private void signal() {
    synchronized (signal) {
      signals++;
      signal.notifyAll();
    }
  }

  private void fail(Throwable t) {
    synchronized (signal) {
      if (failure == null) {
        failure = t;
      }
    }
  }

  /** Throws the first task's failure, as it was. */
  private void rethrow() throws IOException {
    Throwable t = failure;
    if (t != null) {
      Failures.rethrow(t, name);
    }
  }

  /**
   * A deep copy of {@code root}: the caller may reuse its vectors once write returns. The bytes are
   * copied in pieces that the caller and the helpers free to take them share ({@link #copyPieces}):
   * one thread copying every batch (and faulting in its new memory) would be the write's one serial
   * part.
   */
  private VectorSchemaRoot copy(VectorSchemaRoot root) {
    if (copies == null) {
      copies = new RootAllocator();
    }
    VectorSchemaRoot out = VectorSchemaRoot.create(root.getSchema(), copies);
    List<ArrowBuf> buffers = new ArrayList<>();
    try (ArrowRecordBatch batch = new VectorUnloader(root).getRecordBatch()) {
      for (ArrowBuf b : batch.getBuffers()) {
        ArrowBuf c = copies.buffer(b.readableBytes());
        c.writerIndex(b.readableBytes());
        buffers.add(c);
      }
      copyPieces(batch.getBuffers(), buffers);
      try (ArrowRecordBatch copied =
          new ArrowRecordBatch(
              batch.getLength(),
              batch.getNodes(),
              buffers,
              batch.getBodyCompression(),
              batch.getVariadicBufferCounts(),
              false)) {
        new VectorLoader(out).load(copied);
      }
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    } finally {
      // The loaded vectors hold their own references.
      for (ArrowBuf b : buffers) {
        b.close();
      }
    }
    return out;
  }

  /** A batch's copy is cut into pieces of this many bytes at most. */
  static final long COPY_PIECE = 256 << 10;

  /**
   * Copies each buffer of {@code from} into the one of {@code to} at its index, in pieces of {@link
   * #COPY_PIECE}: the caller takes pieces one after another, and so do helpers that are free to
   * start (one that starts late finds none left); the caller then waits for the pieces helpers
   * took. A failure (out of memory) is thrown by the caller.
   */
  private void copyPieces(List<ArrowBuf> from, List<ArrowBuf> to) {
    List<long[]> pieces = new ArrayList<>();
    for (int b = 0; b < from.size(); b++) {
      long n = from.get(b).readableBytes();
      for (long at = 0; at < n; at += COPY_PIECE) {
        pieces.add(new long[] {b, at, Math.min(COPY_PIECE, n - at)});
      }
    }
    AtomicInteger next = new AtomicInteger();
    CountDownLatch copied = new CountDownLatch(pieces.size());
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Runnable take =
        () -> {
          int k;
          while ((k = next.getAndIncrement()) < pieces.size()) {
            long[] piece = pieces.get(k);
            try {
              ArrowBuf source = from.get((int) piece[0]);
              to.get((int) piece[0])
                  .setBytes(piece[1], source, source.readerIndex() + piece[1], piece[2]);
            } catch (RuntimeException | Error e) {
              failed.compareAndSet(null, e);
            } finally {
              copied.countDown();
            }
          }
        };
    int helping = Math.min(parallelism, pieces.size()) - 1;
    for (int h = 0; h < helping; h++) {
      try {
        executor.execute(take);
      } catch (RejectedExecutionException e) {
        // The caller copies the rest.
        break;
      }
    }
    take.run();
    // Short: the pieces taken are being copied, and the buffers must not be freed before.
    Waits.uninterruptibly(copied);
    Throwable t = failed.get();
    if (t instanceof RuntimeException r) {
      throw r;
    } else if (t != null) {
      throw (Error) t;
    }
  }

  /**
   * Stops: waits for every task (their failures ignored), then frees the copies. What was not
   * written stays unwritten.
   */
  @Override
  public void close() {
    fail(new IllegalStateException(name + ": the writer was closed"));
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          await(() -> encodingEnded() && fileWritesPending.get() == 0, false);
          break;
        } catch (IOException e) {
          // An interrupt (failures are not thrown): waited out, then set again; cleared meanwhile,
          // so that the next wait does not end at once.
          Thread.interrupted();
          interrupted = true;
        }
      }
    } finally {
      for (Op op : ops) {
        if (op.held) {
          op.root.close();
        }
      }
      ops.clear();
      heldBytes = 0;
      groups.clear();
      current = null;
      if (copies != null) {
        copies.close();
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
