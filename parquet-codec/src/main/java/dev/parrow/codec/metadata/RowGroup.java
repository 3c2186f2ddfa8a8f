package dev.parrow.codec.metadata;

import java.util.List;

/**
 * A horizontal slice of the file: one chunk per leaf column, in schema order. Optional fields are
 * null when absent.
 *
 * @param columns one chunk per leaf column, in schema order
 * @param totalByteSize uncompressed bytes of all the chunks
 * @param numRows rows in the group
 * @param sortingColumns the columns the rows are sorted by, or null
 * @param fileOffset the file offset of the group's first page, or null
 * @param totalCompressedSize bytes of all the chunks as stored, or null
 * @param ordinal the group's position in the file, or null
 */
public record RowGroup(
    List<ColumnChunk> columns,
    long totalByteSize,
    long numRows,
    List<SortingColumn> sortingColumns,
    Long fileOffset,
    Long totalCompressedSize,
    Short ordinal) {

  /**
   * Copies the lists.
   *
   * @param columns one chunk per leaf column, in schema order
   * @param totalByteSize uncompressed bytes of all the chunks
   * @param numRows rows in the group
   * @param sortingColumns the columns the rows are sorted by, or null
   * @param fileOffset the file offset of the group's first page, or null
   * @param totalCompressedSize bytes of all the chunks as stored, or null
   * @param ordinal the group's position in the file, or null
   */
  public RowGroup {
    columns = List.copyOf(columns);
    sortingColumns = ListCopies.copyOrNull(sortingColumns);
  }

  /**
   * This row group with other chunks (its decrypted column metadata, say).
   *
   * @param newColumns one chunk per leaf column
   * @return the new row group
   */
  public RowGroup withColumns(List<ColumnChunk> newColumns) {
    return new RowGroup(
        newColumns,
        totalByteSize,
        numRows,
        sortingColumns,
        fileOffset,
        totalCompressedSize,
        ordinal);
  }
}
