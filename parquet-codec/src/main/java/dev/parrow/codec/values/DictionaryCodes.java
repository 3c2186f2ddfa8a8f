package dev.parrow.codec.values;

import java.util.Arrays;

/**
 * A column's values kept as what the page holds rather than decoded: for a dictionary-encoded page
 * the index into the chunk's dictionary (code 0 and up), for a page that fell back to another
 * encoding the value itself, stored in {@link #fallback()} (code -1 - k for its k-th value). A
 * reader of dictionary columns maps the codes to its own dictionary without hashing what the chunk
 * dictionary already names.
 */
public final class DictionaryCodes extends GrowableValues implements DenseValues {
  private int[] codes = new int[64];
  private final DenseValues fallback;

  /** Codes of a BYTE_ARRAY column. */
  public DictionaryCodes() {
    this(new BinaryValues());
  }

  /**
   * Codes whose fallback values go into {@code fallback} (empty, of the column's kind: {@link
   * DenseValues#forColumn}).
   */
  public DictionaryCodes(DenseValues fallback) {
    this.fallback = fallback;
  }

  public int[] codes() {
    return codes;
  }

  /** Values of fallback pages, in order. */
  public DenseValues fallback() {
    return fallback;
  }

  @Override
  public void clear() {
    super.clear();
    fallback.clear();
  }

  /** Takes codes for ids into the chunk's dictionary (checked against its size), not values. */
  @Override
  public void gather(DenseValues dictionary, int[] indices, int offset, int n) {
    int dictSize = dictionary.size();
    grow(n);
    for (int i = 0; i < n; i++) {
      int index = indices[offset + i];
      if (index < 0 || index >= dictSize) {
        DenseValues.checkIndex(index, dictSize);
      }
      codes[size + i] = index;
    }
    size += n;
  }

  @Override
  public void appendRange(DenseValues source, int from, int n) {
    DictionaryCodes s = (DictionaryCodes) source;
    grow(n);
    for (int i = 0; i < n; i++) {
      int code = s.codes[from + i];
      if (code >= 0) {
        codes[size + i] = code;
      } else {
        int k = -1 - code;
        int first = fallback.size();
        fallback.appendRange(s.fallback, k, 1);
        codes[size + i] = -1 - first;
      }
    }
    size += n;
  }

  @Override
  public boolean isPrefixOf(DenseValues other) {
    return other instanceof DictionaryCodes o
        && o.size >= size
        && Arrays.equals(codes, 0, size, o.codes, 0, size)
        && fallback.isPrefixOf(o.fallback);
  }

  /**
   * Appends n values decoded by {@code decoder} from a page that fell back from dictionary
   * encoding.
   */
  public void appendFallback(dev.parrow.codec.encoding.ValuesDecoder decoder, int n) {
    int first = fallback.size();
    decoder.read(fallback, n);
    addedFallback(first, n);
  }

  /**
   * Records that the last {@code n} values of {@link #fallback()} (from value {@code first}) were
   * added.
   */
  public void addedFallback(int first, int n) {
    grow(n);
    for (int i = 0; i < n; i++) {
      codes[size + i] = -1 - (first + i);
    }
    size += n;
  }

  private void grow(int n) {
    if (size + n > codes.length) {
      codes = Arrays.copyOf(codes, Math.max(size + n, codes.length * 2));
    }
  }
}
