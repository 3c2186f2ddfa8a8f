package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
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
    PlainDecoder plain =
        new PlainDecoder(column.physicalType(), column.typeLength(), buf, start, end);
    plain.read(values, count);
    // A dictionary page holds its values and nothing else: bytes left over mean the values are not
    // of the column's type (arrow-rs wrote FIXED_LEN_BYTE_ARRAY dictionaries as BYTE_ARRAY ones,
    // each with a length in front), and reading them as the type would give wrong values.
    if (plain.remainingBytes() > 0) {
      throw new ParquetFormatException(
          "the dictionary page's "
              + count
              + " values end "
              + plain.remainingBytes()
              + " bytes before the page does: they are not PLAIN "
              + column.physicalType()
              + (column.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                  ? "(" + column.typeLength() + ")"
                  : "")
              + " values");
    }
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
    // Few selected: only theirs are read (straight from their bits); the ids between them are
    // passed over.
    int[] picked = RleBitPackedDecoder.threadValues(count);
    if (ids.readSelected(n, selected, count, picked, 0) < n) {
      throw new ParquetFormatException(
          "the page has dictionary ids for fewer than the " + n + " values it holds");
    }
    out.gather(dictionary, picked, 0, count);
  }

  /**
   * Below one selected value in this many, only the selected ids are read (each straight from its
   * bits) rather than all of them: SelectedIdsBenchmark puts the crossover near one in two (one in
   * four: 838 against 1,154 us a page; one in two: 1,670 against 1,612).
   */
  private static final int SPARSE = 3;

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
