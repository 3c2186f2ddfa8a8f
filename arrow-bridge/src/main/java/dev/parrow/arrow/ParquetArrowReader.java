package dev.parrow.arrow;

import dev.parrow.arrow.internal.fill.DictionaryFiller;
import dev.parrow.arrow.internal.filter.BoundFilter;
import dev.parrow.arrow.internal.filter.BoundFilters;
import dev.parrow.arrow.internal.filter.Compaction;
import dev.parrow.arrow.internal.filter.FilterBinder;
import dev.parrow.arrow.internal.filter.FilterColumn;
import dev.parrow.arrow.internal.filter.RowFilter;
import dev.parrow.arrow.internal.filter.RowRanges;
import dev.parrow.arrow.internal.read.BatchesAhead;
import dev.parrow.arrow.internal.read.FieldReader;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.arrow.internal.threads.WorkerPool;
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
import dev.parrow.types.FieldNode;
import dev.parrow.types.LevelInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
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
  private final ReadOptions options;
  private final Projection projection;

  /** The row groups the options chose; those a filter may match are in the {@link #plan}. */
  private final List<Integer> chosenGroups;

  /** The row groups and rows to read, made when the first batch is read. */
  private ReadPlan plan;

  /** The filter, bound to the file; null without one. */
  private final BoundFilter filter;

  /** Evaluates the filter on each batch (made at the first). */
  private RowFilter rowFilter;

  /** Filter columns not read for the caller: read into a root of their own, then dropped. */
  private final Projection filterOnly;

  private final List<FieldReader> filterOnlyFields;
  private VectorSchemaRoot filterOnlyRoot;

  /** The dictionaries of the filter-only columns read as dictionaries, by column index. */
  private final Map<Integer, FieldVector> filterDictionaries = new HashMap<>();

  /** What the read has read and passed over, for {@link #stats}. */
  private final ReadCounters counters = new ReadCounters();

  /** Every leaf read, in file order. */
  private final List<LeafReader> leaves;

  /** The assembly tree of each top-level field, by field index. */
  private final List<FieldReader> fields;

  /** Each leaf's vector in the current root, by column index. */
  private final FieldVector[] leafVectors;

  private int groupCursor = -1;
  private int currentGroup = -1;

  /** The rows of the current row group to read (all, or those the page index leaves). */
  private RowRanges groupRanges = RowRanges.none();

  private int rangeIndex;

  /** The row of the current row group the leaves are at. */
  private long groupRow;

  /** Filter leaves read first, so that the others are skipped in batches where nothing matches. */
  private List<LeafReader> filterLeaves = List.of();

  private List<LeafReader> otherLeaves = List.of();

  /** Filter leaves read as dictionary ids where their chunk allows, by leaf column index. */
  private final Map<Integer, dev.parrow.arrow.internal.read.CodedFilterLeaf> coded =
      new HashMap<>();

  private boolean dictionariesBound;

  /** Held while a batch is read, so that a close from another thread waits for it. */
  private final java.util.concurrent.locks.ReentrantLock reading =
      new java.util.concurrent.locks.ReentrantLock();

  private volatile boolean closing;

  ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) {
    super(allocator);
    this.file = file;
    this.options = options;
    this.projection = DictionaryWidening.projection(file, options);
    this.chosenGroups = ReadPlan.chosenGroups(file, options);
    this.filter = options.filter() == null ? null : bind(file.footer(), options);
    this.filterOnly = filter == null ? null : filterOnly(file, options, projection, filter);
    List<LeafReader> leafReaders = new ArrayList<>();
    this.fields = treesOf(projection, options, leafReaders);
    this.filterOnlyFields =
        filterOnly == null ? List.of() : treesOf(filterOnly, options, leafReaders);
    this.leaves = List.copyOf(leafReaders);
    this.leafVectors = new FieldVector[file.footer().schema().columnCount()];
  }

  /** The FieldReader tree of each field of a projection; its leaves' readers go to {@code out}. */
  private static List<FieldReader> treesOf(
      Projection projection, ReadOptions options, List<LeafReader> out) {
    Map<Integer, LeafReader> byColumn = new HashMap<>();
    Map<Integer, LevelInfo> levels = new HashMap<>();
    for (var field : projection.fields()) {
      collectLevels(field, levels);
    }
    for (LeafColumn leaf : projection.leaves()) {
      int column = leaf.column().index();
      LeafReader reader = new LeafReader(leaf, levels.get(column), options.maxLevelsPerBatch());
      byColumn.put(column, reader);
      out.add(reader);
    }
    List<FieldReader> trees = new ArrayList<>();
    for (var field : projection.fields()) {
      trees.add(FieldReader.of(field, byColumn));
    }
    return List.copyOf(trees);
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
   * group, into dictionary vectors of the reader's own ({@link #filterDictionaries}).
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
            .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP))
            .types(t -> t.dictionaryColumns(missing.toArray(new String[0])))
            .build());
  }

  /**
   * What the read has done so far: row groups and pages skipped and read, rows in and out.
   *
   * @return the counts so far
   */
  public ReadStats stats() {
    BatchesAhead<ReadStats> pipeline = ahead;
    return pipeline != null ? pipeline.counts() : countsNow();
  }

  /** The counts as the reading thread (the one decoding ahead, if any) has them. */
  private ReadStats countsNow() {
    return counters.snapshot(chosenGroups.size(), plan == null ? 0 : plan.rowGroups().size());
  }

  /**
   * The row groups the filter may match, by statistics, Bloom filters and dictionaries (all those
   * chosen without a filter).
   */
  private void planRowGroups() {
    plan = new ReadPlan(file, options, chosenGroups, filter);
    if (filter == null) {
      return;
    }
    if (!options.pruneOnly()) {
      java.util.Set<Integer> filterColumns = new java.util.HashSet<>();
      for (FilterColumn c : BoundFilters.columns(filter)) {
        filterColumns.add(c.column().index());
      }
      List<LeafReader> first = new ArrayList<>();
      List<LeafReader> rest = new ArrayList<>();
      boolean allFlat = true;
      for (LeafReader leaf : leaves) {
        boolean tested = filterColumns.contains(leaf.leaf().column().index());
        allFlat &= !tested || leaf.isFlat();
        (tested ? first : rest).add(leaf);
      }
      if (allFlat) {
        filterLeaves = List.copyOf(first);
        otherLeaves = List.copyOf(rest);
        java.util.Set<Integer> filterOnlyColumns = new java.util.HashSet<>();
        if (filterOnly != null) {
          filterOnly.leaves().forEach(l -> filterOnlyColumns.add(l.column().index()));
        }
        for (LeafReader leaf : filterLeaves) {
          // A filter-only column has no values to hand out: its plain read is kept.
          int column = leaf.leaf().column().index();
          if (!filterOnlyColumns.contains(column)) {
            var c = dev.parrow.arrow.internal.read.CodedFilterLeaf.of(leaf, allocator);
            if (c != null) {
              coded.put(column, c);
            }
          }
        }
      }
    }
  }

  private static void collectLevels(FieldNode node, Map<Integer, LevelInfo> out) {
    if (node.kind() == FieldNode.Kind.LEAF) {
      out.put(node.column(), node.levels());
    }
    for (var child : node.children()) {
      collectLevels(child, out);
    }
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
    return projection.schema();
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
      if (!aheadDecided) {
        aheadDecided = true;
        if (options.decodeAhead() && getDictionaryVectors().isEmpty()) {
          ahead =
              new BatchesAhead<>(
                  allocator,
                  getVectorSchemaRoot(),
                  this::loadBatch,
                  this::countsNow,
                  options.executor(),
                  file.footer().fileName());
        }
      }
      return ahead != null ? ahead.next() : loadBatch(getVectorSchemaRoot());
    } finally {
      reading.unlock();
    }
  }

  /**
   * The batches decoded ahead ({@link ReadOptions#decodeAhead}), made at the first batch; null when
   * each batch is read when asked for.
   */
  private volatile BatchesAhead<ReadStats> ahead;

  private boolean aheadDecided;

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
    reading.lock();
    try {
      // Read again: a batch that was starting may have made it meanwhile (no caller waits now).
      if (ahead != null) {
        ahead.close();
      }
      super.close(closeReadSource);
      fields.forEach(FieldReader::close);
      filterOnlyFields.forEach(FieldReader::close);
      coded.values().forEach(dev.parrow.arrow.internal.read.CodedFilterLeaf::close);
      coded.clear();
      if (filterOnlyRoot != null) {
        filterOnlyRoot.close();
        filterOnlyRoot = null;
      }
      filterDictionaries.values().forEach(FieldVector::close);
      filterDictionaries.clear();
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
   * Reads the next batch into {@code root} (the caller's, or one of the roots decoded ahead); false
   * at the end.
   */
  private boolean loadBatch(VectorSchemaRoot root) throws IOException {
    if (plan == null) {
      try {
        planRowGroups();
      } catch (java.io.UncheckedIOException e) {
        throw e.getCause();
      }
      if (filterOnly != null) {
        // As ArrowReader does for its own root: dictionary fields hold their indices, and their
        // dictionaries get vectors of their own.
        Map<Long, org.apache.arrow.vector.dictionary.Dictionary> dictionaries = new HashMap<>();
        List<org.apache.arrow.vector.types.pojo.Field> fields = new ArrayList<>();
        for (var field : filterOnly.schema().getFields()) {
          fields.add(
              org.apache.arrow.vector.util.DictionaryUtility.toMemoryFormat(
                  field, allocator, dictionaries));
        }
        filterOnlyRoot = VectorSchemaRoot.create(new Schema(fields), allocator);
        for (LeafColumn leaf : filterOnly.leaves()) {
          var encoding = leaf.field().getDictionary();
          if (encoding != null) {
            FieldVector dictionary = dictionaries.get(encoding.getId()).getVector();
            filterDictionaries.put(leaf.column().index(), dictionary);
            leaf.filler().dictionaryVector(dictionary);
          }
        }
      }
    }
    if (!dictionariesBound) {
      // The dictionary vectors exist once the root does (ArrowReader makes them from the schema).
      new DictionaryPreload(file, options, plan.rowGroups(), this::pages)
          .bind(leaves, filterDictionaries.keySet(), getDictionaryVectors());
      dictionariesBound = true;
    }
    while (true) {
      while (rangeIndex >= groupRanges.count()) {
        try {
          if (!nextRowGroup()) {
            return false;
          }
        } catch (java.io.UncheckedIOException e) {
          throw e.getCause();
        }
      }
      long start = groupRanges.from()[rangeIndex];
      long end = groupRanges.to()[rangeIndex];
      if (groupRow < start) {
        skipRows(leaves, start - groupRow);
        groupRow = start;
      }
      int rows = (int) Math.min(options.batchSize(), end - groupRow);
      for (FieldVector vector : root.getFieldVectors()) {
        dev.parrow.arrow.internal.buffers.Buffers.releaseShared(vector);
      }
      int kept = readBatch(root, rows);
      groupRow += rows;
      if (groupRow == end) {
        rangeIndex++;
      }
      counters.rows(rows, kept);
      if (kept > 0) {
        return true;
      }
    }
  }

  private void skipRows(List<LeafReader> which, long rows) throws IOException {
    runAll(
        which.size(),
        i -> {
          LeafReader leaf = which.get(i);
          try {
            leaf.skip(rows);
          } catch (ParquetFormatException e) {
            throw inContext(e, leaf);
          }
        });
  }

  /** What each leaf took to read the last whole batch: the longest start first. */
  private final WorkerPool.Costs leafCosts = new WorkerPool.Costs();

  private void runAll(int tasks, WorkerPool.Task task) throws IOException {
    runAll(tasks, null, task);
  }

  private void runAll(int tasks, WorkerPool.Costs costs, WorkerPool.Task task) throws IOException {
    try {
      WorkerPool.runAll(tasks, options.parallelism(), options.executor(), costs, task);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  /**
   * Reads {@code rows} rows into the root and keeps those the filter selects (all of them without a
   * filter, or when only pruning); returns how many are kept. When every filter column is a flat
   * leaf, those are read first, and a batch where nothing matches skips the other columns.
   */
  private int readBatch(VectorSchemaRoot root, int rows) throws IOException {
    for (int f = 0; f < fields.size(); f++) {
      fields.get(f).leafVectors(root.getVector(f), leafVectors);
    }
    for (int f = 0; f < filterOnlyFields.size(); f++) {
      filterOnlyFields.get(f).leafVectors(filterOnlyRoot.getVector(f), leafVectors);
    }
    boolean filtering = filter != null && !options.pruneOnly();
    if (filtering && !filterLeaves.isEmpty()) {
      return readFilterFirst(root, rows);
    }
    runAll(leaves.size(), leafCosts, i -> readLeaf(leaves.get(i), rows));
    buildFields(root, rows, null);
    if (!filtering) {
      return rows;
    }
    Compaction.Runs runs = Compaction.Runs.of(select(rows), rows);
    if (runs.total() < rows) {
      for (FieldVector vector : root.getFieldVectors()) {
        Compaction.compact(vector, runs);
      }
      root.setRowCount(runs.total());
    }
    return runs.total();
  }

  /**
   * Late materialisation: the filter columns (flat leaves) are read first and the filter applied;
   * then the other flat leaves read only the selected rows, passing over the rest without decoding
   * them where the encoding allows, and the fields read whole (the filter columns, nested fields)
   * are compacted to the selection.
   */
  private int readFilterFirst(VectorSchemaRoot root, int rows) throws IOException {
    runAll(
        filterLeaves.size(),
        i -> {
          LeafReader leaf = filterLeaves.get(i);
          var c = activeCoded(leaf.leaf().column().index());
          if (c != null) {
            readCoded(c, rows);
          } else {
            readLeaf(leaf, rows);
          }
        });
    Compaction.Runs runs = Compaction.Runs.of(select(rows), rows);
    if (runs.total() == 0) {
      skipRows(otherLeaves, rows);
      return 0;
    }
    boolean sparse = runs.total() < rows;
    java.util.Set<FieldReader> selectedOnly = new java.util.HashSet<>();
    for (LeafReader leaf : filterLeaves) {
      var c = activeCoded(leaf.leaf().column().index());
      if (c != null) {
        // The values of the selected rows only (of all rows when every row is selected).
        c.materialize(sparse ? runs : null, rows, leafVectors[leaf.leaf().column().index()]);
        if (sparse) {
          selectedOnly.add(leaf);
        }
      }
    }
    runAll(
        otherLeaves.size(),
        i -> {
          LeafReader leaf = otherLeaves.get(i);
          if (sparse && leaf.isFlat()) {
            readLeafSelected(leaf, rows, runs);
          } else {
            readLeaf(leaf, rows);
          }
        });
    if (sparse) {
      for (LeafReader leaf : otherLeaves) {
        if (leaf.isFlat()) {
          selectedOnly.add(leaf);
        }
      }
    }
    buildFields(root, rows, selectedOnly);
    if (sparse) {
      for (int f = 0; f < fields.size(); f++) {
        if (!selectedOnly.contains(fields.get(f))) {
          Compaction.compact(root.getVector(f), runs);
        }
      }
      root.setRowCount(runs.total());
    }
    return runs.total();
  }

  /** Reads one coded filter leaf's ids for the batch (runs on a decode thread). */
  private void readCoded(dev.parrow.arrow.internal.read.CodedFilterLeaf c, int rows) {
    readWhole(c.leaf(), rows, () -> c.read(rows));
  }

  /** Reads the selected rows of one flat leaf's share of the batch (runs on a decode thread). */
  private void readLeafSelected(LeafReader leaf, int rows, Compaction.Runs runs) {
    try {
      leaf.readSelected(
          rows,
          runs.start(),
          runs.length(),
          runs.count(),
          runs.total(),
          leafVectors[leaf.leaf().column().index()]);
    } catch (ParquetFormatException e) {
      throw inContext(e, leaf);
    } catch (OutOfMemoryException e) {
      throw overLimit(e, leaf, rows);
    }
  }

  /**
   * The nested fields from their leaves' levels (flat leaves filled their vectors already); the
   * fields in {@code selectedOnly} were read for the selected rows only and are left as they are.
   */
  private void buildFields(VectorSchemaRoot root, int rows, java.util.Set<FieldReader> selectedOnly)
      throws IOException {
    // Only the fields still to build are tasks: a selective batch of flat columns has none, and
    // would otherwise wake a helper thread for nothing.
    int[] toBuild = new int[fields.size() + filterOnlyFields.size()];
    int count = 0;
    for (int f = 0; f < toBuild.length; f++) {
      if (f >= fields.size() || selectedOnly == null || !selectedOnly.contains(fields.get(f))) {
        toBuild[count++] = f;
      }
    }
    try {
      WorkerPool.runAll(
          count,
          options.parallelism(),
          options.executor(),
          null,
          k -> {
            int f = toBuild[k];
            if (f < fields.size()) {
              buildField(fields.get(f), root.getVector(f), rows);
            } else {
              int g = f - fields.size();
              buildField(filterOnlyFields.get(g), filterOnlyRoot.getVector(g), rows);
            }
          });
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
    if (selectedOnly == null || selectedOnly.isEmpty()) {
      root.setRowCount(rows);
    } else {
      for (int f = 0; f < fields.size(); f++) {
        if (!selectedOnly.contains(fields.get(f))) {
          root.getVector(f).setValueCount(rows);
        }
      }
    }
    if (filterOnlyRoot != null) {
      filterOnlyRoot.setRowCount(rows);
    }
  }

  /** The rows of the batch where the filter is true, as bits. */
  private long[] select(int rows) throws IOException {
    var dictionaries = getDictionaryVectors();
    if (rowFilter == null) {
      rowFilter = new RowFilter(filter);
    }
    return rowFilter.select(
        new RowFilter.Batch() {
          @Override
          public FieldVector leaf(int column) {
            var c = activeCoded(column);
            return c != null ? c.indices() : leafVectors[column];
          }

          @Override
          public boolean dictionaryOnlyGrows(int column) {
            // The filter-only columns' dictionaries are replaced at each row group, and so are
            // those of the columns read as ids.
            if (filterDictionaries.containsKey(column) || activeCoded(column) != null) {
              return false;
            }
            for (LeafReader leaf : leaves) {
              if (leaf.leaf().column().index() == column
                  && leaf.leaf().filler() instanceof DictionaryFiller d) {
                return d.unified();
              }
            }
            return false;
          }

          @Override
          public FieldVector dictionary(int column) {
            var c = activeCoded(column);
            if (c != null) {
              return c.dictionary();
            }
            FieldVector own = filterDictionaries.get(column);
            if (own != null) {
              return own;
            }
            for (LeafReader leaf : leaves) {
              if (leaf.leaf().column().index() == column) {
                var encoding = leaf.leaf().field().getDictionary();
                return encoding == null ? null : dictionaries.get(encoding.getId()).getVector();
              }
            }
            return null;
          }
        },
        rows);
  }

  /** The filter leaf of {@code column} read as ids in this chunk, or null. */
  private dev.parrow.arrow.internal.read.CodedFilterLeaf activeCoded(int column) {
    var c = coded.get(column);
    return c != null && c.active() ? c : null;
  }

  private PageReader pages(int rowGroup, LeafColumn column) {
    PageReader pages = file.pages(rowGroup, column.column(), options);
    pages.shareBuffers(
        pageBuffers.computeIfAbsent(column.column().index(), c -> PageBuffers.sharedWithProcess()));
    return pages;
  }

  /** Each leaf column's page arrays, which its chunks pass on from row group to row group. */
  private final Map<Integer, PageBuffers> pageBuffers =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** Reads one leaf's share of the batch (runs on a decode thread). */
  private void readLeaf(LeafReader leaf, int rows) {
    readWhole(leaf, rows, () -> leaf.read(rows, leafVectors[leaf.leaf().column().index()]));
  }

  /** Runs a read of {@code rows} rows of {@code leaf}, which must get them all. */
  private void readWhole(LeafReader leaf, int rows, java.util.function.IntSupplier read) {
    try {
      int got = read.getAsInt();
      if (got != rows) {
        throw new ParquetFormatException(
            "the column chunk ends after "
                + (groupRow + got)
                + " rows but the row group has "
                + file.metadata().rowGroups().get(currentGroup).numRows());
      }
    } catch (ParquetFormatException e) {
      throw inContext(e, leaf);
    } catch (OutOfMemoryException e) {
      throw overLimit(e, leaf, rows);
    }
  }

  /** Assembles one top-level field from its leaves' levels (runs on a decode thread). */
  private void buildField(FieldReader field, FieldVector vector, int rows) {
    try {
      int slots = field.build(vector, allocator);
      if (slots != rows) {
        throw new ParquetFormatException(
            "field '" + vector.getName() + "' has " + slots + " rows in a batch of " + rows);
      }
    } catch (ParquetFormatException e) {
      throw inContext(e, field.source());
    } catch (OutOfMemoryException e) {
      throw overLimit(e, field.source(), rows);
    }
  }

  /**
   * The allocator's limit reached while reading: the same exception type, with the file, column and
   * row group, and what to change.
   */
  private OutOfMemoryException overLimit(OutOfMemoryException e, LeafReader leaf, int rows) {
    return new OutOfMemoryException(
        file.footer().fileName()
            + ": column "
            + leaf.leaf().column().dottedPath()
            + ", row group "
            + currentGroup
            + ": a batch of "
            + rows
            + " rows needs more memory than the allocator allows ("
            + e.getMessage()
            + "); read smaller batches (ReadOptions.batchSize; --batch-size in the CLI) or give"
            + " the reader a larger allocator (the CLI: a larger -XX:MaxDirectMemorySize in"
            + " PARROW_JAVA_OPTS)",
        e);
  }

  private ParquetFormatException inContext(ParquetFormatException e, LeafReader leaf) {
    return e.inColumn(leaf.leaf().column().dottedPath())
        .inRowGroup(currentGroup)
        .inFile(file.footer().fileName());
  }

  /**
   * Starts the next row group that has rows to read (by the page index, when filtering); false
   * after the last.
   */
  private boolean nextRowGroup() {
    while (true) {
      if (++groupCursor >= plan.rowGroups().size()) {
        return false;
      }
      currentGroup = plan.rowGroups().get(groupCursor);
      RowGroup group = file.metadata().rowGroups().get(currentGroup);
      RowRanges ranges = plan.rowsToRead(groupCursor);
      if (ranges.count() == 0) {
        for (LeafReader leaf : leaves) {
          leaf.takePreloaded(groupCursor);
        }
        counters.rowGroupEmptied();
        continue;
      }
      startRowGroup(group, ranges.rows() < group.numRows());
      groupRanges = ranges;
      rangeIndex = 0;
      groupRow = 0;
      return true;
    }
  }

  /**
   * Starts reading a row group's chunks; when some rows will be skipped, nested columns get their
   * offset index, which tells the rows of v1 pages without reading them.
   */
  private void startRowGroup(RowGroup group, boolean skipping) {
    if (scheduler == null) {
      scheduler = new ChunkScheduler(file, options, leaves, this::pages, plan, () -> closing);
    }
    Map<Integer, PageReader> early = scheduler.start(groupCursor, skipping);
    counters.rowGroupStarting();
    for (LeafReader leaf : leaves) {
      LeafColumn column = leaf.leaf();
      ColumnMetaData meta = group.columns().get(column.column().index()).metaData();
      try {
        PageReader pages = early.get(column.column().index());
        if (pages == null) {
          pages = pages(currentGroup, column);
        }
        if (skipping && column.column().maxRepetitionLevel() > 0) {
          ColumnChunk chunk = group.columns().get(column.column().index());
          pages.useOffsetIndex(
              PageIndexReader.offsetIndex(file.input(), chunk, group.numRows()), group.numRows());
        }
        counters.chunkStarted(pages, meta);
        ColumnReader reader = new ColumnReader(column.column(), pages);
        DenseValues dictionary = leaf.takePreloaded(groupCursor);
        if (dictionary != null) {
          pages.skipDictionaryPage();
          reader.useDictionary(dictionary);
        }
        leaf.start(reader);
        var c = coded.get(column.column().index());
        if (c != null) {
          c.startChunk(meta.onlyDictionaryPages());
        }
      } catch (ParquetFormatException e) {
        throw inContext(e, leaf);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    scheduler.started(groupCursor);
  }

  /** When the chunks are fetched and their pages read ahead: {@link ChunkScheduler}. */
  private ChunkScheduler scheduler;

  /** Stored bytes of the pages read so far (pages skipped whole are not read). */
  @Override
  public long bytesRead() {
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
