package dev.parrow.spark;

import dev.parrow.arrow.DatasetColumn;
import dev.parrow.arrow.DatasetSlice;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read of the dataset's columns Spark needs, with the pushed filter, in partitions of at most
 * {@code spark.sql.files.maxPartitionBytes} of a file (the {@code maxPartitionBytes} option
 * overrides it): each row group goes to the partition that holds its midpoint. A partition value or
 * row group the filter rules out by the footers alone gets no partition.
 */
final class ParrowScan implements Scan, Batch {
  private final ParquetDataset dataset;
  private final Schema readSchema;

  /** What the reader is asked for: top-level names and dotted paths into structs. */
  private final List<String> columns;

  /** The fields of {@code _metadata} asked for, after the columns (none: not read). */
  private final List<String> metadata;

  private final Filter filter;
  private final CaseInsensitiveStringMap options;

  ParrowScan(
      ParquetDataset dataset,
      List<String> columns,
      List<String> metadata,
      Filter filter,
      CaseInsensitiveStringMap options) {
    this.dataset = dataset;
    this.metadata = List.copyOf(metadata);
    this.filter = filter;
    this.options = options;
    this.columns = List.copyOf(columns);
    this.readSchema =
        columns.isEmpty()
            ? new Schema(List.of())
            : dataset.schema(Datasets.readOptions().toBuilder().columns(columns).build());
  }

  @Override
  public StructType readSchema() {
    StructType columns = SparkSchemas.toSpark(readSchema);
    return metadata.isEmpty()
        ? columns
        : columns.add(FileMetadata.NAME, FileMetadata.type(metadata), false);
  }

  @Override
  public String description() {
    return "parrow "
        + dataset.files().size()
        + " files, columns "
        + readSchema.getFields().stream().map(Field::getName).toList()
        + (filter == null ? "" : ", filter " + filter);
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    long maxBytes =
        options.containsKey("maxPartitionBytes")
            ? Long.parseLong(options.get("maxPartitionBytes"))
            : SparkSession.active().sessionState().conf().filesMaxPartitionBytes();
    List<InputPartition> out = new ArrayList<>();
    // Partitions and row groups the pushed filter rules out by partition values or by the
    // footers' statistics get no task.
    for (DatasetSlice slice :
        dataset.slices(maxBytes, Datasets.readOptions().toBuilder().filter(filter).build())) {
      out.add(new ParrowPartition(slice));
    }
    return out.toArray(new InputPartition[0]);
  }

  /**
   * The string columns read whole whose values all lie in dictionary pages (every chunk of every
   * file): read as dictionaries and handed to Spark as indices into one string per entry ({@link
   * DictionaryColumnVector}). A column some chunk of which fell back to plain pages is decoded: a
   * dictionary would hash each of those values.
   */
  private List<String> dictionaryColumns() {
    List<String> out = new ArrayList<>();
    for (DatasetColumn c : dataset.describe()) {
      if (c.dictionaryPagesOnly()
          && c.field().getType() instanceof ArrowType.Utf8
          && columns.contains(c.field().getName())) {
        out.add(c.field().getName());
      }
    }
    return out;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new ParrowReaderFactory(
        dataset.schema().toJson(),
        List.copyOf(dataset.partitionKeys()),
        columns,
        dictionaryColumns(),
        metadata,
        filter == null ? null : filter.toString(),
        options.getInt("batchSize", 32768),
        Datasets.carried(options));
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ParrowMetrics.all();
  }
}
