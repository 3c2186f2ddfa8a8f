package dev.parrow.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the byte ranges a reader needs into the requests a remote file makes: ranges closer than
 * the hole limit are merged (a small gap costs less than a round trip), and merged ranges longer
 * than the size limit are cut, so that they can be fetched in parallel. Arrow C++'s read-range
 * cache plans the same way.
 */
public final class RangePlan {
  private RangePlan() {}

  /**
   * The requests that cover {@code ranges}.
   *
   * @param ranges the ranges needed, in any order, overlapping or not
   * @param holeLimit merge two ranges when at most this many bytes separate them
   * @param sizeLimit the most bytes of one request (at least 1)
   * @return the requests, in file order, not overlapping
   */
  public static List<FileRange> coalesce(List<FileRange> ranges, long holeLimit, long sizeLimit) {
    if (sizeLimit < 1 || holeLimit < 0) {
      throw new IllegalArgumentException("bad limits: hole " + holeLimit + ", size " + sizeLimit);
    }
    List<FileRange> sorted = new ArrayList<>();
    for (FileRange r : ranges) {
      if (r.length() > 0) {
        sorted.add(r);
      }
    }
    sorted.sort(Comparator.comparingLong(FileRange::offset));
    List<FileRange> merged = new ArrayList<>();
    long start = -1;
    long end = -1;
    for (FileRange r : sorted) {
      if (start >= 0 && r.offset() - end <= holeLimit) {
        end = Math.max(end, r.end());
        continue;
      }
      if (start >= 0) {
        merged.add(new FileRange(start, end - start));
      }
      start = r.offset();
      end = r.end();
    }
    if (start >= 0) {
      merged.add(new FileRange(start, end - start));
    }
    List<FileRange> requests = new ArrayList<>();
    for (FileRange m : merged) {
      // Cut into equal parts rather than limit-sized ones plus a small tail.
      long parts = (m.length() + sizeLimit - 1) / sizeLimit;
      long part = (m.length() + parts - 1) / parts;
      for (long at = m.offset(); at < m.end(); at += part) {
        requests.add(new FileRange(at, Math.min(part, m.end() - at)));
      }
    }
    return requests;
  }
}
