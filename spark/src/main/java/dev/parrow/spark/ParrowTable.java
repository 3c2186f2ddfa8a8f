package dev.parrow.spark;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files under a path, as a table Spark reads in batches and writes (appends or overwrites). */
final class ParrowTable implements SupportsRead, SupportsWrite, SupportsMetadataColumns {
  private final StructType schema;
  private final Transform[] partitioning;
  private final List<String> paths;

  /** The dataset as listed when it was loaded (as Spark's own file index lists once), or null. */
  private volatile dev.parrow.arrow.ParquetDataset dataset;

  ParrowTable(
      StructType schema,
      Transform[] partitioning,
      List<String> paths,
      dev.parrow.arrow.ParquetDataset dataset) {
    this.schema = schema;
    this.partitioning = partitioning;
    this.paths = paths;
    this.dataset = dataset;
  }

  @Override
  public String name() {
    return "parrow " + String.join(", ", paths);
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return schema;
  }

  /** {@code _metadata}: each row's file and position, as Spark's Parquet source gives them. */
  @Override
  public MetadataColumn[] metadataColumns() {
    return new MetadataColumn[] {FileMetadata.COLUMN};
  }

  @Override
  public Transform[] partitioning() {
    return partitioning;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(
        TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    dev.parrow.arrow.ParquetDataset opened = dataset;
    if (opened == null) {
      opened = Datasets.open(paths, options);
      dataset = opened;
    }
    return new ParrowScanBuilder(opened, options);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    if (paths.size() != 1) {
      throw new IllegalArgumentException("format(\"parrow\") writes to one path, not " + paths);
    }
    return new ParrowWriteBuilder(paths.get(0), info, partitioning);
  }
}
