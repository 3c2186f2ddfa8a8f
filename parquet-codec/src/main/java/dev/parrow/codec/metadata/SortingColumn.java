package dev.parrow.codec.metadata;

/**
 * A sort order a row group declares for one of its leaf columns.
 *
 * @param columnIdx the leaf column's index
 * @param descending whether the order is descending
 * @param nullsFirst whether nulls come first
 */
public record SortingColumn(int columnIdx, boolean descending, boolean nullsFirst) {}
