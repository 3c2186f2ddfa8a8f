package dev.parrow.codec.encoding;

import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;

/**
 * PLAIN encoding: booleans bit-packed (LSB first), INT32/FLOAT and INT64/DOUBLE little-endian,
 * BYTE_ARRAY as a 4-byte length and the bytes, fixed-width values as they are.
 */
public final class PlainEncoder {
  private PlainEncoder() {}

  /** The size of values [from, to) PLAIN-encoded. */
  public static long size(DenseValues values, int from, int to, ColumnDescriptor column) {
    int n = to - from;
    return switch (column.physicalType()) {
      case BOOLEAN -> (n + 7) / 8;
      case INT32, FLOAT -> 4L * n;
      case INT64, DOUBLE -> 8L * n;
      case INT96, FIXED_LEN_BYTE_ARRAY -> (long) ((FixedWidthValues) values).width() * n;
      case BYTE_ARRAY -> {
        int[] offsets = ((BinaryValues) values).offsets();
        yield offsets[to] - offsets[from] + 4L * n;
      }
    };
  }

  /** Encodes values [from, to) into {@code out}. */
  public static void encode(
      DenseValues values, int from, int to, ColumnDescriptor column, ByteSink out) {
    int n = to - from;
    switch (column.physicalType()) {
      case BOOLEAN -> {
        byte[] v = ((BooleanValues) values).values();
        for (int i = 0; i < n; i += 8) {
          int b = 0;
          for (int k = 0; k < 8 && i + k < n; k++) {
            b |= (v[from + i + k] & 1) << k;
          }
          out.writeByte(b);
        }
      }
      case INT32, FLOAT -> out.writeIntsLE(((Int32Values) values).values(), from, n);
      case INT64, DOUBLE -> out.writeLongsLE(((Int64Values) values).values(), from, n);
      case INT96, FIXED_LEN_BYTE_ARRAY -> {
        FixedWidthValues f = (FixedWidthValues) values;
        out.write(f.bytes(), from * f.width(), n * f.width());
      }
      case BYTE_ARRAY -> {
        BinaryValues b = (BinaryValues) values;
        out.writeLengthPrefixed(b.bytes(), b.offsets(), from, to);
      }
    }
  }
}
