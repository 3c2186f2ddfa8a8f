package dev.parrow.codec.write;

import dev.parrow.codec.encoding.ByteStreamSplitEncoder;
import dev.parrow.codec.encoding.DeltaBinaryPackedEncoder;
import dev.parrow.codec.encoding.DeltaByteArrayEncoder;
import dev.parrow.codec.encoding.DeltaLengthByteArrayEncoder;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.Arrays;

/** A page's values in the encoding chosen for the column (the encoders of the codec), when not dictionary ids. */
final class ValueEncoders {
  private ValueEncoders() {}

  /** Fails unless {@code encoding} can encode the column's physical type. */
  static void check(Encoding encoding, ColumnDescriptor column) {
    PhysicalType p = column.physicalType();
    boolean fits = switch (encoding) {
      case PLAIN -> true;
      case DELTA_BINARY_PACKED -> p == PhysicalType.INT32 || p == PhysicalType.INT64;
      case DELTA_LENGTH_BYTE_ARRAY -> p == PhysicalType.BYTE_ARRAY;
      case DELTA_BYTE_ARRAY -> p == PhysicalType.BYTE_ARRAY || p == PhysicalType.FIXED_LEN_BYTE_ARRAY;
      case BYTE_STREAM_SPLIT -> p == PhysicalType.FLOAT || p == PhysicalType.DOUBLE || p == PhysicalType.INT32
          || p == PhysicalType.INT64 || p == PhysicalType.FIXED_LEN_BYTE_ARRAY;
      default -> false;
    };
    if (!fits) {
      throw new IllegalArgumentException("column '" + column.dottedPath() + "' (" + p + ") cannot be written as "
          + encoding);
    }
  }

  static byte[] encode(Encoding encoding, DenseValues values, int n, ColumnDescriptor column) {
    switch (encoding) {
      case DELTA_BINARY_PACKED -> {
        long[] longs = new long[n];
        if (values instanceof Int32Values ints) {
          for (int i = 0; i < n; i++) {
            longs[i] = ints.values()[i];
          }
          return DeltaBinaryPackedEncoder.encode(longs, 0, n, false);
        }
        System.arraycopy(((Int64Values) values).values(), 0, longs, 0, n);
        return DeltaBinaryPackedEncoder.encode(longs, 0, n, true);
      }
      case DELTA_LENGTH_BYTE_ARRAY -> {
        return DeltaLengthByteArrayEncoder.encode(arrays(values, n));
      }
      case DELTA_BYTE_ARRAY -> {
        return DeltaByteArrayEncoder.encode(arrays(values, n));
      }
      case BYTE_STREAM_SPLIT -> {
        byte[] plain = plain(values, n, column);
        int width = switch (column.physicalType()) {
          case FLOAT, INT32 -> 4;
          case DOUBLE, INT64 -> 8;
          default -> column.typeLength();
        };
        return ByteStreamSplitEncoder.encode(plain, width);
      }
      default -> {
        return plain(values, n, column);
      }
    }
  }

  private static byte[] plain(DenseValues values, int n, ColumnDescriptor column) {
    ByteSink out = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, PlainEncoder.size(values, 0, n, column)));
    PlainEncoder.encode(values, 0, n, column, out);
    return out.toByteArray();
  }

  /** Byte-array or fixed-width values as one array each (what the DELTA byte-array encoders take). */
  private static byte[][] arrays(DenseValues values, int n) {
    byte[][] out = new byte[n][];
    if (values instanceof BinaryValues b) {
      for (int i = 0; i < n; i++) {
        out[i] = Arrays.copyOfRange(b.bytes(), b.offsets()[i], b.offsets()[i + 1]);
      }
    } else {
      FixedWidthValues f = (FixedWidthValues) values;
      for (int i = 0; i < n; i++) {
        out[i] = Arrays.copyOfRange(f.bytes(), i * f.width(), (i + 1) * f.width());
      }
    }
    return out;
  }
}
