package dev.parrow.arrow;

import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.page.PageReader;
import java.util.ArrayList;
import java.util.List;

/**
 * What a read has read and passed over so far, behind {@link ReadStats}: the pages and bytes of the
 * row groups finished, and of the current one's chunks as their page readers count them; row groups
 * the page index emptied; rows scanned and returned. Kept by the thread that reads.
 */
final class ReadCounters {
  /** The current row group's page readers, and the data pages each chunk's metadata counts. */
  private final List<PageReader> groupPages = new ArrayList<>();

  private final List<Long> groupPageCounts = new ArrayList<>();

  private long pagesRead;
  private long pagesTotal;
  private long bytesRead;
  private int groupsEmptiedByPages;
  private long rowsScanned;
  private long rowsReturned;

  /** A new row group starts: the last one's pages are added to the totals. */
  void rowGroupStarting() {
    for (int i = 0; i < groupPages.size(); i++) {
      PageReader p = groupPages.get(i);
      pagesRead += p.dataPagesRead();
      bytesRead += p.bytesRead();
      pagesTotal += pages(i, p);
    }
    groupPages.clear();
    groupPageCounts.clear();
  }

  /** A chunk of the current row group starts, read by {@code pages}. */
  void chunkStarted(PageReader pages, ColumnMetaData meta) {
    groupPages.add(pages);
    groupPageCounts.add(dataPageCount(meta));
  }

  /**
   * The current row group's chunk {@code i} is read again from its start by {@code pages}: what its
   * reader read so far counts as read.
   */
  void chunkRestarted(int i, PageReader pages) {
    PageReader before = groupPages.get(i);
    pagesRead += before.dataPagesRead();
    bytesRead += before.bytesRead();
    groupPages.set(i, pages);
  }

  /** A row group the page index left no rows of was passed over. */
  void rowGroupEmptied() {
    groupsEmptiedByPages++;
  }

  void rows(long scanned, long returned) {
    rowsScanned += scanned;
    rowsReturned += returned;
  }

  /** The current row group's page readers (the reader drops and releases them on close). */
  List<PageReader> currentPages() {
    return groupPages;
  }

  /** Stored bytes of the pages read so far (pages skipped whole are not read). */
  long bytesRead() {
    long total = bytesRead;
    for (PageReader p : groupPages) {
      total += p.bytesRead();
    }
    return total;
  }

  /**
   * The counts now.
   *
   * @param chosenGroups the row groups the options chose
   * @param plannedGroups the row groups the filter may match (0 before the plan is made)
   */
  ReadStats snapshot(int chosenGroups, int plannedGroups) {
    long read = pagesRead;
    long total = pagesTotal;
    for (int i = 0; i < groupPages.size(); i++) {
      PageReader p = groupPages.get(i);
      read += p.dataPagesRead();
      total += pages(i, p);
    }
    return new ReadStats(
        chosenGroups,
        plannedGroups == 0 ? 0 : plannedGroups - groupsEmptiedByPages,
        total,
        read,
        bytesRead(),
        rowsScanned,
        rowsReturned);
  }

  /** The data pages of the current row group's chunk {@code i}: by its metadata, else as read. */
  private long pages(int i, PageReader p) {
    long known = groupPageCounts.get(i);
    return known >= 0 ? known : p.dataPagesRead() + p.dataPagesSkipped();
  }

  /** The data pages of a chunk by its encoding stats, or -1 when it has none. */
  static long dataPageCount(ColumnMetaData meta) {
    if (meta.encodingStats() == null || meta.encodingStats().isEmpty()) {
      return -1;
    }
    long n = 0;
    for (var s : meta.encodingStats()) {
      if (s.pageType() == dev.parrow.codec.metadata.PageType.DATA_PAGE
          || s.pageType() == dev.parrow.codec.metadata.PageType.DATA_PAGE_V2) {
        n += s.count();
      }
    }
    return n;
  }
}
