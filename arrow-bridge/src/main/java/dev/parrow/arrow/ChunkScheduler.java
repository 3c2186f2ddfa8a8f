package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.storage.FileRange;
import dev.parrow.storage.Prefetch;
import dev.parrow.storage.threads.ParrowThreads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;

/**
 * The reader's I/O scheduling: which bytes of the file are fetched when, and which pages are read
 * and decompressed ahead of the decoding. A remote file fetches the chunks of the row group being
 * read, and of the next one, in a few coalesced requests; the pages of the next row group are read
 * ahead on threads while the current one decodes. {@link ParquetArrowReader} asks it for a row
 * group's page readers ({@link #start}) and tells it when one has started ({@link #started}); it is
 * the seam a scheduler of several row groups at once replaces.
 */
final class ChunkScheduler implements AutoCloseable {
  /**
   * How many decompressed bytes of the next row group's first pages are read ahead, on threads of
   * the reader's own (as many as its parallelism), while the current row group decodes: at most a
   * share of this per column (and at least one page).
   */
  static final long READ_AHEAD_BYTES = 64L << 20;

  private final ParquetFile file;
  private final ReadOptions options;
  private final List<LeafReader> leaves;
  private final BiFunction<Integer, LeafColumn, PageReader> newPages;
  private final ReadPlan plan;

  /** Whether the reader is closing (nothing more is read ahead). */
  private final java.util.function.BooleanSupplier closing;

  /**
   * The prefetches of the row groups being read, by their place in the plan's row groups: the
   * current one and the next, so that a remote file fetches the next row group's chunks while this
   * one decodes. A local file ignores them.
   */
  private final Map<Integer, Prefetch> prefetches = new HashMap<>();

  /**
   * Where pages are read ahead: threads of the reader's own, made when a next row group is first
   * read ahead, or the caller's executor ({@link ReadOptions#executor()}), as many at a time.
   */
  private Executor readAheadThreads;

  /** The page readers of the row group at {@link #aheadCursor}, by column index. */
  private final Map<Integer, PageReader> aheadPages = new HashMap<>();

  private int aheadCursor = -1;

  /** Whether the chunks are fetched by whoever split the row group ({@link SplitRowGroup}). */
  private boolean fetchedElsewhere;

  /** The reader reads a piece of a row group whose chunks {@link SplitRowGroup} fetches. */
  void fetchedElsewhere() {
    fetchedElsewhere = true;
  }

  /**
   * @param newPages a new page reader of a leaf's chunk in a row group (of the file's numbering)
   */
  ChunkScheduler(
      ParquetFile file,
      ReadOptions options,
      List<LeafReader> leaves,
      BiFunction<Integer, LeafColumn, PageReader> newPages,
      ReadPlan plan,
      java.util.function.BooleanSupplier closing) {
    this.file = file;
    this.options = options;
    this.leaves = leaves;
    this.newPages = newPages;
    this.plan = plan;
    this.closing = closing;
  }

  /**
   * The row group at {@code cursor} starts: its chunks are fetched, and the next one's when it will
   * be read whole; returns the page readers already reading its pages ahead, by column index (none
   * when rows of it are skipped). The first row group read (or one the reader came to before its
   * read-ahead started) has its pages read ahead too, largest chunk first, so that its largest
   * pages start decompressing at once rather than when the decoding threads come to them, one per
   * thread.
   */
  Map<Integer, PageReader> start(int cursor, boolean skipping) {
    if (!fetchedElsewhere) {
      prefetchAround(cursor);
    }
    if (aheadCursor != cursor && !skipping) {
      readAhead(cursor);
    }
    if (aheadCursor == cursor && !skipping) {
      Map<Integer, PageReader> early = new HashMap<>(aheadPages);
      aheadPages.clear();
      aheadCursor = -1;
      return early;
    }
    dropAhead();
    return Map.of();
  }

  /** The row group at {@code cursor} has started: the next one's pages are read ahead. */
  void started(int cursor) {
    readAhead(cursor + 1);
  }

  /**
   * Prefetches the chunks of the row group at {@code cursor}, and those of the next one when
   * nothing can make it skip pages or be passed over (no page pruning, no row range). A row group
   * whose pages a filter skips is still fetched whole: skipping its pages remotely would cost a
   * request for each page header the reader must read to pass the page by.
   */
  private void prefetchAround(int cursor) {
    var done = prefetches.entrySet().iterator();
    while (done.hasNext()) {
      var e = done.next();
      if (e.getKey() < cursor) {
        e.getValue().close();
        done.remove();
      }
    }
    List<Integer> rowGroups = plan.rowGroups();
    if (!prefetches.containsKey(cursor)) {
      prefetches.put(cursor, file.input().prefetch(chunkRanges(rowGroups.get(cursor))));
    }
    int next = cursor + 1;
    if (plan.readsWholeRowGroups() && next < rowGroups.size() && !prefetches.containsKey(next)) {
      prefetches.put(next, file.input().prefetch(chunkRanges(rowGroups.get(next))));
    }
  }

  /** The bytes of the chunks the reader reads in a row group. */
  private List<FileRange> chunkRanges(int group) {
    return chunkRanges(file, leaves, group);
  }

  /** The bytes of the chunks of {@code leaves} in a row group of {@code file}. */
  static List<FileRange> chunkRanges(ParquetFile file, List<LeafReader> leaves, int group) {
    RowGroup rowGroup = file.metadata().rowGroups().get(group);
    List<FileRange> ranges = new ArrayList<>();
    for (LeafReader leaf : leaves) {
      ColumnMetaData meta = rowGroup.columns().get(leaf.leaf().column().index()).metaData();
      try {
        ChunkRange chunk = ChunkRange.of(meta, file.footer());
        ranges.add(new FileRange(chunk.start(), chunk.length()));
      } catch (ParquetFormatException e) {
        // The page reader reports the chunk with its context; nothing is fetched for it here.
      }
    }
    return ranges;
  }

  /**
   * Starts reading the pages of the row group at {@code next} ahead, when it will be read whole (no
   * row range or page pruning leaves pages out, as far as the footer and page index tell) and the
   * read may use more than one thread. Late materialisation may still pass over pages read ahead:
   * then only the work is lost.
   */
  private void readAhead(int next) {
    dropAhead();
    List<Integer> rowGroups = plan.rowGroups();
    if (options.parallelism() < 2
        || next >= rowGroups.size()
        || leaves.isEmpty()
        || closing.getAsBoolean()) {
      return;
    }
    int group = rowGroups.get(next);
    try {
      if (plan.rowsToRead(next).rows() < file.metadata().rowGroups().get(group).numRows()) {
        return;
      }
      // A remote file fetches the row group's chunks in a few coalesced requests before its page
      // headers and pages are read ahead (else each would be a request of its own).
      if (!prefetches.containsKey(next)) {
        prefetches.put(next, file.input().prefetch(chunkRanges(group)));
      }
      if (readAheadThreads == null) {
        readAheadThreads =
            ParrowThreads.share(
                ParrowThreads.Work.READ_AHEAD, options.executor(), options.parallelism());
      }
      long each = Math.max(1, READ_AHEAD_BYTES / leaves.size());
      // The largest chunks first: the threads take pages in turn, and a chunk of one large page (a
      // text column's, say) queued last would still be decompressing, alone, when the row group
      // starts.
      List<LeafReader> largestFirst = new ArrayList<>(leaves);
      List<ColumnChunk> chunks = file.metadata().rowGroups().get(group).columns();
      largestFirst.sort(
          java.util.Comparator.comparingLong(
              (LeafReader leaf) ->
                  -chunks.get(leaf.leaf().column().index()).metaData().totalUncompressedSize()));
      for (LeafReader leaf : largestFirst) {
        PageReader pages = newPages.apply(group, leaf.leaf());
        aheadPages.put(leaf.leaf().column().index(), pages);
        pages.readAhead(readAheadThreads, each);
      }
      aheadCursor = next;
    } catch (RuntimeException e) {
      // Whatever is wrong with the next row group is reported when it is read in turn.
      dropAhead();
    }
  }

  /** Gives up the pages read ahead for the next row group. */
  private void dropAhead() {
    aheadPages.values().forEach(PageReader::dropReadAhead);
    aheadPages.clear();
    aheadCursor = -1;
  }

  /** Closes the prefetches and drops what was read ahead (a read a thread is in finishes). */
  @Override
  public void close() {
    prefetches.values().forEach(Prefetch::close);
    prefetches.clear();
    dropAhead();
  }
}
