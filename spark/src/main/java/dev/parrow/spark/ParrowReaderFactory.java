package dev.parrow.spark;

import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Creates, on an executor, the columnar reader of one partition: Parrow's dataset reader over the
 * partition's slice, its Arrow vectors handed to Spark without a copy ({@link DirectColumnVector},
 * {@link DictionaryColumnVector} for the string columns read as dictionaries, Spark's {@code
 * ArrowColumnVector} for the others). Serializable: the schema travels as Arrow JSON and the filter
 * as its SQL text.
 */
final class ParrowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final String schemaJson;
  private final List<String> partitionKeys;
  private final List<String> columns;

  /** The string columns read as dictionaries ({@link ParrowScan#dictionaryColumns}). */
  private final List<String> dictionaryColumns;

  /** The fields of {@code _metadata} asked for (none: it is not read). */
  private final List<String> metadata;

  private final String filter;
  private final int batchSize;

  /**
   * parquet-java's encryption properties the scan was given (the KMS, for encrypted files) and its
   * object store settings ({@link Datasets#carried}).
   */
  private final java.util.HashMap<String, String> carried;

  ParrowReaderFactory(
      String schemaJson,
      List<String> partitionKeys,
      List<String> columns,
      List<String> dictionaryColumns,
      List<String> metadata,
      String filter,
      int batchSize,
      java.util.HashMap<String, String> carried) {
    this.carried = carried;
    this.schemaJson = schemaJson;
    this.partitionKeys = List.copyOf(partitionKeys);
    this.columns = List.copyOf(columns);
    this.dictionaryColumns = List.copyOf(dictionaryColumns);
    this.metadata = List.copyOf(metadata);
    this.filter = filter;
    this.batchSize = batchSize;
  }

  /**
   * The column a read that needs only the rows counts them by: the first fixed-width top-level
   * column of the files (else the first), partition keys left out.
   */
  private static String cheapestColumn(Schema schema, List<String> partitionKeys) {
    String first = null;
    for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
      if (partitionKeys.contains(f.getName())) {
        continue;
      }
      if (first == null) {
        first = f.getName();
      }
      ArrowType t = f.getType();
      if (t instanceof ArrowType.Int
          || t instanceof ArrowType.FloatingPoint
          || t instanceof ArrowType.Date
          || t instanceof ArrowType.Bool) {
        return f.getName();
      }
    }
    return first;
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

  /**
   * A dictionary column's entries as Spark's strings, on the heap, one per entry: made when the
   * reader hands out a new dictionary (the dataset reader replaces a dictionary object whenever its
   * values change, at a file's or row group's start), kept while it hands out the same one.
   */
  private static final class Strings {
    private Dictionary made;
    private UTF8String[] strings;

    UTF8String[] of(Dictionary d) {
      if (d != made) {
        strings = DictionaryColumnVector.strings((VarCharVector) d.getVector());
        made = d;
      }
      return strings;
    }
  }

  /** Reads one partition's batches. */
  private final class Reader implements PartitionReader<ColumnarBatch> {
    private final BufferAllocator allocator = new RootAllocator();
    private final ParquetDatasetReader reader;

    /** When Spark needs no column (a count): the columns the filter reads, not handed over. */
    private final boolean countOnly;

    private ColumnarBatch batch;

    /** The partition's file, when {@code _metadata} is asked for; else null. */
    private final FileMetadata.OfFile file;

    /** The last batch's {@code _metadata} vector, freed when the next is made. */
    private org.apache.arrow.vector.complex.StructVector metadataVector;

    /** Rows still to hand over when nothing needs reading (a count without a filter). */
    private long rowsFromFooter = -1;

    /** Each dictionary column's strings, made again only when its dictionary is replaced. */
    private final java.util.Map<String, Strings> strings = new java.util.HashMap<>();

    Reader(ParrowPartition partition) {
      Schema schema;
      try {
        schema = Schema.fromJSON(schemaJson);
      } catch (IOException e) {
        throw new IllegalStateException("the dataset schema did not survive its trip", e);
      }
      Filter parsed = filter == null ? null : Filter.parse(filter);
      try {
        file = metadata.isEmpty() ? null : FileMetadata.OfFile.of(partition.slice().location());
      } catch (IOException e) {
        allocator.close();
        throw new java.io.UncheckedIOException(e);
      }
      countOnly = columns.isEmpty();
      if (countOnly && parsed == null && !metadata.contains(FileMetadata.ROW_INDEX)) {
        // A count: the footer has the answer (the slice carries it); no page is read.
        reader = null;
        rowsFromFooter = partition.slice().rows();
        return;
      }
      List<String> read = columns;
      if (countOnly) {
        LinkedHashSet<String> needed = new LinkedHashSet<>();
        if (parsed != null) {
          for (String c : parsed.columns()) {
            needed.add(c.contains(".") ? c.substring(0, c.indexOf('.')) : c);
          }
        }
        if (needed.isEmpty()) {
          // Only the row index: the rows are counted by one column (a dataset reads every column
          // when none is named).
          needed.add(cheapestColumn(schema, partitionKeys));
        }
        read = List.copyOf(needed);
      }
      ReadOptions.Builder options =
          Datasets.readOptions().toBuilder().columns(read).batchSize(batchSize);
      if (metadata.contains(FileMetadata.ROW_INDEX)) {
        options.rowNumbers(FileMetadata.ROW_NUMBERS);
      }
      if (parsed != null) {
        options.filter(parsed);
      }
      List<String> dictionaries = read.stream().filter(dictionaryColumns::contains).toList();
      if (!countOnly && !dictionaries.isEmpty()) {
        options.types(
            t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP).dictionaryColumns(dictionaries));
      }
      try {
        reader =
            ParquetDatasetReader.open(
                allocator,
                schema,
                new LinkedHashSet<>(partitionKeys),
                List.of(partition.slice()),
                options.build(),
                Datasets.options(carried));
      } catch (RuntimeException e) {
        allocator.close();
        throw e;
      }
    }

    @Override
    public boolean next() throws IOException {
      freeMetadata();
      if (reader == null) {
        if (rowsFromFooter <= 0) {
          return false;
        }
        int n = (int) Math.min(rowsFromFooter, file == null ? Integer.MAX_VALUE / 2 : batchSize);
        rowsFromFooter -= n;
        batch = new ColumnarBatch(withMetadata(new ArrayList<>(), null, n), n);
        return true;
      }
      if (!reader.loadNextBatch()) {
        return false;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<ColumnVector> vectors = new ArrayList<>();
      if (!countOnly) {
        for (FieldVector v : root.getFieldVectors()) {
          if (v.getField().getDictionary() != null) {
            Dictionary d = reader.lookup(v.getField().getDictionary().getId());
            vectors.add(
                new DictionaryColumnVector(
                    (IntVector) v, strings.computeIfAbsent(v.getName(), k -> new Strings()).of(d)));
          } else if (!v.getName().equals(FileMetadata.ROW_NUMBERS)) {
            vectors.add(DirectColumnVector.of(v));
          }
        }
      }
      org.apache.arrow.vector.BigIntVector rowNumbers =
          metadata.contains(FileMetadata.ROW_INDEX)
              ? (org.apache.arrow.vector.BigIntVector) root.getVector(FileMetadata.ROW_NUMBERS)
              : null;
      batch =
          new ColumnarBatch(
              withMetadata(vectors, rowNumbers, root.getRowCount()), root.getRowCount());
      return true;
    }

    /** The columns, and after them {@code _metadata} when the query asked for it. */
    private ColumnVector[] withMetadata(
        List<ColumnVector> vectors, org.apache.arrow.vector.BigIntVector rowNumbers, int rows) {
      if (file != null) {
        metadataVector = file.vector(metadata, rowNumbers, rows, allocator);
        vectors.add(new org.apache.spark.sql.vectorized.ArrowColumnVector(metadataVector));
      }
      return vectors.toArray(new ColumnVector[0]);
    }

    private void freeMetadata() {
      if (metadataVector != null) {
        metadataVector.close();
        metadataVector = null;
      }
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
      freeMetadata();
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
