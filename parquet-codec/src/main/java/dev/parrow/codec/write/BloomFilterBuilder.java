package dev.parrow.codec.write;

import dev.parrow.codec.bloom.BloomFilter;
import dev.parrow.codec.options.BloomFilterOptions;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;

/**
 * Adds the values a chunk writes to its Bloom filter: XXH64 of each value's PLAIN bytes. The filter
 * is sized to the chunk's distinct values, as parquet-java's adaptive filters and arrow-rs size
 * theirs: the distinct hashes are kept until the chunk ends, and the bitset then made for their
 * number at the false-positive rate asked. Past the options' {@code ndv} distinct values (the cap)
 * the filter is made at the cap's size and the rest inserted into it directly, so memory stays
 * bounded by the cap.
 */
final class BloomFilterBuilder {
  private final BloomFilterOptions options;
  private final byte[] scratch = new byte[8];

  /** The distinct hashes so far, while under the cap; null once the filter is made. */
  private DistinctHashes distinct = new DistinctHashes();

  /** The filter, once made (at the end, or on passing the cap). */
  private BloomFilter filter;

  BloomFilterBuilder(BloomFilterOptions options) {
    this.options = options;
  }

  /** {@return the chunk's filter, sized to its distinct values (call once the chunk is done)} */
  BloomFilter filter() {
    if (filter == null) {
      filter = BloomFilter.empty(BloomFilter.optimalBytes(distinct.size(), options.fpp()));
      distinct.insertInto(filter);
      distinct = null;
    }
    return filter;
  }

  private void insert(long hash) {
    if (distinct == null) {
      filter.insert(hash);
      return;
    }
    distinct.add(hash);
    if (distinct.size() > options.ndv()) {
      filter = BloomFilter.empty(BloomFilter.optimalBytes(options.ndv(), options.fpp()));
      distinct.insertInto(filter);
      distinct = null;
    }
  }

  /** A set of 64-bit hashes (open addressing; 0 kept apart, as the empty slot's mark). */
  private static final class DistinctHashes {
    private long[] slots = new long[64];
    private int size;
    private boolean hasZero;

    void add(long hash) {
      if (hash == 0) {
        if (!hasZero) {
          hasZero = true;
          size++;
        }
        return;
      }
      int mask = slots.length - 1;
      int i = (int) (hash ^ (hash >>> 32)) & mask;
      while (slots[i] != 0) {
        if (slots[i] == hash) {
          return;
        }
        i = (i + 1) & mask;
      }
      slots[i] = hash;
      size++;
      if (size * 2 > slots.length) {
        grow();
      }
    }

    private void grow() {
      long[] old = slots;
      slots = new long[old.length * 2];
      int mask = slots.length - 1;
      for (long h : old) {
        if (h != 0) {
          int i = (int) (h ^ (h >>> 32)) & mask;
          while (slots[i] != 0) {
            i = (i + 1) & mask;
          }
          slots[i] = h;
        }
      }
    }

    int size() {
      return size;
    }

    void insertInto(BloomFilter filter) {
      if (hasZero) {
        filter.insert(0);
      }
      for (long h : slots) {
        if (h != 0) {
          filter.insert(h);
        }
      }
    }
  }

  /** Adds values [from, from + n) of {@code values}. */
  void add(DenseValues values, int from, int n) {
    if (values instanceof Int32Values v) {
      int[] a = v.values();
      for (int i = from; i < from + n; i++) {
        int x = a[i];
        scratch[0] = (byte) x;
        scratch[1] = (byte) (x >>> 8);
        scratch[2] = (byte) (x >>> 16);
        scratch[3] = (byte) (x >>> 24);
        insert(BloomFilter.hash(scratch, 0, 4));
      }
    } else if (values instanceof Int64Values v) {
      long[] a = v.values();
      for (int i = from; i < from + n; i++) {
        long x = a[i];
        for (int b = 0; b < 8; b++) {
          scratch[b] = (byte) (x >>> (8 * b));
        }
        insert(BloomFilter.hash(scratch, 0, 8));
      }
    } else if (values instanceof BinaryValues v) {
      byte[] bytes = v.bytes();
      int[] offsets = v.offsets();
      for (int i = from; i < from + n; i++) {
        insert(BloomFilter.hash(bytes, offsets[i], offsets[i + 1] - offsets[i]));
      }
    } else if (values instanceof FixedWidthValues v) {
      int width = v.width();
      byte[] bytes = v.bytes();
      for (int i = from; i < from + n; i++) {
        insert(BloomFilter.hash(bytes, i * width, width));
      }
    }
    // BOOLEAN chunks get no filter: the builder is never made for them.
  }
}
