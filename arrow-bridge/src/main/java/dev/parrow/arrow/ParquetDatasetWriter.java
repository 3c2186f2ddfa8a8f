package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.HivePartitions;
import dev.parrow.storage.OutputFile;
import dev.parrow.storage.PendingFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.StagedOutputFile;
import dev.parrow.storage.Store;
import dev.parrow.storage.Stores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes Arrow batches as a hive-partitioned dataset: the rows go to {@code key=value/} directories
 * by the partition columns (which the files themselves then leave out), in files of at most {@code
 * maxRowsPerFile} rows, named {@code part-<writer id>-<n>.parquet}. Spark, DuckDB ({@code
 * read_parquet('root/**}{@code /*.parquet', hive_partitioning = true)}), pyarrow and {@link
 * ParquetDataset} read the layout.
 *
 * <p>The root is a directory or an object store prefix ({@code s3://BUCKET/PREFIX}, {@code
 * az://CONTAINER/PREFIX}). The dataset appears whole or not at all: each file is staged when it is
 * finished (its row limit reached, or closed to keep at most {@code maxOpenFiles} open): on disk
 * under a hidden temporary name (which Parrow, pyarrow, Spark and DuckDB's {@code *.parquet} globs
 * leave out), synced; in an object store as the parts of an upload not yet completed, which no
 * listing shows. {@link #close()} publishes every file once all of them are staged (renames them;
 * completes the uploads). Any failure (a batch of another schema, an I/O error, an interrupt, an
 * allocator's limit) or {@link #abort} removes every file, upload and directory this writer made,
 * so the root holds what it held before; a later {@code write} then throws {@link
 * IllegalStateException} and {@code close} does nothing. A process that exits first removes its
 * temporary files and aborts its uploads in a shutdown hook. Partition values are escaped as Hive
 * escapes them; null and the empty string both become {@code __HIVE_DEFAULT_PARTITION__} (read back
 * as null), as in Hive and Spark.
 *
 * <p>Rows of one partition that come together are written as one slice, so input sorted or
 * clustered by the partition columns writes fastest. Used by one thread at a time.
 */
public final class ParquetDatasetWriter implements AutoCloseable {
  /** What to do when the root directory already holds files. */
  public enum ExistingData {
    /** Refuse to write (the default). */
    ERROR,
    /** Add new files beside the old ones (names never collide: each writer has its own id). */
    ADD
  }

  /**
   * How a dataset is laid out.
   *
   * @param partitionBy the partition columns, outermost directory first: integers, Utf8, Date(DAY)
   *     or Bool columns of the schema
   * @param maxRowsPerFile the most rows in one file (at least 1)
   * @param maxOpenFiles the most files open at once; the least recently written is finished to open
   *     another
   * @param existing what to do when the root already holds files
   */
  public record Layout(
      List<String> partitionBy, long maxRowsPerFile, int maxOpenFiles, ExistingData existing) {
    /**
     * Checks the layout.
     *
     * @param partitionBy the partition columns, outermost directory first
     * @param maxRowsPerFile the most rows in one file
     * @param maxOpenFiles the most files open at once
     * @param existing what to do when the root already holds files
     */
    public Layout {
      partitionBy = List.copyOf(partitionBy);
      if (maxRowsPerFile < 1 || maxOpenFiles < 1) {
        throw new IllegalArgumentException(
            "maxRowsPerFile and maxOpenFiles must be at least 1, not "
                + maxRowsPerFile
                + " and "
                + maxOpenFiles);
      }
    }

    /**
     * Partitioned by these columns, files of at most 10 million rows, at most 64 open, an existing
     * dataset refused.
     *
     * @param columns the partition columns
     * @return the layout
     */
    public static Layout partitionBy(String... columns) {
      return new Layout(List.of(columns), 10_000_000, 64, ExistingData.ERROR);
    }

    /**
     * With another row limit per file.
     *
     * @param rows the most rows in one file
     * @return the changed layout
     */
    public Layout withMaxRowsPerFile(long rows) {
      return new Layout(partitionBy, rows, maxOpenFiles, existing);
    }

    /**
     * With another limit of open files.
     *
     * @param files the most files open at once
     * @return the changed layout
     */
    public Layout withMaxOpenFiles(int files) {
      return new Layout(partitionBy, maxRowsPerFile, files, existing);
    }

    /**
     * With another answer to existing files.
     *
     * @param what what to do
     * @return the changed layout
     */
    public Layout withExisting(ExistingData what) {
      return new Layout(partitionBy, maxRowsPerFile, maxOpenFiles, what);
    }
  }

  /** The open file of one partition directory. */
  private static final class Target {
    /** The directory's location, with no '/' at its end. */
    final String directory;

    ParquetArrowWriter writer;
    StagedFile file;
    long rows;

    Target(String directory) {
      this.directory = directory;
    }
  }

  /**
   * A file of the dataset: staged when its writer commits (synced under a temporary name, or its
   * parts all sent), and published only when the whole dataset is.
   */
  private static final class StagedFile implements OutputFile {
    final String location;
    private final StagedOutputFile file;

    StagedFile(String location, StagedOutputFile file) {
      this.location = location;
      this.file = file;
    }

    @Override
    public String name() {
      return file.name();
    }

    @Override
    public java.io.OutputStream open() throws IOException {
      return file.open();
    }

    @Override
    public void commit() throws IOException {
      file.stage();
    }

    void publish() throws IOException {
      file.publish();
    }

    @Override
    public void abort() throws IOException {
      file.abort();
    }

    PendingFile handOver() {
      return file.handOver();
    }
  }

  /** The root's location, with no '/' at its end. */
  private final String root;

  private final Store store;

  /** Whether the root is a local directory (directories are made and removed). */
  private final boolean local;

  private final Schema fileSchema;
  private final int[] partitionColumns;
  private final int[] fileColumns;
  private final WriteOptions options;
  private final Layout layout;
  private final String id = UUID.randomUUID().toString().substring(0, 8);
  private final Map<String, Target> open = new LinkedHashMap<>(16, 0.75f, true);

  /** Files complete on disk under their temporary names, renamed into place by close. */
  private final List<StagedFile> finished = new ArrayList<>();

  /** The local directories this writer created, outermost first: removed if the write fails. */
  private final List<Path> createdDirectories = new ArrayList<>();

  private final Schema schema;
  private int nextFile;
  private boolean closed;

  /** Closed with every file in place: nothing is left to abort. */
  private boolean published;

  /** The failure that aborted the writer, or null. */
  private Throwable failure;

  private ParquetDatasetWriter(
      String root, Store store, Schema schema, WriteOptions options, Layout layout) {
    this.root = root.replaceAll("(.)/+$", "$1");
    this.store = store;
    this.local = !Stores.isRemote(root);
    this.schema = schema;
    // Each open file's writer holds copies of its batches while it encodes them (at a parallelism
    // of 4 or more): the files share the budget, instead of each taking all of it.
    this.options =
        options.toBuilder()
            .bytesInFlight(options.bytesInFlight() / Math.max(1, layout.maxOpenFiles()))
            .build();
    this.layout = layout;
    List<Field> fields = schema.getFields();
    this.partitionColumns = new int[layout.partitionBy().size()];
    for (int p = 0; p < partitionColumns.length; p++) {
      String name = layout.partitionBy().get(p);
      int index = -1;
      for (int i = 0; i < fields.size(); i++) {
        if (fields.get(i).getName().equals(name)) {
          index = i;
        }
      }
      if (index < 0) {
        throw new IllegalArgumentException("no column '" + name + "' to partition by");
      }
      ArrowType t = fields.get(index).getType();
      if (!(t instanceof ArrowType.Int
          || t instanceof ArrowType.Utf8
          || t instanceof ArrowType.LargeUtf8
          || t instanceof ArrowType.Bool
          || (t instanceof ArrowType.Date d
              && d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY))) {
        throw new IllegalArgumentException(
            "cannot partition by '"
                + name
                + "' of type "
                + t
                + ": integers, strings, dates or booleans");
      }
      partitionColumns[p] = index;
    }
    List<Field> kept = new ArrayList<>();
    List<Integer> keptIndex = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      if (!layout.partitionBy().contains(fields.get(i).getName())) {
        kept.add(fields.get(i));
        keptIndex.add(i);
      }
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(
          "every column is a partition column: the files would hold none");
    }
    this.fileSchema = new Schema(kept, schema.getCustomMetadata());
    this.fileColumns = keptIndex.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Starts a dataset under {@code root}.
   *
   * @param root the dataset's directory (created if missing)
   * @param schema the batches' schema, partition columns included
   * @param options how each file is written
   * @param layout partition columns and file limits
   * @return the writer; close it to finish the open files
   * @throws IOException if the root cannot be created, or holds files and {@link
   *     ExistingData#ERROR}
   */
  public static ParquetDatasetWriter create(
      Path root, Schema schema, WriteOptions options, Layout layout) throws IOException {
    return create(root.toString(), schema, options, layout, RemoteOptions.defaults());
  }

  /**
   * Starts a dataset under a directory or an object store prefix.
   *
   * @param root a directory, or {@code s3://BUCKET/PREFIX}, {@code az://CONTAINER/PREFIX}, {@code
   *     abfss://CONTAINER@ACCOUNT.dfs.core.windows.net/PREFIX}
   * @param schema the batches' schema, partition columns included
   * @param options how each file is written
   * @param layout partition columns and file limits
   * @param remote the object store's settings, retries and part sizes
   * @return the writer; close it to finish the open files
   * @throws IOException if the root cannot be created or listed, or holds files and {@link
   *     ExistingData#ERROR}
   */
  public static ParquetDatasetWriter create(
      String root, Schema schema, WriteOptions options, Layout layout, RemoteOptions remote)
      throws IOException {
    Store store = Stores.of(root, remote);
    ParquetDatasetWriter w = new ParquetDatasetWriter(root, store, schema, options, layout);
    if (layout.existing() == ExistingData.ERROR && w.holdsFiles()) {
      throw new java.nio.file.FileAlreadyExistsException(
          root,
          null,
          (w.local ? "the directory" : "the prefix")
              + " holds files already (Layout.withExisting(ADD) adds to them)");
    }
    if (w.local) {
      w.createDirectories(w.localPath(w.root));
    }
    return w;
  }

  /** Whether the root holds anything already. */
  private boolean holdsFiles() throws IOException {
    if (local) {
      Path dir = localPath(root);
      if (!Files.isDirectory(dir)) {
        return false;
      }
      try (Stream<Path> entries = Files.list(dir)) {
        return entries.findAny().isPresent();
      }
    }
    return !store.list(root + "/").isEmpty();
  }

  private Path localPath(String location) {
    return Path.of(store.canonical(location));
  }

  /** Creates {@code dir} and its missing parents, remembering each one made. */
  private void createDirectories(Path dir) throws IOException {
    Path absolute = dir.toAbsolutePath();
    List<Path> missing = new ArrayList<>();
    for (Path p = absolute; p != null && !Files.isDirectory(p); p = p.getParent()) {
      missing.add(0, p);
    }
    for (Path p : missing) {
      try {
        Files.createDirectory(p);
        createdDirectories.add(p);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // Another writer (Layout.withExisting(ADD)) made it meanwhile: it is not this writer's.
        if (!Files.isDirectory(p)) {
          throw e;
        }
      }
    }
  }

  /**
   * Writes a batch's rows to their partitions' files.
   *
   * @param batch rows in the writer's schema
   * @throws IOException if a file cannot be written
   */
  public void write(VectorSchemaRoot batch) throws IOException {
    checkOpen();
    try {
      if (Thread.currentThread().isInterrupted()) {
        throw new java.io.InterruptedIOException(root + ": interrupted; the write is aborted");
      }
      if (!dev.parrow.arrow.internal.write.SchemaMatch.sameColumns(
          batch.getSchema().getFields(), schema.getFields())) {
        throw new IllegalArgumentException(
            root
                + ": the batch's schema "
                + batch.getSchema()
                + " is not the writer's "
                + schema
                + "; the write is aborted");
      }
      writePartitions(batch);
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  private void checkOpen() {
    if (failure != null) {
      throw new IllegalStateException(
          root + ": the dataset writer failed and was aborted: " + failure, failure);
    }
    if (closed) {
      throw new IllegalStateException(root + ": the dataset writer is closed");
    }
  }

  /** Aborts the writer after {@code e}; a failure of the clean-up is added to {@code e}. */
  private void fail(Throwable e) {
    if (failure != null) {
      return;
    }
    failure = e;
    try {
      abort();
    } catch (Throwable cleanup) {
      if (cleanup != e) {
        e.addSuppressed(cleanup);
      }
    }
  }

  private void writePartitions(VectorSchemaRoot batch) throws IOException {
    int rows = batch.getRowCount();
    List<FieldVector> vectors = batch.getFieldVectors();
    List<FieldVector> keys = new ArrayList<>();
    for (int p : partitionColumns) {
      keys.add(vectors.get(p));
    }
    List<FieldVector> kept = new ArrayList<>();
    for (int c : fileColumns) {
      kept.add(vectors.get(c));
    }
    VectorSchemaRoot view = new VectorSchemaRoot(fileSchema.getFields(), kept, rows);
    int start = 0;
    while (start < rows) {
      int end = start + 1;
      while (end < rows && sameKeys(keys, end)) {
        end++;
      }
      writeRun(view, directory(keys, start), start, end - start);
      start = end;
    }
  }

  /** Whether row {@code i} has the previous row's partition values. */
  private static boolean sameKeys(List<FieldVector> keys, int i) {
    for (FieldVector v : keys) {
      boolean nullHere = v.isNull(i);
      if (nullHere != v.isNull(i - 1)) {
        return false;
      }
      if (nullHere) {
        continue;
      }
      if (v instanceof BitVector b) {
        if (b.get(i) != b.get(i - 1)) {
          return false;
        }
      } else if (v instanceof BaseFixedWidthVector f) {
        int w = f.getTypeWidth();
        ArrowBuf d = f.getDataBuffer();
        if (ByteFunctionHelpers.equal(
                d, (long) i * w, (long) (i + 1) * w, d, (long) (i - 1) * w, (long) i * w)
            == 0) {
          return false;
        }
      } else if (v instanceof BaseVariableWidthVector s) {
        if (ByteFunctionHelpers.equal(
                s.getDataBuffer(),
                s.getStartOffset(i),
                s.getEndOffset(i),
                s.getDataBuffer(),
                s.getStartOffset(i - 1),
                s.getEndOffset(i - 1))
            == 0) {
          return false;
        }
      } else {
        // LargeUtf8 partition values: offsets of 8 bytes.
        org.apache.arrow.vector.BaseLargeVariableWidthVector s =
            (org.apache.arrow.vector.BaseLargeVariableWidthVector) v;
        ArrowBuf o = s.getOffsetBuffer();
        long w = org.apache.arrow.vector.BaseLargeVariableWidthVector.OFFSET_WIDTH;
        if (ByteFunctionHelpers.equal(
                s.getDataBuffer(),
                o.getLong(i * w),
                o.getLong((i + 1) * w),
                s.getDataBuffer(),
                o.getLong((i - 1) * w),
                o.getLong(i * w))
            == 0) {
          return false;
        }
      }
    }
    return true;
  }

  /** The relative directory of a row's partition values: {@code k1=v1/k2=v2}. */
  private String directory(List<FieldVector> keys, int row) {
    StringBuilder out = new StringBuilder();
    for (int p = 0; p < keys.size(); p++) {
      FieldVector v = keys.get(p);
      String text;
      if (v.isNull(row)) {
        text = null;
      } else if (v instanceof DateDayVector d) {
        text = java.time.LocalDate.ofEpochDay(d.get(row)).toString();
      } else if (v instanceof BitVector b) {
        text = b.get(row) == 1 ? "true" : "false";
      } else {
        text = String.valueOf(v.getObject(row));
      }
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(HivePartitions.escape(layout.partitionBy().get(p)))
          .append('=')
          .append(HivePartitions.escape(text));
    }
    return out.toString();
  }

  private void writeRun(VectorSchemaRoot view, String directory, int start, int length)
      throws IOException {
    int at = start;
    int left = length;
    while (left > 0) {
      Target t = open.get(directory);
      if (t == null) {
        t = new Target(directory.isEmpty() ? root : root + "/" + directory);
        open.put(directory, t);
        closeBeyondLimit();
      }
      if (t.writer == null) {
        if (local) {
          createDirectories(localPath(t.directory));
        }
        String location = t.directory + "/part-" + id + "-" + nextFile++ + ".parquet";
        t.file = new StagedFile(location, store.create(location));
        t.writer = ParquetArrowWriter.create(t.file, fileSchema, options);
        t.rows = 0;
      }
      int n = (int) Math.min(left, layout.maxRowsPerFile() - t.rows);
      if (at == 0 && n == view.getRowCount()) {
        t.writer.write(view);
      } else {
        try (VectorSchemaRoot slice = view.slice(at, n)) {
          t.writer.write(slice);
        }
      }
      t.rows += n;
      at += n;
      left -= n;
      if (t.rows >= layout.maxRowsPerFile()) {
        finish(t);
      }
    }
  }

  private void closeBeyondLimit() throws IOException {
    while (open.size() > layout.maxOpenFiles()) {
      String eldest = open.keySet().iterator().next();
      Target t = open.remove(eldest);
      finish(t);
    }
  }

  private void finish(Target t) throws IOException {
    if (t.writer != null) {
      ParquetArrowWriter writer = t.writer;
      t.writer = null;
      // Each file commits to its temporary name whatever the options say of close.
      writer.commit();
      finished.add(t.file);
    }
  }

  /**
   * {@return the files finished so far, by the names they have once {@link #close()} renames them
   * into place (all of them after it)}
   *
   * @throws UnsupportedOperationException for a dataset in an object store ({@link #locations})
   */
  public List<Path> files() {
    if (!local) {
      throw new UnsupportedOperationException(root + ": objects have no paths; see locations()");
    }
    return finished.stream().map(f -> localPath(f.location)).toList();
  }

  /**
   * {@return the locations of the files finished so far (paths, or URIs in an object store), as
   * they are once {@link #close()} publishes them}
   */
  public List<String> locations() {
    return finished.stream().map(f -> f.location).toList();
  }

  /**
   * Finishes every open file and renames every file into place (as {@link #commit}). When anything
   * fails, every file and directory this writer made is removed and the dataset is as it was. With
   * {@link WriteOptions#commitOnClose()} false it publishes nothing: the dataset is dropped unless
   * {@link #commit} was called.
   *
   * @throws IOException if a file cannot be finished
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    if (!options.commitOnClose()) {
      // Only commit() publishes the dataset: closing without it is giving up.
      abort();
      return;
    }
    commit();
  }

  /** Finishes and stages every open file; the writer takes no more batches. */
  private void finishAll() throws IOException {
    for (Target t : open.values()) {
      finish(t);
    }
    open.clear();
    closed = true;
  }

  /**
   * Finishes every open file and renames every file into place: the dataset appears whole. The
   * writer is closed after.
   *
   * @throws IOException if a file cannot be finished (the dataset is then as it was)
   */
  public void commit() throws IOException {
    checkOpen();
    try {
      finishAll();
      List<StagedFile> renamed = new ArrayList<>();
      try {
        for (StagedFile f : finished) {
          f.publish();
          renamed.add(f);
        }
      } catch (Throwable e) {
        // Published files are new names of this writer's: removing them restores the dataset.
        for (StagedFile f : renamed) {
          try {
            store.delete(f.location);
          } catch (IOException cleanup) {
            e.addSuppressed(cleanup);
          }
        }
        throw e;
      }
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
    published = true;
  }

  /**
   * Finishes and stages every file, publishing none, and hands them over: for a dataset in an
   * object store written by many processes (a distributed job's tasks), whose one coordinator
   * publishes the files of all of them with {@link dev.parrow.storage.Store#publish} or throws them
   * away with {@link dev.parrow.storage.Store#discard}. The writer is closed after; the files are
   * the caller's to end.
   *
   * @return the staged files
   * @throws IOException if a file cannot be finished (the dataset is then as it was)
   * @throws UnsupportedOperationException for a local directory, whose temporary files are this
   *     process's
   */
  public List<PendingFile> handOver() throws IOException {
    if (local) {
      throw new UnsupportedOperationException(
          root + ": the staged files of a local directory cannot be handed over");
    }
    checkOpen();
    try {
      finishAll();
      List<PendingFile> out = new ArrayList<>();
      for (StagedFile f : finished) {
        out.add(f.handOver());
      }
      published = true; // nothing is left for abort: the files are the caller's
      return out;
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Drops the dataset being written: every file of this writer (finished or open) and every
   * directory it created are removed, and the root holds what it held before. Does nothing after a
   * {@link #close()} that succeeded.
   *
   * @throws IOException if a file's bytes cannot be removed
   */
  public void abort() throws IOException {
    if (published) {
      return;
    }
    closed = true;
    IOException failed = null;
    List<StagedFile> drop = new ArrayList<>(finished);
    for (Target t : open.values()) {
      if (t.writer != null) {
        try {
          t.writer.abort();
        } catch (IOException e) {
          failed = e;
        } catch (RuntimeException e) {
          // An interrupted write closes its channel; the next files are still dropped.
          failed = new IOException(t.file.name() + ": " + e.getMessage(), e);
        }
      }
    }
    open.clear();
    for (StagedFile f : drop) {
      try {
        f.abort();
      } catch (IOException e) {
        failed = e;
      }
    }
    finished.clear();
    for (int i = createdDirectories.size() - 1; i >= 0; i--) {
      try {
        Files.deleteIfExists(createdDirectories.get(i));
      } catch (java.nio.file.DirectoryNotEmptyException e) {
        // Another writer put files there too: they stay, and so does the directory.
      } catch (IOException e) {
        failed = e;
      }
    }
    createdDirectories.clear();
    if (failed != null) {
      throw failed;
    }
  }
}
