package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.Conform;
import dev.parrow.arrow.internal.read.BatchesAhead;
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
 * projection), in the dataset's file order. While the caller consumes one file's batches, the next
 * {@link DatasetOptions#filesAtOnce} files are read ahead on other threads, each holding at most
 * two finished batches. Each batch comes from one file. Used by one thread at a time; close it to
 * stop the read-ahead and free what it holds.
 */
public final class ParquetDatasetReader extends ArrowReader {
  /**
   * One file to read, as the plan says: loads its batches in the dataset's schema on a read-ahead
   * thread, and they come to the caller through {@code ahead} (started once the file is among the
   * {@code filesAtOnce} next).
   */
  private final class Task implements BatchesAhead.Loader {
    final DatasetPlan.FileToRead planned;
    BatchesAhead<ReadStats> ahead;
    private ParquetFile file;
    private ParquetArrowReader reader;
    private VectorSchemaRoot noColumns;
    private long counted;
    private volatile ReadStats stats = new ReadStats(0, 0, 0, 0, 0, 0, 0);

    Task(DatasetPlan.FileToRead planned) {
      this.planned = planned;
    }

    ReadStats stats() {
      return stats;
    }

    @Override
    public boolean load(VectorSchemaRoot into) throws IOException {
      if (planned.countOnly()) {
        return count(into);
      }
      if (reader == null) {
        // The footer the dataset read when it opened: the file is not asked for it again.
        file = ParquetFile.open(planned.slice().location(), options.remote(), planned.footer());
        reader = file.newReader(allocator, planned.read());
      }
      boolean loaded = reader.loadNextBatch();
      if (loaded) {
        Conform.into(reader.getVectorSchemaRoot(), into, planned.constants());
      }
      stats = reader.stats();
      return loaded;
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
      Conform.into(noColumns, into, planned.constants());
      counted += n;
      stats = new ReadStats(0, 0, 0, 0, 0, counted, counted);
      return true;
    }

    /** Stops the read-ahead and frees what the file's read holds. */
    void close() throws IOException {
      if (ahead != null) {
        ahead.close();
      }
      try (ParquetFile f = file;
          ParquetArrowReader r = reader;
          VectorSchemaRoot c = noColumns) {
        // Closed in reverse order: the reader, then the file.
      } finally {
        file = null;
        reader = null;
        noColumns = null;
      }
    }
  }

  private final DatasetOptions options;
  private final Schema schema;

  private final List<Task> tasks = new ArrayList<>();
  private final int filesSkipped;
  private final int ahead;

  /** Where the files are read ahead: {@code filesAtOnce} of Parrow's file threads at a time. */
  private final java.util.concurrent.Executor pool;

  private int current;
  private int started;
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
      while (started < tasks.size() && started < current + ahead) {
        Task t = tasks.get(started++);
        t.ahead =
            new BatchesAhead<>(
                allocator, root, t, t::stats, pool, true, t.planned.slice().location());
        t.ahead.start();
      }
      Task t = tasks.get(current);
      try {
        if (t.ahead.next()) {
          return true;
        }
      } catch (IOException | RuntimeException | Error e) {
        // A failed file ends the read: no later file is read.
        current = tasks.size();
        throw e;
      }
      done = add(done, t.ahead.counts());
      filesRead++;
      current++;
      t.close();
    }
    root.setRowCount(0);
    return false;
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
    for (Task t : tasks) {
      if (t.ahead != null) {
        // Every producer is told to stop before any is waited for.
        t.ahead.stopSoon();
      }
    }
    IOException failure = null;
    for (Task t : tasks) {
      try {
        t.close();
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
}
