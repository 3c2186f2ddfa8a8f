package dev.parrow.arrow;

import dev.parrow.arrow.internal.FieldReader;
import dev.parrow.arrow.internal.LeafColumn;
import dev.parrow.arrow.internal.LeafReader;
import dev.parrow.arrow.internal.WorkerPool;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.values.DenseValues;
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
  private final List<Integer> rowGroups;

  /** Every leaf read, in file order. */
  private final List<LeafReader> leaves;

  /** The assembly tree of each top-level field, by field index. */
  private final List<FieldReader> fields;

  /** Each leaf's vector in the current root, by column index. */
  private final FieldVector[] leafVectors;

  private int groupCursor = -1;
  private int currentGroup = -1;
  private long rowsLeftInGroup;
  private long bytesRead;
  private boolean dictionariesBound;

  /** Held while a batch is read, so that a close from another thread waits for it. */
  private final java.util.concurrent.locks.ReentrantLock reading =
      new java.util.concurrent.locks.ReentrantLock();

  private volatile boolean closing;

  ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) {
    super(allocator);
    this.file = file;
    this.options = options;
    this.projection = Projection.of(file.footer(), options);
    int groupCount = file.metadata().rowGroups().size();
    List<Integer> groups = new ArrayList<>();
    if (options.rowGroups().isEmpty()) {
      for (int g = 0; g < groupCount; g++) {
        groups.add(g);
      }
    } else {
      for (int g : options.rowGroups()) {
        if (g < 0 || g >= groupCount) {
          throw new IllegalArgumentException(
              "no row group "
                  + g
                  + " in "
                  + file.footer().fileName()
                  + " ("
                  + groupCount
                  + " row groups)");
        }
        groups.add(g);
      }
    }
    this.rowGroups = List.copyOf(groups);
    Map<Integer, LeafReader> byColumn = new HashMap<>();
    List<LeafReader> leafReaders = new ArrayList<>();
    Map<Integer, LevelInfo> levels = new HashMap<>();
    for (var field : projection.fields()) {
      collectLevels(field, levels);
    }
    for (LeafColumn leaf : projection.leaves()) {
      int column = leaf.column().index();
      LeafReader reader = new LeafReader(leaf, levels.get(column), options.maxLevelsPerBatch());
      byColumn.put(column, reader);
      leafReaders.add(reader);
    }
    this.leaves = List.copyOf(leafReaders);
    List<FieldReader> trees = new ArrayList<>();
    for (var field : projection.fields()) {
      trees.add(FieldReader.of(field, byColumn));
    }
    this.fields = List.copyOf(trees);
    this.leafVectors = new FieldVector[file.footer().schema().columnCount()];
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
      return loadBatch();
    } finally {
      reading.unlock();
    }
  }

  /**
   * Frees the batch's vectors and dictionaries, after the batch being read on another thread (if
   * any) has ended.
   */
  @Override
  public void close(boolean closeReadSource) throws IOException {
    closing = true;
    reading.lock();
    try {
      super.close(closeReadSource);
    } finally {
      reading.unlock();
    }
  }

  private boolean loadBatch() throws IOException {
    prepareLoadNextBatch();
    if (!dictionariesBound) {
      // The dictionary vectors exist once the root does (ArrowReader makes them from the schema).
      for (LeafReader leaf : leaves) {
        var encoding = leaf.leaf().field().getDictionary();
        if (encoding != null) {
          leaf.leaf()
              .filler()
              .dictionaryVector(getDictionaryVectors().get(encoding.getId()).getVector());
          if (options.dictionaryMode() == ReadOptions.DictionaryMode.UNIFY) {
            preloadDictionaries(leaf);
          }
        }
      }
      dictionariesBound = true;
    }
    while (rowsLeftInGroup == 0) {
      if (!nextRowGroup()) {
        return false;
      }
    }
    int rows = (int) Math.min(options.batchSize(), rowsLeftInGroup);
    VectorSchemaRoot root = getVectorSchemaRoot();
    for (int f = 0; f < fields.size(); f++) {
      fields.get(f).leafVectors(root.getVector(f), leafVectors);
    }
    try {
      // Leaves first (flat ones fill their vectors as they go), then the nested fields from their
      // levels.
      WorkerPool.runAll(leaves.size(), options.parallelism(), i -> readLeaf(leaves.get(i), rows));
      WorkerPool.runAll(fields.size(), options.parallelism(), f -> buildField(f, root, rows));
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
    root.setRowCount(rows);
    rowsLeftInGroup -= rows;
    return true;
  }

  /**
   * A unified dictionary is the union of every chunk's dictionary page: read them all first, so
   * that the dictionary of the first batch is already the file's (an IPC file cannot replace it
   * later). Only values of pages that fell back from dictionary encoding can still add entries.
   * Each chunk's dictionary is decoded here once and kept for the read of its row group, which
   * skips the dictionary page.
   */
  private void preloadDictionaries(LeafReader leaf) {
    LeafColumn column = leaf.leaf();
    // Before the first row group is started: every row group read is preloaded.
    for (int position = 0; position < rowGroups.size(); position++) {
      int g = rowGroups.get(position);
      try {
        DenseValues dictionary =
            new ColumnReader(column.column(), pages(g, column)).readDictionaryOnly();
        column.filler().chunkDictionary(dictionary);
        if (dictionary != null) {
          leaf.preloaded(position, dictionary);
        }
      } catch (ParquetFormatException e) {
        throw e.inColumn(column.column().dottedPath())
            .inRowGroup(g)
            .inFile(file.footer().fileName());
      }
    }
    column.filler().chunkDictionary(null);
  }

  private PageReader pages(int rowGroup, LeafColumn column) {
    ColumnMetaData meta =
        file.metadata().rowGroups().get(rowGroup).columns().get(column.column().index()).metaData();
    return new PageReader(
        file.input(),
        column.column(),
        meta,
        ChunkRange.of(meta, file.footer()),
        options.verifyCrc(),
        options.maxPageBytes());
  }

  /** Reads one leaf's share of the batch (runs on a decode thread). */
  private void readLeaf(LeafReader leaf, int rows) {
    try {
      int got = leaf.read(rows, leafVectors[leaf.leaf().column().index()]);
      if (got != rows) {
        throw new ParquetFormatException(
            "the column chunk ends after "
                + (rowsRead() + got)
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
  private void buildField(int f, VectorSchemaRoot root, int rows) {
    FieldReader field = fields.get(f);
    try {
      int slots = field.build(root.getVector(f), allocator);
      if (slots != rows) {
        throw new ParquetFormatException(
            "field '"
                + root.getVector(f).getName()
                + "' has "
                + slots
                + " rows in a batch of "
                + rows);
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
            + "); read smaller batches (ReadOptions.batchSize) or give the reader a larger"
            + " allocator",
        e);
  }

  private ParquetFormatException inContext(ParquetFormatException e, LeafReader leaf) {
    return e.inColumn(leaf.leaf().column().dottedPath())
        .inRowGroup(currentGroup)
        .inFile(file.footer().fileName());
  }

  private long rowsRead() {
    return file.metadata().rowGroups().get(currentGroup).numRows() - rowsLeftInGroup;
  }

  private boolean nextRowGroup() {
    if (++groupCursor >= rowGroups.size()) {
      return false;
    }
    currentGroup = rowGroups.get(groupCursor);
    RowGroup group = file.metadata().rowGroups().get(currentGroup);
    for (LeafReader leaf : leaves) {
      LeafColumn column = leaf.leaf();
      ColumnMetaData meta = group.columns().get(column.column().index()).metaData();
      try {
        PageReader pages = pages(currentGroup, column);
        ColumnReader reader = new ColumnReader(column.column(), pages);
        DenseValues dictionary = leaf.takePreloaded(groupCursor);
        if (dictionary != null) {
          pages.skipDictionaryPage();
          reader.useDictionary(dictionary);
        }
        leaf.start(reader);
      } catch (ParquetFormatException e) {
        throw inContext(e, leaf);
      }
      bytesRead += meta.totalCompressedSize();
    }
    rowsLeftInGroup = group.numRows();
    return true;
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  protected void closeReadSource() {
    // The ParquetFile owns the input; the reader holds nothing else that needs closing.
  }
}
