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
import org.apache.spark.sql.vectorized.ArrowColumnVector;
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

    Reader(ParrowPartition partition) {
      Schema schema;
      try {
        schema = Schema.fromJSON(schemaJson);
      } catch (IOException e) {
        throw new IllegalStateException("the dataset schema did not survive its trip", e);
      }
      Filter parsed = filter == null ? null : Filter.parse(filter);
      List<String> read = columns;
      countOnly = columns.isEmpty();
      if (countOnly) {
        LinkedHashSet<String> needed = new LinkedHashSet<>();
        if (parsed != null) {
          for (String c : SparkFilters.columns(parsed)) {
            needed.add(c.contains(".") ? c.substring(0, c.indexOf('.')) : c);
          }
        }
        // No column at all: the partition keys cost nothing to fill, and give the row count.
        read =
            needed.isEmpty() && !partitionKeys.isEmpty()
                ? List.of(partitionKeys.get(0))
                : List.copyOf(needed);
        if (read.isEmpty()) {
          read = List.of(schema.getFields().get(0).getName());
        }
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
      if (!reader.loadNextBatch()) {
        return false;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<ColumnVector> vectors = new ArrayList<>();
      if (!countOnly) {
        for (FieldVector v : root.getFieldVectors()) {
          vectors.add(new ArrowColumnVector(v));
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
      return ParrowMetrics.values(reader.stats());
    }

    @Override
    public void close() throws IOException {
      try {
        reader.close();
      } finally {
        allocator.close();
      }
    }
  }
}
