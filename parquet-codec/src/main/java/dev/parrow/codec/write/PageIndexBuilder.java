package dev.parrow.codec.write;

import dev.parrow.codec.metadata.BoundaryOrder;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.Statistics;
import java.util.ArrayList;
import java.util.List;

/**
 * The page index of one column chunk: for each data page where it starts, its size, first row and
 * unencoded byte-array bytes (the offset index), and its min, max, null and NaN counts, level
 * histograms and whether it holds only nulls (the column index).
 */
final class PageIndexBuilder {
  private final StatisticsBuilder order;
  private final List<PageLocation> locations = new ArrayList<>();
  private final List<Boolean> nullPages = new ArrayList<>();
  private final List<Bytes> mins = new ArrayList<>();
  private final List<Bytes> maxs = new ArrayList<>();
  private final List<Long> nullCounts = new ArrayList<>();

  /** Whether a page with values has no bounds. */
  private boolean boundless;

  /** Per page its NaNs (floating-point columns), else null. */
  private List<Long> nanCounts = new ArrayList<>();

  /** The pages' size statistics, or null when none are written. */
  private final SizeStatisticsBuilder sizes;

  /**
   * {@code order} compares the column's bounds; {@code sizes} (or null) holds each page's size
   * statistics.
   */
  PageIndexBuilder(StatisticsBuilder order, SizeStatisticsBuilder sizes) {
    this.order = order;
    this.sizes = sizes;
  }

  /**
   * A data page of {@code statistics} holding {@code present} values starts at {@code offset}, row
   * {@code firstRow}.
   */
  void startPage(long offset, long firstRow, Statistics statistics, int present) {
    locations.add(new PageLocation(offset, 0, firstRow));
    nullPages.add(present == 0);
    // A page of values but no bounds (only NaNs, under the type order) cannot be described: no
    // column index is written for the chunk, as parquet-java does.
    boundless |= present > 0 && statistics.minValue() == null;
    mins.add(statistics.minValue() == null ? Bytes.EMPTY : statistics.minValue());
    maxs.add(statistics.maxValue() == null ? Bytes.EMPTY : statistics.maxValue());
    nullCounts.add(statistics.nullCount());
    if (nanCounts != null) {
      if (statistics.nanCount() == null) {
        nanCounts = null;
      } else {
        nanCounts.add(statistics.nanCount());
      }
    }
  }

  /** The page last started ends at {@code end}. */
  void endPage(long end) {
    int last = locations.size() - 1;
    PageLocation at = locations.get(last);
    locations.set(
        last, new PageLocation(at.offset(), (int) (end - at.offset()), at.firstRowIndex()));
  }

  /**
   * The offset index, every page moved {@code shift} bytes on (the dictionary page comes before
   * them).
   */
  OffsetIndex offsetIndex(long shift) {
    return new OffsetIndex(locations, sizes == null ? null : sizes.pageUnencodedBytes())
        .shiftedBy(shift);
  }

  /** The column index, or null when a page with values has no bounds. */
  ColumnIndex columnIndex() {
    if (boundless) {
      return null;
    }
    return new ColumnIndex(
        nullPages,
        mins,
        maxs,
        boundaryOrder(),
        nullCounts,
        sizes == null ? null : sizes.pageRepetitionHistograms(),
        sizes == null ? null : sizes.pageDefinitionHistograms(),
        nanCounts);
  }

  /**
   * ASCENDING when the non-null pages' mins and maxes never fall from page to page, DESCENDING when
   * they never rise, else UNORDERED: readers may then binary-search the column index.
   */
  private BoundaryOrder boundaryOrder() {
    boolean ascending = true;
    boolean descending = true;
    int previous = -1;
    for (int p = 0; p < nullPages.size(); p++) {
      if (nullPages.get(p)) {
        continue;
      }
      if (previous >= 0) {
        int minOrder = order.compareBounds(mins.get(previous), mins.get(p));
        int maxOrder = order.compareBounds(maxs.get(previous), maxs.get(p));
        ascending &= minOrder <= 0 && maxOrder <= 0;
        descending &= minOrder >= 0 && maxOrder >= 0;
      }
      previous = p;
    }
    return ascending
        ? BoundaryOrder.ASCENDING
        : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
  }
}
