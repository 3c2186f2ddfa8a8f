package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.values.DenseValues;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dictionaries of one row group's chunks, decoded once for all the pieces of it read at once
 * ({@link ParquetArrowReader}): the first piece to start a chunk decodes its dictionary page, and
 * the others use those values and pass the page by. Each chunk's dictionary is read with a page
 * reader of its own that keeps its arrays, so the values stay valid while any piece reads.
 */
final class PieceDictionaries {
  private final ParquetFile file;
  private final ReadOptions options;
  private final int rowGroup;

  /** Each chunk's dictionary by column index; empty for a chunk without one. */
  private final ConcurrentHashMap<Integer, Optional<DenseValues>> byColumn =
      new ConcurrentHashMap<>();

  PieceDictionaries(ParquetFile file, ReadOptions options, int rowGroup) {
    this.file = file;
    this.options = options;
    this.rowGroup = rowGroup;
  }

  /**
   * {@return the dictionary of the leaf's chunk in the row group, or null when the chunk has none}
   * Decoded by the first caller (the others for the same column wait for it); a failure is thrown
   * to each caller in turn.
   */
  DenseValues of(LeafColumn leaf) {
    return byColumn
        .computeIfAbsent(
            leaf.column().index(),
            c ->
                Optional.ofNullable(
                    new ColumnReader(leaf.column(), file.pages(rowGroup, leaf.column(), options))
                        .readDictionaryOnly()))
        .orElse(null);
  }
}
