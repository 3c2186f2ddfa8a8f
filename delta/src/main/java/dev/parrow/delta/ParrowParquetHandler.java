package dev.parrow.delta;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.engine.ParquetHandler;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Predicate;
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
 * <p>Writes are not Parrow's yet: {@code writeParquetFiles} and {@code writeParquetFileAtomically}
 * go to the handler given for them (the default engine's, say), or fail without one.
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
   * @param writes the handler that writes Parquet files for Kernel, or null for none
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

  @Override
  public CloseableIterator<DataFileStatus> writeParquetFiles(
      String directory, CloseableIterator<FilteredColumnarBatch> data, List<Column> statsColumns)
      throws IOException {
    if (writes == null) {
      throw new UnsupportedOperationException("Parrow's Delta handler writes no Parquet files yet");
    }
    return writes.writeParquetFiles(directory, data, statsColumns);
  }

  @Override
  public void writeParquetFileAtomically(String path, CloseableIterator<FilteredColumnarBatch> data)
      throws IOException {
    if (writes == null) {
      throw new UnsupportedOperationException("Parrow's Delta handler writes no Parquet files yet");
    }
    writes.writeParquetFileAtomically(path, data);
  }

  /** The batches of the files, one file after another. */
  private final class Reads implements CloseableIterator<ColumnarBatch> {
    private final CloseableIterator<FileStatus> files;
    private final StructType schema;
    private final ReadOptions read;
    private final String rowIndex;
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
      this.rowIndex = index;
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
