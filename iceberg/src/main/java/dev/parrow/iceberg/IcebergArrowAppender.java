package dev.parrow.iceberg;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.storage.OutputFile;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Schema;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.FileIO;

/**
 * Writes Arrow batches to one Parquet data file of an Iceberg table with Parrow's writer: the
 * batches in the table's Arrow schema ({@link IcebergSchemas#toArrow}, field ids included, so that
 * the file's columns carry them), the file's {@link #metrics()} from the footer as written (by
 * field id, under the table's metrics modes: {@link IcebergMetrics}) and its {@link
 * #splitOffsets()} (row group starts), ready for {@code DataFiles.builder(spec).withMetrics(...)}
 * and one commit of many files.
 *
 * <pre>{@code
 * try (IcebergArrowAppender appender =
 *     IcebergArrowAppender.create(table.io().newOutputFile(path), table.schema(),
 *         MetricsConfig.forTable(table), WriteOptions.defaults(), table.io())) {
 *   appender.add(batch);
 * }
 * DataFile file = DataFiles.builder(table.spec()).withPath(path).withFormat(FileFormat.PARQUET)
 *     .withFileSizeInBytes(appender.length()).withMetrics(appender.metrics())
 *     .withSplitOffsets(appender.splitOffsets()).build();
 * table.newAppend().appendFile(file).commit();
 * }</pre>
 */
public final class IcebergArrowAppender implements FileAppender<VectorSchemaRoot> {
  private final ParquetArrowWriter writer;
  private final Schema schema;
  private final MetricsConfig metricsConfig;
  private Metrics metrics;

  private IcebergArrowAppender(ParquetArrowWriter writer, Schema schema, MetricsConfig config) {
    this.writer = writer;
    this.schema = schema;
    this.metricsConfig = config;
  }

  /**
   * An appender writing {@code out}.
   *
   * @param out the data file to write (created; it must not exist)
   * @param schema the table's schema, whose field ids the file's columns get
   * @param config the table's metrics modes ({@code MetricsConfig.forTable(table)})
   * @param options how Parrow writes (codec, row groups, pages, dictionaries, ...)
   * @param io removes what was written when the write fails or is aborted; null to leave it
   * @return the appender; close it to finish the file
   * @throws IOException if the file cannot be created
   */
  public static IcebergArrowAppender create(
      org.apache.iceberg.io.OutputFile out,
      Schema schema,
      MetricsConfig config,
      WriteOptions options,
      FileIO io)
      throws IOException {
    OutputFile target =
        new OutputFile() {
          @Override
          public String name() {
            return out.location();
          }

          @Override
          public OutputStream open() {
            return out.create();
          }

          @Override
          public void commit() {
            // The stream was closed: the bytes are the file (an object store's PUT on close).
          }

          @Override
          public void abort() {
            if (io != null) {
              io.deleteFile(out.location());
            }
          }
        };
    return new IcebergArrowAppender(
        ParquetArrowWriter.create(target, IcebergSchemas.toArrow(schema), options), schema, config);
  }

  /**
   * Writes a batch (its fields those of the table's Arrow schema, in order).
   *
   * @param batch the rows
   */
  @Override
  public void add(VectorSchemaRoot batch) {
    try {
      writer.write(batch);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@return the file's metrics; only once the appender is closed} */
  @Override
  public Metrics metrics() {
    if (metrics == null) {
      throw new IllegalStateException("the metrics are known once the appender is closed");
    }
    return metrics;
  }

  /** {@return the file's length; only once the appender is closed} */
  @Override
  public long length() {
    long length = writer.length();
    if (length < 0) {
      throw new IllegalStateException("the length is known once the appender is closed");
    }
    return length;
  }

  /** {@return where each row group starts, once the appender is closed} */
  @Override
  public List<Long> splitOffsets() {
    FileMetaData meta = writer.metadata();
    if (meta == null) {
      return null;
    }
    List<Long> out = new ArrayList<>();
    for (RowGroup g : meta.rowGroups()) {
      ColumnMetaData first = g.columns().get(0).metaData();
      Long dictionary = first.dictionaryPageOffset();
      out.add(
          dictionary != null && dictionary > 0
              ? Math.min(dictionary, first.dataPageOffset())
              : first.dataPageOffset());
    }
    return out;
  }

  /** Finishes the file (or, after a failed write, removes it) and makes the metrics. */
  @Override
  public void close() throws IOException {
    if (metrics != null) {
      return;
    }
    writer.close();
    metrics = IcebergMetrics.of(writer.metadata(), schema, metricsConfig);
  }
}
