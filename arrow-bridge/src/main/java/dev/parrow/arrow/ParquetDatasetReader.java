package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.Conform;
import dev.parrow.codec.footer.Footer;
import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a {@link ParquetDataset}'s files as one stream of batches in the dataset's schema (or its
 * projection), in the dataset's file order. While the caller consumes one file's batches, the next
 * {@link DatasetOptions#filesAtOnce} files are read ahead on other threads, each holding at most
 * two finished batches. Each batch comes from one file. Used by one thread at a time; close it to
 * stop the read-ahead and free what it holds.
 */
public final class ParquetDatasetReader extends ArrowReader {
  /** A file's finished batch, its end, or its failure, handed from a read-ahead thread. */
  private sealed interface Item {}

  private record Batch(VectorSchemaRoot root) implements Item {}

  private record End(ReadStats stats) implements Item {}

  private record Failed(Throwable error) implements Item {}

  /** One file to read, as the plan says, and the queue its batches arrive on. */
  private static final class Task {
    final DatasetSlice file;
    final ReadOptions read;
    final Map<String, Object> constants;
    final boolean countOnly;
    final Footer footer;
    final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(2);

    Task(DatasetPlan.FileToRead planned) {
      this.file = planned.slice();
      this.read = planned.read();
      this.constants = planned.constants();
      this.countOnly = planned.countOnly();
      this.footer = planned.footer();
    }
  }

  private final DatasetOptions options;
  private final Schema schema;

  private final List<Task> tasks = new ArrayList<>();
  private final int filesSkipped;
  private final int ahead;

  /** Where the files are read ahead: {@code filesAtOnce} of Parrow's file threads at a time. */
  private final java.util.concurrent.Executor pool;

  /** The files' reads submitted so far, to stop and wait for on close. */
  private final List<FileRead> reads = new ArrayList<>();

  private int current;
  private int submitted;
  private volatile boolean closed;
  private ReadStats done;
  private int filesRead;

  ParquetDatasetReader(BufferAllocator allocator, ParquetDataset dataset, ReadOptions read) {
    this(
        allocator,
        dataset.schema(),
        dataset.partitionKeys(),
        dataset.wholeFiles(),
        dataset.footersByLocation(),
        read,
        dataset.options());
  }

  private ParquetDatasetReader(
      BufferAllocator allocator,
      Schema datasetSchema,
      Set<String> partitionKeys,
      List<DatasetSlice> slices,
      Map<String, Footer> footers,
      ReadOptions read,
      DatasetOptions options) {
    super(allocator);
    this.options = options;
    DatasetPlan plan = DatasetPlan.of(datasetSchema, partitionKeys, slices, footers, read);
    this.schema = plan.schema();
    for (DatasetPlan.FileToRead f : plan.files()) {
      tasks.add(new Task(f));
    }
    this.filesSkipped = plan.filesSkipped();
    this.done = new ReadStats(plan.groupsRuledOut(), 0, 0, 0, 0, 0, 0);
    this.ahead = options.filesAtOnce();
    this.pool = ParrowThreads.share(ParrowThreads.Work.FILES, null, ahead);
  }

  /**
   * A reader of some slices of a dataset, for a worker of a distributed engine that was handed them
   * ({@link ParquetDataset#slices}): the batches come in the dataset's schema (projected by {@code
   * read}), one slice after another.
   *
   * @param allocator where the batches' memory comes from
   * @param datasetSchema the dataset's schema ({@link ParquetDataset#schema()})
   * @param partitionKeys the dataset's partition keys
   * @param slices what to read
   * @param read projection, filter, batch size and the dataset's type choices
   * @param options how many slices at once, and how remote files are read
   * @return the reader; close it
   */
  public static ParquetDatasetReader open(
      BufferAllocator allocator,
      Schema datasetSchema,
      Set<String> partitionKeys,
      List<DatasetSlice> slices,
      ReadOptions read,
      DatasetOptions options) {
    return new ParquetDatasetReader(
        allocator, datasetSchema, partitionKeys, slices, Map.of(), read, options);
  }

  /** {@return how many files the filter ruled out by their partition values or missing columns} */
  public int filesSkipped() {
    return filesSkipped;
  }

  /** {@return how many files have been read to their end so far} */
  public int filesRead() {
    return filesRead;
  }

  /**
   * What the reads of the files finished so far did, summed: row groups and pages skipped and read,
   * bytes, rows in and out.
   *
   * @return the counts
   */
  public ReadStats stats() {
    return done;
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    if (closed) {
      throw new IllegalStateException("the dataset reader was closed; no batch can be read");
    }
    prepareLoadNextBatch();
    VectorSchemaRoot root = getVectorSchemaRoot();
    while (current < tasks.size()) {
      while (submitted < tasks.size() && submitted < current + ahead) {
        Task t = tasks.get(submitted++);
        FileRead read = new FileRead(t);
        reads.add(read);
        pool.execute(read);
      }
      Item item;
      try {
        item = tasks.get(current).queue.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("reading the dataset was interrupted");
      }
      if (item instanceof Batch b) {
        try (VectorSchemaRoot batch = b.root) {
          List<FieldVector> from = batch.getFieldVectors();
          List<FieldVector> to = root.getFieldVectors();
          for (int i = 0; i < to.size(); i++) {
            from.get(i).makeTransferPair(to.get(i)).transfer();
          }
          root.setRowCount(batch.getRowCount());
        }
        return true;
      }
      if (item instanceof Failed f) {
        current = tasks.size();
        if (f.error instanceof IOException io) {
          throw io;
        }
        if (f.error instanceof RuntimeException r) {
          throw r;
        }
        throw new IOException(f.error);
      }
      done = add(done, ((End) item).stats);
      filesRead++;
      current++;
    }
    root.setRowCount(0);
    return false;
  }

  /**
   * One file's read on a read-ahead thread, which close can stop (interrupting the thread) and wait
   * for; a read that has not started when the reader closes never starts.
   */
  private final class FileRead implements Runnable {
    private final Task task;
    private Thread thread;
    private boolean started;
    private boolean finished;

    FileRead(Task task) {
      this.task = task;
    }

    @Override
    public void run() {
      synchronized (this) {
        if (closed) {
          finished = true;
          notifyAll();
          return;
        }
        started = true;
        thread = Thread.currentThread();
      }
      try {
        produce(task);
      } finally {
        synchronized (this) {
          thread = null;
          finished = true;
          notifyAll();
          // A stop's interrupt that came after the read ended must not reach the pool's next task.
          Thread.interrupted();
        }
      }
    }

    /** Interrupts the read if it runs; one not started will not start. */
    synchronized void stop() {
      if (thread != null) {
        thread.interrupt();
      }
    }

    /** Waits until the read has ended (or will never start); false on timeout. */
    synchronized boolean awaitEnd(long deadlineNanos) throws InterruptedException {
      while (started && !finished) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return true;
    }
  }

  /** Reads one file on a read-ahead thread, handing over its batches in the dataset's schema. */
  private void produce(Task t) {
    Item last;
    try {
      last = t.countOnly ? countRows(t) : readFile(t);
    } catch (Throwable e) {
      last = new Failed(e);
    }
    handOver(t, last);
  }

  /**
   * Puts an item on a file's queue, waiting while the queue is full; false once the reader is
   * closed (the item is then dropped). The wait does not rely on interrupts, which the file reads
   * below may have consumed.
   */
  private boolean handOver(Task t, Item item) {
    try {
      while (!closed) {
        if (t.queue.offer(item, 20, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  private Item readFile(Task t) throws IOException {
    // The footer the dataset read when it opened: the file is not asked for it again.
    try (ParquetFile file = ParquetFile.open(t.file.location(), options.remote(), t.footer);
        ParquetArrowReader reader = file.newReader(allocator, t.read)) {
      VectorSchemaRoot source = reader.getVectorSchemaRoot();
      while (!closed && reader.loadNextBatch()) {
        hand(t, source);
      }
      return new End(reader.stats());
    }
  }

  /** A file whose rows matter but none of its columns: batches of nulls and partition values. */
  private Item countRows(Task t) {
    long rows = t.file.rows();
    int size = t.read.batchSize();
    try (VectorSchemaRoot empty = VectorSchemaRoot.create(new Schema(List.of()), allocator)) {
      for (long at = 0; at < rows && !closed; at += size) {
        empty.setRowCount((int) Math.min(size, rows - at));
        hand(t, empty);
      }
    }
    return new End(new ReadStats(0, 0, 0, 0, 0, rows, rows));
  }

  private void hand(Task t, VectorSchemaRoot source) {
    VectorSchemaRoot out = VectorSchemaRoot.create(schema, allocator);
    boolean handed = false;
    try {
      Conform.into(source, out, t.constants);
      handed = handOver(t, new Batch(out));
    } finally {
      if (!handed) {
        out.close();
      }
    }
  }

  private static ReadStats add(ReadStats a, ReadStats b) {
    return new ReadStats(
        a.rowGroups() + b.rowGroups(),
        a.rowGroupsRead() + b.rowGroupsRead(),
        a.pages() + b.pages(),
        a.pagesRead() + b.pagesRead(),
        a.bytesRead() + b.bytesRead(),
        a.rowsScanned() + b.rowsScanned(),
        a.rows() + b.rows());
  }

  @Override
  public long bytesRead() {
    return done.bytesRead();
  }

  /** Stops the read-ahead, waits for it, and frees the batches it held. */
  @Override
  protected void closeReadSource() throws IOException {
    closed = true;
    reads.forEach(FileRead::stop);
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      for (FileRead read : reads) {
        if (!read.awaitEnd(deadline)) {
          throw new IOException("the dataset's read-ahead threads did not stop within 30 s");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("closing the dataset reader was interrupted");
    } finally {
      for (Task t : tasks) {
        Item item;
        while ((item = t.queue.poll()) != null) {
          if (item instanceof Batch b) {
            b.root.close();
          }
        }
      }
    }
  }
}
