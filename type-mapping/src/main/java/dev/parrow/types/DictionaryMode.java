package dev.parrow.types;

/**
 * How dictionary columns are read: the columns the {@code ARROW:schema} hint says were
 * dictionaries, and those named in {@link TypeOptions#dictionaryColumns()}.
 */
public enum DictionaryMode {
  /** As plain vectors of their values. */
  DECODE,
  /**
   * Dictionary-encoded, the dictionary replaced at each row group (batches never cross row groups).
   */
  PER_ROW_GROUP,
  /**
   * Dictionary-encoded with one dictionary for the whole file: the union, in first-seen order. When
   * the writer's index type cannot index the union of the dictionary pages, or a chunk has pages
   * that fell back from dictionary encoding (whose values no dictionary page counts), the column is
   * read with Int(32) indices instead, and the reader's warnings and its file's description say so.
   */
  UNIFY,
  /**
   * The default: one dictionary for the file (as UNIFY) when the union of the row groups'
   * dictionaries fits the index type, else, column by column, one per row group (as PER_ROW_GROUP),
   * keeping the writer's index type.
   */
  AUTO;

  /**
   * {@return whether a column starts with one dictionary for the file, its dictionary pages all
   * read before the first batch (UNIFY, and AUTO until the union overflows)}
   */
  public boolean startsUnified() {
    return this == UNIFY || this == AUTO;
  }
}
