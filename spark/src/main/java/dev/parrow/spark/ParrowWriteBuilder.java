package dev.parrow.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.IdentityTransform;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/** An append, or with {@code mode("overwrite")} a replacement, of the dataset under one path. */
final class ParrowWriteBuilder implements WriteBuilder, SupportsTruncate {
  private final String path;
  private final LogicalWriteInfo info;
  private final List<String> partitionBy = new ArrayList<>();
  private boolean truncate;

  ParrowWriteBuilder(String path, LogicalWriteInfo info, Transform[] partitioning) {
    this.path = path;
    this.info = info;
    for (Transform t : partitioning) {
      if (!(t instanceof IdentityTransform id)) {
        throw new IllegalArgumentException(
            "format(\"parrow\") partitions by columns (partitionBy), not by " + t.describe());
      }
      partitionBy.add(String.join(".", id.reference().fieldNames()));
    }
  }

  @Override
  public WriteBuilder truncate() {
    truncate = true;
    return this;
  }

  @Override
  public Write build() {
    return new Write() {
      @Override
      public BatchWrite toBatch() {
        return dev.parrow.storage.Stores.isRemote(path)
            ? new ObjectStoreBatchWrite(path, info, partitionBy, truncate)
            : new ParrowBatchWrite(path, info, partitionBy, truncate);
      }
    };
  }
}
