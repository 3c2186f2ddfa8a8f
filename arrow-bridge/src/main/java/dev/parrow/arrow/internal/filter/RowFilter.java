package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundFilter.Kind;
import dev.parrow.arrow.internal.filter.BoundFilter.Test;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Evaluates a bound filter on one batch of vectors, in SQL's three-valued logic: each test gives
 * the rows where it is true and the rows where it is false (a null value is neither), AND and OR
 * combine those, and the rows where the whole filter is true are selected. Work is done per column
 * in bulk: values are copied out once ({@link ColumnValues}) and compared in tight loops; a
 * dictionary-encoded column is tested once per dictionary entry and its indices looked up.
 */
public final class RowFilter {
  private final BoundFilter filter;

  /** Per test on a dictionary column: its results on the first entries, when they only grow. */
  private final Map<Test, long[]> entryResults = new HashMap<>();

  private final Map<Test, Integer> entriesTested = new HashMap<>();

  /** The vectors of the batch: the leaf vector of a column, and its dictionary if it has one. */
  public interface Batch {
    FieldVector leaf(int column);

    /** The dictionary vector of a dictionary-encoded leaf, else null. */
    FieldVector dictionary(int column);

    /**
     * Whether the column's dictionary only ever grows (one unified dictionary for the file), so
     * that results on its entries can be kept from batch to batch; a dictionary replaced at each
     * row group can hold other values in the same number of entries.
     */
    boolean dictionaryOnlyGrows(int column);

    /**
     * The vectors above a leaf, from its top-level field down (structs, lists, maps): a list's
     * offsets and nulls, and its ancestors' nulls.
     */
    default List<FieldVector> above(int column) {
      return List.of();
    }
  }

  public RowFilter(BoundFilter filter) {
    this.filter = filter;
  }

  /** The selected rows of a batch of {@code rows} rows, as bits in 64-bit words. */
  public long[] select(Batch batch, int rows) {
    Map<Integer, ColumnValues> cache = new HashMap<>();
    return evaluate(filter, batch, rows, cache).whenTrue;
  }

  /** Rows where a filter is true, and rows where it is false. */
  private record Truth(long[] whenTrue, long[] whenFalse) {}

  private Truth evaluate(BoundFilter f, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    if (f instanceof BoundFilter.And and) {
      Truth acc = null;
      for (BoundFilter child : and.children()) {
        Truth t = evaluate(child, batch, rows, cache);
        if (acc == null) {
          acc = t;
        } else {
          for (int w = 0; w < acc.whenTrue.length; w++) {
            acc.whenTrue[w] &= t.whenTrue[w];
            acc.whenFalse[w] |= t.whenFalse[w];
          }
        }
      }
      return acc;
    }
    if (f instanceof BoundFilter.Or or) {
      Truth acc = null;
      for (BoundFilter child : or.children()) {
        Truth t = evaluate(child, batch, rows, cache);
        if (acc == null) {
          acc = t;
        } else {
          for (int w = 0; w < acc.whenTrue.length; w++) {
            acc.whenTrue[w] |= t.whenTrue[w];
            acc.whenFalse[w] &= t.whenFalse[w];
          }
        }
      }
      return acc;
    }
    if (f instanceof BoundFilter.CompareColumns pair) {
      return compareColumns(pair, batch, rows, cache);
    }
    if (f instanceof BoundFilter.Computed computed) {
      return computed(computed, batch, rows, cache);
    }
    return test((Test) f, batch, rows, cache);
  }

  /** Two columns compared row by row: unknown where either is null. */
  private Truth compareColumns(
      BoundFilter.CompareColumns pair, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    RowValues left = rowValues(pair.left(), batch, rows, cache);
    RowValues right = rowValues(pair.right(), batch, rows, cache);
    long[] isTrue = new long[left.present().length];
    long[] isFalse = new long[isTrue.length];
    if (left.values().allNull || right.values().allNull) {
      return new Truth(isTrue, isFalse);
    }
    long[] matches = pair.how().compare(pair.kind(), left.values(), right.values(), rows);
    for (int w = 0; w < isTrue.length; w++) {
      long present = left.present()[w] & right.present()[w];
      isTrue[w] = matches[w] & present;
      isFalse[w] = ~matches[w] & present;
    }
    return new Truth(isTrue, isFalse);
  }

  /**
   * Computed values compared. Where they read one column, dictionary-encoded in this batch with no
   * more entries than rows, they are computed once per entry (and once for a null, which {@code
   * coalesce} or {@code IS NULL} give a value) and each row's outcome looked up by its id.
   */
  private Truth computed(
      BoundFilter.Computed computed, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    List<FilterColumn> columns = computed.columns();
    FilterColumn column = columns.isEmpty() ? null : columns.get(0);
    int index = column == null ? -1 : column.column().index();
    FieldVector dictionary = column == null ? null : batch.dictionary(index);
    boolean oneColumn = columns.stream().allMatch(c -> c.column().index() == index);
    if (dictionary == null
        || !oneColumn
        || dictionary.getValueCount() > rows
        || computed.hasCase()
        || computed.hasList()) {
      Map<Integer, ExpressionEvaluator.ListValues> lists = new HashMap<>();
      long[][] truth =
          new ExpressionEvaluator(
                  rows,
                  c -> rowValues(c, batch, rows, cache),
                  c ->
                      lists.computeIfAbsent(
                          c.column().index(), i -> listValues(c, batch, rows, cache)),
                  f -> evaluate(f, batch, rows, cache).whenTrue,
                  computed.sql())
              .compare(computed.comparison(), computed.kind());
      return new Truth(truth[0], truth[1]);
    }
    int entries = dictionary.getValueCount();
    ColumnValues values =
        cache.computeIfAbsent(index, i -> ColumnValues.of(dictionary, entries, column));
    int n = entries + 1;
    long[] present = new long[(n + 63) >>> 6];
    long[] valid = presentWords(dictionary, entries, values);
    System.arraycopy(valid, 0, present, 0, valid.length);
    int[] self = new int[n];
    for (int e = 0; e < entries; e++) {
      self[e] = e;
    }
    ColumnValues withNull = ColumnValues.gather(values, self, n, present);
    present[entries >>> 6] &= ~(1L << entries);
    RowValues entryValues = new RowValues(withNull, present);
    long[][] onEntries =
        new ExpressionEvaluator(
                n,
                c -> entryValues,
                c -> {
                  throw new IllegalStateException("no list computed per entry");
                },
                f -> {
                  throw new IllegalStateException("no CASE computed per entry");
                },
                computed.sql())
            .compare(computed.comparison(), computed.kind());
    FieldVector leaf = batch.leaf(index);
    long[] rowsPresent = presentWords(leaf, rows, null);
    int[] ids = indices(leaf, rows);
    long[] isTrue = new long[rowsPresent.length];
    long[] isFalse = new long[rowsPresent.length];
    for (int i = 0; i < rows; i++) {
      int id = ids[i];
      boolean has = (rowsPresent[i >>> 6] & 1L << i) != 0;
      int at = has && Integer.compareUnsigned(id, entries) < 0 ? id : entries;
      isTrue[i >>> 6] |= (onEntries[0][at >>> 6] >>> at & 1) << i;
      isFalse[i >>> 6] |= (onEntries[1][at >>> 6] >>> at & 1) << i;
    }
    return new Truth(isTrue, isFalse);
  }

  /** A column's value in each row of a batch, and the rows where it is not null. */
  record RowValues(ColumnValues values, long[] present) {}

  /** A list column's rows, and its elements' values (by element slot). */
  private ExpressionEvaluator.ListValues listValues(
      FilterColumn element, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    ListRows lists = ListRows.of(batch.above(element.column().index()), rows);
    return new ExpressionEvaluator.ListValues(
        lists, () -> rowValues(element, batch, lists.elements(), cache));
  }

  /** A column's values by row, a dictionary-encoded one's looked up by its ids. */
  private RowValues rowValues(
      FilterColumn column, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    int index = column.column().index();
    FieldVector leaf = batch.leaf(index);
    FieldVector dictionary = batch.dictionary(index);
    if (dictionary == null) {
      ColumnValues values = cache.computeIfAbsent(index, i -> ColumnValues.of(leaf, rows, column));
      return new RowValues(values, presentWords(leaf, rows, values));
    }
    int entries = dictionary.getValueCount();
    ColumnValues values =
        cache.computeIfAbsent(index, i -> ColumnValues.of(dictionary, entries, column));
    // presentWords gives an array of its own, which the gather clears the out-of-range ids from.
    long[] present = presentWords(leaf, rows, null);
    return new RowValues(ColumnValues.gather(values, indices(leaf, rows), rows, present), present);
  }

  private Truth test(Test test, Batch batch, int rows, Map<Integer, ColumnValues> cache) {
    int index = test.column().column().index();
    FieldVector leaf = batch.leaf(index);
    FieldVector dictionary = batch.dictionary(index);
    ColumnValues values =
        dictionary != null
            ? null
            : cache.computeIfAbsent(index, i -> ColumnValues.of(leaf, rows, test.column()));
    long[] present = presentWords(leaf, rows, values);
    long[] isTrue = new long[present.length];
    long[] isFalse = new long[present.length];
    if (test.kind() == Kind.IS_NULL || test.kind() == Kind.NOT_NULL) {
      long[] nulls = new long[present.length];
      for (int w = 0; w < present.length; w++) {
        nulls[w] = ~present[w] & mask(w, rows);
      }
      boolean isNull = test.kind() == Kind.IS_NULL;
      return new Truth(isNull ? nulls : present, isNull ? present : nulls);
    }
    long[] matches;
    if (dictionary != null) {
      long[] entryMatches =
          entryMatches(test, dictionary, batch.dictionaryOnlyGrows(index), cache, index);
      matches = new long[present.length];
      int[] entries = indices(leaf, rows);
      int count = dictionary.getValueCount();
      // Word by word, without a branch on each row's outcome (a selective test's outcomes are
      // hard to predict); an id out of range (a null's slot may hold any) matches nothing.
      for (int w = 0; w < matches.length; w++) {
        int base = w << 6;
        int end = Math.min(rows, base + 64);
        long bits = 0;
        for (int i = base; i < end; i++) {
          int entry = entries[i];
          long hit =
              Integer.compareUnsigned(entry, count) < 0 ? entryMatches[entry >>> 6] >>> entry : 0;
          bits |= (hit & 1) << i;
        }
        matches[w] = bits & present[w];
      }
    } else {
      matches = compare(test, values, leaf);
    }
    for (int w = 0; w < present.length; w++) {
      isTrue[w] = matches[w] & present[w];
      isFalse[w] = ~matches[w] & present[w];
    }
    return new Truth(isTrue, isFalse);
  }

  /**
   * The test's result on every dictionary entry. A unified dictionary only grows (and rarely after
   * its first batch), so the results are kept until its size changes.
   */
  private long[] entryMatches(
      Test test,
      FieldVector dictionary,
      boolean growingDictionaries,
      Map<Integer, ColumnValues> cache,
      int index) {
    int entries = dictionary.getValueCount();
    long[] known = entryResults.get(test);
    if (growingDictionaries && known != null && entriesTested.get(test) == entries) {
      return known;
    }
    ColumnValues values =
        cache.computeIfAbsent(index, i -> ColumnValues.of(dictionary, entries, test.column()));
    long[] all = compare(test, values, dictionary);
    if (!growingDictionaries) {
      return all;
    }
    entryResults.put(test, all);
    entriesTested.put(test, entries);
    return all;
  }

  /**
   * Ids read by {@link #indices}, kept from batch to batch (select runs on one thread at a time).
   */
  private int[] ids = new int[0];

  /** A dictionary-encoded leaf's indices, read from its data buffer by their width. */
  private int[] indices(FieldVector leaf, int rows) {
    if (ids.length < rows) {
      ids = new int[rows];
    }
    int[] out = ids;
    org.apache.arrow.memory.ArrowBuf data = leaf.getDataBuffer();
    int width = ((org.apache.arrow.vector.BaseFixedWidthVector) leaf).getTypeWidth();
    boolean unsigned =
        leaf instanceof org.apache.arrow.vector.UInt1Vector
            || leaf instanceof org.apache.arrow.vector.UInt2Vector;
    switch (width) {
      case 1 -> {
        for (int i = 0; i < rows; i++) {
          out[i] = unsigned ? data.getByte(i) & 0xFF : data.getByte(i);
        }
      }
      case 2 -> {
        for (int i = 0; i < rows; i++) {
          out[i] = unsigned ? data.getShort(2L * i) & 0xFFFF : data.getShort(2L * i);
        }
      }
      case 4 -> dev.parrow.arrow.internal.buffers.Buffers.getInts(data, out, 0, rows);
      default -> {
        for (int i = 0; i < rows; i++) {
          long v = data.getLong(8L * i);
          out[i] = v < 0 || v > Integer.MAX_VALUE ? -1 : (int) v;
        }
      }
    }
    return out;
  }

  /** Bits of the rows whose value is not null. */
  private static long[] presentWords(FieldVector leaf, int rows, ColumnValues values) {
    long[] words = new long[(rows + 63) >>> 6];
    if (values != null && values.allNull) {
      return words;
    }
    long[] valid = values != null ? values.valid : ColumnValues.validity(leaf, rows);
    if (valid != null) {
      return valid.clone();
    }
    for (int w = 0; w < words.length; w++) {
      words[w] = mask(w, rows);
    }
    return words;
  }

  private static long mask(int word, int rows) {
    int left = rows - (word << 6);
    return left >= 64 ? -1L : (1L << left) - 1;
  }

  /** Bits of the values (all, nulls' slots included) for which the test's comparison holds. */
  private static long[] compare(Test test, ColumnValues values, FieldVector vector) {
    int n = values.count;
    long[] out = new long[(n + 63) >>> 6];
    Kind kind = test.kind();
    if (kind == Kind.TRUE || kind == Kind.FALSE || values.allNull) {
      if (kind == Kind.TRUE) {
        Arrays.fill(out, -1L);
      }
      return out;
    }
    switch (test.column().domain()) {
      case SIGNED, UNSIGNED -> {
        boolean flip = test.column().domain() == Domain.UNSIGNED;
        long[] keys = new long[test.keys().size()];
        for (int k = 0; k < keys.length; k++) {
          keys[k] = (Long) test.keys().get(k) ^ (flip ? Long.MIN_VALUE : 0);
        }
        compareLongs(values.longs, n, kind, keys, out);
      }
      case FLOAT -> {
        double[] keys = test.keys().stream().mapToDouble(k -> (Double) k).toArray();
        compareDoubles(values.doubles, n, kind, keys, out);
      }
      case BYTES -> {
        if (kind == Kind.LIKE || kind == Kind.NOT_LIKE) {
          LikePattern pattern = (LikePattern) test.keys().get(0);
          long[] matches = pattern.matchEach(values.data, values.offsets, n);
          if (kind == Kind.NOT_LIKE) {
            for (int w = 0; w < matches.length; w++) {
              matches[w] = ~matches[w];
            }
          }
          return matches;
        }
        List<Object> keys = test.keys();
        if (test.column().literal() == FilterColumn.LiteralKind.UUID
            && vector instanceof VarCharVector) {
          // UUIDs read as text: the canonical lowercase form orders as the bytes do.
          keys = keys.stream().map(k -> (Object) uuidText((byte[]) k)).toList();
        }
        compareBytes(values, n, kind, keys.toArray(new byte[0][]), out);
      }
      case DECIMAL -> {
        BigInteger[] keys = test.keys().toArray(new BigInteger[0]);
        for (int i = 0; i < n; i++) {
          BigInteger v = values.bigs[i];
          if (holds(kind, keys.length, k -> v.compareTo(keys[k]))) {
            out[i >>> 6] |= 1L << i;
          }
        }
      }
      case NONE -> throw new IllegalStateException("no comparison on " + test.column().name());
    }
    return out;
  }

  private static byte[] uuidText(byte[] bytes) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
    return new java.util.UUID(b.getLong(), b.getLong())
        .toString()
        .getBytes(StandardCharsets.US_ASCII);
  }

  private interface KeyCompare {
    int compare(int key);
  }

  /** Whether a value holds for the test, given how it compares with each key (sorted). */
  private static boolean holds(Kind kind, int count, KeyCompare cmp) {
    return kind == Kind.IN || kind == Kind.NOT_IN
        ? found(count, cmp) == (kind == Kind.IN)
        : ordered(kind, cmp.compare(0));
  }

  /** Whether a value equals one of {@code count} sorted keys, by binary search. */
  private static boolean found(int count, KeyCompare cmp) {
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = cmp.compare(mid);
      if (c == 0) {
        return true;
      }
      if (c > 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return false;
  }

  private static void compareLongs(long[] v, int n, Kind kind, long[] keys, long[] out) {
    long k = keys.length > 0 ? keys[0] : 0;
    // A word of 64 rows at a time, held in a register, the comparison without a branch.
    for (int w = 0, base = 0; base < n; w++, base += 64) {
      int end = Math.min(n, base + 64);
      long bits = 0;
      switch (kind) {
        case EQ -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] == k ? 1L : 0L) << i;
          }
        }
        case NE -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] != k ? 1L : 0L) << i;
          }
        }
        case LT -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] < k ? 1L : 0L) << i;
          }
        }
        case LE -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] <= k ? 1L : 0L) << i;
          }
        }
        case GT -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] > k ? 1L : 0L) << i;
          }
        }
        case GE -> {
          for (int i = base; i < end; i++) {
            bits |= (v[i] >= k ? 1L : 0L) << i;
          }
        }
        case IN, NOT_IN -> {
          boolean in = kind == Kind.IN;
          for (int i = base; i < end; i++) {
            boolean found = Arrays.binarySearch(keys, v[i]) >= 0;
            bits |= (found == in ? 1L : 0L) << i;
          }
        }
        default -> throw new IllegalStateException(kind.toString());
      }
      out[w] = bits;
    }
  }

  private static void compareDoubles(double[] v, int n, Kind kind, double[] keys, long[] out) {
    if (kind == Kind.IN || kind == Kind.NOT_IN) {
      boolean in = kind == Kind.IN;
      for (int i = 0; i < n; i++) {
        double x = v[i];
        boolean found = found(keys.length, k -> Domain.compareDoubles(x, keys[k]));
        out[i >>> 6] |= (found == in ? 1L : 0L) << i;
      }
      return;
    }
    double k = keys[0];
    for (int i = 0; i < n; i++) {
      out[i >>> 6] |= (ordered(kind, Domain.compareDoubles(v[i], k)) ? 1L : 0L) << i;
    }
  }

  /** Whether a comparison result satisfies one of the six comparison kinds. */
  private static boolean ordered(Kind kind, int c) {
    return switch (kind) {
      case EQ -> c == 0;
      case NE -> c != 0;
      case LT -> c < 0;
      case LE -> c <= 0;
      case GT -> c > 0;
      case GE -> c >= 0;
      default -> throw new IllegalStateException(kind.toString());
    };
  }

  private static void compareBytes(
      ColumnValues values, int n, Kind kind, byte[][] keys, long[] out) {
    byte[] data = values.data;
    int[] offsets = values.offsets;
    if (kind == Kind.EQ || kind == Kind.NE) {
      byte[] k = keys[0];
      boolean eq = kind == Kind.EQ;
      for (int i = 0; i < n; i++) {
        int from = offsets[i];
        int to = offsets[i + 1];
        boolean same = to - from == k.length && Arrays.equals(data, from, to, k, 0, k.length);
        out[i >>> 6] |= (same == eq ? 1L : 0L) << i;
      }
      return;
    }
    if (kind == Kind.IN || kind == Kind.NOT_IN) {
      boolean in = kind == Kind.IN;
      for (int i = 0; i < n; i++) {
        int from = offsets[i];
        int to = offsets[i + 1];
        boolean found =
            found(
                keys.length,
                k -> Arrays.compareUnsigned(data, from, to, keys[k], 0, keys[k].length));
        out[i >>> 6] |= (found == in ? 1L : 0L) << i;
      }
      return;
    }
    byte[] k = keys[0];
    for (int i = 0; i < n; i++) {
      int c = Arrays.compareUnsigned(data, offsets[i], offsets[i + 1], k, 0, k.length);
      out[i >>> 6] |= (ordered(kind, c) ? 1L : 0L) << i;
    }
  }
}
