package dev.parrow.spark;

import dev.parrow.arrow.ParquetDatasetWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.execution.arrow.ArrowWriter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * Creates each task attempt's writer: Spark's rows into Arrow vectors (Spark's own {@code
 * ArrowWriter}, the code behind its Arrow exchange with Python), batches of them into Parrow's
 * dataset writer: in the attempt's staging directory ({@link ParrowBatchWrite}), or, for an object
 * store, under the dataset's own prefix as uploads handed to the driver to complete ({@link
 * ObjectStoreBatchWrite}).
 */
final class ParrowWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;

  /** Rows per Arrow batch handed to the writer. */
  static final int BATCH_ROWS = 65_536;

  /** The staging directory, or the dataset's URI when {@code remote}. */
  private final String staging;

  private final boolean remote;
  private final StructType schema;
  private final List<String> partitionBy;
  private final String timeZone;

  /**
   * The write's {@code parquet.encryption.*} options (none: plaintext files) and object store
   * settings ({@link Datasets#carried}).
   */
  private final java.util.HashMap<String, String> carried;

  ParrowWriterFactory(
      String staging,
      boolean remote,
      StructType schema,
      List<String> partitionBy,
      String timeZone,
      java.util.HashMap<String, String> carried) {
    this.staging = staging;
    this.remote = remote;
    this.schema = schema;
    this.partitionBy = List.copyOf(partitionBy);
    this.timeZone = timeZone;
    this.carried = carried;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new Writer(
        remote ? null : Path.of(staging).resolve("task-" + partitionId + "-" + taskId));
  }

  /** One task attempt's writer. */
  private final class Writer implements DataWriter<InternalRow> {
    /** The attempt's staging directory; null for an object store. */
    private final Path directory;

    private final BufferAllocator allocator = new RootAllocator();
    private final VectorSchemaRoot root;
    private final ArrowWriter rows;
    private final ParquetDatasetWriter files;
    private int pending;
    private boolean committed;

    Writer(Path directory) {
      this.directory = directory;
      Schema arrow =
          SparkSchemas.forWriting(ArrowUtils.toArrowSchema(schema, timeZone, true, false), schema);
      this.root = VectorSchemaRoot.create(arrow, allocator);
      this.rows = ArrowWriter.create(root);
      // The vectors' own schema: Arrow Java names a list's child "$data$" whatever the field said.
      Schema vectors =
          new Schema(
              root.getFieldVectors().stream()
                  .map(org.apache.arrow.vector.FieldVector::getField)
                  .toList());
      try {
        this.files =
            remote
                // Each attempt's files have names of their own beside the others'.
                ? ParquetDatasetWriter.create(
                    staging,
                    vectors,
                    Datasets.writeOptions(carried),
                    new ParquetDatasetWriter.Layout(
                        partitionBy, 10_000_000, 64, ParquetDatasetWriter.ExistingData.ADD),
                    Datasets.remote(carried))
                : ParquetDatasetWriter.create(
                    directory,
                    vectors,
                    Datasets.writeOptions(carried),
                    new ParquetDatasetWriter.Layout(
                        partitionBy, 10_000_000, 64, ParquetDatasetWriter.ExistingData.ERROR));
      } catch (IOException e) {
        root.close();
        allocator.close();
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void write(InternalRow row) throws IOException {
      rows.write(row);
      if (++pending == BATCH_ROWS) {
        flush();
      }
    }

    private void flush() throws IOException {
      rows.finish();
      files.write(root);
      rows.reset();
      pending = 0;
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
      if (pending > 0) {
        flush();
      }
      if (remote) {
        // Uploads complete but not completed: the driver completes those of the job's commit.
        List<dev.parrow.storage.PendingFile> staged = files.handOver();
        committed = true;
        return new ObjectStoreBatchWrite.Staged(staged);
      }
      files.close();
      if (!Files.exists(ParrowBatchWrite.jobMarker(directory.getParent()))) {
        // The job committed or aborted without this attempt: what it wrote must not stay.
        abort();
        throw new IOException(
            "the write job to " + directory.getParent() + " ended before this task committed");
      }
      committed = true;
      List<String> written = new ArrayList<>();
      for (Path f : files.files()) {
        written.add(directory.relativize(f).toString());
      }
      return new ParrowBatchWrite.Committed(directory.toString(), written);
    }

    /**
     * Drops what this attempt wrote. Runs also when the task was interrupted mid-write (its file
     * channels then closed), and possibly after the job's abort removed the staging directory, so
     * the attempt's directory is removed whatever dropping the files said, and the staging
     * directories above it when they are left empty.
     */
    @Override
    public void abort() throws IOException {
      if (remote) {
        files.abort();
        return;
      }
      try {
        files.abort();
      } finally {
        ParrowBatchWrite.removeTree(directory);
        ParrowBatchWrite.removeIfEmpty(directory.getParent());
        ParrowBatchWrite.removeIfEmpty(directory.getParent().getParent());
      }
    }

    /** Frees the vectors; an attempt that did not commit is dropped first, whatever stopped it. */
    @Override
    public void close() throws IOException {
      try {
        if (!committed) {
          abort();
        }
      } finally {
        root.close();
        allocator.close();
      }
    }
  }
}
