package dev.parrow.arrow;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.dataset.Conform;
import dev.parrow.arrow.internal.dataset.ConstantColumns;
import dev.parrow.arrow.internal.filter.ChunkPruning;
import dev.parrow.codec.footer.Footer;
import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
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
import org.apache.arrow.vector.types.pojo.Field;
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

  /**
   * One file to read: its options and constant columns, its footer when the dataset read it already
   * (else null), and the queue its batches arrive on.
   */
  private static final class Task {
    final DatasetSlice file;
    final ReadOptions read;
    final Map<String, Object> constants;
    final boolean countOnly;
    final Footer footer;
    final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(2);

    Task(
        DatasetSlice file,
        ReadOptions read,
        Map<String, Object> constants,
        boolean countOnly,
        Footer footer) {
      this.file = file;
      this.read = read;
      this.constants = constants;
      this.countOnly = countOnly;
      this.footer = footer;
    }
  }

  private final DatasetOptions options;
  private final Schema schema;

  /**
   * The names the projection gave under each top-level field: the field itself, or dotted paths
   * into its structs; what each file is asked for.
   */
  private final Map<String, List<String>> requested;

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
    this.requested = requestedByField(datasetSchema, read);
    this.schema = projected(datasetSchema, read, requested);
    checkFilterColumns(datasetSchema, partitionKeys, read.filter());
    int skipped = 0;
    int groupsRuledOut = 0;
    for (DatasetSlice given : slices) {
      Settled settled =
          settle(given, footers.get(given.location()), datasetSchema, partitionKeys, read);
      groupsRuledOut += settled.groupsRuledOut();
      if (settled.slice() == null) {
        skipped++;
        continue;
      }
      DatasetSlice slice = settled.slice();
      Set<String> own = new java.util.HashSet<>(slice.fileColumns());
      Filter residual = settled.residual();
      Set<String> columns = new LinkedHashSet<>();
      for (Field f : schema.getFields()) {
        if (own.contains(f.getName())) {
          columns.addAll(requested.getOrDefault(f.getName(), List.of(f.getName())));
        }
      }
      boolean countOnly = columns.isEmpty() && residual == null;
      if (columns.isEmpty() && residual != null) {
        for (String c : residual.columns()) {
          columns.add(ConstantColumns.topLevel(c));
        }
      }
      ReadOptions.Builder b =
          ParquetDataset.perFile(read).toBuilder()
              .columns(List.copyOf(columns))
              .rowGroups(slice.rowGroups().stream().mapToInt(Integer::intValue).toArray())
              .filter((Filter) null);
      if (residual != null) {
        b.filter(residual);
      }
      tasks.add(
          new Task(
              slice, b.build(), settled.constants(), countOnly, footers.get(given.location())));
    }
    this.filesSkipped = skipped;
    this.done = new ReadStats(groupsRuledOut, 0, 0, 0, 0, 0, 0);
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

  /** Fails on a filter column the dataset does not have, before anything is read. */
  static void checkFilterColumns(Schema datasetSchema, Set<String> partitionKeys, Filter filter) {
    if (filter == null) {
      return;
    }
    for (String column : filter.columns()) {
      String top = ConstantColumns.topLevel(column);
      if (ParquetDataset.field(datasetSchema, column) == null
          && (ParquetDataset.field(datasetSchema, top) == null || partitionKeys.contains(top))) {
        throw new IllegalArgumentException(
            "the filter names column '" + column + "', which the dataset does not have");
      }
    }
  }

  /**
   * A slice as a filter leaves it.
   *
   * @param slice the slice with only the row groups left to read (null: nothing in it can match)
   * @param constants the file's constant columns: partition values, and nulls for the dataset's
   *     columns the file lacks
   * @param residual what of the filter its rows must still pass (null: nothing)
   * @param groupsRuledOut how many of the slice's row groups were ruled out without a read
   */
  record Settled(
      DatasetSlice slice, Map<String, Object> constants, Filter residual, int groupsRuledOut) {}

  /**
   * Settles the read's filter on a slice: on its file's constant columns, then, when the file's
   * footer is known, on its row groups' chunk statistics. Nothing is read.
   */
  static Settled settle(
      DatasetSlice slice,
      Footer footer,
      Schema datasetSchema,
      Set<String> partitionKeys,
      ReadOptions read) {
    Set<String> own = new java.util.HashSet<>(slice.fileColumns());
    Map<String, Object> constants = new HashMap<>(slice.partitions());
    for (Field f : datasetSchema.getFields()) {
      if (!partitionKeys.contains(f.getName()) && !own.contains(f.getName())) {
        constants.put(f.getName(), null);
      }
    }
    Filter filter = read.filter();
    if (filter == null) {
      return new Settled(slice, constants, null, 0);
    }
    ConstantColumns.Residual r;
    try {
      r = ConstantColumns.residual(filter, constants);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(slice.location() + ": " + e.getMessage(), e);
    }
    if (r instanceof ConstantColumns.None) {
      return new Settled(null, constants, null, footer == null ? 0 : groups(slice, footer).size());
    }
    Filter residual = r instanceof ConstantColumns.Rows rows ? rows.filter() : null;
    if (residual == null || footer == null) {
      return new Settled(slice, constants, residual, 0);
    }
    List<Integer> all = groups(slice, footer);
    List<Integer> kept = byStatistics(footer, read, residual, all);
    int ruledOut = all.size() - kept.size();
    if (kept.isEmpty()) {
      return new Settled(null, constants, residual, ruledOut);
    }
    if (ruledOut == 0) {
      return new Settled(slice, constants, residual, 0);
    }
    long rows = 0;
    for (int g : kept) {
      rows += footer.metaData().rowGroups().get(g).numRows();
    }
    DatasetSlice narrowed =
        new DatasetSlice(slice.location(), kept, slice.partitions(), slice.fileColumns(), rows);
    return new Settled(narrowed, constants, residual, ruledOut);
  }

  /** A slice's row groups: those it names, or all of its file's. */
  private static List<Integer> groups(DatasetSlice slice, Footer footer) {
    if (!slice.rowGroups().isEmpty()) {
      return slice.rowGroups();
    }
    List<Integer> all = new ArrayList<>();
    for (int g = 0; g < footer.metaData().rowGroups().size(); g++) {
      all.add(g);
    }
    return all;
  }

  /**
   * The row groups whose chunk statistics, from the footer read when the dataset opened, do not
   * rule the filter out: a file left with none is not opened at all.
   */
  private static List<Integer> byStatistics(
      Footer footer, ReadOptions read, Filter residual, List<Integer> groups) {
    ReadOptions bound = read.toBuilder().filter(residual).build();
    ChunkPruning pruning =
        new ChunkPruning(
            ParquetArrowReader.bind(footer, bound),
            footer,
            null,
            read.verifyCrc(),
            read.maxPageBytes());
    List<Integer> kept = new ArrayList<>();
    for (int g : groups) {
      try {
        if (pruning.statisticsMayMatch(g)) {
          kept.add(g);
        }
      } catch (dev.parrow.codec.ParquetFormatException e) {
        throw e.inRowGroup(g).inFile(footer.fileName());
      }
    }
    return kept;
  }

  /**
   * Each projected name by its top-level field: a top-level name, or a dotted path through structs
   * only ({@code address.city}; a field inside a list or map is read with its whole top-level
   * field).
   */
  private static Map<String, List<String>> requestedByField(Schema dataset, ReadOptions read) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    for (String c : read.columns()) {
      if (ParquetDataset.field(dataset, c) != null) {
        out.put(c, List.of(c));
        continue;
      }
      String[] path = c.split("\\.");
      Field at = ParquetDataset.field(dataset, path[0]);
      boolean structs = at != null;
      for (int i = 1; structs && i < path.length; i++) {
        if (!(at.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Struct)) {
          structs = false;
          break;
        }
        Field child = null;
        for (Field f : at.getChildren()) {
          if (f.getName().equals(path[i])) {
            child = f;
          }
        }
        at = child;
        structs = child != null;
      }
      if (!structs) {
        throw new IllegalArgumentException(
            "no column '"
                + c
                + "' in the dataset (a dataset projects top-level columns and fields of structs;"
                + " it has "
                + dataset.getFields().stream().map(Field::getName).toList()
                + ")");
      }
      List<String> names = out.computeIfAbsent(path[0], k -> new ArrayList<>());
      if (!names.equals(List.of(path[0]))) {
        names.add(c);
      }
    }
    return out;
  }

  /** The schema of a read of {@code dataset} with {@code read}'s projection. */
  static Schema projected(Schema dataset, ReadOptions read) {
    return projected(dataset, read, requestedByField(dataset, read));
  }

  private static Schema projected(
      Schema dataset, ReadOptions read, Map<String, List<String>> requested) {
    if (read.columns().isEmpty()) {
      return dataset;
    }
    List<Field> fields = new ArrayList<>();
    if (read.requestedOrder()) {
      requested.forEach(
          (top, names) -> fields.add(pruned(ParquetDataset.field(dataset, top), names)));
    } else {
      for (Field f : dataset.getFields()) {
        if (requested.containsKey(f.getName())) {
          fields.add(pruned(f, requested.get(f.getName())));
        }
      }
    }
    return new Schema(fields);
  }

  /** A struct field keeping only the children the dotted names reach (all for its own name). */
  private static Field pruned(Field f, List<String> names) {
    if (names.contains(f.getName())) {
      return f;
    }
    List<Field> children = new ArrayList<>();
    for (Field child : f.getChildren()) {
      List<String> below = new ArrayList<>();
      String prefix = f.getName() + "." + child.getName();
      for (String n : names) {
        if (n.equals(prefix)) {
          below.add(child.getName());
        } else if (n.startsWith(prefix + ".")) {
          below.add(n.substring(f.getName().length() + 1));
        }
      }
      if (!below.isEmpty()) {
        children.add(pruned(child, below));
      }
    }
    return new Field(f.getName(), f.getFieldType(), children);
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
