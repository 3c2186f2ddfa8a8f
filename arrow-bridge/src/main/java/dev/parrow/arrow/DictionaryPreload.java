package dev.parrow.arrow;

import dev.parrow.arrow.internal.fill.DictionaryFiller;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.LeafReader;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.types.DictionaryMode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.arrow.vector.dictionary.Dictionary;

/**
 * Dictionary columns before the first batch: each leaf's filler bound to its Arrow dictionary
 * vector, and, for a dictionary unified for the file, every chunk's dictionary page read first, so
 * that the dictionary of the first batch is already the file's (an IPC file cannot replace it
 * later). AUTO's choice between one dictionary and one per row group is made here.
 */
final class DictionaryPreload {
  private final ParquetFile file;
  private final ReadOptions options;
  private final List<Integer> rowGroups;
  private final BiFunction<Integer, LeafColumn, PageReader> pages;

  /**
   * @param rowGroups the row groups to read, in order
   * @param pages a new page reader of a leaf's chunk in a row group (of the file's numbering)
   */
  DictionaryPreload(
      ParquetFile file,
      ReadOptions options,
      List<Integer> rowGroups,
      BiFunction<Integer, LeafColumn, PageReader> pages) {
    this.file = file;
    this.options = options;
    this.rowGroups = rowGroups;
    this.pages = pages;
  }

  /**
   * Binds the dictionary leaves (those of {@code ownDictionaries}, the filter-only columns, have
   * theirs already) to the reader's dictionary vectors and preloads the unified ones.
   */
  void bind(List<LeafReader> leaves, Set<Integer> ownDictionaries, Map<Long, Dictionary> vectors) {
    for (LeafReader leaf : leaves) {
      var encoding = leaf.leaf().field().getDictionary();
      if (encoding != null && !ownDictionaries.contains(leaf.leaf().column().index())) {
        leaf.leaf().filler().dictionaryVector(vectors.get(encoding.getId()).getVector());
        if (options.types().dictionaryMode().startsUnified()) {
          preload(leaf);
        }
      }
    }
  }

  /**
   * A unified dictionary is the union of every chunk's dictionary page: they are all read now. Only
   * values of pages that fell back from dictionary encoding can still add entries. Each chunk's
   * dictionary is decoded here once and kept for the read of its row group, which skips the
   * dictionary page.
   */
  private void preload(LeafReader leaf) {
    LeafColumn column = leaf.leaf();
    // Before the first row group is started: every row group read is preloaded.
    for (int position = 0; position < rowGroups.size(); position++) {
      int g = rowGroups.get(position);
      try {
        DenseValues dictionary =
            new ColumnReader(column.column(), pages.apply(g, column)).readDictionaryOnly();
        column.filler().chunkDictionary(dictionary);
        if (dictionary != null) {
          leaf.preloaded(position, dictionary);
        }
      } catch (ParquetFormatException e) {
        throw e.inColumn(column.column().dottedPath())
            .inRowGroup(g)
            .inFile(file.footer().fileName());
      }
    }
    column.filler().chunkDictionary(null);
    if (options.types().dictionaryMode() == DictionaryMode.AUTO
        && column.filler() instanceof DictionaryFiller d
        && !d.fitsIndexType()) {
      // The row groups' dictionaries together do not fit the writer's index type: one per row
      // group instead, each replacing the last (the decoded chunks stay preloaded).
      d.perRowGroup();
    }
  }
}
