package dev.parrow.iceberg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.parquet.ParquetUtil;
import org.junit.jupiter.api.Test;

/**
 * Arrow batches appended to an Iceberg table with {@link IcebergArrowAppender}: a table written by
 * Iceberg's generic writer is read by Parrow and its batches appended to an empty table of the same
 * schema in one commit; Iceberg's generic reader then reads both tables equal, and each file's
 * metrics equal those Iceberg's own Parquet code (iceberg-parquet over parquet-java) computes from
 * the same file.
 */
class IcebergWriteTest {
  private static Table empty(Map<String, String> properties) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("copy", Map.of());
    Namespace ns = Namespace.of("db");
    catalog.createNamespace(ns);
    return catalog.createTable(
        TableIdentifier.of(ns, "copy" + System.nanoTime()),
        IcebergReadTest.FIRST,
        PartitionSpec.unpartitioned(),
        properties);
  }

  /** Widens {@code range} (min, max) to the non-null values of a float or double vector. */
  private static void range(org.apache.arrow.vector.FieldVector v, double[] range) {
    for (int i = 0; i < v.getValueCount(); i++) {
      if (!v.isNull(i)) {
        double d = ((Number) v.getObject(i)).doubleValue();
        range[0] = Math.min(range[0], d);
        range[1] = Math.max(range[1], d);
      }
    }
  }

  private static Object fromBytes(Table table, int id, java.nio.ByteBuffer bytes) {
    return org.apache.iceberg.types.Conversions.fromByteBuffer(table.schema().findType(id), bytes);
  }

  @Test
  void batchesAppendedReadBackAsIcebergReadsTheSourceWithIcebergsMetrics() throws Exception {
    Table source = IcebergReadTest.table();
    source
        .newAppend()
        .appendFile(
            IcebergReadTest.write(source, IcebergReadTest.rows(source, 0, 3000, "EU"), "EU"))
        .commit();
    Table copy =
        empty(
            Map.of(
                TableProperties.FORMAT_VERSION,
                "2",
                // One column with full bounds, one with counts only, the rest truncate(16).
                TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "name",
                "full",
                TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "price",
                "counts"));
    MetricsConfig config = MetricsConfig.forTable(copy);
    List<DataFile> files = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        IcebergArrowReader reader =
            IcebergArrowReader.open(
                allocator, source.newScan(), ReadOptions.builder().batchSize(700).build())) {
      int file = 0;
      // Two files of a few batches each, several row groups in the first.
      while (reader.loadNextBatch()) {
        String path = copy.locationProvider().newDataLocation("parrow-" + file++ + ".parquet");
        IcebergArrowAppender appender =
            IcebergArrowAppender.create(
                copy.io().newOutputFile(path),
                copy.schema(),
                config,
                // The first file in IEEE 754's total order (Parrow's default), the others in the
                // type order: parquet-java 1.17, under Iceberg's metrics, takes no float
                // statistics of the first kind.
                WriteOptions.builder()
                    .rowGroupRows(file == 1 ? 300 : 1 << 20)
                    .floatTotalOrder(file == 1)
                    .build(),
                copy.io());
        // The float column's range over the rows written, from the batches themselves.
        double[] xRange = {Double.MAX_VALUE, -Double.MAX_VALUE};
        double[] yRange = {Double.MAX_VALUE, -Double.MAX_VALUE};
        int inFile = 0;
        try (appender) {
          do {
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            StructVector point = (StructVector) batch.getVector("point");
            range(point.getChild("x"), xRange);
            range(point.getChild("y"), yRange);
            appender.add(batch);
            inFile++;
          } while (inFile < 2 && reader.loadNextBatch());
        }
        Metrics metrics = appender.metrics();
        Metrics iceberg = ParquetUtil.fileMetrics(copy.io().newInputFile(path), config);
        assertEquals(iceberg.recordCount(), metrics.recordCount());
        assertEquals(iceberg.columnSizes(), metrics.columnSizes(), "sizes");
        assertEquals(iceberg.valueCounts(), metrics.valueCounts(), "value counts");
        assertEquals(iceberg.nullValueCounts(), metrics.nullValueCounts(), "null counts");
        Map<Integer, java.nio.ByteBuffer> lower = new java.util.HashMap<>(metrics.lowerBounds());
        Map<Integer, java.nio.ByteBuffer> upper = new java.util.HashMap<>(metrics.upperBounds());
        if (file == 1) {
          // Float bounds Parrow gives from the total order's statistics, which parquet-java
          // does not read: checked against the values instead.
          int x = copy.schema().findField("point.x").fieldId();
          int y = copy.schema().findField("point.y").fieldId();
          assertEquals(xRange[0], (Double) fromBytes(copy, x, lower.remove(x)));
          assertEquals(xRange[1], (Double) fromBytes(copy, x, upper.remove(x)));
          assertEquals((float) yRange[0], (Float) fromBytes(copy, y, lower.remove(y)));
          assertEquals((float) yRange[1], (Float) fromBytes(copy, y, upper.remove(y)));
          // Iceberg's footer metrics have no NaN counts (its writer counts them as it writes);
          // Parrow's statistics do: no NaN in these values.
          assertEquals(Map.of(x, 0L, y, 0L), metrics.nanValueCounts());
        }
        assertEquals(iceberg.lowerBounds(), lower, "lower bounds");
        assertEquals(iceberg.upperBounds(), upper, "upper bounds");
        files.add(
            DataFiles.builder(copy.spec())
                .withPath(path)
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(appender.length())
                .withMetrics(metrics)
                .withSplitOffsets(appender.splitOffsets())
                .build());
      }
    }
    assertTrue(files.size() > 1);
    AppendFiles append = copy.newAppend();
    files.forEach(append::appendFile);
    append.commit();
    assertEquals(
        IcebergReadTest.icebergRows(source, Expressions.alwaysTrue()),
        IcebergReadTest.icebergRows(copy, Expressions.alwaysTrue()));
    // A filter the metrics prune files by reads the same rows from both.
    var filter = Expressions.and(Expressions.lessThan("id", 900), Expressions.equal("name", "n5"));
    assertEquals(
        IcebergReadTest.icebergRows(source, filter), IcebergReadTest.icebergRows(copy, filter));
  }

  /**
   * A timestamp written as INT96 (WriteOptions.int96Timestamps) has 12-byte bounds in
   * INT96_TIMESTAMP_ORDER, which are no Iceberg timestamp: its metrics keep the counts and give no
   * bounds, while the INT64 column beside it gets its own.
   */
  @Test
  void int96TimestampsGiveCountsButNoBounds() throws Exception {
    org.apache.iceberg.Schema schema =
        new org.apache.iceberg.Schema(
            org.apache.iceberg.types.Types.NestedField.optional(
                1, "ts", org.apache.iceberg.types.Types.TimestampType.withZone()),
            org.apache.iceberg.types.Types.NestedField.optional(
                2, "n", org.apache.iceberg.types.Types.LongType.get()));
    org.apache.arrow.vector.types.pojo.Schema arrow =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "ts",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        new org.apache.arrow.vector.types.pojo.ArrowType.Timestamp(
                            org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "UTC"),
                        null,
                        Map.of(dev.parrow.types.FieldIds.KEY, "1")),
                    null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "n",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true),
                        null,
                        Map.of(dev.parrow.types.FieldIds.KEY, "2")),
                    null)));
    java.nio.file.Path file = java.nio.file.Files.createTempFile("int96", ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator)) {
      var ts = (org.apache.arrow.vector.TimeStampMicroTZVector) root.getVector(0);
      var n = (org.apache.arrow.vector.BigIntVector) root.getVector(1);
      ts.allocateNew(3);
      n.allocateNew(3);
      ts.set(0, 1_000_000L);
      ts.setNull(1);
      ts.set(2, -5L);
      n.set(0, 7);
      n.setNull(1);
      n.set(2, 9);
      root.setRowCount(3);
      dev.parrow.codec.metadata.FileMetaData meta;
      try (var writer =
          dev.parrow.arrow.ParquetArrowWriter.create(
              file, arrow, WriteOptions.builder().int96Timestamps(true).build())) {
        writer.write(root);
        writer.close();
        meta = writer.metadata();
      }
      Metrics metrics = IcebergMetrics.of(meta, schema, MetricsConfig.getDefault());
      assertEquals(Map.of(1, 1L, 2, 1L), metrics.nullValueCounts());
      assertEquals(java.util.Set.of(2), metrics.lowerBounds().keySet());
      assertEquals(java.util.Set.of(2), metrics.upperBounds().keySet());
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }
}
