package dev.parrow.codec.metadata;

/**
 * Where a data page is: file offset, stored size including its header, first row in the row group.
 *
 * @param offset the page's file offset
 * @param compressedPageSize its stored size, header included
 * @param firstRowIndex its first row's index in the row group
 */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {}
