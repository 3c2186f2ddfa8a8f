package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;

/**
 * DELTA_BYTE_ARRAY (incremental encoding) for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY: each value is a
 * prefix of the previous value (its length DELTA_BINARY_PACKED) followed by a suffix
 * (DELTA_LENGTH_BYTE_ARRAY). A prefix longer than the previous value, or a fixed-length value of
 * the wrong length, is an error.
 */
public final class DeltaByteArrayDecoder implements ValuesDecoder {
  private final byte[] buf;
  private final int[] prefixes;
  private final DeltaLengthByteArrayDecoder suffixes;
  private final int fixedLength;
  private int next;
  private byte[] previous = new byte[64];
  private int previousLength;

  /**
   * @param fixedLength the FIXED_LEN_BYTE_ARRAY length, or -1 for BYTE_ARRAY
   * @param maxValues the page's value count: the stream cannot hold more, so no more is allocated
   */
  public DeltaByteArrayDecoder(byte[] buf, int start, int end, int fixedLength, int maxValues) {
    DeltaBinaryPackedDecoder prefixDecoder = new DeltaBinaryPackedDecoder(buf, start, end, false);
    int count = prefixDecoder.totalValues();
    if (count > maxValues) {
      throw new ParquetFormatException(
          "DELTA_BYTE_ARRAY claims " + count + " values in a page of " + maxValues);
    }
    long[] raw = new long[count];
    prefixDecoder.next(raw, 0, count);
    this.prefixes = new int[count];
    for (int i = 0; i < count; i++) {
      if (raw[i] < 0 || raw[i] > Integer.MAX_VALUE) {
        throw new ParquetFormatException(
            "DELTA_BYTE_ARRAY value " + i + " has prefix length " + raw[i]);
      }
      prefixes[i] = (int) raw[i];
    }
    this.suffixes =
        new DeltaLengthByteArrayDecoder(buf, prefixDecoder.endPosition(), end, maxValues);
    if (suffixes.count() != count) {
      throw new ParquetFormatException(
          "DELTA_BYTE_ARRAY has " + count + " prefixes but " + suffixes.count() + " suffixes");
    }
    this.buf = buf;
    this.fixedLength = fixedLength;
  }

  @Override
  public void read(DenseValues out, int n) {
    if (n > prefixes.length - next) {
      throw new ParquetFormatException(
          "DELTA_BYTE_ARRAY holds "
              + (prefixes.length - next)
              + " more values, not the "
              + n
              + " the page needs");
    }
    for (int i = 0; i < n; i++) {
      int prefix = prefixes[next++];
      if (prefix > previousLength) {
        throw new ParquetFormatException(
            "DELTA_BYTE_ARRAY prefix of "
                + prefix
                + " bytes is longer than the "
                + "previous value ("
                + previousLength
                + " bytes)");
      }
      int suffix = suffixes.nextLength();
      long length = (long) prefix + suffix;
      if (length > Integer.MAX_VALUE - 16) {
        throw new ParquetFormatException("DELTA_BYTE_ARRAY value of " + length + " bytes");
      }
      if (fixedLength >= 0 && length != fixedLength) {
        throw new ParquetFormatException(
            "DELTA_BYTE_ARRAY value of "
                + length
                + " bytes in a FIXED_LEN_BYTE_ARRAY("
                + fixedLength
                + ") column");
      }
      if (previous.length < length) {
        previous = java.util.Arrays.copyOf(previous, (int) Math.max(length, previous.length * 2L));
      }
      System.arraycopy(buf, suffixes.position(), previous, prefix, suffix);
      suffixes.advance();
      previousLength = (int) length;
      if (out instanceof BinaryValues binary) {
        binary.append(previous, 0, previousLength);
      } else {
        FixedWidthValues fixed = (FixedWidthValues) out;
        int at = fixed.reserve(1);
        System.arraycopy(previous, 0, fixed.bytes(), at, previousLength);
        fixed.added(1);
      }
    }
  }
}
