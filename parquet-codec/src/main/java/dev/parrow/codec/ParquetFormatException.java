package dev.parrow.codec;

/**
 * A Parquet file is malformed, truncated, hostile or uses something Parrow cannot read.
 *
 * <p>The message names where the problem is: the file, and where known the column path, row group
 * and page. Code deep in the codec throws with just the problem; each layer that knows more of the
 * location adds it on the way out with {@link #inFile}, {@link #inColumn}, {@link #inRowGroup} and
 * {@link #inPage}. A location already set is kept, so the innermost (most precise) one wins.
 */
public class ParquetFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What is wrong, without the location. */
  private final String problem;

  /** The file, once a caller that knows it has set it. */
  private String file;

  /** The dotted column path, once known. */
  private String column;

  /** The row group index, once known. */
  private Integer rowGroup;

  /** The page index within its column chunk, once known. */
  private Integer page;

  /**
   * A problem whose location callers add on the way out.
   *
   * @param problem what is wrong, without the location
   */
  public ParquetFormatException(String problem) {
    super(problem);
    this.problem = problem;
  }

  /**
   * A problem caused by another exception (a decompressor's, say).
   *
   * @param problem what is wrong, without the location
   * @param cause the underlying failure
   */
  public ParquetFormatException(String problem, Throwable cause) {
    super(problem, cause);
    this.problem = problem;
  }

  /**
   * Names the file, unless a file is already named.
   *
   * @param file the file's name or path
   * @return this exception
   */
  public ParquetFormatException inFile(String file) {
    if (this.file == null) {
      this.file = file;
    }
    return this;
  }

  /**
   * Names the column, unless one is already named.
   *
   * @param column the dotted column path
   * @return this exception
   */
  public ParquetFormatException inColumn(String column) {
    if (this.column == null) {
      this.column = column;
    }
    return this;
  }

  /**
   * Names the row group, unless one is already named.
   *
   * @param rowGroup the row group index
   * @return this exception
   */
  public ParquetFormatException inRowGroup(int rowGroup) {
    if (this.rowGroup == null) {
      this.rowGroup = rowGroup;
    }
    return this;
  }

  /**
   * Names the page, unless one is already named.
   *
   * @param page the page index within its column chunk
   * @return this exception
   */
  public ParquetFormatException inPage(int page) {
    if (this.page == null) {
      this.page = page;
    }
    return this;
  }

  /**
   * What is wrong, without the location.
   *
   * @return the problem
   */
  public String problem() {
    return problem;
  }

  /**
   * The file, or null when the bytes did not come from a named file.
   *
   * @return the file, or null
   */
  public String file() {
    return file;
  }

  /**
   * The dotted column path, or null when the problem is not in one column.
   *
   * @return the column path, or null
   */
  public String column() {
    return column;
  }

  /**
   * The row group index, or null.
   *
   * @return the row group index, or null
   */
  public Integer rowGroup() {
    return rowGroup;
  }

  /**
   * The page index within its column chunk (the dictionary page counts), or null.
   *
   * @return the page index, or null
   */
  public Integer page() {
    return page;
  }

  @Override
  public String getMessage() {
    StringBuilder where = new StringBuilder();
    if (file != null) {
      where.append(file);
    }
    appendPart(where, column == null ? null : "column " + column);
    appendPart(where, rowGroup == null ? null : "row group " + rowGroup);
    appendPart(where, page == null ? null : "page " + page);
    return where.length() == 0 ? problem : where + ": " + problem;
  }

  private static void appendPart(StringBuilder where, String part) {
    if (part != null) {
      if (where.length() > 0) {
        where.append(", ");
      }
      where.append(part);
    }
  }
}
