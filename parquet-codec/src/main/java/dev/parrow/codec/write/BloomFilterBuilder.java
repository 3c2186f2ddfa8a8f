package dev.parrow.codec.write;

import dev.parrow.codec.bloom.BloomFilter;
import dev.parrow.codec.options.BloomFilterOptions;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;

/** Adds the values a chunk writes to its Bloom filter: XXH64 of each value's PLAIN bytes. */
final class BloomFilterBuilder {
  private final BloomFilter filter;
  private final byte[] scratch = new byte[8];

  BloomFilterBuilder(BloomFilterOptions options) {
    this.filter = BloomFilter.empty(BloomFilter.optimalBytes(options.ndv(), options.fpp()));
  }

  BloomFilter filter() {
    return filter;
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
        filter.insert(BloomFilter.hash(scratch, 0, 4));
      }
    } else if (values instanceof Int64Values v) {
      long[] a = v.values();
      for (int i = from; i < from + n; i++) {
        long x = a[i];
        for (int b = 0; b < 8; b++) {
          scratch[b] = (byte) (x >>> (8 * b));
        }
        filter.insert(BloomFilter.hash(scratch, 0, 8));
      }
    } else if (values instanceof BinaryValues v) {
      byte[] bytes = v.bytes();
      int[] offsets = v.offsets();
      for (int i = from; i < from + n; i++) {
        filter.insert(BloomFilter.hash(bytes, offsets[i], offsets[i + 1] - offsets[i]));
      }
    } else if (values instanceof FixedWidthValues v) {
      int width = v.width();
      byte[] bytes = v.bytes();
      for (int i = from; i < from + n; i++) {
        filter.insert(BloomFilter.hash(bytes, i * width, width));
      }
    }
    // BOOLEAN chunks get no filter: the builder is never made for them.
  }
}
