package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.RowRanges;

/**
 * Where a read is: the row group of the {@link ReadPlan} being read, the ranges of its rows to
 * read, and the row its leaves are at. The batch loop moves it; errors read it to name the row
 * group.
 */
final class RowGroupCursor {
  private ReadPlan plan;

  /** The position in the plan's row groups (-1 before the first). */
  private int position = -1;

  /** The row group's index in the file (-1 before the first). */
  private int rowGroup = -1;

  private RowRanges ranges = RowRanges.none();
  private int rangeIndex;

  /** The row of the current row group the leaves are at. */
  private long row;

  /** Starts on a plan (made when the first batch is read). */
  void start(ReadPlan plan) {
    this.plan = plan;
  }

  /** Moves to the plan's next row group, at its first row; false after the last. */
  boolean nextGroup() {
    if (++position >= plan.rowGroups().size()) {
      return false;
    }
    rowGroup = plan.rowGroups().get(position);
    ranges = plan.rowsToRead(position);
    rangeIndex = 0;
    row = 0;
    return true;
  }

  /** Whether rows of the current row group are left to read. */
  boolean inRange() {
    return rangeIndex < ranges.count();
  }

  /** The first row of the range being read. */
  long rangeStart() {
    return ranges.from()[rangeIndex];
  }

  /** The end (exclusive) of the range being read. */
  long rangeEnd() {
    return ranges.to()[rangeIndex];
  }

  /** The leaves were moved to {@code to} without reading the rows between. */
  void skippedTo(long to) {
    row = to;
  }

  /** {@code rows} rows were read; the range is done when they reach its end. */
  void read(int rows) {
    row += rows;
    if (row == rangeEnd()) {
      rangeIndex++;
    }
  }

  /** The rows of the current row group to read. */
  RowRanges ranges() {
    return ranges;
  }

  /** The position in the plan's row groups. */
  int position() {
    return position;
  }

  /** The current row group's index in the file. */
  int rowGroup() {
    return rowGroup;
  }

  /** The row of the current row group the leaves are at. */
  long row() {
    return row;
  }
}
