package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.Conform;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.Footer;
import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a {@link ParquetDataset}'s files as one stream of batches in the dataset's schema (or its
 * projection), in the dataset's file order (or, with {@link DatasetOptions#inOrder} false, from
 * whichever file has a batch ready). While the caller consumes one file's batches, the next {@link
 * DatasetOptions#filesAtOnce} files (no more than the read's {@link ReadOptions#parallelism}) are
 * read at once on other threads ({@link UnitsAhead}), each holding two finished batches for the
 * caller and decoding its row groups at once (as a file's reader does) within its share of the
 * read's {@link ReadOptions#bytesInFlight}. Each batch comes from one file. A read that keeps
 * columns as dictionaries ({@link dev.parrow.types.DictionaryMode#PER_ROW_GROUP} with {@link
 * dev.parrow.types.TypeOptions#dictionaryColumns}) reads its files one after another on the
 * caller's thread, and replaces a dictionary object ({@link #lookup}) whenever its values change.
 * Used by one thread at a time; close it to stop the read-ahead and free what it holds.
 */
public final class ParquetDatasetReader extends ArrowReader {
  /**
   * One file to read, as the plan says: loads its batches in the dataset's schema on a read-ahead
   * thread, and they come to the caller through {@code ahead} (started once the file is among the
   * {@code filesAtOnce} next).
   */
  private final class Task implements UnitsAhead.Unit {
    final DatasetPlan.FileToRead planned;

    /** The file's place in the read. */
    private final int ordinal;

    private ParquetFile file;
    private ParquetArrowReader reader;
    private VectorSchemaRoot noColumns;
    private Conform conform;
    private long counted;
    private volatile ReadStats stats = new ReadStats(0, 0, 0, 0, 0, 0, 0);

    Task(DatasetPlan.FileToRead planned, int ordinal) {
      this.planned = planned;
      this.ordinal = ordinal;
    }

    @Override
    public ReadStats stats() {
      return stats;
    }

    @Override
    public String name() {
      return planned.slice().location();
    }

    @Override
    public synchronized boolean load(VectorSchemaRoot into) throws IOException {
      if (planned.countOnly()) {
        return count(into);
      }
      if (reader == null) {
        // The footer the dataset read when it opened (a slice sent elsewhere has none: it is read
        // again, with the dataset's keys).
        file =
            planned.footer() != null
                ? ParquetFile.open(planned.slice().location(), options.remote(), planned.footer())
                : ParquetFile.open(
                    planned.slice().location(),
                    options.remote(),
                    options.decryption(planned.slice().location()));
        reader = file.newReader(allocator, shareOf(planned.read()));
      }
      boolean loaded = reader.loadNextBatch();
      if (loaded) {
        if (dictionaryColumns != null) {
          dictionaryColumns.fill(ordinal, reader.getVectorSchemaRoot(), reader, into);
        }
        try {
          conform().into(reader.getVectorSchemaRoot(), into);
        } catch (ParquetFormatException e) {
          // A value the dataset's type cannot hold (a decimal with more digits than its type).
          throw e.inFile(planned.slice().location());
        }
      }
      stats = reader.stats();
      return loaded;
    }

    private Conform conform() {
      if (conform == null) {
        conform = new Conform(planned.constants());
      }
      return conform;
    }

    /** A file whose rows matter but none of its columns: batches of nulls and partition values. */
    private boolean count(VectorSchemaRoot into) {
      long rows = planned.slice().rows();
      if (counted >= rows) {
        return false;
      }
      if (noColumns == null) {
        noColumns = VectorSchemaRoot.create(new Schema(List.of()), allocator);
      }
      int n = (int) Math.min(planned.read().batchSize(), rows - counted);
      noColumns.setRowCount(n);
      if (dictionaryColumns != null) {
        dictionaryColumns.fill(ordinal, noColumns, null, into);
      }
      conform().into(noColumns, into);
      counted += n;
      stats = new ReadStats(0, 0, 0, 0, 0, counted, counted);
      return true;
    }

    /** Frees what the file's read holds. */
    @Override
    public synchronized void close() throws IOException {
      try (ParquetFile f = file;
          ParquetArrowReader r = reader;
          VectorSchemaRoot c = noColumns;
          Conform constants = conform) {
        // Closed in reverse order: the constant columns, the reader, then the file.
      } finally {
        file = null;
        reader = null;
        noColumns = null;
        conform = null;
      }
    }
  }

  private final DatasetOptions options;
  private final Schema schema;

  private final int filesSkipped;

  /** What the filter ruled out before any file was opened. */
  private final ReadStats ruledOut;

  /** The files read at once, in order, made at the first batch (null for a dictionary read). */
  private UnitsAhead<Task> files;

  /**
   * Of a read with dictionary columns ({@link DatasetPlan#dictionaryColumns}), their indices and
   * dictionaries; null without. Such a read reads its files one after another on the caller's
   * thread ({@link #nextInTurn}): the dictionaries are the reader's own, replaced between batches,
   * so no batch can be decoded ahead.
   */
  private DatasetDictionaries dictionaryColumns;

  /** Of a read in turn: the file being read, the counts of those read to their end. */
  private int inTurn;

  private ReadStats doneInTurn = ReadStats.NONE;

  private final List<Task> tasks = new ArrayList<>();
  private final int filesAtOnce;

  /** The roots of the read's buffer pool, or null: its files' batches and their row groups'. */
  private final dev.parrow.arrow.internal.read.SpareRoots pooled;

  /** Whether the reader's root has taken the buffers the pool kept of a root like it. */
  private boolean rootFromPool;

  /** The read's bytes in flight, shared by the files read at once. */
  private final long bytesInFlight;

  private volatile boolean closed;

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
      tasks.add(new Task(f, tasks.size()));
    }
    this.filesSkipped = plan.filesSkipped();
    this.ruledOut = new ReadStats(plan.groupsRuledOut(), 0, 0, 0, 0, 0, 0);
    this.bytesInFlight = read.bytesInFlight();
    this.pooled =
        read.bufferPool() == null ? null : read.bufferPool().rootsFor(allocator, "a dataset read");
    // No more files at once than the read's threads: a read of parallelism 1 reads on one.
    this.filesAtOnce =
        Math.max(1, Math.min(options.filesAtOnce(), Math.min(read.parallelism(), tasks.size())));
  }

  /**
   * A file's read options with its share of the read's bytes in flight, when {@code filesAtOnce}
   * files are read at once. Each file keeps every thread: the file the caller reads decodes its row
   * groups at once on all of them, and the files after it hold what they decoded within their share
   * until the caller comes to them (they compete for the cores only while they fill it). Splitting
   * the threads instead left each file with too few to keep up once it came first.
   */
  private ReadOptions shareOf(ReadOptions read) {
    return read.toBuilder().bytesInFlight(bytesInFlight / filesAtOnce).build();
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
    return files == null ? inTurn : files.finished();
  }

  /**
   * What the reads of the files finished so far did, summed: row groups and pages skipped and read,
   * bytes, rows in and out.
   *
   * @return the counts
   */
  public ReadStats stats() {
    return ruledOut.plus(files == null ? doneInTurn : files.done());
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
    if (pooled != null && !rootFromPool) {
      rootFromPool = true;
      BufferPool.lendTo(pooled, getVectorSchemaRoot());
    }
    if (dictionaryColumns != null
        || schema.getFields().stream().anyMatch(f -> f.getDictionary() != null)) {
      if (dictionaryColumns == null) {
        // ArrowReader hands out a view of its dictionaries that cannot be changed: a view of a
        // map the dictionary columns change instead, replacing entries as the files' change.
        Map<Long, org.apache.arrow.vector.dictionary.Dictionary> own =
            new java.util.HashMap<>(dictionaries);
        dictionaries = java.util.Collections.unmodifiableMap(own);
        dictionaryColumns = new DatasetDictionaries(allocator, own);
      }
      return nextInTurn();
    }
    if (files == null) {
      files =
          new UnitsAhead<>(
              allocator,
              getVectorSchemaRoot(),
              tasks,
              filesAtOnce,
              null,
              2,
              ParrowThreads.share(ParrowThreads.Work.FILES, null, filesAtOnce),
              true,
              options.inOrder(),
              pooled);
    }
    return files.next();
  }

  /**
   * The next batch of the files read one after another on this thread. A file's failure ends the
   * read, as it does for files read ahead: no later file is read.
   */
  private boolean nextInTurn() throws IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    while (inTurn < tasks.size()) {
      Task task = tasks.get(inTurn);
      boolean loaded;
      try {
        loaded = task.load(root);
      } catch (IOException | RuntimeException | Error e) {
        for (int t = inTurn; t < tasks.size(); t++) {
          try {
            tasks.get(t).close();
          } catch (IOException | RuntimeException closing) {
            e.addSuppressed(closing);
          }
        }
        tasks.subList(inTurn, tasks.size()).clear();
        throw e;
      }
      if (loaded) {
        return true;
      }
      doneInTurn = doneInTurn.plus(task.stats());
      inTurn++;
      task.close();
    }
    root.setRowCount(0);
    return false;
  }

  @Override
  public long bytesRead() {
    return stats().bytesRead();
  }

  /** Gives the pool the buffers of the reader's root before the root closes. */
  @Override
  public void close(boolean closeReadSource) throws IOException {
    if (rootFromPool) {
      rootFromPool = false;
      BufferPool.keepFrom(pooled, getVectorSchemaRoot(), allocator);
    }
    super.close(closeReadSource);
  }

  /** Stops the read-ahead, waits for it, and frees the batches it held. */
  @Override
  protected void closeReadSource() throws IOException {
    closed = true;
    if (files != null) {
      files.close();
    } else {
      for (Task t : tasks) {
        t.close();
      }
    }
  }
}
