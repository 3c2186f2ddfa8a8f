package dev.parrow.codec.metadata;

/**
 * Where a data page is: file offset, stored size including its header, first row in the row group.
 */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {}
