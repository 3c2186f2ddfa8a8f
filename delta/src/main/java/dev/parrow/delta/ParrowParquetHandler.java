package dev.parrow.delta;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.ParquetHandler;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Delta Kernel's {@link ParquetHandler} read by Parrow: each data file read as the physical schema
 * Kernel asks for (columns by physical name, or by Parquet field id under column mapping; a column
 * the file lacks as nulls; INT96 timestamps in microseconds), Kernel's row index column from
 * Parrow's row numbers (what deletion vectors are applied by), and the batches handed to Kernel as
 * Parrow's Arrow vectors seen as Kernel column vectors, without a copy ({@link KernelBatch}). A
 * batch of a data file is valid until the next one is asked for; the batches of the log's files
 * (checkpoints, sidecars, under {@code _delta_log/}) are copied onto the heap, since Kernel keeps
 * their values (metadata, protocol) after reading on.
 *
 * <p>Kernel's predicate prunes: row groups and pages that cannot match are skipped by their
 * statistics, dictionaries, Bloom filters and page index ({@link KernelFilters}); the rows of what
 * is kept are all returned, as Kernel's contract lets a handler do, and Kernel (or its caller)
 * applies the predicate to them. Row indexes stay the rows' positions in the file.
 *
 * <p>Files Kernel asks to write are written by Parrow: data files ({@link #writeParquetFiles}) with
 * Delta's statistics, a new file begun when one reaches the target size (128 MiB unless given, as
 * Kernel's default engine rolls), and files written whole, such as checkpoints ({@link
 * #writeParquetFileAtomically}).
 */
public final class ParrowParquetHandler implements ParquetHandler {
  private final BufferAllocator allocator;
  private final RemoteOptions remote;
  private final ReadOptions options;
  private final WriteOptions writes;
  private final long targetFileBytes;

  /** The size at which a data file is ended and the next begun, unless given: Kernel's default. */
  public static final long DEFAULT_TARGET_FILE_BYTES = 128L << 20;

  /**
   * A handler reading with Parrow, and writing with Parrow's default write options.
   *
   * @param allocator where the batches' memory comes from (close it after the handler's reads)
   * @param remote how remote files (S3, Azure, HTTP) are read and written
   * @param options how each file is read (batch size, threads, checks)
   */
  public ParrowParquetHandler(
      BufferAllocator allocator, RemoteOptions remote, ReadOptions options) {
    this(allocator, remote, options, WriteOptions.defaults(), DEFAULT_TARGET_FILE_BYTES);
  }

  /**
   * A handler reading and writing with Parrow.
   *
   * @param allocator where the batches' memory comes from (close it after the handler's reads)
   * @param remote how remote files (S3, Azure, HTTP) are read and written
   * @param options how each file is read (batch size, threads, checks)
   * @param writes how data files and checkpoints are written (compression, row groups, ...)
   * @param targetFileBytes the size at which a data file is ended and the next begun (after the
   *     batch that reaches it)
   */
  public ParrowParquetHandler(
      BufferAllocator allocator,
      RemoteOptions remote,
      ReadOptions options,
      WriteOptions writes,
      long targetFileBytes) {
    if (targetFileBytes < 1) {
      throw new IllegalArgumentException("a target file size of " + targetFileBytes + " bytes");
    }
    this.allocator = allocator;
    this.remote = remote;
    this.options = options;
    this.writes = writes;
    this.targetFileBytes = targetFileBytes;
  }

  @Override
  public CloseableIterator<ColumnarBatch> readParquetFiles(
      CloseableIterator<FileStatus> files,
      StructType physicalSchema,
      Optional<Predicate> predicate) {
    return new Reads(files, physicalSchema, predicate.orElse(null));
  }

  /**
   * Writes the batches' selected rows to new Parquet files in {@code directory} with Parrow's
   * writer (the physical schema's field ids written as the columns' field ids), a new file begun
   * after the batch that brings one to the target size, and gives each file's status with the
   * statistics Delta records of the columns asked for ({@link DeltaStatistics}). Each file appears
   * whole or not at all.
   */
  @Override
  public CloseableIterator<DataFileStatus> writeParquetFiles(
      String directory, CloseableIterator<FilteredColumnarBatch> data, List<Column> statsColumns)
      throws IOException {
    List<DataFileStatus> written = new ArrayList<>();
    try (data) {
      FilteredColumnarBatch next = data.hasNext() ? data.next() : null;
      while (next != null) {
        String location =
            (directory.endsWith("/") ? directory : directory + "/")
                + java.util.UUID.randomUUID()
                + ".parquet";
        StructType schema = next.getData().getSchema();
        Written file = write(location, next, data, targetFileBytes);
        written.add(
            new DataFileStatus(
                location,
                file.writer().length(),
                System.currentTimeMillis(),
                Optional.of(DeltaStatistics.of(file.writer().metadata(), schema, statsColumns))));
        next = file.next();
      }
    }
    return Utils.toCloseableIterator(written.iterator());
  }

  /**
   * Writes a file whole, such as a checkpoint: it appears complete or not at all; a file already
   * there is left as it is ({@link java.nio.file.FileAlreadyExistsException}, which Kernel takes as
   * a checkpoint already written).
   */
  @Override
  public void writeParquetFileAtomically(String path, CloseableIterator<FilteredColumnarBatch> data)
      throws IOException {
    try (data) {
      if (ParrowKernelFileIO.exists(path, remote)) {
        throw new java.nio.file.FileAlreadyExistsException(path);
      }
      if (!data.hasNext()) {
        throw new IllegalArgumentException(path + ": no batch to write (its schema is unknown)");
      }
      write(path, data.next(), data, Long.MAX_VALUE);
    }
  }

  /** A file written (its writer closed) and the batch after it, not written, or null. */
  private record Written(ParquetArrowWriter writer, FilteredColumnarBatch next) {}

  /**
   * Writes {@code first} and the batches of {@code data} after it to a new file at {@code location}
   * (the first batch's schema) until the file reaches {@code targetBytes}; the file appears whole
   * when the writer closes, and a failure leaves nothing.
   *
   * @return the closed writer, for its footer and length, and the first batch not written
   */
  private Written write(
      String location,
      FilteredColumnarBatch first,
      CloseableIterator<FilteredColumnarBatch> data,
      long targetBytes)
      throws IOException {
    org.apache.arrow.vector.types.pojo.Schema arrow =
        KernelSchemas.toArrow(first.getData().getSchema());
    dev.parrow.storage.OutputFile out = ParrowKernelFileIO.output(location, remote, false);
    ParquetArrowWriter writer = ParquetArrowWriter.create(out, arrow, writes);
    FilteredColumnarBatch batch = first;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
      while (batch != null) {
        append(batch, root);
        writer.write(root);
        batch = data.hasNext() ? data.next() : null;
        if (writer.bytesWritten() >= targetBytes) {
          break;
        }
      }
      writer.close();
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
    return new Written(writer, batch);
  }

  /** The batch's selected rows copied into {@code root} (cleared first). */
  private static void append(FilteredColumnarBatch batch, VectorSchemaRoot root) {
    ColumnarBatch data = batch.getData();
    io.delta.kernel.data.ColumnVector selection = batch.getSelectionVector().orElse(null);
    root.clear();
    if (selection == null && sharesArrowBuffers(data, root)) {
      return;
    }
    root.allocateNew();
    int rows = 0;
    for (int r = 0; r < data.getSize(); r++) {
      if (selection != null && (selection.isNullAt(r) || !selection.getBoolean(r))) {
        continue;
      }
      for (int c = 0; c < root.getFieldVectors().size(); c++) {
        KernelToArrow.copy(data.getColumnVector(c), r, 1, root.getVector(c), rows);
      }
      rows++;
    }
    root.setRowCount(rows);
  }

  /**
   * A whole batch of Arrow vectors ({@link ParrowEngine#columnarBatch}, renamed or with columns
   * removed by Kernel's transforms) of the file's types: each column's buffers shared into {@code
   * root}, without a copy (the caller's vectors keep theirs). False, with {@code root} untouched,
   * for any other batch, which is copied value by value.
   */
  private static boolean sharesArrowBuffers(ColumnarBatch data, VectorSchemaRoot root) {
    List<org.apache.arrow.vector.FieldVector> targets = root.getFieldVectors();
    List<org.apache.arrow.vector.FieldVector> sources = new ArrayList<>();
    for (int c = 0; c < targets.size(); c++) {
      org.apache.arrow.vector.FieldVector whole =
          data.getColumnVector(c) instanceof KernelVector k ? k.wholeVector(data.getSize()) : null;
      if (whole == null
          || !whole.getField().getType().equals(targets.get(c).getField().getType())) {
        return false;
      }
      sources.add(whole);
    }
    for (int c = 0; c < targets.size(); c++) {
      sources.get(c).makeTransferPair(targets.get(c)).splitAndTransfer(0, data.getSize());
    }
    root.setRowCount(data.getSize());
    return true;
  }

  /** The batches of the files, one file after another. */
  private final class Reads implements CloseableIterator<ColumnarBatch> {
    private final CloseableIterator<FileStatus> files;
    private final StructType schema;
    private final Predicate predicate;
    private final ReadOptions read;
    private ParquetFile file;
    private ParquetArrowReader reader;
    private boolean logFile;
    private boolean ready;

    Reads(CloseableIterator<FileStatus> files, StructType schema, Predicate predicate) {
      this.files = files;
      this.schema = schema;
      this.predicate = predicate;
      String index = null;
      for (StructField f : schema.fields()) {
        if (f.isMetadataColumn()
            && f.getName().equals(StructField.METADATA_ROW_INDEX_COLUMN_NAME)) {
          index = f.getName();
        }
      }
      ReadOptions.Builder b =
          options.toBuilder()
              .readAs(KernelSchemas.toArrowForReading(schema))
              .types(t -> t.int96Unit(TimeUnit.MICROSECOND));
      if (index != null) {
        b.rowNumbers(index);
      }
      this.read = b.build();
    }

    @Override
    public boolean hasNext() {
      try {
        while (!ready) {
          if (reader == null) {
            if (!files.hasNext()) {
              return false;
            }
            String path = files.next().getPath();
            logFile = path.contains("/_delta_log/");
            file = ParquetFile.open(path, remote);
            reader = newReader(file);
          }
          if (reader.loadNextBatch()) {
            ready = true;
          } else {
            closeFile();
          }
        }
        return true;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public ColumnarBatch next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      ready = false;
      try {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        // In the schema's order: the file's columns, and the row index where Kernel put it.
        List<FieldVector> columns = new ArrayList<>();
        for (StructField f : schema.fields()) {
          columns.add(root.getVector(f.getName()));
        }
        KernelBatch batch = KernelBatch.of(schema, columns, root.getRowCount());
        return logFile ? batch.onHeap() : batch;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** The file's reader, pruning by the predicate where it has a Parrow form for this file. */
    private ParquetArrowReader newReader(ParquetFile f) {
      dev.parrow.arrow.filter.Filter filter =
          predicate == null ? null : KernelFilters.of(predicate, schema);
      if (filter != null) {
        try {
          return f.newReader(allocator, read.toBuilder().filter(filter).pruneOnly(true).build());
        } catch (IllegalArgumentException e) {
          // A filter Parrow refuses for this file (a literal its column's type cannot hold): the
          // predicate is only a hint, so the file is read whole.
        }
      }
      return f.newReader(allocator, read);
    }

    private void closeFile() throws IOException {
      try (ParquetFile f = file;
          ParquetArrowReader r = reader) {
        // The reader first, then the file.
      } finally {
        file = null;
        reader = null;
      }
    }

    @Override
    public void close() throws IOException {
      try {
        closeFile();
      } finally {
        files.close();
      }
    }
  }
}
