package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;

/**
 * DELTA_LENGTH_BYTE_ARRAY: every value's length (DELTA_BINARY_PACKED), then all the bytes back to
 * back. The lengths are decoded once and checked (none negative, their sum within the page) before
 * any value is read.
 */
public final class DeltaLengthByteArrayDecoder implements ValuesDecoder {
  private final byte[] buf;
  private final int[] lengths;
  private int next;
  private int pos;

  /**
   * @param maxValues the page's value count: the stream cannot hold more, so no more is allocated
   */
  public DeltaLengthByteArrayDecoder(byte[] buf, int start, int end, int maxValues) {
    DeltaBinaryPackedDecoder lengthDecoder = new DeltaBinaryPackedDecoder(buf, start, end, false);
    int count = lengthDecoder.totalValues();
    if (count > maxValues) {
      throw new ParquetFormatException(
          "DELTA_LENGTH_BYTE_ARRAY claims " + count + " values in a page of " + maxValues);
    }
    long[] raw = new long[count];
    lengthDecoder.next(raw, 0, count);
    this.buf = buf;
    this.pos = lengthDecoder.endPosition();
    this.lengths = new int[count];
    long total = 0;
    for (int i = 0; i < count; i++) {
      if (raw[i] < 0) {
        throw new ParquetFormatException(
            "DELTA_LENGTH_BYTE_ARRAY value " + i + " has negative length " + raw[i]);
      }
      lengths[i] = (int) raw[i];
      total += raw[i];
    }
    if (total > end - pos) {
      throw new ParquetFormatException(
          "DELTA_LENGTH_BYTE_ARRAY lengths add up to "
              + total
              + " bytes but "
              + (end - pos)
              + " follow them");
    }
  }

  /** How many values the stream holds. */
  public int count() {
    return lengths.length;
  }

  @Override
  public void read(DenseValues out, int n) {
    BinaryValues values = (BinaryValues) out;
    need(n);
    for (int i = 0; i < n; i++) {
      int length = lengths[next++];
      values.append(buf, pos, length);
      pos += length;
    }
  }

  /**
   * The next value's bytes are at {@link #position()} for {@link #nextLength()} bytes; then {@link
   * #advance}.
   */
  int nextLength() {
    need(1);
    return lengths[next];
  }

  int position() {
    return pos;
  }

  void advance() {
    pos += lengths[next++];
  }

  private void need(int n) {
    if (n > lengths.length - next) {
      throw new ParquetFormatException(
          "DELTA_LENGTH_BYTE_ARRAY holds "
              + (lengths.length - next)
              + " more values, not the "
              + n
              + " the page needs");
    }
  }
}
