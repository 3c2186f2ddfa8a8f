package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Exact decimals into Decimal128 or Decimal256 (little-endian two's complement of 16 or 32 bytes): from
 * INT32 and INT64 unscaled values by sign extension, from FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY big-endian
 * two's complement by reversing and sign-extending. A value with more significant bytes than the
 * vector holds is an error.
 */
final class DecimalFiller implements VectorFiller {
  private final int width;

  DecimalFiller(int bitWidth) {
    this.width = bitWidth / 8;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    ArrowBuf data = v.getDataBuffer();
    byte[] scratch = new byte[width];
    for (int i = 0, j = 0; i < rows; i++) {
      if (validity != null && !Bits.get(validity, i)) {
        continue;
      }
      long at = (long) i * width;
      if (values instanceof Int32Values ints) {
        putLong(data, at, ints.values()[j++]);
      } else if (values instanceof Int64Values longs) {
        putLong(data, at, longs.values()[j++]);
      } else if (values instanceof FixedWidthValues fixed) {
        putBigEndian(data, at, fixed.bytes(), j * fixed.width(), fixed.width(), scratch);
        j++;
      } else {
        BinaryValues binary = (BinaryValues) values;
        int start = binary.offsets()[j];
        putBigEndian(data, at, binary.bytes(), start, binary.offsets()[j + 1] - start, scratch);
        j++;
      }
    }
    v.setValueCount(rows);
  }

  private void putLong(ArrowBuf data, long at, long value) {
    long sign = value >> 63;
    data.setLong(at, value);
    for (int k = 8; k < width; k += 8) {
      data.setLong(at + k, sign);
    }
  }

  private void putBigEndian(ArrowBuf data, long at, byte[] src, int start, int length, byte[] scratch) {
    if (length == 0) {
      data.setZero(at, width);
      return;
    }
    byte sign = (byte) (src[start] < 0 ? -1 : 0);
    int skip = Math.max(0, length - width);
    for (int k = 0; k < skip; k++) {
      if (src[start + k] != sign) {
        throw new ParquetFormatException("decimal value of " + length + " bytes does not fit in "
            + (width * 8) + " bits");
      }
    }
    if (skip > 0 && (src[start + skip] < 0 ? -1 : 0) != sign) {
      throw new ParquetFormatException("decimal value of " + length + " bytes does not fit in " + (width * 8) + " bits");
    }
    int significant = length - skip;
    for (int k = 0; k < width; k++) {
      scratch[k] = k < significant ? src[start + length - 1 - k] : sign;
    }
    data.setBytes(at, scratch, 0, width);
  }
}
