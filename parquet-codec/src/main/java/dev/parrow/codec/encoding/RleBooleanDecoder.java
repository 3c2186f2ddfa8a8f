package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;

/**
 * RLE-encoded booleans (data pages v2): a 4-byte length, then the RLE / bit-packed hybrid with bit
 * width 1.
 */
public final class RleBooleanDecoder implements ValuesDecoder {
  private final RleBitPackedDecoder bits;

  public RleBooleanDecoder(byte[] buf, int start, int end) {
    if (end - start < 4) {
      throw new ParquetFormatException("RLE boolean values: page ends before their length");
    }
    int length =
        (buf[start] & 0xff)
            | (buf[start + 1] & 0xff) << 8
            | (buf[start + 2] & 0xff) << 16
            | (buf[start + 3] & 0xff) << 24;
    if (length < 0 || length > end - start - 4) {
      throw new ParquetFormatException(
          "RLE boolean values of "
              + Integer.toUnsignedString(length)
              + " bytes do not fit in the page");
    }
    this.bits = new RleBitPackedDecoder(buf, start + 4, start + 4 + length, 1);
  }

  @Override
  public void read(DenseValues out, int n) {
    ((BooleanValues) out).appendBits(bits.readValues(n), n);
  }
}
