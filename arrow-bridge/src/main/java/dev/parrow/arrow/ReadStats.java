package dev.parrow.arrow;

/**
 * What a read did, for seeing what a filter skipped ({@link ParquetArrowReader#stats}).
 *
 * @param rowGroups row groups the read covered (all, or those {@link ReadOptions#rowGroups} chose)
 * @param rowGroupsRead row groups not ruled out by statistics, Bloom filters or dictionaries
 * @param pages data pages of the columns read in the row groups read
 * @param pagesRead data pages read and decoded (the others were skipped whole)
 * @param bytesRead bytes of column chunks read (pages skipped whole are not counted)
 * @param rowsScanned rows decoded, before the filter
 * @param rows rows returned
 */
public record ReadStats(
    int rowGroups,
    int rowGroupsRead,
    long pages,
    long pagesRead,
    long bytesRead,
    long rowsScanned,
    long rows) {

  /** Nothing read yet. */
  static final ReadStats NONE = new ReadStats(0, 0, 0, 0, 0, 0, 0);

  /** {@return these counts and {@code other}'s, added} */
  ReadStats plus(ReadStats other) {
    return new ReadStats(
        rowGroups + other.rowGroups,
        rowGroupsRead + other.rowGroupsRead,
        pages + other.pages,
        pagesRead + other.pagesRead,
        bytesRead + other.bytesRead,
        rowsScanned + other.rowsScanned,
        rows + other.rows);
  }

  /**
   * One line of JSON, as {@code parrow --stats} prints it.
   *
   * @return one JSON object
   */
  public String toJson() {
    return "{\"rowGroups\":"
        + rowGroups
        + ",\"rowGroupsRead\":"
        + rowGroupsRead
        + ",\"pages\":"
        + pages
        + ",\"pagesRead\":"
        + pagesRead
        + ",\"bytesRead\":"
        + bytesRead
        + ",\"rowsScanned\":"
        + rowsScanned
        + ",\"rows\":"
        + rows
        + "}";
  }
}
