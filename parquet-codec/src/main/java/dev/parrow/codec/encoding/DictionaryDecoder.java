package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;

/**
 * PLAIN_DICTIONARY / RLE_DICTIONARY values: a bit width byte, then ids into the chunk's dictionary
 * in the RLE / bit-packed hybrid. The ids are taken from the dictionary in bulk ({@link
 * DenseValues#gather}), or kept as codes when the output is {@link
 * dev.parrow.codec.values.DictionaryCodes}.
 */
public final class DictionaryDecoder implements ValuesDecoder {
  private final DenseValues dictionary;
  private final RleBitPackedDecoder ids;

  public DictionaryDecoder(DenseValues dictionary, byte[] buf, int start, int end) {
    this.dictionary = dictionary;
    // A page of nulls only may omit even the bit width.
    this.ids =
        start == end
            ? new RleBitPackedDecoder(buf, start, start, 0)
            : new RleBitPackedDecoder(buf, start + 1, end, buf[start] & 0xff);
  }

  /** The dictionary page's values: PLAIN-encoded, in id order. */
  public static DenseValues readDictionary(
      dev.parrow.codec.schema.ColumnDescriptor column, byte[] buf, int start, int end, int count) {
    if (count < 0) {
      throw new ParquetFormatException("dictionary page claims " + count + " values");
    }
    DenseValues values = DenseValues.forColumn(column);
    new PlainDecoder(column.physicalType(), column.typeLength(), buf, start, end)
        .read(values, count);
    return values;
  }

  /** Looks up only the selected ids. */
  @Override
  public void readSelected(DenseValues out, int n, int[] selected, int count, DenseValues scratch) {
    if ((long) count * SPARSE > n) {
      int[] all = ids.readValues(n);
      for (int j = 0; j < count; j++) {
        all[j] = all[selected[j]];
      }
      out.gather(dictionary, all, 0, count);
      return;
    }
    // Few selected: the ids between them are passed over (whole bit-packed groups without
    // unpacking them), and only the selected ones read.
    if (picked.length < count) {
      picked = new int[Math.max(count, 2 * picked.length)];
    }
    int at = 0;
    int j = 0;
    while (j < count) {
      int first = selected[j];
      passOver(first - at);
      int last = j;
      while (last + 1 < count && selected[last + 1] == selected[last] + 1) {
        last++;
      }
      int k = last - j + 1;
      if (ids.read(picked, j, k) < k) {
        throw new ParquetFormatException(
            "the page has dictionary ids for fewer than the " + n + " values it holds");
      }
      at = first + k;
      j = last + 1;
    }
    passOver(n - at);
    out.gather(dictionary, picked, 0, count);
  }

  /**
   * Below one selected value in this many, the others are passed over rather than decoded (where
   * SelectedIdsBenchmark puts the crossover, between one in 12 and one in 24).
   */
  private static final int SPARSE = 16;

  private int[] picked = new int[0];

  private void passOver(int n) {
    if (n > 0 && ids.skip(n) < n) {
      throw new ParquetFormatException(
          "the page has dictionary ids for fewer than the values it holds");
    }
  }

  /** Passes over ids without looking them up. */
  @Override
  public void skip(int n, DenseValues scratch) {
    int skipped = ids.skip(n);
    if (skipped < n) {
      throw new ParquetFormatException(
          "the page has dictionary ids for only " + skipped + " of " + n + " more values");
    }
  }

  @Override
  public void read(DenseValues out, int n) {
    out.gather(dictionary, ids.readValues(n), 0, n);
  }
}
