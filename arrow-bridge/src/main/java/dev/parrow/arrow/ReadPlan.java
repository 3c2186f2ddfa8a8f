package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.BoundFilter;
import dev.parrow.arrow.internal.filter.ChunkPruning;
import dev.parrow.arrow.internal.filter.PagePruning;
import dev.parrow.arrow.internal.filter.RowRanges;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.RowGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * Which row groups a read reads, and which rows of each: those the options choose (row groups, a
 * row range), less the row groups a filter rules out by statistics, Bloom filters and dictionaries,
 * and less the pages the page index prunes. A cursor is a place in {@link #rowGroups()}.
 */
final class ReadPlan {
  private final ParquetFile file;
  private final ReadOptions options;
  private final List<Integer> rowGroups;

  /** The filter's page pruning, or null without a filter. */
  private final PagePruning pagePruning;

  /** The first row of each row group in the file. */
  private final long[] groupStarts;

  /** The cursor whose rows {@link #rowsToRead} gave last, and those rows. */
  private int rangesCursor = -1;

  private RowRanges rangesOfCursor;

  /** The row groups the options chose, in their order; one that is not in the file is an error. */
  static List<Integer> chosenGroups(ParquetFile file, ReadOptions options) {
    int groupCount = file.metadata().rowGroups().size();
    List<Integer> groups = new ArrayList<>();
    if (options.rowGroups().isEmpty()) {
      for (int g = 0; g < groupCount; g++) {
        groups.add(g);
      }
      return List.copyOf(groups);
    }
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
    return List.copyOf(groups);
  }

  /**
   * The plan of a read of {@code chosen} (the options' row groups): those with rows in the options'
   * row range, and, with a filter, those it may match.
   */
  ReadPlan(ParquetFile file, ReadOptions options, List<Integer> chosen, BoundFilter filter) {
    this.file = file;
    this.options = options;
    List<RowGroup> groups = file.metadata().rowGroups();
    this.groupStarts = new long[groups.size()];
    for (int g = 1; g < groups.size(); g++) {
      groupStarts[g] = groupStarts[g - 1] + groups.get(g - 1).numRows();
    }
    List<Integer> selected = new ArrayList<>();
    for (int g : chosen) {
      if (selectedRows(g).count() > 0) {
        selected.add(g);
      }
    }
    if (filter == null) {
      this.rowGroups = List.copyOf(selected);
      this.pagePruning = null;
      return;
    }
    ChunkPruning pruning =
        new ChunkPruning(
            filter, file.footer(), file.input(), options.verifyCrc(), options.maxPageBytes());
    List<Integer> kept = new ArrayList<>();
    for (int g : selected) {
      try {
        if (pruning.mayMatch(g)) {
          kept.add(g);
        }
      } catch (ParquetFormatException e) {
        throw e.inRowGroup(g).inFile(file.footer().fileName());
      }
    }
    this.rowGroups = List.copyOf(kept);
    this.pagePruning = new PagePruning(filter, file.footer(), file.input());
  }

  /** {@return the file's row number of the first row of row group {@code group}} */
  long firstRow(int group) {
    return groupStarts[group];
  }

  /** {@return the file's row groups to read, in order} */
  List<Integer> rowGroups() {
    return rowGroups;
  }

  /** {@return whether every row group is read whole: no page pruning, no row range} */
  boolean readsWholeRowGroups() {
    return pagePruning == null
        && options.selection() == null
        && options.rowOffset() == 0
        && options.rowLimit() == Long.MAX_VALUE;
  }

  /**
   * The rows to read of the row group at {@code cursor}: those {@link ReadOptions#rows} selects,
   * less the pages the page index prunes. Kept for the last cursor asked, since read-ahead asks for
   * the next row group's before the reader starts it (the page index is read once).
   */
  RowRanges rowsToRead(int cursor) {
    if (cursor == rangesCursor) {
      return rangesOfCursor;
    }
    int group = rowGroups.get(cursor);
    RowRanges ranges = selectedRows(group);
    if (pagePruning != null && ranges.count() > 0) {
      try {
        ranges = ranges.intersect(pagePruning.ranges(group));
      } catch (ParquetFormatException e) {
        throw e.inRowGroup(group).inFile(file.footer().fileName());
      }
    }
    rangesCursor = cursor;
    rangesOfCursor = ranges;
    return ranges;
  }

  /**
   * The rows of a row group that the row range ({@link ReadOptions#rowOffset}, {@link
   * ReadOptions#rowLimit}) and the caller's {@link RowSelection} select (all by default); a
   * selection's scattered rows are read in spans, and dropped from each batch by the {@link
   * FilteredRead}.
   */
  private RowRanges selectedRows(int group) {
    long start = groupStarts[group];
    long rows = file.metadata().rowGroups().get(group).numRows();
    long from = Math.max(0, options.rowOffset() - start);
    long end =
        options.rowLimit() > Long.MAX_VALUE - options.rowOffset()
            ? Long.MAX_VALUE
            : options.rowOffset() + options.rowLimit();
    long to = Math.min(rows, end - start);
    RowRanges ranges = from < to ? RowRanges.between(from, to) : RowRanges.none();
    if (options.selection() != null && ranges.count() > 0) {
      ranges = ranges.intersect(options.selection().spans(start, rows, SELECTION_GAP));
    }
    return ranges;
  }

  /**
   * The fewest unselected rows between two selected ones that a read passes over rather than
   * decodes and drops: fewer would cut a scattered selection (a deletion vector) into tiny batches.
   */
  private static final long SELECTION_GAP = 1024;
}
