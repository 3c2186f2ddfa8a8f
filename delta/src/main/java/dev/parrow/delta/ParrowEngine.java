package dev.parrow.delta;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteOptions;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.ExpressionHandler;
import io.delta.kernel.engine.FileSystemClient;
import io.delta.kernel.engine.JsonHandler;
import io.delta.kernel.engine.ParquetHandler;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A Delta Kernel {@link Engine} without Hadoop's file system: Parquet read by Parrow ({@link
 * ParrowParquetHandler}); the log's JSON, listing and expressions by Kernel's default handlers over
 * Parrow's storage ({@link ParrowKernelFileIO}: local files, S3, Azure, HTTP). Data files and
 * checkpoints Kernel asks to write are written by Parrow.
 */
public final class ParrowEngine implements Engine {
  private final Engine defaults;
  private final ParrowParquetHandler parquet;

  private ParrowEngine(ParrowParquetHandler parquet, RemoteOptions remote) {
    this.defaults = DefaultEngine.create(new ParrowKernelFileIO(remote));
    this.parquet = parquet;
  }

  /**
   * An engine reading with Parrow.
   *
   * @param allocator where the batches' memory comes from (close it after the engine's reads)
   * @param remote how remote files are read
   * @param options how each data file is read
   * @return the engine
   */
  public static ParrowEngine create(
      BufferAllocator allocator, RemoteOptions remote, ReadOptions options) {
    return new ParrowEngine(new ParrowParquetHandler(allocator, remote, options), remote);
  }

  /**
   * An engine reading and writing with Parrow's options.
   *
   * @param allocator where the batches' memory comes from (close it after the engine's reads)
   * @param remote how remote files are read and written
   * @param options how each data file is read
   * @param writes how data files and checkpoints are written
   * @param targetFileBytes the size at which a data file is ended and the next begun ({@link
   *     ParrowParquetHandler#DEFAULT_TARGET_FILE_BYTES} in the other factory)
   * @return the engine
   */
  public static ParrowEngine create(
      BufferAllocator allocator,
      RemoteOptions remote,
      ReadOptions options,
      dev.parrow.arrow.WriteOptions writes,
      long targetFileBytes) {
    return new ParrowEngine(
        new ParrowParquetHandler(allocator, remote, options, writes, targetFileBytes), remote);
  }

  /**
   * Arrow vectors as Delta Kernel's {@link io.delta.kernel.data.ColumnarBatch}, without a copy:
   * what a Kernel transaction takes as logical data ({@code Transaction.transformLogicalData}).
   *
   * @param root the vectors, in the order of {@code schema}'s fields
   * @param schema the table's schema (Kernel's types of the vectors)
   * @return the batch, valid while {@code root} is unchanged
   */
  public static io.delta.kernel.data.ColumnarBatch columnarBatch(
      org.apache.arrow.vector.VectorSchemaRoot root, io.delta.kernel.types.StructType schema) {
    return KernelBatch.of(schema, root.getFieldVectors(), root.getRowCount());
  }

  @Override
  public ExpressionHandler getExpressionHandler() {
    return defaults.getExpressionHandler();
  }

  @Override
  public JsonHandler getJsonHandler() {
    return defaults.getJsonHandler();
  }

  @Override
  public FileSystemClient getFileSystemClient() {
    return defaults.getFileSystemClient();
  }

  @Override
  public ParquetHandler getParquetHandler() {
    return parquet;
  }
}
