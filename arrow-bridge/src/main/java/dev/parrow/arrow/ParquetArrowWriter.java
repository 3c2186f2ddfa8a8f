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
import dev.parrow.codec.values.BinaryValues;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes Arrow batches to a Parquet file: {@link #write} any number of times, {@link #flush} to end a row
 * group early, {@link #close} to write the footer (with the Arrow schema under {@code ARROW:schema}) and
 * commit the file. A failure or {@link #abort} leaves nothing at the target (and a previous file there
 * untouched). Every type of TYPE-MAPPING's writing table is written, flat or nested in lists, maps and
 * structs; top-level dictionary-encoded string and binary fields keep their dictionary and indices.
 */
public final class ParquetArrowWriter implements AutoCloseable {
  private static final String CREATED_BY = "parrow version 0.1.0";

  private final OutputFile output;
  private final OutputStream stream;
  private final Schema schema;
  /** The schema with dictionary fields typed by their values (as IPC and ARROW:schema have them). */
  private final Schema messageSchema;
  private final DictionaryProvider provider;
  private final WriteOptions options;
  private final List<ColumnDescriptor> columns;
  private final ParquetFileWriter file;
  private final FlatExtractor[] extractors;
  private final LevelBuilder[] shredders;
  private final int[] firstColumn;
  private final java.util.Set<Integer> dictionaryFields = new java.util.HashSet<>();
  private final Map<Long, BinaryValues> batchDictionaries = new java.util.HashMap<>();
  private ColumnChunkWriter[] chunks;
  private long rowsInGroup;
  private boolean closed;

  private ParquetArrowWriter(OutputFile output, Schema schema, WriteOptions options, DictionaryProvider provider)
      throws IOException {
    this.provider = provider;
    this.messageSchema = messageFormat(schema, provider);
    List<SchemaElement> elements = ArrowToParquet.schema(messageSchema);
    this.output = output;
    this.schema = schema;
    this.options = options;
    this.columns = ParquetSchema.fromElements(elements).columns();
    checkColumnNames(options, columns);
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
      if (field.getDictionary() != null) {
        dictionaryFields.add(f);
        column++;
      } else if (field.getChildren().isEmpty()) {
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

  /** Per-column options must name columns of the schema (a dotted leaf path or a top-level name). */
  private static void checkColumnNames(WriteOptions options, List<ColumnDescriptor> columns) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (ColumnDescriptor c : columns) {
      names.add(c.dottedPath());
      names.add(c.path().get(0));
    }
    List<String> named = concat(options.columnCompression().keySet(), options.columnEncoding().keySet());
    named.addAll(options.columnDictionary().keySet());
    for (String name : named) {
      if (!names.contains(name)) {
        throw new IllegalArgumentException("no column '" + name + "' to set options for; the columns are "
            + columns.stream().map(ColumnDescriptor::dottedPath).toList());
      }
    }
    for (ColumnDescriptor c : columns) {
      ColumnChunkWriter.validate(c, options.columnOptions(c.path()));
    }
  }

  private static List<String> concat(java.util.Collection<String> a, java.util.Collection<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** A writer to {@code path}; the file appears there when the writer is closed. */
  public static ParquetArrowWriter create(Path path, Schema schema, WriteOptions options) throws IOException {
    return create(OutputFile.of(path), schema, options);
  }

  public static ParquetArrowWriter create(OutputFile output, Schema schema, WriteOptions options) throws IOException {
    return new ParquetArrowWriter(output, schema, options, null);
  }

  /**
   * A writer of batches whose dictionary-encoded fields (top level, string or binary values) look their
   * dictionaries up in {@code provider}: each becomes the column chunk's dictionary page as it is, and the
   * indices are written as they are.
   */
  public static ParquetArrowWriter create(OutputFile output, Schema schema, WriteOptions options,
      DictionaryProvider provider) throws IOException {
    return new ParquetArrowWriter(output, schema, options, provider);
  }

  private static Schema messageFormat(Schema schema, DictionaryProvider provider) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      DictionaryEncoding encoding = f.getDictionary();
      if (encoding == null) {
        if (hasDictionary(f)) {
          throw new UnsupportedOperationException("field '" + f.getName() + "' holds a dictionary-encoded field "
              + "below its top level, which Parrow cannot write yet");
        }
        fields.add(f);
        continue;
      }
      if (provider == null || provider.lookup(encoding.getId()) == null) {
        throw new IllegalArgumentException("field '" + f.getName() + "' is dictionary-encoded but no dictionary "
            + encoding.getId() + " was given");
      }
      ArrowType values = provider.lookup(encoding.getId()).getVector().getField().getType();
      if (!(values instanceof ArrowType.Utf8 || values instanceof ArrowType.Binary)) {
        throw new UnsupportedOperationException("field '" + f.getName() + "' is a dictionary of " + values
            + ": Parrow writes dictionaries of strings and binary values");
      }
      fields.add(new Field(f.getName(), new FieldType(f.isNullable(), values, encoding, f.getMetadata()), null));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  private static boolean hasDictionary(Field f) {
    return f.getDictionary() != null || f.getChildren().stream().anyMatch(ParquetArrowWriter::hasDictionary);
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
    try (ParquetArrowWriter writer = create(output, root.getSchema(), options, reader)) {
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
      chunks[i] = new ColumnChunkWriter(columns.get(i), options.columnOptions(columns.get(i).path()));
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
      if (dictionaryChanged()) {
        // A dictionary that does not extend the row group's: the batch starts a new row group.
        flush();
      }
      while (at < rows) {
        int take = (int) Math.min(rows - at, options.rowGroupRows() - rowsInGroup);
        writeSlice(root, at, take);
        at += take;
        rowsInGroup += take;
        if (rowsInGroup == options.rowGroupRows() || bufferedBytes() >= options.rowGroupBytes()) {
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
        if (dictionaryFields.contains(f)) {
          writeIndexed(f, v, rows);
          continue;
        }
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

  /** A dictionary field: its indices as they are, its dictionary as the chunk's dictionary page. */
  private void writeIndexed(int f, FieldVector indices, int rows) {
    ColumnChunkWriter chunk = chunks[firstColumn[f]];
    BinaryValues dictionary = batchDictionaries.get(indices.getField().getDictionary().getId());
    boolean optional = columns.get(firstColumn[f]).maxDefinitionLevel() > 0;
    int[] defs = new int[rows];
    int[] ids = new int[rows];
    int present = 0;
    BaseIntVector index = (BaseIntVector) indices;
    for (int i = 0; i < rows; i++) {
      if (indices.isNull(i)) {
        if (!optional) {
          throw new IllegalArgumentException("field '" + indices.getName() + "' is not nullable but row " + i + " is null");
        }
        continue;
      }
      defs[i] = 1;
      ids[present++] = (int) index.getValueAsLong(i);
    }
    chunk.writeIndexed(rows, optional ? defs : null, null, ids, dictionary);
  }

  /** Reads this batch's dictionaries; whether one of them does not extend its chunk's. */
  private boolean dictionaryChanged() {
    batchDictionaries.clear();
    boolean changed = false;
    for (int f : dictionaryFields) {
      long id = schema.getFields().get(f).getDictionary().getId();
      BinaryValues d = batchDictionaries.computeIfAbsent(id, this::dictionaryValues);
      changed |= !chunks[firstColumn[f]].accepts(d);
    }
    return changed;
  }

  private BinaryValues dictionaryValues(long id) {
    FieldVector d = provider.lookup(id).getVector();
    BinaryValues out = new BinaryValues();
    for (int i = 0; i < d.getValueCount(); i++) {
      if (d.isNull(i)) {
        throw new IllegalArgumentException("dictionary " + id + " has a null at " + i + ": a Parquet dictionary "
            + "holds values only");
      }
      byte[] value = d instanceof org.apache.arrow.vector.VarCharVector s ? s.get(i)
          : ((org.apache.arrow.vector.VarBinaryVector) d).get(i);
      out.append(value, 0, value.length);
    }
    return out;
  }

  private long bufferedBytes() {
    long bytes = 0;
    for (ColumnChunkWriter c : chunks) {
      bytes += c.bufferedBytes();
    }
    return bytes;
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
        kv.add(new KeyValue(ArrowSchemaBlob.KEY, ArrowSchemaBlob.encode(messageSchema)));
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
