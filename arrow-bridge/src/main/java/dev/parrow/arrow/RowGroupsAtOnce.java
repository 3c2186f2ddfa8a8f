package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.BatchesAhead;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.arrow.internal.read.SpareRoots;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A file's row groups decoded at once, for a {@link ParquetArrowReader} with threads to spare: the
 * plan's row groups become pieces, each read by a reader of its own over the same file and options
 * restricted to the piece's rows (so each piece reads exactly the batches the whole read would: a
 * batch never crosses a row group), run by {@link UnitsAhead} and handed out in order. When there
 * are fewer row groups than twice the threads, a row group of flat columns read whole is split into
 * runs of whole batches ({@link SplitRowGroup}).
 */
final class RowGroupsAtOnce {
  private RowGroupsAtOnce() {}

  /**
   * Below these bytes in flight (the option's, or half the allocator's room) one row group is read
   * at a time: each row group read at once holds at least two batches.
   */
  static final long MIN_BYTES_IN_FLIGHT = 16L << 20;

  /**
   * The pieces of a read started at once, or null when the read has fewer than 4 threads, too small
   * a budget or fewer than two pieces. Half the threads' number of pieces run at once, each with
   * two or more threads for its columns (and its pages read ahead).
   *
   * @param plan the read's plan
   * @param leaves the read's leaves (their chunks are what a split row group fetches)
   * @param target the caller's root
   * @param pooled the roots of the read's buffer pool, or null for the read's own
   */
  static UnitsAhead<Piece> start(
      BufferAllocator allocator,
      ParquetFile file,
      ReadOptions options,
      ReadPlan plan,
      List<LeafReader> leaves,
      VectorSchemaRoot target,
      SpareRoots pooled) {
    int threads = options.parallelism();
    // Within the allocator's room too: a reader given a small allocator keeps to it.
    long budget = Math.min(options.bytesInFlight(), allocator.getHeadroom() / 2);
    if (threads < 4 || budget < MIN_BYTES_IN_FLIGHT) {
      return null;
    }
    List<Piece> pieces = pieces(allocator, file, options, plan, leaves, threads);
    if (pieces.size() < 2) {
      return null;
    }
    int atOnce = Math.min(pieces.size(), threads / 2);
    int each = (threads + atOnce - 1) / atOnce;
    for (Piece piece : pieces) {
      piece.options.parallelism(each);
    }
    return new UnitsAhead<>(
        allocator,
        target,
        pieces,
        atOnce,
        new BatchesAhead.Budget(budget),
        Integer.MAX_VALUE,
        ParrowThreads.share(ParrowThreads.Work.WORKER, options.executor(), atOnce),
        options.executor() == null,
        true,
        pooled);
  }

  /**
   * The plan's row groups as pieces: each row group whole, or, when few row groups would leave
   * threads idle, split into runs of whole batches. Only a read of whole row groups is split (a
   * filter's or a row range's batches follow the rows it selects), and only where a piece can pass
   * the pages before its first row without decoding them ({@link #piecesSkipPages}).
   */
  private static List<Piece> pieces(
      BufferAllocator allocator,
      ParquetFile file,
      ReadOptions options,
      ReadPlan plan,
      List<LeafReader> leaves,
      int threads) {
    List<RowGroup> groups = file.metadata().rowGroups();
    boolean splittable = plan.readsWholeRowGroups();
    int planned = plan.rowGroups().size();
    int perGroup = splittable ? Math.max(1, (2 * threads + planned - 1) / planned) : 1;
    List<Piece> pieces = new ArrayList<>();
    for (int group : plan.rowGroups()) {
      long rows = groups.get(group).numRows();
      long batches = (rows + options.batchSize() - 1) / options.batchSize();
      // Two batches a piece at least (each piece reads the page headers before its first row),
      // and two pages of each chunk: a piece starting inside a page decodes it up to that row.
      long count =
          piecesSkipPages(groups.get(group), leaves)
              ? Math.max(
                  1,
                  Math.min(perGroup, Math.min(batches / 2, fewestPages(file, leaves, group) / 2)))
              : 1;
      if (count == 1) {
        pieces.add(
            new Piece(allocator, file, group, true, null, options.toBuilder().rowGroups(group)));
        continue;
      }
      long perPiece = (batches + count - 1) / count * options.batchSize();
      SplitRowGroup split = new SplitRowGroup(file, options, group, leaves);
      long groupStart = plan.firstRow(group);
      for (long from = 0; from < rows; from += perPiece) {
        pieces.add(
            new Piece(
                allocator,
                file,
                group,
                from == 0,
                split,
                options.toBuilder()
                    .rowGroups(group)
                    .rowOffset(groupStart + from)
                    .rowLimit(Math.min(perPiece, rows - from))));
      }
    }
    return pieces;
  }

  /**
   * Whether a piece of the row group can pass the pages before its first row without decoding them:
   * a flat column's page headers give their rows, a v1 page of a nested column's does not, and then
   * the chunk's offset index does (the reader of a piece that skips rows loads it). A nested chunk
   * without one is decoded to count its rows, so its row group is read whole.
   */
  private static boolean piecesSkipPages(RowGroup group, List<LeafReader> leaves) {
    for (LeafReader leaf : leaves) {
      int column = leaf.leaf().column().index();
      if (leaf.leaf().column().maxRepetitionLevel() > 0
          && group.columns().get(column).offsetIndexOffset() == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * The fewest data pages of the chunks read in a row group, by their metadata (1 where it does not
   * say).
   */
  private static long fewestPages(ParquetFile file, List<LeafReader> leaves, int group) {
    long fewest = Long.MAX_VALUE;
    for (LeafReader leaf : leaves) {
      ColumnMetaData meta =
          file.metadata()
              .rowGroups()
              .get(group)
              .columns()
              .get(leaf.leaf().column().index())
              .metaData();
      fewest = Math.min(fewest, Math.max(1, ReadCounters.dataPageCount(meta)));
    }
    return fewest;
  }

  /**
   * A row group, or a run of its batches, read at once with others: a reader of its own reads it,
   * into the roots its {@link BatchesAhead} gives.
   */
  static final class Piece implements UnitsAhead.Unit {
    private final BufferAllocator allocator;
    private final ParquetFile file;
    private final int group;

    /** Whether the piece counts its row group and its chunks' pages (its first piece does). */
    private final boolean countsGroup;

    /** The piece's read options (its threads set once the pieces are counted). */
    private final ReadOptions.Builder options;

    /** What the row group's pieces share; null for a whole row group. */
    private final SplitRowGroup split;

    private ParquetArrowReader reader;
    private volatile ReadStats stats = ReadStats.NONE;
    private boolean closed;

    Piece(
        BufferAllocator allocator,
        ParquetFile file,
        int group,
        boolean countsGroup,
        SplitRowGroup split,
        ReadOptions.Builder options) {
      this.allocator = allocator;
      this.file = file;
      this.group = group;
      this.countsGroup = countsGroup;
      this.split = split;
      if (split != null) {
        split.piece();
      }
      this.options = options.decodeAhead(false);
    }

    @Override
    public synchronized boolean load(VectorSchemaRoot into) throws IOException {
      if (closed) {
        throw new IllegalStateException(
            file.footer().fileName() + ": the reader was closed; no batch can be read");
      }
      if (reader == null) {
        reader = new ParquetArrowReader(allocator, file, options.build());
        if (split != null) {
          split.fetch();
          reader.readPieceOf(split);
        }
      }
      boolean loaded = reader.loadBatch(into);
      ReadStats c = reader.countsNow();
      stats =
          countsGroup
              ? c
              : new ReadStats(0, 0, 0, c.pagesRead(), c.bytesRead(), c.rowsScanned(), c.rows());
      return loaded;
    }

    @Override
    public ReadStats stats() {
      return stats;
    }

    @Override
    public String name() {
      return file.footer().fileName() + ", row group " + group;
    }

    @Override
    public synchronized void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        if (reader != null) {
          reader.close();
          reader = null;
        }
      } finally {
        if (split != null) {
          split.pieceClosed();
        }
      }
    }
  }
}
