package dev.parrow.codec.values;

/** The count bookkeeping every dense value buffer shares; the storage is the subclass's own. */
abstract class GrowableValues {
  /** Values held. */
  int size;

  public int size() {
    return size;
  }

  public void clear() {
    size = 0;
  }

  /** Records {@code n} values written at the offset a reserve call returned. */
  public void added(int n) {
    size += n;
  }
}
