package dev.parrow.arrow;

import dev.parrow.arrow.internal.files.AppendLock;
import dev.parrow.arrow.internal.files.Appending;
import dev.parrow.arrow.internal.write.FieldWriter;
import dev.parrow.arrow.internal.write.LeafWriter;
import dev.parrow.arrow.internal.write.RowGroupPipeline;
import dev.parrow.arrow.internal.write.RunEndDecoding;
import dev.parrow.arrow.internal.write.ValueExtractor;
import dev.parrow.codec.crypto.FileEncryptor;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.codec.write.ParquetFileWriter;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.ArrowSchemaBlob;
import dev.parrow.types.ArrowToParquet;
import dev.parrow.types.RunEnds;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes Arrow batches to a Parquet file: {@link #write} any number of times, {@link #flush} to end
 * a row group early, {@link #close} to write the footer (with the Arrow schema under {@code
 * ARROW:schema}) and commit the file. A failure or {@link #abort} leaves nothing at the target (and
 * a previous file there untouched).
 *
 * <p>Any failure inside the writer (a batch of another schema, an I/O error, an interrupt, an
 * allocator's limit, an error of the JVM) aborts it at once: the target stays as it was, a later
 * {@code write} or {@code flush} throws {@link IllegalStateException} naming the first failure, and
 * {@code close} does nothing, so the try-with-resources pattern never commits a file that missed a
 * batch. A failure of the caller's own code between writes is the caller's to report: call {@link
 * #abort} in its {@code catch}, as {@link #writeAll} does, or {@code close} commits what was
 * written; with {@link WriteOptions#commitOnClose()} false only {@link #commit} commits. Every type
 * of TYPE-MAPPING's writing table is written, flat or nested in lists, maps and structs;
 * dictionary-encoded fields, at any depth, keep their dictionary and indices.
 */
public final class ParquetArrowWriter implements AutoCloseable {
  private static final String CREATED_BY = Versions.createdBy();

  private final OutputFile output;
  private final OutputStream stream;
  private final Schema schema;

  /**
   * The schema with dictionary fields typed by their values (as IPC and ARROW:schema have them) and
   * run-end encoded fields by their values' ({@link RunEnds}): the schema the columns are written
   * as.
   */
  private final Schema messageSchema;

  /** The caller's schema with dictionary fields typed by their values: what ARROW:schema keeps. */
  private final Schema hintSchema;

  /** Whether batches have run-end encoded vectors, expanded before they are written. */
  private final boolean runEnds;

  private final DictionaryProvider provider;
  private final WriteOptions options;
  private final List<ColumnDescriptor> columns;
  private final ParquetFileWriter file;

  /** The file's encryption, or null. */
  private final FileEncryptor encryptor;

  /** Each leaf's column order: what its chunks' statistics follow. */
  private final List<dev.parrow.codec.metadata.ColumnOrder> columnOrders;

  /** Files written beside the file when it is committed (external key material), by name. */
  private final Map<String, byte[]> besideFile;

  /** Each top-level variant field written shredded: its shredded form, by name. */
  private final Map<String, Field> shredded;

  /** The leaves whose vectors hold dictionary indices, at any depth (of one writer tree). */
  private final List<LeafWriter> dictionaryLeaves = new ArrayList<>();

  /** Cuts the batches into row groups, encodes them and hands them to {@link #file}. */
  private final RowGroupPipeline rowGroups;

  /** When appending: the file's footer, whose metadata the new footer keeps. */
  private final FileMetaData existing;

  /** The sort order to record in each row group, or null. */
  private final List<dev.parrow.codec.metadata.SortingColumn> sortingColumns;

  /** When appending: held until the writer is closed or aborted. */
  private AppendLock appendLock;

  /** Closed, aborted or failed: nothing more is written. */
  private boolean closed;

  /** The failure that aborted the writer, or null. */
  private Throwable failure;

  private ParquetArrowWriter(
      OutputFile output,
      Schema schema,
      WriteOptions options,
      DictionaryProvider provider,
      ParquetFile appendTo)
      throws IOException {
    this.provider = provider;
    this.hintSchema = messageFormat(schema, provider);
    this.runEnds = RunEnds.any(schema);
    this.messageSchema = runEnds ? messageFormat(RunEnds.decoded(schema), provider) : hintSchema;
    Map<String, Field> shredded = shreddedVariants(output, messageSchema, options, appendTo);
    this.shredded = shredded;
    // The schema written: shredded variants in their shredded form (ARROW:schema keeps the
    // caller's).
    Schema written =
        shredded.isEmpty()
            ? messageSchema
            : new Schema(
                messageSchema.getFields().stream()
                    .map(f -> shredded.getOrDefault(f.getName(), f))
                    .toList(),
                messageSchema.getCustomMetadata());
    List<SchemaElement> elements =
        appendTo == null
            ? ArrowToParquet.schema(written, options.forms())
            : Appending.writeSchema(
                appendTo, ArrowToParquet.schema(messageSchema, options.forms()), messageSchema);
    this.output = output;
    this.schema = schema;
    this.options = options;
    this.columns = ParquetSchema.fromElements(elements).columns();
    checkOptions(output, options, columns);
    EncryptionPerFile.Encrypted encrypted = encryption(output, options, appendTo);
    // Its column keys checked to name columns before the output is opened.
    List<List<String>> paths = columns.stream().map(ColumnDescriptor::path).toList();
    this.encryptor =
        appendTo != null
            ? appendEncryptor(appendTo, paths)
            : encrypted == null ? null : encrypted.encryption().newFile(paths);
    this.columnOrders = columnOrders(options, columns, appendTo);
    this.besideFile = encrypted == null ? Map.of() : encrypted.besideFile();
    this.sortingColumns = sortingColumns(options, columns);
    this.existing = appendTo == null ? null : appendTo.metadata();
    this.stream = new BufferedOutputStream(output.open(), 1 << 16);
    try {
      if (appendTo == null) {
        this.file = new ParquetFileWriter(stream, elements, encryptor, columnOrders);
      } else {
        long dataEnd = appendTo.footer().metadataOffset();
        Appending.copy(appendTo.input(), dataEnd, stream);
        this.file = ParquetFileWriter.continuing(stream, existing, dataEnd, encryptor);
      }
    } catch (IOException | RuntimeException e) {
      discard();
      throw e;
    }
    for (FieldWriter writer : fieldWriters()) {
      for (LeafWriter leaf : writer.leaves()) {
        if (leaf.dictionaryId() != null) {
          dictionaryLeaves.add(leaf);
        }
      }
    }
    this.rowGroups =
        new RowGroupPipeline(
            output.name(),
            new RowGroupPipeline.Target() {
              @Override
              public RowGroupPipeline.Encoders open(int ordinal) {
                return encoders(ordinal);
              }

              @Override
              public void write(ColumnChunkWriter.Chunk[] chunks, long rows) throws IOException {
                file.writeRowGroup(List.of(chunks), rows, sortingColumns);
              }
            },
            appendTo == null ? 0 : appendTo.metadata().rowGroups().size(),
            options.rowGroupRows(),
            options.rowGroupBytes(),
            options.parallelism(),
            options.executor(),
            options.bytesInFlight(),
            messageSchema.getFields().size());
  }

  /** A writer tree for each top-level field (each row group being encoded has its own). */
  private List<FieldWriter> fieldWriters() {
    List<FieldWriter> out = new ArrayList<>();
    java.util.Iterator<ColumnDescriptor> leafColumns = columns.iterator();
    for (Field field : messageSchema.getFields()) {
      Field shreddedForm = shredded.get(field.getName());
      out.add(
          shreddedForm == null
              ? FieldWriter.of(field, leafColumns)
              : FieldWriter.shreddedVariant(field, shreddedForm, leafColumns));
    }
    return out;
  }

  /** The chunk writers and writer trees of row group {@code ordinal} of the file. */
  private RowGroupPipeline.Encoders encoders(int ordinal) {
    ColumnChunkWriter[] chunks = new ColumnChunkWriter[columns.size()];
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] =
          new ColumnChunkWriter(
              columns.get(i),
              options.columnOptions(columns.get(i).path()),
              encryptor == null ? null : encryptor.chunk(ordinal, i),
              columnOrders.get(i));
    }
    List<FieldWriter> fields = fieldWriters();
    for (FieldWriter field : fields) {
      for (LeafWriter leaf : field.leaves()) {
        chunks[leaf.column().index()].hashValuesAs(leaf.hashedBytes());
      }
    }
    return new RowGroupPipeline.Encoders(chunks, fields);
  }

  /**
   * The shredded form of each variant column the options shred, by name; checked before the output
   * is opened: each must be a top-level variant of the schema, and a file appended to keeps its own
   * layout.
   */
  private static Map<String, Field> shreddedVariants(
      OutputFile output, Schema schema, WriteOptions options, ParquetFile appendTo) {
    Map<String, Field> out = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, Field> e : options.variantShredding().entrySet()) {
      Field variant =
          schema.getFields().stream()
              .filter(f -> f.getName().equals(e.getKey()))
              .findFirst()
              .orElse(null);
      if (variant == null || !dev.parrow.types.VariantArrow.isVariant(variant)) {
        throw new IllegalArgumentException(
            output.name()
                + ": '"
                + e.getKey()
                + "' is not a top-level variant column to shred; the schema is "
                + schema);
      }
      if (appendTo != null) {
        throw new IllegalArgumentException(
            output.name()
                + ": an append writes variants as the file does; variantShredding does not apply");
      }
      out.put(
          e.getKey(), dev.parrow.types.VariantShreddingSchema.shreddedField(variant, e.getValue()));
    }
    return out;
  }

  /**
   * Per-column options must name columns of the schema (a dotted leaf path or a top-level name),
   * and every column's codec and encoding must be writable here; checked before the output is
   * opened, so that a refusal leaves nothing behind.
   */
  private static void checkOptions(
      OutputFile output, WriteOptions options, List<ColumnDescriptor> columns) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (ColumnDescriptor c : columns) {
      names.add(c.dottedPath());
      names.add(c.path().get(0));
    }
    for (String name : options.columnSettings().keySet()) {
      if (!names.contains(name)) {
        throw new IllegalArgumentException(
            "no column '"
                + name
                + "' to set options for; the columns are "
                + columns.stream().map(ColumnDescriptor::dottedPath).toList());
      }
    }
    try {
      for (ColumnDescriptor c : columns) {
        ColumnChunkWriter.validate(c, options.columnOptions(c.path()));
      }
    } catch (UnsupportedOperationException e) {
      // A codec this JVM cannot write (LZO, or a native library that did not load).
      throw new UnsupportedOperationException(
          "cannot write " + output.name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The new file's encryption, or null; checked before the output is opened. An append takes none:
   * its row groups are encrypted as the file's are ({@link #appendEncryptor}).
   */
  private static EncryptionPerFile.Encrypted encryption(
      OutputFile output, WriteOptions options, ParquetFile appendTo) {
    if (appendTo != null) {
      if (options.encryption() != null) {
        throw new UnsupportedOperationException(
            "cannot append to "
                + output.name()
                + ": an append is encrypted as the file is (open it with its keys), not with new"
                + " encryption");
      }
      return null;
    }
    if (options.encryption() == null) {
      return null;
    }
    EncryptionPerFile.Encrypted encrypted = options.encryption().begin(output.name());
    if (encrypted == null) {
      return null;
    }
    if (!encrypted.besideFile().isEmpty()) {
      // Written beside the file just before it is committed: a local file, and a new one, so that
      // no existing file is ever left beside material that is not its own.
      if (!(output instanceof dev.parrow.storage.AtomicFile)) {
        throw new UnsupportedOperationException(
            "cannot write "
                + output.name()
                + ": key material kept beside the file is written for single local files (keep"
                + " it in the file for datasets and remote outputs)");
      }
      java.nio.file.Path target = java.nio.file.Path.of(output.name());
      if (java.nio.file.Files.exists(target)) {
        throw new UnsupportedOperationException(
            "cannot overwrite "
                + output.name()
                + " with key material kept beside it: the old file's material would be replaced"
                + " before it; remove the file first, or keep the material in the file");
      }
    }
    return encrypted;
  }

  /**
   * Each leaf's column order: a new file's from the options ({@link WriteOptions#floatTotalOrder});
   * an appended file's own, so that its new row groups' statistics follow the order its footer
   * gives (the type order where it gives none).
   */
  private static List<dev.parrow.codec.metadata.ColumnOrder> columnOrders(
      WriteOptions options, List<ColumnDescriptor> columns, ParquetFile appendTo) {
    List<dev.parrow.codec.metadata.ColumnOrder> existing =
        appendTo == null ? null : appendTo.metadata().columnOrders();
    List<dev.parrow.codec.metadata.ColumnOrder> orders = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      if (appendTo == null) {
        orders.add(ColumnChunkWriter.columnOrder(columns.get(i), options.floatTotalOrder()));
        continue;
      }
      dev.parrow.codec.metadata.ColumnOrder old =
          existing != null && i < existing.size() ? existing.get(i) : null;
      orders.add(
          ColumnChunkWriter.columnOrder(
              columns.get(i),
              dev.parrow.codec.metadata.ColumnOrder.IEEE_754_TOTAL_ORDER.equals(old),
              dev.parrow.codec.metadata.ColumnOrder.INT96_TIMESTAMP_ORDER.equals(old)));
    }
    return orders;
  }

  /**
   * The encryption of row groups appended to a file: none for a plaintext file; an encrypted one's,
   * continued, when it was opened with its keys (every encrypted column's).
   */
  private static FileEncryptor appendEncryptor(ParquetFile appendTo, List<List<String>> paths) {
    if (appendTo.footer().crypto() == null) {
      return null;
    }
    try {
      return FileEncryptor.continuing(appendTo.footer().crypto(), appendTo.metadata(), paths);
    } catch (UnsupportedOperationException e) {
      throw new UnsupportedOperationException(
          "cannot append to " + appendTo.input().name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The declared sort order as leaf column indices; each key must name one primitive column that is
   * not inside a list or map.
   */
  private static List<dev.parrow.codec.metadata.SortingColumn> sortingColumns(
      WriteOptions options, List<ColumnDescriptor> columns) {
    if (options.sortingColumns().isEmpty()) {
      return null;
    }
    List<dev.parrow.codec.metadata.SortingColumn> out = new ArrayList<>();
    for (WriteOptions.SortKey key : options.sortingColumns()) {
      ColumnDescriptor found = null;
      for (ColumnDescriptor c : columns) {
        if (c.dottedPath().equals(key.column())
            || (c.path().size() == 1 && c.path().get(0).equals(key.column()))) {
          found = c;
        }
      }
      if (found == null || found.maxRepetitionLevel() > 0) {
        throw new IllegalArgumentException(
            "cannot sort by '"
                + key.column()
                + "': "
                + (found == null ? "no such primitive column" : "it is inside a list or map")
                + "; the columns are "
                + columns.stream().map(ColumnDescriptor::dottedPath).toList());
      }
      out.add(
          new dev.parrow.codec.metadata.SortingColumn(
              found.index(), key.descending(), key.nullsFirst()));
    }
    return List.copyOf(out);
  }

  /**
   * A writer to {@code path}; the file appears there when the writer is closed.
   *
   * @param path the file to write
   * @param schema the schema of the batches
   * @param options how to write them
   * @return the writer
   * @throws IOException if the temporary file cannot be created
   */
  public static ParquetArrowWriter create(Path path, Schema schema, WriteOptions options)
      throws IOException {
    return create(OutputFile.of(path), schema, options);
  }

  /**
   * A writer to {@code output}, committed when the writer is closed.
   *
   * @param output where the bytes go
   * @param schema the schema of the batches
   * @param options how to write them
   * @return the writer
   * @throws IOException if the output cannot be opened
   */
  public static ParquetArrowWriter create(OutputFile output, Schema schema, WriteOptions options)
      throws IOException {
    return new ParquetArrowWriter(output, schema, options, null, null);
  }

  /**
   * A writer of batches whose dictionary-encoded fields (at any depth, of any primitive value type
   * but boolean) look their dictionaries up in {@code provider}: each becomes the column chunk's
   * dictionary page as it is, and the indices are written as they are. Readers that know Arrow get
   * string and binary dictionaries back as dictionaries (Arrow C++ and Parrow alike), others as
   * plain values.
   *
   * @param output where the bytes go
   * @param schema the schema of the batches
   * @param options how to write them
   * @param provider the dictionaries of dictionary-encoded fields, or null when there are none
   * @return the writer
   * @throws IOException if the output cannot be opened
   */
  public static ParquetArrowWriter create(
      OutputFile output, Schema schema, WriteOptions options, DictionaryProvider provider)
      throws IOException {
    return new ParquetArrowWriter(output, schema, options, provider, null);
  }

  /**
   * A writer that adds row groups to the Parquet file at {@code path}, as nanoparquet's {@code
   * append_parquet} does, but safely: the file's bytes up to its footer are copied to a temporary
   * file beside it, the new row groups and a footer covering all of them follow, and the result is
   * moved over the file when the writer is closed. The file is either as it was or holds every row
   * group, even if the process is killed; {@link #abort} leaves it as it was.
   *
   * <p>The batches must have the file's schema: the Arrow schema Parrow reads the file as (its
   * {@code ARROW:schema} applied), dictionary-encoded fields included (with any dictionary ids;
   * each row group has its own dictionary pages), and a Parquet schema that stores their values as
   * the file's does. Files of other writers qualify when their Parquet schema differs from Parrow's
   * only in names of list and map levels and in annotations that mean the same; the new row groups
   * are written with the file's schema. The file's key-value metadata and created-by are kept,
   * {@code options}' key-value pairs added over them; {@code options} otherwise apply to the new
   * row groups only.
   *
   * <p>Appends to one file wait for each other, in this process and across processes (an OS lock on
   * {@code .NAME.parrow-lock} beside the file, left there for the next append): each copies the
   * file, so two at once would each keep only their own rows. A plain write over the file does not
   * wait for them.
   *
   * @param provider the dictionaries of dictionary-encoded fields, or null when there are none
   * @throws IllegalArgumentException when the schemas differ, saying how
   * @param path the Parquet file to add to
   * @param schema the schema of the batches
   * @param options how to write the new row groups
   * @return the writer
   * @throws IOException if the file cannot be read or copied
   */
  public static ParquetArrowWriter append(
      Path path, Schema schema, WriteOptions options, DictionaryProvider provider)
      throws IOException {
    AppendLock lock = AppendLock.acquire(path);
    try (ParquetFile file =
        options.appendKeys() == null
            ? ParquetFile.open(path)
            : ParquetFile.open(path, options.appendKeys())) {
      ParquetArrowWriter writer =
          new ParquetArrowWriter(OutputFile.of(path), schema, options, provider, file);
      writer.appendLock = lock;
      return writer;
    } catch (IOException | RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /**
   * Appends every batch of {@code reader} to the Parquet file at {@code path} (see {@link
   * #append}); {@code progress} hears the rows written so far after each batch.
   *
   * @return the rows appended
   * @param reader the batches
   * @param path the Parquet file to add to
   * @param options how to write the new row groups
   * @param progress told the rows written so far
   * @throws IOException if reading or writing fails; the file is left as it was
   */
  public static long appendAll(
      ArrowReader reader, Path path, WriteOptions options, java.util.function.LongConsumer progress)
      throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    return writeBatches(reader, append(path, root.getSchema(), options, reader), progress, false);
  }

  private static Schema messageFormat(Schema schema, DictionaryProvider provider) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(messageFormat(f, provider));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /** The field with every dictionary-encoded field below it typed by its dictionary's values. */
  private static Field messageFormat(Field f, DictionaryProvider provider) {
    DictionaryEncoding encoding = f.getDictionary();
    if (encoding == null) {
      if (f.getChildren().isEmpty()) {
        return f;
      }
      List<Field> children = new ArrayList<>();
      for (Field c : f.getChildren()) {
        children.add(messageFormat(c, provider));
      }
      return new Field(f.getName(), f.getFieldType(), children);
    }
    if (provider == null || provider.lookup(encoding.getId()) == null) {
      throw new IllegalArgumentException(
          "field '"
              + f.getName()
              + "' is dictionary-encoded but no dictionary "
              + encoding.getId()
              + " was given");
    }
    Field values = provider.lookup(encoding.getId()).getVector().getField();
    if (!values.getChildren().isEmpty()
        || values.getType() instanceof ArrowType.Bool
        || values.getType() instanceof ArrowType.Null) {
      throw new UnsupportedOperationException(
          "field '"
              + f.getName()
              + "' is a dictionary of "
              + values.getType()
              + ": a Parquet dictionary page holds the values of one non-boolean primitive column");
    }
    return new Field(
        f.getName(),
        new FieldType(f.isNullable(), values.getType(), encoding, f.getMetadata()),
        null);
  }

  /**
   * Writes every batch of {@code reader} (any Arrow stream: an IPC reader, a Parquet reader, a C
   * Data stream) to {@code output}; {@code progress} hears the rows written so far after each
   * batch.
   *
   * @return the rows written
   * @param reader the batches
   * @param output where the bytes go
   * @param options how to write them
   * @param progress told the rows written so far
   * @throws IOException if reading or writing fails; nothing is left at the output
   */
  public static long writeAll(
      ArrowReader reader,
      OutputFile output,
      WriteOptions options,
      java.util.function.LongConsumer progress)
      throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    if (!options.inferVariantShredding()) {
      return writeBatches(
          reader, create(output, root.getSchema(), options, reader), progress, false);
    }
    // The first batch's values choose how each variant column is shredded; it is written first.
    boolean first = reader.loadNextBatch();
    WriteOptions inferred = first ? VariantShreddingInference.options(root, options) : options;
    return writeBatches(
        reader, create(output, root.getSchema(), inferred, reader), progress, first);
  }

  /** Writes the reader's batches, the one already loaded first when {@code loaded}. */
  private static long writeBatches(
      ArrowReader reader,
      ParquetArrowWriter target,
      java.util.function.LongConsumer progress,
      boolean loaded)
      throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    try (ParquetArrowWriter writer = target) {
      try {
        if (loaded) {
          writer.write(root);
          rows += root.getRowCount();
          progress.accept(rows);
        }
        while (reader.loadNextBatch()) {
          writer.write(root);
          rows += root.getRowCount();
          progress.accept(rows);
        }
      } catch (Throwable e) {
        // The reader's failure (or the progress callback's) is not the writer's: abort here.
        writer.fail(e);
        throw e;
      }
    }
    return rows;
  }

  /**
   * Writes the rows of {@code root}. Any failure, a batch of another schema included, aborts the
   * writer: the target stays as it was and {@link #close} commits nothing.
   *
   * @param root the batch
   * @throws IOException if writing fails
   */
  public void write(VectorSchemaRoot root) throws IOException {
    checkOpen();
    try {
      checkInterrupt();
      if (!dev.parrow.arrow.internal.write.SchemaMatch.sameColumns(
          root.getSchema().getFields(), schema.getFields())) {
        throw new IllegalArgumentException(
            output.name()
                + ": the batch's schema "
                + root.getSchema()
                + " is not the writer's "
                + schema
                + "; the write is aborted");
      }
      if (runEnds) {
        try (RunEndDecoding decoded =
            RunEndDecoding.of(root, root.getFieldVectors().get(0).getAllocator())) {
          rowGroups.write(decoded.root(), batchDictionaries());
        }
      } else {
        rowGroups.write(root, batchDictionaries());
      }
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  /** Refuses a call on a writer that is closed, aborted or failed (naming the failure). */
  private void checkOpen() {
    if (failure != null) {
      throw new IllegalStateException(
          output.name() + ": the writer failed and was aborted: " + failure, failure);
    }
    if (closed) {
      throw new IllegalStateException(output.name() + ": the writer is closed");
    }
  }

  /**
   * An interrupted caller asked the write to stop: it fails rather than commit a file. The flag
   * stays set for the caller's own handling.
   */
  private void checkInterrupt() throws java.io.InterruptedIOException {
    if (Thread.currentThread().isInterrupted()) {
      throw new java.io.InterruptedIOException(
          output.name() + ": interrupted; the write is aborted");
    }
  }

  /** Aborts the writer after {@code e} (once: a failure during the abort is added to {@code e}). */
  private void fail(Throwable e) {
    if (failure != null) {
      return;
    }
    failure = e;
    closed = true;
    try {
      discard();
    } catch (Throwable cleanup) {
      if (cleanup != e) {
        e.addSuppressed(cleanup);
      }
    }
  }

  /**
   * This batch's dictionaries as the values of their columns, by id (a batch whose dictionary does
   * not extend its row group's starts a new one).
   */
  private Map<Long, DenseValues> batchDictionaries() {
    if (dictionaryLeaves.isEmpty()) {
      return Map.of();
    }
    Map<Long, DenseValues> out = new java.util.HashMap<>();
    for (LeafWriter leaf : dictionaryLeaves) {
      out.computeIfAbsent(leaf.dictionaryId(), id -> dictionaryValues(id, leaf.column()));
    }
    return out;
  }

  /** Dictionary {@code id}'s entries as values of {@code column}. */
  private DenseValues dictionaryValues(long id, ColumnDescriptor column) {
    FieldVector d = provider.lookup(id).getVector();
    if (d.getNullCount() > 0) {
      throw new IllegalArgumentException(
          "dictionary "
              + id
              + " holds "
              + d.getNullCount()
              + " nulls: a Parquet "
              + "dictionary page holds values only");
    }
    ValueExtractor extractor = new ValueExtractor(column);
    extractor.extract(d, d.getValueCount());
    return extractor.values();
  }

  /**
   * Ends the current row group (nothing happens when it is empty). With a parallelism of 2 or more
   * row groups are finished and written (with 4 or more, encoded too) while the caller writes on: a
   * failure is thrown by the next {@code write}, {@code flush} or {@code close}.
   *
   * @throws IOException if writing fails
   */
  public void flush() throws IOException {
    checkOpen();
    try {
      checkInterrupt();
      rowGroups.flush();
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  /**
   * About how many bytes the file holds so far: the column chunks of the row groups ended, and the
   * encoded pages of the one being written (its last pages estimated, before compression). For a
   * caller that rolls to a new file at a target size (a table format's data files); the file's own
   * length is {@link #length} once committed. It waits for the batches written to be encoded, so
   * that the figure does not depend on the threads.
   *
   * @return the estimate, in bytes
   * @throws IOException if encoding failed (the writer is then aborted)
   */
  public long bytesWritten() throws IOException {
    checkOpen();
    try {
      return rowGroups.bytesWritten();
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  /** {@return row groups encoded again after a wrong guess of where one ends (tests)} */
  int rowGroupReplays() {
    return rowGroups.replays();
  }

  /**
   * Gives up: the target is left as it was.
   *
   * @throws IOException if what was written cannot be removed
   */
  public void abort() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    discard();
  }

  private void discard() throws IOException {
    // The stream is the row groups' writing thread's until they stop: only then is it closed.
    if (rowGroups != null) {
      rowGroups.close();
    }
    try {
      stream.close();
    } finally {
      try {
        output.abort();
      } finally {
        releaseAppendLock();
      }
    }
  }

  private void releaseAppendLock() throws IOException {
    if (appendLock != null) {
      AppendLock lock = appendLock;
      appendLock = null;
      lock.close();
    }
  }

  /**
   * Writes the last row group and the footer, and commits the file; does nothing when the writer
   * was committed, aborted or failed. With {@link WriteOptions#commitOnClose()} false it commits
   * nothing: the writer is aborted unless {@link #commit} was called.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    if (!options.commitOnClose()) {
      abort();
      return;
    }
    commit();
  }

  /**
   * Writes the last row group and the footer, and commits the file: it appears whole at its target.
   * The writer is closed after.
   *
   * @throws IOException if the file cannot be finished (it is then aborted)
   */
  public void commit() throws IOException {
    checkOpen();
    try {
      checkInterrupt();
      rowGroups.finish();
      rowGroups.close();
      if (existing == null) {
        List<KeyValue> kv = new ArrayList<>();
        if (options.writeArrowSchema()) {
          kv.add(new KeyValue(ArrowSchemaBlob.KEY, ArrowSchemaBlob.encode(hintSchema)));
        }
        for (Map.Entry<String, String> e : options.keyValueMetadata().entrySet()) {
          kv.add(new KeyValue(e.getKey(), e.getValue()));
        }
        file.finish(kv, CREATED_BY);
      } else {
        // The file's created-by stays: readers judge the old row groups' statistics by it.
        file.finish(
            Appending.keyValues(existing, options.keyValueMetadata()),
            existing.createdBy() == null ? CREATED_BY : existing.createdBy());
      }
      stream.close();
      closed = true;
      commitWithBesideFiles();
      releaseAppendLock();
    } catch (Throwable e) {
      fail(e);
      throw e;
    }
  }

  /**
   * The footer's metadata as the writer wrote it (row groups, their chunks' statistics, sizes and
   * offsets, field ids): what a table format records of a data file, without reading the file
   * again.
   *
   * @return the metadata (not encrypted, for an encrypted file), or null before the writer
   *     committed
   */
  public dev.parrow.codec.metadata.FileMetaData metadata() {
    return closed ? file.written() : null;
  }

  /** {@return the length of the file written, once committed; -1 before} */
  public long length() {
    return closed && file.written() != null ? file.position() : -1;
  }

  /**
   * Commits the file, the files kept beside it first (each whole or not at all), so that the file
   * never appears without them; they are removed if the file cannot be committed.
   */
  private void commitWithBesideFiles() throws IOException {
    List<java.nio.file.Path> written = new ArrayList<>();
    try {
      for (Map.Entry<String, byte[]> e : besideFile.entrySet()) {
        java.nio.file.Path path = java.nio.file.Path.of(output.name()).resolveSibling(e.getKey());
        OutputFile beside = OutputFile.of(path);
        try (java.io.OutputStream out = beside.open()) {
          out.write(e.getValue());
        } catch (IOException | RuntimeException failure) {
          beside.abort();
          throw failure;
        }
        beside.commit();
        written.add(path);
      }
      output.commit();
    } catch (IOException | RuntimeException e) {
      for (java.nio.file.Path path : written) {
        try {
          java.nio.file.Files.deleteIfExists(path);
        } catch (IOException cleanup) {
          e.addSuppressed(cleanup);
        }
      }
      throw e;
    }
  }
}
