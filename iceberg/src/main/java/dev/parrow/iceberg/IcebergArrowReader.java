package dev.parrow.iceberg;

import dev.parrow.arrow.BatchCompaction;
import dev.parrow.arrow.BufferPool;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.RowSelection;
import dev.parrow.arrow.VectorExchange;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PartitionUtil;

/**
 * Reads the tasks of an Iceberg table scan into Arrow batches of the scan's projected schema, one
 * task after another, each task's Parquet data file read by Parrow:
 *
 * <ul>
 *   <li>columns matched by field id, so that files written under an older schema read as the
 *       current one (renamed, reordered, added columns as nulls, int to long, float to double,
 *       decimals widened), at any depth (structs, lists and maps);
 *   <li>identity partition values, the file's path ({@code _file}), spec id ({@code _spec_id}) and
 *       partition tuple ({@code _partition}, in the table's partition type over all its specs) as
 *       constant columns, each row's position ({@code _pos}) from Parrow's row numbers;
 *   <li>a task that splits a file reads the row groups whose midpoint lies in its byte range;
 *   <li>position deletes and deletion vectors applied as a row selection (pages with no row left
 *       are not decoded), equality deletes applied to the rows read, and the task's residual filter
 *       pushed down to Parrow exactly ({@link IcebergFilters}).
 * </ul>
 *
 * <p>Not read: ORC and Avro data files (refused, naming the file), encrypted tables. Used by one
 * thread at a time; close it to free the batch.
 */
public final class IcebergArrowReader extends ArrowReader {
  private final Schema projection;
  private final org.apache.arrow.vector.types.pojo.Schema arrowSchema;
  private final FileIO io;
  private final ReadOptions options;

  /** The scan's pool of its files' batches' memory, when the caller's options have none. */
  private final BufferPool ownPool;

  private final CloseableIterable<FileScanTask> taskIterable;
  private final Iterator<FileScanTask> tasks;
  private TaskRead current;

  private IcebergArrowReader(
      BufferAllocator allocator,
      CloseableIterable<FileScanTask> tasks,
      Schema projection,
      FileIO io,
      ReadOptions options) {
    super(allocator);
    this.projection = projection;
    this.arrowSchema = IcebergSchemas.toArrow(projection);
    this.io = io;
    // The tasks' files are read one after another: each decodes into the memory of those before
    // (the caller's pool, or one of the scan's own), not into new memory of its own.
    this.ownPool = options.bufferPool() == null ? new BufferPool(allocator) : null;
    this.options = ownPool == null ? options : options.toBuilder().bufferPool(ownPool).build();
    this.taskIterable = tasks;
    this.tasks = tasks.iterator();
  }

  /**
   * A reader of a table scan: its tasks ({@code planFiles}), its projection ({@code select}), its
   * filter (each task's residual), read through the table's FileIO.
   *
   * @param allocator where the batches' memory comes from
   * @param scan the scan
   * @return the reader; close it
   */
  public static IcebergArrowReader open(BufferAllocator allocator, TableScan scan) {
    return open(allocator, scan, ReadOptions.defaults());
  }

  /**
   * A reader of a table scan with Parrow's read options for each file (batch size, threads, checks
   * and limits; projections, filters and types come from the scan).
   *
   * @param allocator where the batches' memory comes from
   * @param scan the scan
   * @param options how each file is read
   * @return the reader; close it
   */
  public static IcebergArrowReader open(
      BufferAllocator allocator, TableScan scan, ReadOptions options) {
    return new IcebergArrowReader(
        allocator, scan.planFiles(), scan.schema(), scan.table().io(), options);
  }

  /**
   * A reader of some scan tasks (handed to a worker of a distributed engine, say).
   *
   * @param allocator where the batches' memory comes from
   * @param tasks the tasks, read in this order
   * @param projection the schema to read them as
   * @param io how their files are opened
   * @param options how each file is read
   * @return the reader; close it
   */
  public static IcebergArrowReader open(
      BufferAllocator allocator,
      Iterable<FileScanTask> tasks,
      Schema projection,
      FileIO io,
      ReadOptions options) {
    return new IcebergArrowReader(
        allocator, CloseableIterable.withNoopClose(tasks), projection, io, options);
  }

  @Override
  protected org.apache.arrow.vector.types.pojo.Schema readSchema() {
    return arrowSchema;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    prepareLoadNextBatch();
    VectorSchemaRoot root = getVectorSchemaRoot();
    while (true) {
      if (current == null) {
        if (!tasks.hasNext()) {
          root.setRowCount(0);
          return false;
        }
        current = new TaskRead(tasks.next());
      }
      if (current.load(root)) {
        return true;
      }
      current.close();
      current = null;
    }
  }

  /** The bytes the tasks read to their end or closed so far read. */
  private long bytesRead;

  @Override
  public long bytesRead() {
    return bytesRead + (current == null || current.reader == null ? 0 : current.reader.bytesRead());
  }

  @Override
  protected void closeReadSource() throws IOException {
    try {
      if (current != null) {
        current.close();
        current = null;
      }
    } finally {
      try {
        taskIterable.close();
      } finally {
        if (ownPool != null) {
          ownPool.close();
        }
      }
    }
  }

  /** The column name Parrow's row numbers get while a task is read. */
  private static final String ROW_NUMBERS = "_parrow_pos";

  /** One task's read: its file, deletes and constant columns. */
  private final class TaskRead implements AutoCloseable {
    /** The table's schema, which the deletes and the residual name their columns in. */
    private Schema tableSchema;

    /** What the file is read as: the projected columns and those filters and deletes test. */
    private Schema fileSchema;

    /** Partition values and the initial defaults of columns the file lacks, by field id. */
    private Map<Integer, ?> constants;

    private List<IcebergDeletes.EqualityKeys> equalityDeletes;

    /** The file's first row id and data sequence number, which its rows' lineage inherits. */
    private Long firstRowId;

    private Long dataSequenceNumber;
    private final ParquetFile file;
    private final ParquetArrowReader reader;

    /**
     * The task's constant columns by field id, each filled once for as many rows as its largest
     * batch so far and shared into every batch.
     */
    private final Map<Integer, FieldVector> filledConstants = new java.util.HashMap<>();

    TaskRead(FileScanTask task) throws IOException {
      if (task.file().format() != org.apache.iceberg.FileFormat.PARQUET) {
        throw new UnsupportedOperationException(
            task.file().location()
                + ": a data file in "
                + task.file().format()
                + "; Parrow reads Parquet data files only");
      }
      String location = task.file().location();
      ParquetFile opened = ParquetFile.open(new IcebergInputFile(io.newInputFile(location)));
      try {
        this.reader = open(task, opened);
      } catch (IOException | RuntimeException | Error e) {
        opened.close();
        throw e;
      }
      this.file = opened;
    }

    /** The task's reader of its open file (null when the split holds no row group). */
    private ParquetArrowReader open(FileScanTask task, ParquetFile opened) throws IOException {
      String location = task.file().location();
      Types.NestedField partition = projection.findField(MetadataColumns.PARTITION_COLUMN_ID);
      // With _partition projected, its struct (the table's partition type over every spec) is a
      // constant of the task too.
      Map<Integer, Object> constants =
          new java.util.HashMap<>(
              partition == null
                  ? PartitionUtil.constantsMap(task)
                  : PartitionUtil.constantsMap(
                      task, partition.type().asStructType(), (type, value) -> value));
      this.tableSchema = tableSchema(task);
      // Columns added after the file was written with an initial default (format version 3)
      // hold that default in each of its rows: constants of the task, also for its residual.
      Map<Integer, Object> defaults = IcebergSchemas.missingDefaults(projection, opened, location);
      defaults.forEach(constants::putIfAbsent);
      this.constants = constants;
      BitSet deleted = IcebergDeletes.positions(location, task.deletes(), io, allocator);
      this.equalityDeletes = IcebergDeletes.equality(task.deletes(), tableSchema, io, allocator);
      for (IcebergDeletes.EqualityKeys e : equalityDeletes) {
        for (int id : e.fieldIds()) {
          if (defaults.containsKey(id)) {
            throw new UnsupportedOperationException(
                location
                    + ": an equality delete tests column "
                    + tableSchema.findColumnName(id)
                    + ", which the file lacks and holds by its initial default; Parrow does not"
                    + " match deletes on defaults yet");
          }
        }
      }
      // What the file is read as: the projected columns it holds (not the constant ones), and
      // the columns the residual and the equality deletes test.
      // Row lineage (format version 3): a file rewritten with its rows' ids and sequence numbers
      // holds them; where it does not (or holds nulls), they are inherited from the file's first
      // row id and data sequence number.
      Set<Integer> fileIds = IcebergSchemas.fieldIds(opened);
      this.firstRowId = task.file().firstRowId();
      this.dataSequenceNumber = task.file().dataSequenceNumber();
      Set<Integer> read = new HashSet<>();
      for (Types.NestedField f : projection.columns()) {
        int id = f.fieldId();
        // (Iceberg's constants hold the lineage's bases, not values to fill the columns with.)
        if (isLineage(id) ? fileIds.contains(id) : !isConstant(f) && !isMetadata(id)) {
          read.add(id);
        }
      }
      Schema readSchema = TypeUtil.select(projection, read);
      Set<Integer> extra = new HashSet<>();
      Expression residual = IcebergFilters.settle(task.residual(), tableSchema, defaults);
      extra.addAll(IcebergFilters.fieldIds(residual, tableSchema));
      equalityDeletes.forEach(e -> extra.addAll(e.fieldIds()));
      extra.removeIf(id -> readSchema.findField(id) != null);
      this.fileSchema = fileSchema(readSchema, read, extra);
      ReadOptions.Builder b = options.toBuilder().readAs(IcebergSchemas.toArrow(fileSchema));
      Filter filter = IcebergFilters.of(residual, fileSchema);
      if (filter != null) {
        b.filter(filter);
      }
      if (!deleted.isEmpty()) {
        b.select(RowSelection.allBut(deleted));
      }
      if (projection.findField(MetadataColumns.ROW_POSITION.fieldId()) != null
          || projection.findField(MetadataColumns.ROW_ID.fieldId()) != null) {
        b.rowNumbers(ROW_NUMBERS);
      }
      int[] groups = rowGroups(opened, task);
      if (groups != null) {
        b.rowGroups(groups);
      }
      // A split that holds no row group's midpoint reads nothing (no row groups chosen would
      // mean all of them).
      return groups != null && groups.length == 0 ? null : opened.newReader(allocator, b.build());
    }

    /**
     * The projected columns' schema, with the columns of the table's that the residual and the
     * equality deletes test ({@code extra}): added whole where their top-level column is not
     * projected, else the projected ids and the extra ones selected from the table's schema
     * together (a struct projected in part, whose other field a delete tests).
     */
    private Schema fileSchema(Schema readSchema, Set<Integer> read, Set<Integer> extra) {
      if (extra.isEmpty()) {
        return readSchema;
      }
      Map<Integer, Integer> parents = TypeUtil.indexParents(tableSchema.asStruct());
      boolean apart = true;
      for (int id : extra) {
        Integer top = id;
        while (parents.get(top) != null) {
          top = parents.get(top);
        }
        apart &= readSchema.findField(top) == null;
      }
      if (apart) {
        return TypeUtil.join(readSchema, TypeUtil.select(tableSchema, extra));
      }
      Set<Integer> all = new HashSet<>(TypeUtil.getProjectedIds(readSchema));
      all.addAll(TypeUtil.getProjectedIds(TypeUtil.select(tableSchema, extra)));
      return TypeUtil.select(tableSchema, all);
    }

    private boolean isConstant(Types.NestedField f) {
      return (f.type().isPrimitiveType() || f.fieldId() == MetadataColumns.PARTITION_COLUMN_ID)
          && constants.containsKey(f.fieldId());
    }

    /** Loads the next batch of the task into {@code root}; false at the task's end. */
    boolean load(VectorSchemaRoot root) throws IOException {
      while (reader != null && reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        BitSet keep = equalityDeletes.isEmpty() ? null : kept(batch);
        if (keep != null && keep.cardinality() == 0) {
          continue;
        }
        if (keep != null && keep.cardinality() < batch.getRowCount()) {
          // The file's batch is compacted before it moves: the constant columns, shared slices,
          // are then made for the rows kept, and nothing is copied twice.
          BatchCompaction.keep(batch, keep);
        }
        int rows = batch.getRowCount();
        // Lineage first: _row_id reads the row numbers that _pos then takes.
        for (int i = 0; i < projection.columns().size(); i++) {
          int id = projection.columns().get(i).fieldId();
          if (isLineage(id)) {
            lineage(id, batch, (BigIntVector) root.getVector(i), rows);
          }
        }
        for (int i = 0; i < projection.columns().size(); i++) {
          Types.NestedField f = projection.columns().get(i);
          FieldVector target = root.getVector(i);
          int id = f.fieldId();
          if (isLineage(id)) {
            continue;
          } else if (id == MetadataColumns.ROW_POSITION.fieldId()) {
            VectorExchange.move(batch.getVector(ROW_NUMBERS), target);
          } else if (id == MetadataColumns.IS_DELETED.fieldId()) {
            shareConstant(target, id, Boolean.FALSE, rows);
          } else if (isConstant(f)) {
            shareConstant(target, id, constants.get(id), rows);
          } else {
            moveInto(batch.getVector(f.name()), target);
          }
        }
        root.setRowCount(rows);
        return true;
      }
      return false;
    }

    /**
     * Moves a column of the file's batch into the output's, without a copy, the output's last
     * buffers going back to the file's reader to decode its next batch into ({@link
     * VectorExchange}). A struct the file was read with more fields of (one a filter or delete
     * tests, not projected) shares its validity and moves only the output's fields.
     */
    private void moveInto(FieldVector from, FieldVector to) {
      if (from instanceof StructVector fs
          && to instanceof StructVector ts
          && fs.size() != ts.size()) {
        ts.loadFieldBuffers(
            new ArrowFieldNode(fs.getValueCount(), fs.getNullCount()),
            List.of(fs.getValidityBuffer()));
        for (String name : ts.getChildFieldNames()) {
          moveInto((FieldVector) fs.getChild(name), (FieldVector) ts.getChild(name));
        }
        return;
      }
      VectorExchange.move(from, to);
    }

    /**
     * {@code rows} copies of a constant of the task in {@code target}: the first {@code rows} of
     * the task's filled column shared without a copy (its buffers sliced, never written again, so a
     * consumer may hold them), rather than each batch allocating and filling its own.
     */
    private void shareConstant(FieldVector target, int id, Object value, int rows) {
      FieldVector filled = filledConstants.get(id);
      if (filled == null || filled.getValueCount() < rows) {
        if (filled != null) {
          filled.close();
        }
        filled = target.getField().createVector(allocator);
        filledConstants.put(id, filled);
        constant(filled, value, rows);
      }
      filled.makeTransferPair(target).splitAndTransfer(0, rows);
    }

    /**
     * A lineage column's values: the file's where it holds them, else inherited, {@code _row_id} as
     * the file's first row id plus the row's position and {@code _last_updated_sequence_number} as
     * the file's data sequence number (null where the file has neither, as before format version
     * 3).
     */
    private void lineage(int id, VectorSchemaRoot batch, BigIntVector target, int rows) {
      boolean rowId = id == MetadataColumns.ROW_ID.fieldId();
      String name =
          rowId
              ? MetadataColumns.ROW_ID.name()
              : MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER.name();
      FieldVector stored = batch.getVector(name); // null where the file does not hold it
      BigIntVector positions = rowId ? (BigIntVector) batch.getVector(ROW_NUMBERS) : null;
      Long base = rowId ? firstRowId : dataSequenceNumber;
      target.allocateNew(rows);
      for (int r = 0; r < rows; r++) {
        if (stored != null && !stored.isNull(r)) {
          target.set(r, ((BigIntVector) stored).get(r));
        } else if (base != null) {
          target.set(r, rowId ? base + positions.get(r) : base);
        } else {
          target.setNull(r);
        }
      }
      target.setValueCount(rows);
    }

    /** The rows of the batch that no equality delete removes. */
    private BitSet kept(VectorSchemaRoot batch) {
      int rows = batch.getRowCount();
      BitSet keep = new BitSet(rows);
      keep.set(0, rows);
      for (IcebergDeletes.EqualityKeys e : equalityDeletes) {
        List<IcebergDeletes.Column> columns =
            IcebergDeletes.columns(batch, fileSchema, e.fieldIds());
        for (int r = keep.nextSetBit(0); r >= 0; r = keep.nextSetBit(r + 1)) {
          if (e.keys().contains(IcebergDeletes.key(columns, r))) {
            keep.clear(r);
          }
        }
      }
      return keep;
    }

    @Override
    public void close() throws IOException {
      if (reader != null) {
        bytesRead += reader.bytesRead();
      }
      try (ParquetFile f = file;
          ParquetArrowReader r = reader) {
        // The reader first, then the file.
      } finally {
        filledConstants.values().forEach(FieldVector::close);
      }
    }
  }

  /** The table schema a task's deletes and residual name their columns in. */
  private Schema tableSchema(FileScanTask task) {
    try {
      return task.schema();
    } catch (UnsupportedOperationException e) {
      return projection;
    }
  }

  /** The row lineage columns of format version 3, read where a file holds them, else made. */
  private static boolean isLineage(int id) {
    return id == MetadataColumns.ROW_ID.fieldId()
        || id == MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER.fieldId();
  }

  /** Only metadata columns the reader makes itself, or takes from the task's constants. */
  private static boolean isMetadata(int id) {
    return isLineage(id)
        || id == MetadataColumns.ROW_POSITION.fieldId()
        || id == MetadataColumns.IS_DELETED.fieldId()
        || id == MetadataColumns.FILE_PATH.fieldId()
        || id == MetadataColumns.SPEC_ID.fieldId()
        || id == MetadataColumns.PARTITION_COLUMN_ID;
  }

  /**
   * The row groups of a task that reads part of its file: those whose midpoint lies in the task's
   * byte range, as parquet-java assigns them (each row group to exactly one task); null for the
   * whole file.
   */
  static int[] rowGroups(ParquetFile file, FileScanTask task) {
    long start = task.start();
    long end = start + task.length();
    List<RowGroup> groups = file.metadata().rowGroups();
    if (start == 0 && end >= task.file().fileSizeInBytes()) {
      return null;
    }
    List<Integer> out = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      RowGroup group = groups.get(g);
      long first = Long.MAX_VALUE;
      long bytes = 0;
      for (var chunk : group.columns()) {
        ColumnMetaData meta = chunk.metaData();
        if (meta == null) {
          continue;
        }
        long at = meta.dataPageOffset();
        if (meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0) {
          at = Math.min(at, meta.dictionaryPageOffset());
        }
        first = Math.min(first, at);
        bytes += meta.totalCompressedSize();
      }
      long mid = first + bytes / 2;
      if (mid >= start && mid < end) {
        out.add(g);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * {@code rows} copies of an Iceberg constant (its internal value) in {@code target}, in bulk: the
   * first value set, then the filled bytes copied after themselves, doubling, and the validity bits
   * set a byte at a time (a constant column is filled for every batch of a task).
   */
  static void constant(FieldVector target, Object value, int rows) {
    if (target instanceof org.apache.arrow.vector.complex.StructVector struct) {
      // _partition: each field its constant, the struct null where the value is.
      org.apache.iceberg.StructLike fields = (org.apache.iceberg.StructLike) value;
      struct.setInitialCapacity(rows);
      struct.allocateNew();
      for (int c = 0; c < struct.size(); c++) {
        constant(
            (FieldVector) struct.getChildByOrdinal(c),
            fields == null ? null : fields.get(c, Object.class),
            rows);
      }
      if (fields != null) {
        allValid(struct.getValidityBuffer(), rows);
      }
      struct.setValueCount(rows);
      return;
    }
    target.setInitialCapacity(rows);
    target.allocateNew();
    if (value == null || rows == 0) {
      target.setValueCount(rows);
      return;
    }
    if (target instanceof BaseFixedWidthVector fixed && !(target instanceof BitVector)) {
      set(fixed, 0, value);
      repeat(fixed.getDataBuffer(), fixed.getTypeWidth(), rows);
      allValid(fixed.getValidityBuffer(), rows);
    } else if (target instanceof org.apache.arrow.vector.BaseVariableWidthVector variable) {
      byte[] bytes =
          target instanceof VarCharVector
              ? value.toString().getBytes(StandardCharsets.UTF_8)
              : bytes(value);
      variable.allocateNew((long) bytes.length * rows, rows);
      org.apache.arrow.memory.ArrowBuf data = variable.getDataBuffer();
      data.setBytes(0, bytes);
      repeat(data, bytes.length, rows);
      org.apache.arrow.memory.ArrowBuf offsets = variable.getOffsetBuffer();
      for (int i = 0; i <= rows; i++) {
        offsets.setInt((long) i * 4, i * bytes.length);
      }
      allValid(variable.getValidityBuffer(), rows);
      variable.setLastSet(rows - 1);
    } else {
      for (int i = 0; i < rows; i++) {
        set(target, i, value);
      }
    }
    target.setValueCount(rows);
  }

  /** The first {@code width} bytes of {@code data} copied after themselves up to {@code rows}. */
  private static void repeat(org.apache.arrow.memory.ArrowBuf data, long width, int rows) {
    for (long done = 1; done < rows; done *= 2) {
      long n = Math.min(done, rows - done);
      data.setBytes(done * width, data, 0, n * width);
    }
  }

  /** The validity bits of the first {@code rows} slots set. */
  private static void allValid(org.apache.arrow.memory.ArrowBuf validity, int rows) {
    validity.setOne(0, rows / 8);
    for (int i = rows / 8 * 8; i < rows; i++) {
      org.apache.arrow.vector.BitVectorHelper.setBit(validity, i);
    }
  }

  private static void set(FieldVector v, int i, Object value) {
    if (v instanceof IntVector x) {
      x.setSafe(i, ((Number) value).intValue());
    } else if (v instanceof DateDayVector x) {
      x.setSafe(i, ((Number) value).intValue());
    } else if (v instanceof BigIntVector x) {
      x.setSafe(i, ((Number) value).longValue());
    } else if (v instanceof TimeMicroVector x) {
      x.setSafe(i, ((Number) value).longValue());
    } else if (v instanceof TimeStampVector x) {
      x.setSafe(i, ((Number) value).longValue());
    } else if (v instanceof Float4Vector x) {
      x.setSafe(i, ((Number) value).floatValue());
    } else if (v instanceof Float8Vector x) {
      x.setSafe(i, ((Number) value).doubleValue());
    } else if (v instanceof BitVector x) {
      x.setSafe(i, ((Boolean) value) ? 1 : 0);
    } else if (v instanceof DecimalVector x) {
      x.setSafe(i, (BigDecimal) value);
    } else if (v instanceof VarCharVector x) {
      x.setSafe(i, value.toString().getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof VarBinaryVector x) {
      x.setSafe(i, bytes(value));
    } else if (v instanceof FixedSizeBinaryVector x) {
      x.setSafe(i, bytes(value));
    } else if (v instanceof BaseFixedWidthVector x
        && value instanceof java.util.UUID u
        && x.getTypeWidth() == 16) {
      ByteBuffer b = ByteBuffer.allocate(16);
      b.putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
      x.getDataBuffer().setBytes((long) i * 16, b.array());
      org.apache.arrow.vector.BitVectorHelper.setBit(x.getValidityBuffer(), i);
    } else {
      throw new UnsupportedOperationException(
          "a constant column of " + v.getField().getType() + " (" + v.getName() + ")");
    }
  }

  private static byte[] bytes(Object value) {
    ByteBuffer b = ((ByteBuffer) value).duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
