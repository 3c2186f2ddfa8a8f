package dev.parrow.codec.metadata;

import java.util.List;

/**
 * A horizontal slice of the file: one chunk per leaf column, in schema order. Optional fields are
 * null when absent.
 */
public record RowGroup(
    List<ColumnChunk> columns,
    long totalByteSize,
    long numRows,
    List<SortingColumn> sortingColumns,
    Long fileOffset,
    Long totalCompressedSize,
    Short ordinal) {

  public RowGroup {
    columns = List.copyOf(columns);
    sortingColumns = ListCopies.copyOrNull(sortingColumns);
  }
}
