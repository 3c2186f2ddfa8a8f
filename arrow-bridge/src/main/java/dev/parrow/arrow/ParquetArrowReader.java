package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.BoundFilter;
import dev.parrow.arrow.internal.filter.BoundFilters;
import dev.parrow.arrow.internal.filter.FilterBinder;
import dev.parrow.arrow.internal.filter.FilterColumn;
import dev.parrow.arrow.internal.read.BatchesAhead;
import dev.parrow.arrow.internal.read.ChunkPages;
import dev.parrow.arrow.internal.read.DictionaryWidening;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.arrow.internal.read.Projection;
import dev.parrow.arrow.internal.read.RowNumbers;
import dev.parrow.arrow.internal.read.SchemaEvolution;
import dev.parrow.arrow.internal.read.SpareRoots;
import dev.parrow.arrow.internal.threads.TaskProfile;
import dev.parrow.arrow.internal.threads.WorkerPool;
import dev.parrow.codec.BatchTooLargeException;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageBuffers;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a Parquet file into Arrow batches: each {@link #loadNextBatch} fills the vectors of {@link
 * #getVectorSchemaRoot} with up to {@link ReadOptions#batchSize} rows of one row group; a row of a
 * nested column (lists, maps, structs) is never split between batches. Being an {@link
 * ArrowReader}, it can be handed to anything that consumes Arrow streams (for example {@code
 * Data.exportArrayStream}).
 *
 * <p>With a filter ({@link ReadOptions#filter}) a batch holds only the matching rows of what it
 * read, so batches can be smaller than the batch size (never empty); row groups and pages that
 * cannot match are skipped. {@link #stats} tells what was read and skipped.
 *
 * <p>Table formats' reads: {@link ReadOptions#rowNumbers} adds each row's position in the file,
 * {@link ReadOptions#selection} reads only the rows the caller chose by position, and {@link
 * ReadOptions#readAs} gives the batches the caller's schema (matched by field id or name, widened,
 * missing fields null; see {@code SchemaEvolution}).
 *
 * <p>With 4 threads or more ({@link ReadOptions#parallelism}) several row groups, or runs of
 * batches of one, are decoded at once and handed out in order, within {@link
 * ReadOptions#bytesInFlight}: the batches are those one thread reads.
 *
 * <p>Every problem with the file is a {@link ParquetFormatException} naming the file, column, row
 * group and page.
 *
 * <p>A reader is used by one thread at a time, like any ArrowReader; readers of one {@link
 * ParquetFile} may run on different threads at once. {@link #close} may come from another thread
 * while a batch is being read: it waits for that batch to end (the vectors are not freed under the
 * reading thread), and the next {@link #loadNextBatch} fails with an IllegalStateException.
 */
public final class ParquetArrowReader extends ArrowReader {
  private final ParquetFile file;

  /** The options the file is read with (those of the file's own types under {@link #evolution}). */
  private final ReadOptions options;

  private final Projection projection;

  /** The read as the caller's schema ({@link ReadOptions#readAs}), or null. */
  private final SchemaEvolution evolution;

  /** Under {@link #evolution}, the batch as the file's types, before it moves into the root. */
  private VectorSchemaRoot fileRoot;

  /** The row groups the options chose; those a filter may match are in the {@link #plan}. */
  private final List<Integer> chosenGroups;

  /** The filter, bound to the file; null without one. */
  private final BoundFilter filter;

  /** The row groups and rows to read, made when the first batch is read. */
  private ReadPlan plan;

  /** Where the read is: row group and row. */
  private final RowGroupCursor cursor = new RowGroupCursor();

  /**
   * The most rows of a batch in the current row group: the batch size, until a batch of it did not
   * fit (BatchTooLargeException), then smaller.
   */
  private int rowCap = Integer.MAX_VALUE;

  /** The leaves and field trees, and how a batch is read and built from them. */
  private final BatchAssembly assembly;

  /** The filter's step of each batch (null without a filter, or when only pruning). */
  private FilteredRead filtered;

  /** When the chunks are fetched and their pages read ahead (made at the first row group). */
  private ChunkScheduler scheduler;

  /** What the read has read and passed over, for {@link #stats}. */
  private final ReadCounters counters = new ReadCounters();

  /** Each leaf column's page arrays, which its chunks pass on from row group to row group. */
  private final Map<Integer, PageBuffers> pageBuffers =
      new java.util.concurrent.ConcurrentHashMap<>();

  private boolean dictionariesBound;

  /** Whether the cursor, the filter-only root and the filter's step were made. */
  private boolean planStarted;

  /**
   * The batches decoded ahead ({@link ReadOptions#decodeAhead}), made at the first batch; null when
   * each batch is read when asked for.
   */
  private volatile BatchesAhead<ReadStats> ahead;

  private boolean aheadDecided;

  /**
   * The row group this reader reads a piece of, whose fetched chunks and dictionaries it shares
   * with the readers of its other pieces; null when it reads whole row groups.
   */
  private SplitRowGroup split;

  /**
   * The row groups decoded at once, each by a reader of its own, made at the first batch; null when
   * one row group is read at a time.
   */
  private volatile UnitsAhead<RowGroupsAtOnce.Piece> groupsAhead;

  /**
   * The roots of the read's {@link BufferPool}, or null: the batches decoded ahead take theirs
   * there, and the reader's own root and the file-typed one start with the buffers kept there and
   * go back there when the read ends.
   */
  private final SpareRoots pooled;

  /** Whether the reader's root has taken the buffers the pool kept of a root like it. */
  private boolean rootFromPool;

  /** Held while a batch is read, so that a close from another thread waits for it. */
  private final java.util.concurrent.locks.ReentrantLock reading =
      new java.util.concurrent.locks.ReentrantLock();

  private volatile boolean closing;

  ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) {
    super(allocator);
    if (options.filePaths() != null) {
      throw new IllegalArgumentException(
          file.footer().fileName()
              + ": a column of file paths is for dataset reads (ParquetDataset); a file's reader"
              + " reads one file");
    }
    this.file = file;
    this.pooled =
        options.bufferPool() == null
            ? null
            : options.bufferPool().rootsFor(allocator, file.footer().fileName());
    this.evolution = options.readAs() == null ? null : SchemaEvolution.of(file.footer(), options);
    this.options = evolution == null ? options : evolution.fileOptions();
    options = this.options;
    this.projection = DictionaryWidening.projection(file.footer(), file.input(), options);
    this.chosenGroups = ReadPlan.chosenGroups(file, options);
    this.filter = options.filter() == null ? null : bind(file.footer(), options);
    this.assembly =
        new BatchAssembly(
            allocator,
            file,
            options,
            projection,
            filter == null ? null : filterOnly(file, options, projection, filter),
            cursor);
    List<dev.parrow.codec.schema.ColumnDescriptor> read = new ArrayList<>();
    assembly.leaves().forEach(l -> read.add(l.leaf().column()));
    ChunkPages.checkKeys(file.footer(), read, chosenGroups);
  }

  /** The read's filter bound to a file's columns, checked against its types. */
  static BoundFilter bind(Footer footer, ReadOptions options) {
    BoundFilter bound =
        new FilterBinder(footer.schema(), options.types(), footer.fileName())
            .bind(options.filter());
    if (options.types().decimalsAsDouble()) {
      for (FilterColumn c : BoundFilters.columns(bound)) {
        if (c.literal() == FilterColumn.LiteralKind.DECIMAL) {
          throw new IllegalArgumentException(
              footer.fileName()
                  + ": filter column '"
                  + c.name()
                  + "' is a decimal, which this read turns into doubles (decimalsAsDouble); a"
                  + " filter compares decimals exactly, so read them as decimals to filter on"
                  + " them");
        }
      }
    }
    return bound;
  }

  /**
   * The filter's columns that the caller did not ask for, as a projection of their own (null when
   * there are none). String and binary columns among them are read as dictionaries, one per row
   * group, into dictionary vectors of the reader's own.
   */
  private static Projection filterOnly(
      ParquetFile file, ReadOptions options, Projection projection, BoundFilter filter) {
    java.util.Set<Integer> read = new java.util.HashSet<>();
    for (LeafColumn leaf : projection.leaves()) {
      read.add(leaf.column().index());
    }
    List<String> missing = new ArrayList<>();
    for (FilterColumn c : BoundFilters.columns(filter)) {
      if (!read.contains(c.column().index()) && !missing.contains(c.name())) {
        missing.add(c.name());
      }
    }
    if (missing.isEmpty()) {
      return null;
    }
    return Projection.of(
        file.footer(),
        options.toBuilder()
            .columns(missing)
            .columnIndices()
            // Strings the filter alone reads stay dictionary ids: tested once per entry, never
            // materialised.
            .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP).dictionaryColumns(missing))
            .build());
  }

  /**
   * What the read has done so far: row groups and pages skipped and read, rows in and out.
   *
   * @return the counts so far
   */
  public ReadStats stats() {
    UnitsAhead<RowGroupsAtOnce.Piece> groups = groupsAhead;
    if (groups != null) {
      ReadStats c = groups.counts();
      // Each row group's reader counts itself; the file's count is the row groups chosen.
      return new ReadStats(
          chosenGroups.size(),
          c.rowGroupsRead(),
          c.pages(),
          c.pagesRead(),
          c.bytesRead(),
          c.rowsScanned(),
          c.rows());
    }
    BatchesAhead<ReadStats> pipeline = ahead;
    return pipeline != null ? pipeline.counts() : countsNow();
  }

  /** The counts as the reading thread (the one decoding ahead, if any) has them. */
  ReadStats countsNow() {
    return counters.snapshot(chosenGroups.size(), plan == null ? 0 : plan.rowGroups().size());
  }

  /**
   * Things about the mapping a user may want to know (unknown annotations read as physical types).
   *
   * @return the warnings, once each
   */
  public List<String> warnings() {
    return projection.warnings();
  }

  @Override
  protected Schema readSchema() {
    return schemaOf(evolution == null ? projection.schema() : evolution.schema());
  }

  /** The fields read (the file's or the requested ones), and the row numbers when asked. */
  private Schema schemaOf(Schema fields) {
    return withRowNumbers(fields, options, file.footer().fileName());
  }

  /** {@code fields}, and after them the row-number column when the options ask for one. */
  static Schema withRowNumbers(Schema fields, ReadOptions options, String fileName) {
    return options.rowNumbers() == null
        ? fields
        : RowNumbers.schema(fields, options.rowNumbers(), fileName);
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    reading.lock();
    try {
      if (closing) {
        throw new IllegalStateException(
            file.footer().fileName() + ": the reader was closed; no batch can be read");
      }
      prepareLoadNextBatch();
      if (pooled != null && !rootFromPool) {
        rootFromPool = true;
        BufferPool.lendTo(pooled, getVectorSchemaRoot());
      }
      if (evolution == null) {
        return loadInto(getVectorSchemaRoot());
      }
      if (fileRoot == null) {
        Schema fileSchema = schemaOf(projection.schema());
        fileRoot =
            pooled != null
                ? pooled.take(fileSchema, allocator)
                : VectorSchemaRoot.create(fileSchema, allocator);
      }
      if (!loadInto(fileRoot)) {
        return false;
      }
      evolution.convert(fileRoot, getVectorSchemaRoot());
      return true;
    } finally {
      reading.unlock();
    }
  }

  /**
   * Gives the pool the buffers of the reader's root and of the file-typed one, as the read ends.
   */
  private void giveToPool() throws IOException {
    if (rootFromPool) {
      BufferPool.keepFrom(pooled, getVectorSchemaRoot(), allocator);
    }
    if (fileRoot != null) {
      pooled.give(fileRoot);
      fileRoot = null;
    }
  }

  /** Reads the next batch into {@code target} (the caller's root, or the file-typed one). */
  private boolean loadInto(VectorSchemaRoot target) throws IOException {
    if (!aheadDecided) {
      aheadDecided = true;
      groupsAhead = rowGroupsAtOnce(target);
      if (groupsAhead == null && options.decodeAhead() && getDictionaryVectors().isEmpty()) {
        ahead =
            new BatchesAhead<>(
                allocator,
                target,
                this::loadBatch,
                this::countsNow,
                2,
                null,
                pooled,
                WorkerPool.orOwn(options.executor()),
                options.executor() == null,
                file.footer().fileName());
      }
    }
    if (groupsAhead != null) {
      return groupsAhead.next();
    }
    return ahead != null ? ahead.next() : loadBatch(target);
  }

  /**
   * Frees the batch's vectors and dictionaries, after the batch being read on another thread (if
   * any) has ended.
   */
  @Override
  public void close(boolean closeReadSource) throws IOException {
    closing = true;
    BatchesAhead<ReadStats> pipeline = ahead;
    if (pipeline != null) {
      // Before the lock: a caller waiting in loadNextBatch for a batch decoded ahead holds it.
      pipeline.stop();
    }
    UnitsAhead<RowGroupsAtOnce.Piece> groups = groupsAhead;
    if (groups != null) {
      groups.stopSoon();
    }
    reading.lock();
    try {
      // Read again: a batch that was starting may have made it meanwhile (no caller waits now).
      if (ahead != null) {
        ahead.close();
      }
      if (groupsAhead != null) {
        groupsAhead.close();
      }
      if (pooled != null) {
        giveToPool();
      }
      super.close(closeReadSource);
      if (fileRoot != null) {
        fileRoot.close();
      }
      assembly.close();
      if (filtered != null) {
        filtered.close();
      }
      if (scheduler != null) {
        scheduler.close();
      }
      counters.currentPages().forEach(PageReader::dropReadAhead);
      // Nothing decodes any more: the current chunks' page arrays go to the readers that follow.
      counters.currentPages().forEach(PageReader::release);
      pageBuffers.values().forEach(PageBuffers::retire);
    } finally {
      reading.unlock();
    }
  }

  /**
   * The row groups of the plan decoded at once ({@link RowGroupsAtOnce}), when the read has threads
   * to spare and no dictionary vectors (whose dictionaries each piece's reader would make its own);
   * else null, and one row group is read at a time with its columns in parallel.
   */
  private UnitsAhead<RowGroupsAtOnce.Piece> rowGroupsAtOnce(VectorSchemaRoot target)
      throws IOException {
    if (!getDictionaryVectors().isEmpty() || assembly.leaves().isEmpty()) {
      return null;
    }
    // The plan is made here rather than at the first batch: the pieces follow it.
    makePlan();
    return RowGroupsAtOnce.start(allocator, file, options, plan, assembly.leaves(), target, pooled);
  }

  /**
   * Reads a piece of a row group split for reading at once: its chunks are fetched, and its
   * dictionaries decoded, by {@code split} for all its pieces.
   */
  void readPieceOf(SplitRowGroup split) {
    this.split = split;
  }

  /** Plans the read: its row groups and rows. */
  private void makePlan() throws IOException {
    if (plan == null) {
      try {
        plan = new ReadPlan(file, options, chosenGroups, filter);
      } catch (java.io.UncheckedIOException e) {
        throw e.getCause();
      }
    }
  }

  /**
   * How many times the dictionary {@code id} has been written (its values are the same while this
   * stays the same); -1 for an id that is not a column's dictionary.
   */
  long dictionaryVersion(long id) {
    // The filter-only columns number their dictionaries apart: they are not the root's.
    Set<Integer> filterOnly = assembly.filterOnlyColumns();
    for (var leaf : assembly.leaves()) {
      var encoding = leaf.leaf().field().getDictionary();
      if (encoding != null
          && encoding.getId() == id
          && !filterOnly.contains(leaf.leaf().column().index())
          && leaf.leaf().filler() instanceof dev.parrow.arrow.internal.fill.DictionaryFiller d) {
        return d.version();
      }
    }
    return -1;
  }

  /** Plans the read, binds the dictionaries and makes the filter's step (at the first batch). */
  private void prepare() throws IOException {
    if (!planStarted) {
      planStarted = true;
      makePlan();
      cursor.start(plan);
      assembly.createFilterOnlyRoot();
      BoundFilter rowFilter = options.pruneOnly() ? null : filter;
      if (rowFilter != null || options.selection() != null) {
        filtered =
            new FilteredRead(
                rowFilter, options.selection(), assembly, this::getDictionaryVectors, allocator);
      }
    }
    if (!dictionariesBound) {
      // The dictionary vectors exist once the root does (ArrowReader makes them from the schema).
      new DictionaryPreload(file, options, plan.rowGroups(), this::pages)
          .bind(assembly.leaves(), assembly.filterDictionaryColumns(), getDictionaryVectors());
      dictionariesBound = true;
    }
  }

  /**
   * Reads the next batch into {@code root} (the caller's, or one of the roots decoded ahead); false
   * at the end.
   */
  boolean loadBatch(VectorSchemaRoot root) throws IOException {
    // This reader's batches follow one another: one chain of tasks, for a profile's headroom.
    TaskProfile.inChain(this);
    prepare();
    while (true) {
      while (!cursor.inRange()) {
        try {
          if (!nextRowGroup()) {
            return false;
          }
        } catch (java.io.UncheckedIOException e) {
          throw e.getCause();
        }
      }
      long start = cursor.rangeStart();
      if (cursor.row() < start) {
        assembly.skip(assembly.leaves(), start - cursor.row());
        cursor.skippedTo(start);
      }
      int rows =
          (int) Math.min(Math.min(options.batchSize(), rowCap), cursor.rangeEnd() - cursor.row());
      for (FieldVector vector : root.getFieldVectors()) {
        dev.parrow.arrow.internal.buffers.Buffers.releaseShared(vector);
      }
      assembly.bind(root);
      long first = plan.firstRow(cursor.rowGroup()) + cursor.row();
      int kept;
      try {
        if (filtered != null) {
          kept = filtered.read(root, rows, first);
        } else {
          assembly.readAll(root, rows);
          kept = rows;
        }
      } catch (BatchTooLargeException e) {
        if (rows == 1) {
          throw e.inOneRow();
        }
        // The same rows again as smaller batches, for the rest of this row group.
        rowCap = e.smallerBatch(rows);
        restartRowGroup();
        continue;
      }
      cursor.read(rows);
      counters.rows(rows, kept);
      if (kept > 0) {
        if (options.rowNumbers() != null) {
          RowNumbers.fill(
              (BigIntVector) root.getVector(assembly.fields().size()),
              first,
              filtered == null ? null : filtered.lastKept(),
              kept);
        }
        return true;
      }
    }
  }

  /**
   * Starts the next row group that has rows to read (by the page index, when filtering); false
   * after the last.
   */
  private boolean nextRowGroup() {
    while (cursor.nextGroup()) {
      if (cursor.ranges().count() == 0) {
        for (LeafReader leaf : assembly.leaves()) {
          leaf.takePreloaded(cursor.position());
        }
        counters.rowGroupEmptied();
        continue;
      }
      RowGroup group = file.metadata().rowGroups().get(cursor.rowGroup());
      startRowGroup(group, cursor.ranges().rows() < group.numRows());
      rowCap = Integer.MAX_VALUE;
      return true;
    }
    return false;
  }

  /**
   * Starts reading a row group's chunks; when some rows will be skipped, nested columns get their
   * offset index, which tells the rows of v1 pages without reading them.
   */
  private void startRowGroup(RowGroup group, boolean skipping) {
    if (scheduler == null) {
      scheduler =
          new ChunkScheduler(file, options, assembly.leaves(), this::pages, plan, () -> closing);
      if (split != null) {
        scheduler.fetchedElsewhere();
      }
    }
    Map<Integer, PageReader> early = scheduler.start(cursor.position(), skipping);
    counters.rowGroupStarting();
    for (LeafReader leaf : assembly.leaves()) {
      LeafColumn column = leaf.leaf();
      ColumnMetaData meta = group.columns().get(column.column().index()).metaData();
      try {
        PageReader pages = early.get(column.column().index());
        if (pages == null) {
          pages = pages(cursor.rowGroup(), column);
        }
        if (skipping) {
          useOffsetIndex(group, column, pages);
        }
        counters.chunkStarted(pages, meta);
        DenseValues dictionary = leaf.takePreloaded(cursor.position());
        if (dictionary == null && split != null) {
          dictionary = split.dictionary(column);
        }
        leaf.start(chunkReader(column, pages, meta, dictionary));
        if (filtered != null) {
          filtered.startChunk(column.column().index(), meta.onlyDictionaryPages());
        }
      } catch (ParquetFormatException e) {
        throw assembly.inContext(e, leaf);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    scheduler.started(cursor.position());
  }

  /**
   * The reader of a chunk's values from {@code pages}; with {@code dictionary} (decoded before, or
   * null) the chunk's own dictionary page is passed over.
   */
  private static ColumnReader chunkReader(
      LeafColumn column, PageReader pages, ColumnMetaData meta, DenseValues dictionary) {
    ColumnReader reader = new ColumnReader(column.column(), pages);
    reader.expectValueBytes(meta);
    if (dictionary != null) {
      pages.skipDictionaryPage();
      reader.useDictionary(dictionary);
    }
    return reader;
  }

  /**
   * Gives a nested column's page reader its chunk's offset index, which tells the rows of v1 pages
   * without reading them, for a read that skips rows.
   */
  private void useOffsetIndex(RowGroup group, LeafColumn column, PageReader pages)
      throws IOException {
    if (column.column().maxRepetitionLevel() == 0) {
      return;
    }
    ColumnChunk chunk = group.columns().get(column.column().index());
    pages.useOffsetIndex(
        split != null
            ? split.offsetIndex(column)
            : PageIndexReader.offsetIndex(
                file.input(),
                chunk,
                group.numRows(),
                ChunkPages.crypto(file.footer(), cursor.rowGroup(), column.column())),
        group.numRows());
  }

  /**
   * Reads the current row group again from its first row up to the cursor's, with new page readers,
   * after a batch too large for one batch: its rows are then read as smaller batches. The leaves
   * keep their chunks' dictionaries and what their fillers hold of them (a dictionary column's
   * entries stay as the batches before gave them). Rare, so simple: the rows before are passed over
   * again, whole pages by their headers.
   */
  private void restartRowGroup() throws IOException {
    RowGroup group = file.metadata().rowGroups().get(cursor.rowGroup());
    List<LeafReader> leaves = assembly.leaves();
    for (int i = 0; i < leaves.size(); i++) {
      LeafReader leaf = leaves.get(i);
      LeafColumn column = leaf.leaf();
      try {
        counters.currentPages().get(i).dropReadAhead();
        PageReader pages = pages(cursor.rowGroup(), column);
        useOffsetIndex(group, column, pages);
        counters.chunkRestarted(i, pages);
        ColumnMetaData meta = group.columns().get(column.column().index()).metaData();
        leaf.restart(chunkReader(column, pages, meta, leaf.dictionary()));
      } catch (ParquetFormatException e) {
        throw assembly.inContext(e, leaf);
      }
    }
    if (cursor.row() > 0) {
      assembly.skip(leaves, cursor.row());
    }
  }

  private PageReader pages(int rowGroup, LeafColumn column) {
    PageReader pages = file.pages(rowGroup, column.column(), options);
    pages.shareBuffers(
        pageBuffers.computeIfAbsent(column.column().index(), c -> PageBuffers.sharedWithProcess()));
    return pages;
  }

  /** Stored bytes of the pages read so far (pages skipped whole are not read). */
  @Override
  public long bytesRead() {
    UnitsAhead<RowGroupsAtOnce.Piece> groups = groupsAhead;
    if (groups != null) {
      return groups.counts().bytesRead();
    }
    BatchesAhead<ReadStats> pipeline = ahead;
    return pipeline != null ? pipeline.counts().bytesRead() : bytesReadNow();
  }

  private long bytesReadNow() {
    return counters.bytesRead();
  }

  @Override
  protected void closeReadSource() {
    // The ParquetFile owns the input; the reader holds nothing else that needs closing.
  }
}
