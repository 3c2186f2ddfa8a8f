package dev.parrow.codec;

/**
 * A batch's values of one column do not fit what one batch holds: more than 2 GiB of BYTE_ARRAY or
 * FIXED_LEN_BYTE_ARRAY bytes (a Java array's limit), or more level entries than the reader's limit.
 * Not a fault of the file: a reader that meets it reads the same rows again as smaller batches, and
 * only when a single row does not fit is it an error ({@link #inOneRow}).
 */
public final class BatchTooLargeException extends ParquetFormatException {
  private static final long serialVersionUID = 1L;

  /** What did not fit, as a noun phrase ("BYTE_ARRAY values of more than 2 GiB"). */
  private final String what;

  /** The values the batch held when it overflowed (they fit), or -1 when unknown. */
  private final int valuesHeld;

  /**
   * A batch that did not fit.
   *
   * @param what what did not fit, as a noun phrase
   * @param valuesHeld the values the batch held when it overflowed (they fit), or -1 when unknown
   */
  public BatchTooLargeException(String what, int valuesHeld) {
    super(what + " in one batch");
    this.what = what;
    this.valuesHeld = valuesHeld;
  }

  /** {@return the values the batch held when it overflowed, or -1 when unknown} */
  public int valuesHeld() {
    return valuesHeld;
  }

  /**
   * The rows a smaller batch should try after a batch of {@code rows} rows overflowed: at most half
   * of them, and fewer when the values that did fit say so.
   *
   * @param rows the rows of the batch that overflowed (more than one)
   * @return at least 1
   */
  public int smallerBatch(int rows) {
    int half = rows / 2;
    // A flat column has at least as many rows as values: three quarters of those that fit leave
    // room for the rows being larger than those before them.
    int fitting = valuesHeld >= 0 ? (int) Math.min(half, valuesHeld * 3L / 4) : half;
    return Math.max(1, fitting);
  }

  /**
   * The error when a batch of a single row overflowed, which no smaller batch can read: its
   * location (file, column, row group, page) kept.
   *
   * @return a plain {@link ParquetFormatException}
   */
  public ParquetFormatException inOneRow() {
    ParquetFormatException e =
        new ParquetFormatException("one row has " + what + ", more than one batch holds", this);
    if (file() != null) {
      e.inFile(file());
    }
    if (column() != null) {
      e.inColumn(column());
    }
    if (rowGroup() != null) {
      e.inRowGroup(rowGroup());
    }
    if (page() != null) {
      e.inPage(page());
    }
    return e;
  }
}
