package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundFilter.Kind;
import dev.parrow.arrow.internal.filter.BoundFilter.Test;
import dev.parrow.codec.bloom.BloomFilter;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Decides, one row group at a time, whether a filter can be true for any of its rows, in steps from
 * cheapest to dearest, each only ever ruling out what cannot match: the chunks' statistics, then
 * their Bloom filters (for = and IN), then their dictionary pages (for = and IN, when every data
 * page is dictionary-encoded).
 */
public final class ChunkPruning {
  private final BoundFilter filter;
  private final Footer footer;
  private final InputFile input;
  private final boolean verifyCrc;
  private final int maxPageBytes;

  /** What pruned the row groups: counts by step. */
  private int byStatistics;

  private int byBloomFilter;
  private int byDictionary;

  public ChunkPruning(
      BoundFilter filter, Footer footer, InputFile input, boolean verifyCrc, int maxPageBytes) {
    this.filter = filter;
    this.footer = footer;
    this.input = input;
    this.verifyCrc = verifyCrc;
    this.maxPageBytes = maxPageBytes;
  }

  private enum Step {
    STATISTICS,
    BLOOM_FILTER,
    DICTIONARY
  }

  /** Whether any row of the row group may satisfy the filter. */
  public boolean mayMatch(int rowGroup) {
    currentRowGroup = rowGroup;
    RowGroup group = footer.metaData().rowGroups().get(rowGroup);
    if (group.numRows() == 0) {
      return false;
    }
    Map<Test, Boolean> known = new HashMap<>();
    for (Step step : Step.values()) {
      if (!mayMatch(filter, group, step, known)) {
        switch (step) {
          case STATISTICS -> byStatistics++;
          case BLOOM_FILTER -> byBloomFilter++;
          case DICTIONARY -> byDictionary++;
        }
        return false;
      }
    }
    return true;
  }

  /**
   * Whether any row of the row group may satisfy the filter by the chunks' statistics alone: what
   * the footer tells without reading anything else (the input may then be null).
   */
  public boolean statisticsMayMatch(int rowGroup) {
    currentRowGroup = rowGroup;
    RowGroup group = footer.metaData().rowGroups().get(rowGroup);
    return group.numRows() > 0 && mayMatch(filter, group, Step.STATISTICS, new HashMap<>());
  }

  /** The row group being pruned (an encrypted chunk's modules name it). */
  private int currentRowGroup;

  /** How a filter column's chunk in the current row group is decrypted, or null. */
  private dev.parrow.codec.crypto.ChunkCrypto crypto(Test test) {
    return dev.parrow.arrow.internal.read.ChunkPages.crypto(
        footer, currentRowGroup, test.column().column());
  }

  public int prunedByStatistics() {
    return byStatistics;
  }

  public int prunedByBloomFilter() {
    return byBloomFilter;
  }

  public int prunedByDictionary() {
    return byDictionary;
  }

  private boolean mayMatch(BoundFilter f, RowGroup group, Step step, Map<Test, Boolean> known) {
    if (f instanceof BoundFilter.And and) {
      for (BoundFilter child : and.children()) {
        if (!mayMatch(child, group, step, known)) {
          return false;
        }
      }
      return true;
    }
    if (f instanceof BoundFilter.Or or) {
      for (BoundFilter child : or.children()) {
        if (mayMatch(child, group, step, known)) {
          return true;
        }
      }
      return false;
    }
    if (f instanceof BoundFilter.Computed computed && computed.prune() != null) {
      f = computed.prune(); // list_contains: no chunk or page without the value holds a match
    }
    if (!(f instanceof Test test)) {
      return true; // columns compared, or values computed: their rows are tested one by one
    }
    Boolean before = known.get(test);
    if (before != null && !before) {
      return false;
    }
    ColumnMetaData meta = group.columns().get(test.column().column().index()).metaData();
    boolean may;
    try {
      may =
          switch (step) {
            case STATISTICS -> Bounds.of(test.column(), meta, footer).mayMatch(test);
            case BLOOM_FILTER -> bloomMayMatch(test, meta);
            case DICTIONARY -> dictionaryMayMatch(test, meta);
          };
    } catch (dev.parrow.codec.ParquetFormatException e) {
      throw e.inColumn(test.column().name());
    }
    known.put(test, may);
    return may;
  }

  private boolean bloomMayMatch(Test test, ColumnMetaData meta) {
    if ((test.kind() != Kind.EQ && test.kind() != Kind.IN) || meta.bloomFilterOffset() == null) {
      return true;
    }
    BloomFilter bloom;
    try {
      bloom = BloomFilter.read(input, meta, crypto(test));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bloom == null || mightContain(bloom, test);
  }

  /**
   * Whether a Bloom filter may hold a value the equality or IN test accepts: -0.0 and 0.0 are
   * probed both (they are equal but hash apart), and NaN is never ruled out (it has many bit
   * patterns).
   */
  static boolean mightContain(BloomFilter bloom, Test test) {
    for (Object key : test.keys()) {
      if (test.column().domain() == Domain.FLOAT) {
        double d = (Double) key;
        if (Double.isNaN(d)) {
          return true;
        }
        if (d == 0) {
          if (probe(bloom, test.column(), 0.0) || probe(bloom, test.column(), -0.0)) {
            return true;
          }
          continue;
        }
      }
      if (probe(bloom, test.column(), key)) {
        return true;
      }
    }
    return false;
  }

  private static boolean probe(BloomFilter bloom, FilterColumn column, Object key) {
    byte[] plain = PhysicalKeys.toPlain(column, key);
    return plain == null || bloom.mightContain(BloomFilter.hash(plain));
  }

  private boolean dictionaryMayMatch(Test test, ColumnMetaData meta) {
    // Equalities, and patterns, whose matches bounds say little about ('%error%').
    boolean asked =
        test.kind() == Kind.EQ
            || test.kind() == Kind.IN
            || test.kind() == Kind.LIKE
            || test.kind() == Kind.NOT_LIKE;
    if (!asked
        || !meta.onlyDictionaryPages()
        || test.column().column().physicalType() == PhysicalType.BOOLEAN) {
      return true;
    }
    PageReader pages =
        new PageReader(
            input,
            test.column().column(),
            meta,
            ChunkRange.of(meta, footer),
            verifyCrc,
            maxPageBytes,
            crypto(test));
    DenseValues dictionary = new ColumnReader(test.column().column(), pages).readDictionaryOnly();
    if (dictionary == null) {
      return true;
    }
    FilterColumn c = test.column();
    for (int i = 0; i < dictionary.size(); i++) {
      Object value = null;
      if (dictionary instanceof Int32Values v) {
        value = PhysicalKeys.fromInt(c, v.values()[i]);
      } else if (dictionary instanceof Int64Values v) {
        value = PhysicalKeys.fromLong(c, v.values()[i]);
      } else if (dictionary instanceof FixedWidthValues v) {
        value =
            c.column().physicalType() == PhysicalType.INT96
                ? PhysicalKeys.fromInt96(c, v.bytes(), i * dev.parrow.codec.values.Int96.WIDTH)
                : PhysicalKeys.fromBytes(c, v.value(i));
      } else if (dictionary instanceof BinaryValues v) {
        value = PhysicalKeys.fromBytes(c, v.value(i));
      }
      if (value == null || Bounds.holds(test, value)) {
        return true;
      }
    }
    return false;
  }
}
