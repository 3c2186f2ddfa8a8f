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
 * batch is valid until the next one is asked for. The predicate is a hint Kernel does not require
 * to be applied; Parrow reads every row (Kernel filters).
 *
 * <p>Data files Kernel asks for are written by Parrow ({@link #writeParquetFiles}); files written
 * whole (checkpoints) go to the handler given for them (the default engine's), or fail without one.
 */
public final class ParrowParquetHandler implements ParquetHandler {
  private final BufferAllocator allocator;
  private final RemoteOptions remote;
  private final ReadOptions options;
  private final ParquetHandler writes;

  /**
   * A handler reading with Parrow.
   *
   * @param allocator where the batches' memory comes from (close it after the handler's reads)
   * @param remote how remote files (S3, Azure, HTTP) are read
   * @param options how each file is read (batch size, threads, checks)
   * @param writes the handler that writes checkpoints for Kernel, or null for none
   */
  public ParrowParquetHandler(
      BufferAllocator allocator, RemoteOptions remote, ReadOptions options, ParquetHandler writes) {
    this.allocator = allocator;
    this.remote = remote;
    this.options = options;
    this.writes = writes;
  }

  @Override
  public CloseableIterator<ColumnarBatch> readParquetFiles(
      CloseableIterator<FileStatus> files,
      StructType physicalSchema,
      Optional<Predicate> predicate) {
    return new Reads(files, physicalSchema);
  }

  /**
   * Writes the batches' selected rows to one new Parquet file in {@code directory} with Parrow's
   * writer (the physical schema's field ids written as the columns' field ids), and gives its
   * status with the statistics Delta records of the columns asked for ({@link DeltaStatistics}).
   * The file appears whole or not at all.
   */
  @Override
  public CloseableIterator<DataFileStatus> writeParquetFiles(
      String directory, CloseableIterator<FilteredColumnarBatch> data, List<Column> statsColumns)
      throws IOException {
    try (data) {
      if (!data.hasNext()) {
        return Utils.toCloseableIterator(java.util.Collections.emptyIterator());
      }
      String location =
          (directory.endsWith("/") ? directory : directory + "/")
              + java.util.UUID.randomUUID()
              + ".parquet";
      FilteredColumnarBatch first = data.next();
      StructType schema = first.getData().getSchema();
      org.apache.arrow.vector.types.pojo.Schema arrow = KernelSchemas.toArrow(schema);
      if (ParrowKernelFileIO.isLocal(location)) {
        // Object stores have no directories; a local one is made as Hadoop's file system makes it.
        java.nio.file.Files.createDirectories(ParrowKernelFileIO.local(location).getParent());
      }
      dev.parrow.storage.OutputFile out =
          ParrowKernelFileIO.isLocal(location)
              ? dev.parrow.storage.OutputFile.of(ParrowKernelFileIO.local(location))
              : dev.parrow.storage.OutputFile.of(location, remote);
      ParquetArrowWriter writer = ParquetArrowWriter.create(out, arrow, WriteOptions.defaults());
      try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
        FilteredColumnarBatch batch = first;
        while (batch != null) {
          append(batch, root);
          writer.write(root);
          batch = data.hasNext() ? data.next() : null;
        }
        writer.close();
      } catch (IOException | RuntimeException | Error e) {
        writer.abort();
        throw e;
      }
      DataFileStatus status =
          new DataFileStatus(
              location,
              writer.length(),
              System.currentTimeMillis(),
              Optional.of(DeltaStatistics.of(writer.metadata(), schema, statsColumns)));
      return Utils.singletonCloseableIterator(status);
    }
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

  /** Checkpoints and other files Kernel writes whole go to the handler given for them. */
  @Override
  public void writeParquetFileAtomically(String path, CloseableIterator<FilteredColumnarBatch> data)
      throws IOException {
    if (writes == null) {
      throw new UnsupportedOperationException(
          path + ": Parrow's Delta handler writes no checkpoints yet");
    }
    writes.writeParquetFileAtomically(path, data);
  }

  /** The batches of the files, one file after another. */
  private final class Reads implements CloseableIterator<ColumnarBatch> {
    private final CloseableIterator<FileStatus> files;
    private final StructType schema;
    private final ReadOptions read;
    private ParquetFile file;
    private ParquetArrowReader reader;
    private boolean ready;

    Reads(CloseableIterator<FileStatus> files, StructType schema) {
      this.files = files;
      this.schema = schema;
      String index = null;
      for (StructField f : schema.fields()) {
        if (f.isMetadataColumn()
            && f.getName().equals(StructField.METADATA_ROW_INDEX_COLUMN_NAME)) {
          index = f.getName();
        }
      }
      ReadOptions.Builder b =
          options.toBuilder()
              .readAs(KernelSchemas.toArrow(schema))
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
            file = ParquetFile.open(path, remote);
            reader = file.newReader(allocator, read);
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
        return KernelBatch.of(schema, columns, root.getRowCount());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
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
