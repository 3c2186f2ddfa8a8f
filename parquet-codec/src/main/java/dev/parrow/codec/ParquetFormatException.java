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

  private final String problem;
  private String file;
  private String column;
  private Integer rowGroup;
  private Integer page;

  public ParquetFormatException(String problem) {
    super(problem);
    this.problem = problem;
  }

  public ParquetFormatException(String problem, Throwable cause) {
    super(problem, cause);
    this.problem = problem;
  }

  public ParquetFormatException inFile(String file) {
    if (this.file == null) {
      this.file = file;
    }
    return this;
  }

  public ParquetFormatException inColumn(String column) {
    if (this.column == null) {
      this.column = column;
    }
    return this;
  }

  public ParquetFormatException inRowGroup(int rowGroup) {
    if (this.rowGroup == null) {
      this.rowGroup = rowGroup;
    }
    return this;
  }

  public ParquetFormatException inPage(int page) {
    if (this.page == null) {
      this.page = page;
    }
    return this;
  }

  /** What is wrong, without the location. */
  public String problem() {
    return problem;
  }

  /** The file, or null when the bytes did not come from a named file. */
  public String file() {
    return file;
  }

  /** The dotted column path, or null when the problem is not in one column. */
  public String column() {
    return column;
  }

  /** The row group index, or null. */
  public Integer rowGroup() {
    return rowGroup;
  }

  /** The page index within its column chunk (the dictionary page counts), or null. */
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
