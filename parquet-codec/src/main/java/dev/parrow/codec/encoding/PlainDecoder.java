package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * PLAIN values of one page: little-endian fixed-width values, bit-packed booleans (least
 * significant bit first), length-prefixed byte arrays, fixed-length byte arrays back to back. Every
 * read is checked against the bytes that remain.
 */
public final class PlainDecoder implements ValuesDecoder {
  private final PhysicalType type;
  private final int typeLength;
  private final byte[] buf;
  private final int end;
  private int pos;

  /** Booleans: the bit within buf[pos] where the next value is. */
  private int bitOffset;

  public PlainDecoder(PhysicalType type, int typeLength, byte[] buf, int start, int end) {
    this.type = type;
    this.typeLength = typeLength;
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  /** Appends the next {@code n} values to {@code out}, which must fit the physical type. */
  @Override
  public void read(DenseValues out, int n) {
    if (out instanceof DirectFixedValues direct) {
      // Straight into Arrow memory: the page's bytes are already the Arrow layout.
      need((long) n * direct.width(), n);
      direct.appendBytes(buf, pos, n);
      pos += n * direct.width();
      return;
    }
    switch (type) {
      case BOOLEAN -> readBooleans((BooleanValues) out, n);
      case INT32, FLOAT -> readInt32s((Int32Values) out, n);
      case INT64, DOUBLE -> readInt64s((Int64Values) out, n);
      case INT96 -> readFixed((FixedWidthValues) out, n, 12);
      case FIXED_LEN_BYTE_ARRAY -> readFixed((FixedWidthValues) out, n, typeLength);
      case BYTE_ARRAY -> readBinary((BinaryValues) out, n);
    }
  }

  @Override
  public void skip(int n, DenseValues scratch) {
    skip(n);
  }

  /**
   * Byte arrays: walks the lengths and copies only the selected values. 4- and 8-byte values: each
   * selected one read at its place, the others never copied.
   */
  @Override
  public void readSelected(DenseValues out, int n, int[] selected, int count, DenseValues scratch) {
    if (type != PhysicalType.BYTE_ARRAY) {
      if (!readSelectedFixed(out, n, selected, count, scratch)) {
        ValuesDecoder.super.readSelected(out, n, selected, count, scratch);
      }
      return;
    }
    BinaryValues binary = (BinaryValues) out;
    int at = 0;
    for (int j = 0; j < count; j++) {
      pos = passOverBinary(buf, pos, end, selected[j] - at);
      int length = nextLength();
      binary.append(buf, pos, length);
      pos += length;
      at = selected[j] + 1;
    }
    pos = passOverBinary(buf, pos, end, n - at);
  }

  /**
   * The selected ones of the next {@code n} 4- or 8-byte values, into an int or long buffer, or
   * into Arrow memory through {@code scratch} (the column's buffer of that kind); false (nothing
   * consumed) for other types and outputs.
   */
  private boolean readSelectedFixed(
      DenseValues out, int n, int[] selected, int count, DenseValues scratch) {
    int width =
        switch (type) {
          case INT32, FLOAT -> 4;
          case INT64, DOUBLE -> 8;
          default -> 0;
        };
    DenseValues into = out instanceof DirectFixedValues d && d.width() == width ? scratch : out;
    if (!(width == 4 && into instanceof Int32Values || width == 8 && into instanceof Int64Values)) {
      return false;
    }
    need((long) n * width, n);
    if (into != out) {
      into.clear();
    }
    if (into instanceof Int32Values ints) {
      int at = ints.reserve(count);
      int[] values = ints.values();
      for (int j = 0; j < count; j++) {
        values[at + j] = (int) INT_LE.get(buf, pos + 4 * selected[j]);
      }
      ints.added(count);
    } else {
      Int64Values longs = (Int64Values) into;
      int at = longs.reserve(count);
      long[] values = longs.values();
      for (int j = 0; j < count; j++) {
        values[at + j] = (long) LONG_LE.get(buf, pos + 8 * selected[j]);
      }
      longs.added(count);
    }
    if (into != out) {
      out.appendRange(into, 0, count);
      into.clear();
    }
    pos += n * width;
    return true;
  }

  private static final java.lang.invoke.VarHandle LONG_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final java.lang.invoke.VarHandle INT_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The position after {@code count} length-prefixed byte arrays from {@code pos}, each length
   * checked by {@link #lengthAt}. Locals only, so that the walk stays in registers (a selective
   * read passes over most of a page's values).
   */
  private static int passOverBinary(byte[] buf, int pos, int end, int count) {
    for (int i = 0; i < count; i++) {
      pos += 4 + lengthAt(buf, pos, end);
    }
    return pos;
  }

  /** The length in the prefix at {@code pos}, checked against the bytes that follow it. */
  private static int lengthAt(byte[] buf, int pos, int end) {
    if (end - pos < 4) {
      throw endsInPrefix();
    }
    int length = (int) INT_LE.get(buf, pos);
    if (Integer.compareUnsigned(length, end - pos - 4) > 0) {
      throw pastTheEnd(length, end - pos - 4);
    }
    return length;
  }

  /** Skips the next {@code n} values. */
  /** The bytes after the values read so far (for a BOOLEAN page, after the current byte). */
  public int remainingBytes() {
    return end - pos - (bitOffset > 0 ? 1 : 0);
  }

  public void skip(int n) {
    switch (type) {
      case BOOLEAN -> {
        long bitsLeft = (long) (end - pos) * 8 - bitOffset;
        if (n > bitsLeft) {
          throw new ParquetFormatException(
              "PLAIN BOOLEAN data holds fewer than the " + n + " values to skip");
        }
        long bit = (long) bitOffset + n;
        pos += (int) (bit >>> 3);
        bitOffset = (int) (bit & 7);
      }
      case INT32, FLOAT -> skipBytes((long) n * 4, n);
      case INT64, DOUBLE -> skipBytes((long) n * 8, n);
      case INT96 -> skipBytes((long) n * 12, n);
      case FIXED_LEN_BYTE_ARRAY -> skipBytes((long) n * typeLength, n);
      case BYTE_ARRAY -> pos = passOverBinary(buf, pos, end, n);
    }
  }

  private void skipBytes(long bytes, int n) {
    need(bytes, n);
    pos += (int) bytes;
  }

  private void need(long bytes, int n) {
    if (bytes > end - pos) {
      throw new ParquetFormatException(
          "PLAIN "
              + type
              + " data holds fewer than the "
              + n
              + " values the page needs ("
              + (end - pos)
              + " bytes left, "
              + bytes
              + " needed)");
    }
  }

  private void readInt32s(Int32Values out, int n) {
    need((long) n * 4, n);
    int at = out.reserve(n);
    ByteBuffer.wrap(buf, pos, n * 4)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asIntBuffer()
        .get(out.values(), at, n);
    out.added(n);
    pos += n * 4;
  }

  private void readInt64s(Int64Values out, int n) {
    need((long) n * 8, n);
    int at = out.reserve(n);
    ByteBuffer.wrap(buf, pos, n * 8)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asLongBuffer()
        .get(out.values(), at, n);
    out.added(n);
    pos += n * 8;
  }

  private void readFixed(FixedWidthValues out, int n, int width) {
    need((long) n * width, n);
    int at = out.reserve(n);
    System.arraycopy(buf, pos, out.bytes(), at, n * width);
    out.added(n);
    pos += n * width;
  }

  private void readBooleans(BooleanValues out, int n) {
    long bitsLeft = (long) (end - pos) * 8 - bitOffset;
    if (n > bitsLeft) {
      throw new ParquetFormatException(
          "PLAIN BOOLEAN data holds fewer than the " + n + " values the page needs");
    }
    int at = out.reserve(n);
    byte[] values = out.values();
    for (int i = 0; i < n; i++) {
      values[at + i] = (byte) ((buf[pos] >>> bitOffset) & 1);
      if (++bitOffset == 8) {
        bitOffset = 0;
        pos++;
      }
    }
    out.added(n);
  }

  private void readBinary(BinaryValues out, int n) {
    for (int i = 0; i < n; i++) {
      int length = nextLength();
      out.append(buf, pos, length);
      pos += length;
    }
  }

  /**
   * Reads a BYTE_ARRAY value's length prefix, checked against the page; pos is then at its bytes.
   */
  private int nextLength() {
    int length = lengthAt(buf, pos, end);
    pos += 4;
    return length;
  }

  private static ParquetFormatException endsInPrefix() {
    return new ParquetFormatException("PLAIN BYTE_ARRAY data ends inside a length prefix");
  }

  private static ParquetFormatException pastTheEnd(int length, int left) {
    return new ParquetFormatException(
        "PLAIN BYTE_ARRAY value of "
            + Integer.toUnsignedString(length)
            + " bytes runs past the end of the page ("
            + left
            + " bytes left)");
  }
}
