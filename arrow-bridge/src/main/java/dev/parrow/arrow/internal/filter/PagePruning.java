package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundFilter.Test;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a filter into the row ranges of a row group that may match, by the page index: each test
 * keeps the pages of its column whose column-index bounds it may satisfy (the rows of those pages,
 * by the offset index), AND intersects and OR unites. A column without a page index keeps every
 * row.
 */
public final class PagePruning {
  private final BoundFilter filter;
  private final Footer footer;
  private final InputFile input;

  public PagePruning(BoundFilter filter, Footer footer, InputFile input) {
    this.filter = filter;
    this.footer = footer;
    this.input = input;
  }

  /** The rows of the row group that may match. */
  public RowRanges ranges(int rowGroup) {
    currentRowGroup = rowGroup;
    RowGroup group = footer.metaData().rowGroups().get(rowGroup);
    return ranges(filter, group, new HashMap<>());
  }

  private RowRanges ranges(BoundFilter f, RowGroup group, Map<Integer, RowRanges> byTest) {
    if (f instanceof BoundFilter.And and) {
      RowRanges acc = RowRanges.all(group.numRows());
      for (BoundFilter child : and.children()) {
        acc = acc.intersect(ranges(child, group, byTest));
        if (acc.count() == 0) {
          break;
        }
      }
      return acc;
    }
    if (f instanceof BoundFilter.Or or) {
      RowRanges acc = RowRanges.none();
      for (BoundFilter child : or.children()) {
        acc = acc.union(ranges(child, group, byTest));
      }
      return acc;
    }
    if (f instanceof BoundFilter.Computed computed && computed.prune() != null) {
      f = computed.prune(); // list_contains: no chunk or page without the value holds a match
    }
    if (!(f instanceof Test test)) {
      return RowRanges.all(
          group.numRows()); // columns compared, or values computed: tested row by row
    }
    return testRanges(test, group);
  }

  /** The row group whose ranges are being found (an encrypted chunk's modules name it). */
  private int currentRowGroup;

  private RowRanges testRanges(Test test, RowGroup group) {
    FilterColumn column = test.column();
    ColumnChunk chunk = group.columns().get(column.column().index());
    OffsetIndex offsets;
    ColumnIndex index;
    try {
      var crypto =
          dev.parrow.arrow.internal.read.ChunkPages.crypto(
              footer, currentRowGroup, column.column());
      offsets = PageIndexReader.offsetIndex(input, chunk, group.numRows(), crypto);
      index = offsets == null ? null : PageIndexReader.columnIndex(input, chunk, crypto);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (dev.parrow.codec.ParquetFormatException e) {
      throw e.inColumn(column.name());
    }
    int pages = offsets == null ? 0 : offsets.pageLocations().size();
    if (index == null
        || pages == 0
        || index.nullPages().size() != pages
        || index.minValues().size() != pages
        || index.maxValues().size() != pages) {
      return RowRanges.all(group.numRows());
    }
    if (!plausible(index, offsets, group, column)) {
      return RowRanges.all(group.numRows());
    }
    var order = Bounds.columnOrder(footer, column);
    List<long[]> kept = new ArrayList<>();
    for (int p = 0; p < pages; p++) {
      long first = offsets.pageLocations().get(p).firstRowIndex();
      long end =
          p + 1 < pages ? offsets.pageLocations().get(p + 1).firstRowIndex() : group.numRows();
      Bounds bounds;
      if (index.nullPages().get(p)) {
        bounds = new Bounds(null, null, 1, 1, true);
      } else {
        Long nulls =
            index.nullCounts() == null || index.nullCounts().size() != pages
                ? null
                : index.nullCounts().get(p);
        Long nans =
            index.nanCounts() == null || index.nanCounts().size() != pages
                ? null
                : index.nanCounts().get(p);
        Bytes min = index.minValues().get(p);
        Bytes max = index.maxValues().get(p);
        bounds = Bounds.of(column, min, max, null, null, nulls, -1, nans, order);
      }
      if (bounds.mayMatch(test)) {
        kept.add(new long[] {first, end});
      }
    }
    return RowRanges.ofSorted(kept);
  }

  /**
   * Whether a column index can be believed. Some writers emit one that contradicts itself or the
   * chunk (parquet-mr 1.13 snapshots wrote every page as a null page, with null counts of -1, for
   * columns without statistics): such an index prunes nothing, rather than rows that exist.
   */
  private static boolean plausible(
      ColumnIndex index, OffsetIndex offsets, RowGroup group, FilterColumn column) {
    List<Long> nullCounts = index.nullCounts();
    int pages = offsets.pageLocations().size();
    boolean flat = column.column().maxRepetitionLevel() == 0;
    var stats = group.columns().get(column.column().index()).metaData().statistics();
    Long chunkNulls = stats == null ? null : stats.nullCount();
    for (int p = 0; p < pages; p++) {
      Long nulls = nullCounts == null || nullCounts.size() != pages ? null : nullCounts.get(p);
      if (nulls != null && nulls < 0) {
        return false;
      }
      if (index.nullPages().get(p)) {
        long first = offsets.pageLocations().get(p).firstRowIndex();
        long end =
            p + 1 < pages ? offsets.pageLocations().get(p + 1).firstRowIndex() : group.numRows();
        // A flat column's null page has a null in every row; the chunk must have that many.
        if (flat
            && ((nulls != null && nulls != end - first)
                || (chunkNulls != null && chunkNulls < end - first))) {
          return false;
        }
      }
    }
    return true;
  }
}
