package dev.parrow.codec.metadata;

/** A sort order a row group declares for one of its leaf columns. */
public record SortingColumn(int columnIdx, boolean descending, boolean nullsFirst) {}
