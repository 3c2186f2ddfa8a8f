package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.ChunkPages;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.storage.Prefetch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the pieces of one row group read at once ({@link ParquetArrowReader}) share, so that
 * splitting a row group costs no second read of its bytes: its chunks are fetched once (a remote
 * file's coalesced requests, by the first piece to start; closed after the last piece), and each
 * chunk's dictionary is decoded once (the first piece to start a chunk decodes its dictionary page,
 * the others use those values and pass the page by). Each dictionary is read with a page reader of
 * its own that keeps its arrays, so the values stay valid while any piece reads.
 */
final class SplitRowGroup {
  private final ParquetFile file;
  private final ReadOptions options;
  private final int rowGroup;
  private final List<LeafReader> leaves;

  /** Pieces not closed yet; the prefetch is closed with the last. */
  private int open;

  private Prefetch fetched;

  /** Each nested chunk's offset index by column index; empty for a chunk without one. */
  private final ConcurrentHashMap<Integer, Optional<OffsetIndex>> offsetIndexes =
      new ConcurrentHashMap<>();

  /** Each chunk's dictionary by column index; empty for a chunk without one. */
  private final ConcurrentHashMap<Integer, Optional<DenseValues>> byColumn =
      new ConcurrentHashMap<>();

  SplitRowGroup(ParquetFile file, ReadOptions options, int rowGroup, List<LeafReader> leaves) {
    this.file = file;
    this.options = options;
    this.rowGroup = rowGroup;
    this.leaves = leaves;
  }

  /** One more piece of the row group. */
  synchronized void piece() {
    open++;
  }

  /** A piece starts: the row group's chunks are fetched, once for all pieces. */
  synchronized void fetch() {
    if (fetched == null) {
      fetched = file.input().prefetch(ChunkScheduler.chunkRanges(file, leaves, rowGroup));
    }
  }

  /** A piece ended; the last one lets the fetched chunks go. */
  synchronized void pieceClosed() {
    if (--open == 0 && fetched != null) {
      fetched.close();
      fetched = null;
    }
  }

  /**
   * {@return the offset index of the leaf's chunk in the row group, or null when it has none} Read
   * by the first piece that asks (a remote file's one request for all pieces), as {@link
   * #dictionary} is.
   */
  OffsetIndex offsetIndex(LeafColumn leaf) throws IOException {
    try {
      return offsetIndexes
          .computeIfAbsent(
              leaf.column().index(),
              c -> {
                RowGroup group = file.metadata().rowGroups().get(rowGroup);
                try {
                  return Optional.ofNullable(
                      PageIndexReader.offsetIndex(
                          file.input(),
                          group.columns().get(c),
                          group.numRows(),
                          ChunkPages.crypto(file.footer(), rowGroup, leaf.column())));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .orElse(null);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * {@return the dictionary of the leaf's chunk in the row group, or null when the chunk has none}
   * Decoded by the first caller (the others for the same column wait for it); a failure is thrown
   * to each caller in turn.
   */
  DenseValues dictionary(LeafColumn leaf) {
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
