package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.Compaction;
import dev.parrow.arrow.internal.read.FieldReader;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.arrow.internal.read.LeafVectors;
import dev.parrow.arrow.internal.read.Projection;
import dev.parrow.arrow.internal.threads.WorkerPool;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.FieldNode;
import dev.parrow.types.LevelInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Batch assembly: the leaf readers of a read and the field trees over them; reads the leaves' share
 * of a batch (in parallel), builds the fields from their levels, and names the file, column and row
 * group in every error. Filter columns the caller did not ask for are read into a root of their own
 * ({@link #filterOnlyRoot}), for the {@link FilteredRead} to test and then drop.
 */
final class BatchAssembly implements AutoCloseable {
  private final BufferAllocator allocator;
  private final ParquetFile file;
  private final ReadOptions options;
  private final RowGroupCursor cursor;

  /** Every leaf read, in file order. */
  private final List<LeafReader> leaves;

  /** The assembly tree of each top-level field, by field index. */
  private final List<FieldReader> fields;

  /** The trees of the filter columns read only for the filter. */
  private final Projection filterOnly;

  private final List<FieldReader> filterOnlyFields;
  private VectorSchemaRoot filterOnlyRoot;

  /** The dictionaries of the filter-only columns read as dictionaries, by column index. */
  private final Map<Integer, FieldVector> filterDictionaries = new HashMap<>();

  /** Each leaf's vector in the current root, and the vectors above it. */
  private final LeafVectors leafVectors;

  /** What each leaf took to read the last whole batch: the longest start first. */
  private final WorkerPool.Costs leafCosts = new WorkerPool.Costs();

  BatchAssembly(
      BufferAllocator allocator,
      ParquetFile file,
      ReadOptions options,
      Projection projection,
      Projection filterOnly,
      RowGroupCursor cursor) {
    this.allocator = allocator;
    this.file = file;
    this.options = options;
    this.cursor = cursor;
    this.filterOnly = filterOnly;
    List<LeafReader> leafReaders = new ArrayList<>();
    this.fields = treesOf(projection, options, leafReaders);
    this.filterOnlyFields =
        filterOnly == null ? List.of() : treesOf(filterOnly, options, leafReaders);
    this.leaves = List.copyOf(leafReaders);
    this.leafVectors = new LeafVectors(file.footer().schema().columnCount());
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

  private static void collectLevels(FieldNode node, Map<Integer, LevelInfo> out) {
    if (node.kind() == FieldNode.Kind.LEAF) {
      out.put(node.column(), node.levels());
    }
    for (var child : node.children()) {
      collectLevels(child, out);
    }
  }

  /** Every leaf read, in file order (the caller's and the filter-only ones). */
  List<LeafReader> leaves() {
    return leaves;
  }

  /** The top-level fields' trees, by field index. */
  List<FieldReader> fields() {
    return fields;
  }

  /** The leaf columns read only for the filter (none without one). */
  Set<Integer> filterOnlyColumns() {
    Set<Integer> out = new java.util.HashSet<>();
    if (filterOnly != null) {
      filterOnly.leaves().forEach(l -> out.add(l.column().index()));
    }
    return out;
  }

  /** The dictionary of a filter-only column read as a dictionary, or null. */
  FieldVector filterDictionary(int column) {
    return filterDictionaries.get(column);
  }

  /** The filter-only columns read as dictionaries. */
  Set<Integer> filterDictionaryColumns() {
    return filterDictionaries.keySet();
  }

  /**
   * Makes the root of the filter-only columns (before the first batch). As ArrowReader does for its
   * own root, dictionary fields hold their indices, and their dictionaries get vectors of their
   * own.
   */
  void createFilterOnlyRoot() {
    if (filterOnly == null) {
      return;
    }
    Map<Long, org.apache.arrow.vector.dictionary.Dictionary> dictionaries = new HashMap<>();
    List<Field> memoryFields = new ArrayList<>();
    for (var field : filterOnly.schema().getFields()) {
      memoryFields.add(DictionaryUtility.toMemoryFormat(field, allocator, dictionaries));
    }
    filterOnlyRoot = VectorSchemaRoot.create(new Schema(memoryFields), allocator);
    for (LeafColumn leaf : filterOnly.leaves()) {
      var encoding = leaf.field().getDictionary();
      if (encoding != null) {
        FieldVector dictionary = dictionaries.get(encoding.getId()).getVector();
        filterDictionaries.put(leaf.column().index(), dictionary);
        leaf.filler().dictionaryVector(dictionary);
      }
    }
  }

  /** Points each leaf at its vector in {@code root} (and in the filter-only root). */
  void bind(VectorSchemaRoot root) {
    for (int f = 0; f < fields.size(); f++) {
      fields.get(f).leafVectors(root.getVector(f), List.of(), leafVectors);
    }
    for (int f = 0; f < filterOnlyFields.size(); f++) {
      filterOnlyFields.get(f).leafVectors(filterOnlyRoot.getVector(f), List.of(), leafVectors);
    }
  }

  /** The vector leaf {@code column} fills in the current root. */
  FieldVector leafVector(int column) {
    return leafVectors.leaf(column);
  }

  /** The vectors above leaf {@code column} in the current root, from its top-level field down. */
  List<FieldVector> above(int column) {
    return leafVectors.above(column);
  }

  /** Reads and builds every field for {@code rows} rows. */
  void readAll(VectorSchemaRoot root, int rows) throws IOException {
    runAll(leaves.size(), leafCosts, i -> readLeaf(leaves.get(i), rows));
    buildFields(root, rows, null);
  }

  /** Moves {@code which} leaves past {@code rows} rows without reading them. */
  void skip(List<LeafReader> which, long rows) throws IOException {
    runAll(
        which.size(),
        null,
        i -> {
          LeafReader leaf = which.get(i);
          try {
            leaf.skip(rows);
          } catch (ParquetFormatException e) {
            throw inContext(e, leaf);
          }
        });
  }

  /** Runs tasks on the read's decode threads (the caller's included). */
  void runAll(int tasks, WorkerPool.Costs costs, WorkerPool.Task task) throws IOException {
    try {
      WorkerPool.runAll(tasks, options.parallelism(), options.executor(), costs, task);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  /** Reads one leaf's share of the batch (runs on a decode thread). */
  void readLeaf(LeafReader leaf, int rows) {
    readWhole(leaf, rows, () -> leaf.read(rows, leafVectors.leaf(leaf.leaf().column().index())));
  }

  /** Reads the selected rows of one flat leaf's share of the batch (runs on a decode thread). */
  void readSelected(LeafReader leaf, int rows, Compaction.Runs runs) {
    try {
      leaf.readSelected(
          rows,
          runs.start(),
          runs.length(),
          runs.count(),
          runs.total(),
          leafVectors.leaf(leaf.leaf().column().index()));
    } catch (ParquetFormatException e) {
      throw inContext(e, leaf);
    } catch (OutOfMemoryException e) {
      throw overLimit(e, leaf, rows);
    }
  }

  /** Runs a read of {@code rows} rows of {@code leaf}, which must get them all. */
  void readWhole(LeafReader leaf, int rows, IntSupplier read) {
    try {
      int got = read.getAsInt();
      if (got != rows) {
        throw new ParquetFormatException(
            "the column chunk ends after "
                + (cursor.row() + got)
                + " rows but the row group has "
                + file.metadata().rowGroups().get(cursor.rowGroup()).numRows());
      }
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
  void buildFields(VectorSchemaRoot root, int rows, Set<FieldReader> selectedOnly)
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
    runAll(
        count,
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
            + cursor.rowGroup()
            + ": a batch of "
            + rows
            + " rows needs more memory than the allocator allows ("
            + e.getMessage()
            + "); read smaller batches (ReadOptions.batchSize; --batch-size in the CLI) or give"
            + " the reader a larger allocator (the CLI: a larger -XX:MaxDirectMemorySize in"
            + " PARROW_JAVA_OPTS)",
        e);
  }

  /** The error with the leaf's column, the current row group and the file. */
  ParquetFormatException inContext(ParquetFormatException e, LeafReader leaf) {
    return e.inColumn(leaf.leaf().column().dottedPath())
        .inRowGroup(cursor.rowGroup())
        .inFile(file.footer().fileName());
  }

  @Override
  public void close() {
    fields.forEach(FieldReader::close);
    filterOnlyFields.forEach(FieldReader::close);
    if (filterOnlyRoot != null) {
      filterOnlyRoot.close();
      filterOnlyRoot = null;
    }
    filterDictionaries.values().forEach(FieldVector::close);
    filterDictionaries.clear();
  }
}
