package dev.parrow.arrow;

import dev.parrow.arrow.internal.FlatExtractor;
import dev.parrow.arrow.internal.LevelBuilder;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.codec.write.ParquetFileWriter;
import dev.parrow.types.ArrowSchemaBlob;
import dev.parrow.types.ArrowToParquet;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes Arrow batches to a Parquet file: {@link #write} any number of times, {@link #flush} to end a row
 * group early, {@link #close} to write the footer (with the Arrow schema under {@code ARROW:schema}) and
 * commit the file. A failure or {@link #abort} leaves nothing at the target (and a previous file there
 * untouched). Every type of TYPE-MAPPING's writing table is written, flat or nested in lists, maps and
 * structs; dictionary-encoded fields are refused when the writer is created (decode them first).
 */
public final class ParquetArrowWriter implements AutoCloseable {
  private static final String CREATED_BY = "parrow version 0.1.0";

  private final OutputFile output;
  private final OutputStream stream;
  private final Schema schema;
  private final WriteOptions options;
  private final List<ColumnDescriptor> columns;
  private final ParquetFileWriter file;
  private final FlatExtractor[] extractors;
  private final LevelBuilder[] shredders;
  private final int[] firstColumn;
  private ColumnChunkWriter[] chunks;
  private long rowsInGroup;
  private boolean closed;

  private ParquetArrowWriter(OutputFile output, Schema schema, WriteOptions options) throws IOException {
    for (var field : schema.getFields()) {
      if (field.getDictionary() != null) {
        throw new UnsupportedOperationException("field '" + field.getName() + "' is dictionary-encoded: writing "
            + "dictionary vectors is not supported yet; decode it first");
      }
    }
    List<SchemaElement> elements = ArrowToParquet.schema(schema);
    this.output = output;
    this.schema = schema;
    this.options = options;
    this.columns = ParquetSchema.fromElements(elements).columns();
    this.stream = new BufferedOutputStream(output.open(), 1 << 16);
    try {
      this.file = new ParquetFileWriter(stream, elements);
    } catch (IOException | RuntimeException e) {
      discard();
      throw e;
    }
    // Top-level primitive fields take the fast path; nested ones are shredded into their leaves.
    this.extractors = new FlatExtractor[schema.getFields().size()];
    this.shredders = new LevelBuilder[schema.getFields().size()];
    this.firstColumn = new int[schema.getFields().size()];
    int column = 0;
    for (int f = 0; f < schema.getFields().size(); f++) {
      var field = schema.getFields().get(f);
      firstColumn[f] = column;
      if (field.getChildren().isEmpty()) {
        extractors[f] = new FlatExtractor(columns.get(column));
        column++;
      } else {
        int leaves = (int) columns.stream().filter(c -> c.path().get(0).equals(field.getName())).count();
        shredders[f] = new LevelBuilder(field, columns.subList(column, column + leaves));
        column += leaves;
      }
    }
    newRowGroup();
  }

  /** A writer to {@code path}; the file appears there when the writer is closed. */
  public static ParquetArrowWriter create(Path path, Schema schema, WriteOptions options) throws IOException {
    return create(OutputFile.of(path), schema, options);
  }

  public static ParquetArrowWriter create(OutputFile output, Schema schema, WriteOptions options) throws IOException {
    return new ParquetArrowWriter(output, schema, options);
  }

  /**
   * Writes every batch of {@code reader} (any Arrow stream: an IPC reader, a Parquet reader, a C Data
   * stream) to {@code output}; {@code progress} hears the rows written so far after each batch.
   *
   * @return the rows written
   */
  public static long writeAll(ArrowReader reader, OutputFile output, WriteOptions options,
      java.util.function.LongConsumer progress) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    try (ParquetArrowWriter writer = create(output, root.getSchema(), options)) {
      try {
        while (reader.loadNextBatch()) {
          writer.write(root);
          rows += root.getRowCount();
          progress.accept(rows);
        }
      } catch (IOException | RuntimeException e) {
        writer.abort();
        throw e;
      }
    }
    return rows;
  }

  private void newRowGroup() {
    chunks = new ColumnChunkWriter[columns.size()];
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = new ColumnChunkWriter(columns.get(i), options.columnOptions());
    }
    rowsInGroup = 0;
  }

  /** Writes the rows of {@code root} (its schema must be the writer's). */
  public void write(VectorSchemaRoot root) throws IOException {
    if (closed) {
      throw new IllegalStateException("the writer is closed");
    }
    if (!root.getSchema().getFields().equals(schema.getFields())) {
      throw new IllegalArgumentException("the batch's schema " + root.getSchema() + " is not the writer's " + schema);
    }
    int rows = root.getRowCount();
    int at = 0;
    try {
      while (at < rows) {
        int take = (int) Math.min(rows - at, options.rowGroupRows() - rowsInGroup);
        writeSlice(root, at, take);
        at += take;
        rowsInGroup += take;
        if (rowsInGroup == options.rowGroupRows()) {
          flush();
        }
      }
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  private void writeSlice(VectorSchemaRoot root, int from, int rows) {
    VectorSchemaRoot slice = from == 0 && rows == root.getRowCount() ? root : root.slice(from, rows);
    try {
      for (int f = 0; f < extractors.length; f++) {
        FieldVector v = slice.getVector(f);
        if (extractors[f] != null) {
          extractors[f].extract(v, rows);
          chunks[firstColumn[f]].write(rows, extractors[f].defs(), null, extractors[f].values());
          continue;
        }
        shredders[f].build(v, rows);
        List<LevelBuilder.Leaf> leaves = shredders[f].leaves();
        for (int l = 0; l < leaves.size(); l++) {
          LevelBuilder.Leaf leaf = leaves.get(l);
          chunks[firstColumn[f] + l].write(leaf.entries(), leaf.defs(), leaf.reps(), leaf.values());
        }
      }
    } finally {
      if (slice != root) {
        slice.close();
      }
    }
  }

  /** Ends the current row group (nothing happens when it is empty). */
  public void flush() throws IOException {
    if (rowsInGroup == 0) {
      return;
    }
    List<ColumnChunkWriter.Chunk> finished = new ArrayList<>();
    for (ColumnChunkWriter c : chunks) {
      finished.add(c.finish());
    }
    file.writeRowGroup(finished, rowsInGroup);
    newRowGroup();
  }

  /** Gives up: the target is left as it was. */
  public void abort() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    discard();
  }

  private void discard() throws IOException {
    try {
      stream.close();
    } finally {
      output.abort();
    }
  }

  /** Writes the last row group and the footer, and commits the file. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    try {
      flush();
      List<KeyValue> kv = new ArrayList<>();
      if (options.writeArrowSchema()) {
        kv.add(new KeyValue(ArrowSchemaBlob.KEY, ArrowSchemaBlob.encode(schema)));
      }
      for (Map.Entry<String, String> e : options.keyValueMetadata().entrySet()) {
        kv.add(new KeyValue(e.getKey(), e.getValue()));
      }
      file.finish(kv, CREATED_BY);
      stream.close();
      closed = true;
      output.commit();
    } catch (IOException | RuntimeException e) {
      if (!closed) {
        closed = true;
        discard();
      } else {
        output.abort();
      }
      throw e;
    }
  }
}
