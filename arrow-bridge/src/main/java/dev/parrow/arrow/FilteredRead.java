package dev.parrow.arrow;

import dev.parrow.arrow.internal.fill.DictionaryFiller;
import dev.parrow.arrow.internal.filter.BoundFilter;
import dev.parrow.arrow.internal.filter.BoundFilters;
import dev.parrow.arrow.internal.filter.Compaction;
import dev.parrow.arrow.internal.filter.FilterColumn;
import dev.parrow.arrow.internal.filter.RowFilter;
import dev.parrow.arrow.internal.read.CodedFilterLeaf;
import dev.parrow.arrow.internal.read.FieldReader;
import dev.parrow.arrow.internal.read.LeafReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;

/**
 * The filtered-read step (late materialisation): a batch keeps only the rows the filter selects
 * that the caller's {@link RowSelection} (if any) selects too; without a filter, only the
 * selection's rows are decoded. When every filter column is a flat leaf, those are read first
 * (string and binary ones as dictionary ids where their chunk allows, {@link CodedFilterLeaf}) and
 * the filter applied; the other flat leaves then read only the selected rows, passing over the rest
 * without decoding them, and a batch where nothing matches skips them. Otherwise the batch is read
 * whole and compacted.
 */
final class FilteredRead implements AutoCloseable {
  /** The filter, or null when only a selection chooses the rows. */
  private final BoundFilter filter;

  /** The caller's selection, or null. */
  private final RowSelection selection;

  private final BatchAssembly assembly;

  /** The rows the last batch kept, or null when it kept every row it read. */
  private Compaction.Runs lastKept;

  /** The reader's dictionary vectors, by id ({@code ArrowReader.getDictionaryVectors}). */
  interface Dictionaries {
    Map<Long, Dictionary> get() throws IOException;
  }

  /** The reader's dictionary vectors (for dictionary columns the filter tests). */
  private final Dictionaries dictionaries;

  /** Filter leaves read first, so that the others are skipped in batches where nothing matches. */
  private final List<LeafReader> filterLeaves;

  private final List<LeafReader> otherLeaves;

  /** Filter leaves read as dictionary ids where their chunk allows, by leaf column index. */
  private final Map<Integer, CodedFilterLeaf> coded = new HashMap<>();

  /** Evaluates the filter on each batch (made at the first). */
  private RowFilter rowFilter;

  FilteredRead(
      BoundFilter filter,
      RowSelection selection,
      BatchAssembly assembly,
      Dictionaries dictionaries,
      BufferAllocator allocator) {
    this.filter = filter;
    this.selection = selection;
    this.assembly = assembly;
    this.dictionaries = dictionaries;
    Set<Integer> filterColumns = new HashSet<>();
    if (filter != null) {
      for (FilterColumn c : BoundFilters.columns(filter)) {
        filterColumns.add(c.column().index());
      }
    }
    List<LeafReader> first = new ArrayList<>();
    List<LeafReader> rest = new ArrayList<>();
    boolean allFlat = true;
    for (LeafReader leaf : assembly.leaves()) {
      boolean tested = filterColumns.contains(leaf.leaf().column().index());
      allFlat &= !tested || leaf.isFlat();
      (tested ? first : rest).add(leaf);
    }
    this.filterLeaves = allFlat ? List.copyOf(first) : List.of();
    this.otherLeaves = allFlat ? List.copyOf(rest) : List.of();
    Set<Integer> filterOnly = assembly.filterOnlyColumns();
    for (LeafReader leaf : filterLeaves) {
      // A filter-only column has no values to hand out: its plain read is kept.
      int column = leaf.leaf().column().index();
      if (!filterOnly.contains(column)) {
        CodedFilterLeaf c = CodedFilterLeaf.of(leaf, allocator);
        if (c != null) {
          coded.put(column, c);
        }
      }
    }
  }

  /** A chunk of {@code column} starts: whether it is read as ids depends on its pages. */
  void startChunk(int column, boolean onlyDictionaryPages) {
    CodedFilterLeaf c = coded.get(column);
    if (c != null) {
      c.startChunk(onlyDictionaryPages);
    }
  }

  /**
   * Reads {@code rows} rows, from row {@code first} of the file, into the root (its leaves bound)
   * and keeps those the filter and selection select; returns how many are kept.
   */
  int read(VectorSchemaRoot root, int rows, long first) throws IOException {
    lastKept = null;
    int kept =
        filterLeaves.isEmpty() && filter != null
            ? readWhole(root, rows, first)
            : readFilterFirst(root, rows, first);
    return kept;
  }

  /** The runs of rows the last batch kept, or null when it kept every row it read. */
  Compaction.Runs lastKept() {
    return lastKept;
  }

  private int readWhole(VectorSchemaRoot root, int rows, long first) throws IOException {
    assembly.readAll(root, rows);
    Compaction.Runs runs = Compaction.Runs.of(select(rows, first), rows);
    if (runs.total() < rows) {
      for (int f = 0; f < assembly.fields().size(); f++) {
        Compaction.compact(root.getVector(f), runs);
      }
      root.setRowCount(runs.total());
      lastKept = runs;
    }
    return runs.total();
  }

  private int readFilterFirst(VectorSchemaRoot root, int rows, long first) throws IOException {
    assembly.runAll(
        filterLeaves.size(),
        null,
        i -> {
          LeafReader leaf = filterLeaves.get(i);
          CodedFilterLeaf c = activeCoded(leaf.leaf().column().index());
          if (c != null) {
            assembly.readWhole(c.leaf(), rows, () -> c.read(rows));
          } else {
            assembly.readLeaf(leaf, rows);
          }
        });
    Compaction.Runs runs = Compaction.Runs.of(select(rows, first), rows);
    if (runs.total() == 0) {
      assembly.skip(otherLeaves, rows);
      return 0;
    }
    boolean sparse = runs.total() < rows;
    if (sparse) {
      lastKept = runs;
    }
    Set<FieldReader> selectedOnly = new HashSet<>();
    for (LeafReader leaf : filterLeaves) {
      int column = leaf.leaf().column().index();
      CodedFilterLeaf c = activeCoded(column);
      if (c != null) {
        // The values of the selected rows only (of all rows when every row is selected).
        c.materialize(sparse ? runs : null, rows, assembly.leafVector(column));
        if (sparse) {
          selectedOnly.add(leaf);
        }
      }
    }
    assembly.runAll(
        otherLeaves.size(),
        null,
        i -> {
          LeafReader leaf = otherLeaves.get(i);
          if (sparse && leaf.isFlat()) {
            assembly.readSelected(leaf, rows, runs);
          } else {
            assembly.readLeaf(leaf, rows);
          }
        });
    if (sparse) {
      for (LeafReader leaf : otherLeaves) {
        if (leaf.isFlat()) {
          selectedOnly.add(leaf);
        }
      }
    }
    assembly.buildFields(root, rows, selectedOnly);
    if (sparse) {
      List<FieldReader> fields = assembly.fields();
      for (int f = 0; f < fields.size(); f++) {
        if (!selectedOnly.contains(fields.get(f))) {
          Compaction.compact(root.getVector(f), runs);
        }
      }
      root.setRowCount(runs.total());
    }
    return runs.total();
  }

  /**
   * The rows of the batch (from row {@code first} of the file) where the filter is true and the
   * selection selects, as bits.
   */
  private long[] select(int rows, long first) throws IOException {
    long[] bits = filter == null ? null : filterSelects(rows);
    if (selection == null) {
      return bits;
    }
    long[] selected = selection.bits(first, rows);
    if (bits != null) {
      for (int w = 0; w < selected.length; w++) {
        selected[w] &= bits[w];
      }
    }
    return selected;
  }

  /** The rows of the batch where the filter is true, as bits. */
  private long[] filterSelects(int rows) throws IOException {
    Map<Long, Dictionary> vectors = dictionaries.get();
    if (rowFilter == null) {
      rowFilter = new RowFilter(filter);
    }
    return rowFilter.select(
        new RowFilter.Batch() {
          @Override
          public FieldVector leaf(int column) {
            CodedFilterLeaf c = activeCoded(column);
            return c != null ? c.indices() : assembly.leafVector(column);
          }

          @Override
          public List<FieldVector> above(int column) {
            return assembly.above(column);
          }

          @Override
          public boolean dictionaryOnlyGrows(int column) {
            // The filter-only columns' dictionaries are replaced at each row group, and so are
            // those of the columns read as ids.
            if (assembly.filterDictionary(column) != null || activeCoded(column) != null) {
              return false;
            }
            for (LeafReader leaf : assembly.leaves()) {
              if (leaf.leaf().column().index() == column
                  && leaf.leaf().filler() instanceof DictionaryFiller d) {
                return d.unified();
              }
            }
            return false;
          }

          @Override
          public FieldVector dictionary(int column) {
            CodedFilterLeaf c = activeCoded(column);
            if (c != null) {
              return c.dictionary();
            }
            FieldVector own = assembly.filterDictionary(column);
            if (own != null) {
              return own;
            }
            for (LeafReader leaf : assembly.leaves()) {
              if (leaf.leaf().column().index() == column) {
                var encoding = leaf.leaf().field().getDictionary();
                return encoding == null ? null : vectors.get(encoding.getId()).getVector();
              }
            }
            return null;
          }
        },
        rows);
  }

  /** The filter leaf of {@code column} read as ids in this chunk, or null. */
  private CodedFilterLeaf activeCoded(int column) {
    CodedFilterLeaf c = coded.get(column);
    return c != null && c.active() ? c : null;
  }

  @Override
  public void close() {
    coded.values().forEach(CodedFilterLeaf::close);
    coded.clear();
  }
}
