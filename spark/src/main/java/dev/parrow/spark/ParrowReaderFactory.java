package dev.parrow.spark;

import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Creates, on an executor, the columnar reader of one partition: Parrow's dataset reader over the
 * partition's slice, its Arrow vectors wrapped in Spark's {@code ArrowColumnVector} without a copy.
 * Serializable: the schema travels as Arrow JSON and the filter as its SQL text.
 */
final class ParrowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final String schemaJson;
  private final List<String> partitionKeys;
  private final List<String> columns;
  private final String filter;
  private final int batchSize;

  ParrowReaderFactory(
      String schemaJson,
      List<String> partitionKeys,
      List<String> columns,
      String filter,
      int batchSize) {
    this.schemaJson = schemaJson;
    this.partitionKeys = List.copyOf(partitionKeys);
    this.columns = List.copyOf(columns);
    this.filter = filter;
    this.batchSize = batchSize;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("format(\"parrow\") reads columnar batches only");
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new Reader((ParrowPartition) partition);
  }

  /** Reads one partition's batches. */
  private final class Reader implements PartitionReader<ColumnarBatch> {
    private final BufferAllocator allocator = new RootAllocator();
    private final ParquetDatasetReader reader;

    /** When Spark needs no column (a count): the columns the filter reads, not handed over. */
    private final boolean countOnly;

    private ColumnarBatch batch;

    /** Rows still to hand over when nothing needs reading (a count without a filter). */
    private long rowsFromFooter = -1;

    Reader(ParrowPartition partition) {
      Schema schema;
      try {
        schema = Schema.fromJSON(schemaJson);
      } catch (IOException e) {
        throw new IllegalStateException("the dataset schema did not survive its trip", e);
      }
      Filter parsed = filter == null ? null : Filter.parse(filter);
      countOnly = columns.isEmpty();
      if (countOnly && parsed == null) {
        // A count: the footer has the answer (the slice carries it); no page is read.
        reader = null;
        rowsFromFooter = partition.slice().rows();
        return;
      }
      List<String> read = columns;
      if (countOnly) {
        LinkedHashSet<String> needed = new LinkedHashSet<>();
        for (String c : parsed.columns()) {
          needed.add(c.contains(".") ? c.substring(0, c.indexOf('.')) : c);
        }
        read = List.copyOf(needed);
      }
      ReadOptions.Builder options =
          Datasets.readOptions().toBuilder().columns(read).batchSize(batchSize);
      if (parsed != null) {
        options.filter(parsed);
      }
      try {
        reader =
            ParquetDatasetReader.open(
                allocator,
                schema,
                new LinkedHashSet<>(partitionKeys),
                List.of(partition.slice()),
                options.build(),
                Datasets.options());
      } catch (RuntimeException e) {
        allocator.close();
        throw e;
      }
    }

    @Override
    public boolean next() throws IOException {
      if (reader == null) {
        if (rowsFromFooter <= 0) {
          return false;
        }
        int n = (int) Math.min(rowsFromFooter, Integer.MAX_VALUE / 2);
        rowsFromFooter -= n;
        batch = new ColumnarBatch(new ColumnVector[0], n);
        return true;
      }
      if (!reader.loadNextBatch()) {
        return false;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<ColumnVector> vectors = new ArrayList<>();
      if (!countOnly) {
        for (FieldVector v : root.getFieldVectors()) {
          vectors.add(DirectColumnVector.of(v));
        }
      }
      batch = new ColumnarBatch(vectors.toArray(new ColumnVector[0]), root.getRowCount());
      return true;
    }

    @Override
    public ColumnarBatch get() {
      return batch;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return reader == null ? new CustomTaskMetric[0] : ParrowMetrics.values(reader.stats());
    }

    @Override
    public void close() throws IOException {
      try {
        if (reader != null) {
          reader.close();
        }
      } finally {
        allocator.close();
      }
    }
  }
}
