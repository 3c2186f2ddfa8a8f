package dev.parrow.codec.values;

import java.util.Arrays;

/**
 * BYTE_ARRAY values kept as what the page holds rather than decoded: for a dictionary-encoded page the
 * index into the chunk's dictionary (code 0 and up), for a page that fell back to another encoding the
 * value itself, stored in {@link #fallback()} (code -1 - k for its k-th value). A reader of dictionary
 * columns maps the codes to its own dictionary without hashing what the chunk dictionary already names.
 */
public final class DictionaryCodes extends GrowableValues implements DenseValues {
  private int[] codes = new int[64];
  private final BinaryValues fallback = new BinaryValues();

  public int[] codes() {
    return codes;
  }

  /** Values of fallback pages, in order. */
  public BinaryValues fallback() {
    return fallback;
  }

  @Override
  public void clear() {
    super.clear();
    fallback.clear();
  }

  @Override
  public void appendFromDictionary(DenseValues dictionary, int[] indices, int offset, int n) {
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

  /** Records that the last {@code n} values of {@link #fallback()} (from value {@code first}) were added. */
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
