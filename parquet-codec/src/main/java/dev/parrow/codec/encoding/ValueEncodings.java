package dev.parrow.codec.encoding;

import static dev.parrow.codec.metadata.PhysicalType.BOOLEAN;
import static dev.parrow.codec.metadata.PhysicalType.BYTE_ARRAY;
import static dev.parrow.codec.metadata.PhysicalType.DOUBLE;
import static dev.parrow.codec.metadata.PhysicalType.FIXED_LEN_BYTE_ARRAY;
import static dev.parrow.codec.metadata.PhysicalType.FLOAT;
import static dev.parrow.codec.metadata.PhysicalType.INT32;
import static dev.parrow.codec.metadata.PhysicalType.INT64;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.EnumSet;
import java.util.Set;

/**
 * The value encodings of data pages: which physical types each one may encode (the one table both
 * the reader and the writer consult), the decoder that reads a page's values section, and the
 * encoder that writes one. Dictionary ids are in the table too; the writer produces them through
 * {@link DictionaryEncoder}, not as a column's chosen encoding.
 */
public enum ValueEncodings {
  PLAIN(Encoding.PLAIN, true, EnumSet.allOf(PhysicalType.class)),
  PLAIN_DICTIONARY(Encoding.PLAIN_DICTIONARY, false, EnumSet.allOf(PhysicalType.class)),
  RLE_DICTIONARY(Encoding.RLE_DICTIONARY, false, EnumSet.allOf(PhysicalType.class)),
  RLE(Encoding.RLE, false, EnumSet.of(BOOLEAN)),
  DELTA_BINARY_PACKED(Encoding.DELTA_BINARY_PACKED, true, EnumSet.of(INT32, INT64)),
  DELTA_LENGTH_BYTE_ARRAY(Encoding.DELTA_LENGTH_BYTE_ARRAY, true, EnumSet.of(BYTE_ARRAY)),
  DELTA_BYTE_ARRAY(Encoding.DELTA_BYTE_ARRAY, true, EnumSet.of(BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY)),
  BYTE_STREAM_SPLIT(
      Encoding.BYTE_STREAM_SPLIT,
      true,
      EnumSet.of(FLOAT, DOUBLE, INT32, INT64, FIXED_LEN_BYTE_ARRAY)),
  ALP(Encoding.ALP, true, EnumSet.of(FLOAT, DOUBLE));

  private final Encoding encoding;

  /** Whether a column may be written with it as its value encoding. */
  private final boolean writable;

  private final Set<PhysicalType> types;

  ValueEncodings(Encoding encoding, boolean writable, Set<PhysicalType> types) {
    this.encoding = encoding;
    this.writable = writable;
    this.types = types;
  }

  /**
   * The entry for {@code encoding}, or null when it is no value encoding Parrow knows (BIT_PACKED,
   * ...).
   */
  public static ValueEncodings of(Encoding encoding) {
    return BY_ENCODING.get(encoding);
  }

  private static final java.util.Map<Encoding, ValueEncodings> BY_ENCODING = byEncoding();

  private static java.util.Map<Encoding, ValueEncodings> byEncoding() {
    java.util.Map<Encoding, ValueEncodings> map = new java.util.EnumMap<>(Encoding.class);
    for (ValueEncodings e : values()) {
      map.put(e.encoding, e);
    }
    return map;
  }

  public boolean encodes(PhysicalType type) {
    return types.contains(type);
  }

  private boolean isDictionary() {
    return this == PLAIN_DICTIONARY || this == RLE_DICTIONARY;
  }

  /** Fails unless {@code encoding} can be chosen to write the column's values. */
  public static void checkWritable(Encoding encoding, ColumnDescriptor column) {
    ValueEncodings e = of(encoding);
    if (e == null || !e.writable || !e.encodes(column.physicalType())) {
      throw new IllegalArgumentException(
          "column '"
              + column.dottedPath()
              + "' ("
              + column.physicalType()
              + ") cannot be written as "
              + encoding);
    }
  }

  /**
   * The decoder of a data page's values section {@code [start, end)} of {@code buf}, holding {@code
   * numValues} level entries; {@code dictionary} is the chunk's (null without one).
   */
  public static ValuesDecoder decoder(
      Encoding encoding,
      ColumnDescriptor column,
      byte[] buf,
      int start,
      int end,
      int numValues,
      DenseValues dictionary) {
    ValueEncodings e = of(encoding);
    if (start == end && e != PLAIN_DICTIONARY && e != RLE_DICTIONARY && e != RLE) {
      // A page of nulls only may have no values section at all, not even an encoding header.
      return (out, n) -> {
        throw new ParquetFormatException("the page has no values but " + n + " are needed");
      };
    }
    if (e == null) {
      throw new ParquetFormatException(encoding + " encoding is not supported yet");
    }
    PhysicalType type = column.physicalType();
    if (!e.encodes(type)) {
      throw new ParquetFormatException(
          e == RLE
              ? "RLE-encoded values in a " + type + " column (only BOOLEAN allows it)"
              : encoding + " cannot encode " + type + " values");
    }
    if (e.isDictionary() && dictionary == null) {
      throw new ParquetFormatException(
          "dictionary-encoded page in a column chunk without a dictionary page");
    }
    return switch (e) {
      case PLAIN -> new PlainDecoder(type, column.typeLength(), buf, start, end);
      case PLAIN_DICTIONARY, RLE_DICTIONARY -> new DictionaryDecoder(dictionary, buf, start, end);
      case RLE -> new RleBooleanDecoder(buf, start, end);
      case DELTA_BINARY_PACKED -> new DeltaBinaryPackedDecoder(buf, start, end, type == INT64);
      case DELTA_LENGTH_BYTE_ARRAY -> new DeltaLengthByteArrayDecoder(buf, start, end, numValues);
      case DELTA_BYTE_ARRAY ->
          new DeltaByteArrayDecoder(
              buf, start, end, type == FIXED_LEN_BYTE_ARRAY ? column.typeLength() : -1, numValues);
      case BYTE_STREAM_SPLIT -> new ByteStreamSplitDecoder(buf, start, end, column.byteWidth());
      case ALP -> new AlpDecoder(buf, start, end, column.byteWidth());
    };
  }

  /**
   * Values [0, n) of {@code values} in {@code encoding}, a writable encoding of the column's type.
   */
  public static byte[] encode(
      Encoding encoding, DenseValues values, int n, ColumnDescriptor column) {
    ValueEncodings e = of(encoding);
    return switch (e) {
      case PLAIN -> plain(values, n, column);
      case DELTA_BINARY_PACKED -> {
        long[] longs = new long[n];
        if (values instanceof Int32Values ints) {
          ints.toLongs(longs, n);
        } else {
          System.arraycopy(((Int64Values) values).values(), 0, longs, 0, n);
        }
        yield DeltaBinaryPackedEncoder.encode(longs, 0, n, column.physicalType() == INT64);
      }
      case DELTA_LENGTH_BYTE_ARRAY -> DeltaLengthByteArrayEncoder.encode(arrays(values, n));
      case DELTA_BYTE_ARRAY -> DeltaByteArrayEncoder.encode(arrays(values, n));
      case BYTE_STREAM_SPLIT ->
          ByteStreamSplitEncoder.encode(plain(values, n, column), column.byteWidth());
      case ALP ->
          values instanceof Int32Values floats
              ? AlpEncoder.encodeFloats(floats.values(), n)
              : AlpEncoder.encodeDoubles(((Int64Values) values).values(), n);
      case PLAIN_DICTIONARY, RLE_DICTIONARY, RLE ->
          throw new IllegalArgumentException(
              encoding + " is not a value encoding a column is written with");
    };
  }

  private static byte[] plain(DenseValues values, int n, ColumnDescriptor column) {
    ByteSink out =
        new ByteSink(
            (int) Math.min(Integer.MAX_VALUE - 16, PlainEncoder.size(values, 0, n, column)));
    PlainEncoder.encode(values, 0, n, column, out);
    return out.take();
  }

  /**
   * Byte-array or fixed-width values as one array each (what the DELTA byte-array encoders take).
   */
  private static byte[][] arrays(DenseValues values, int n) {
    byte[][] out = new byte[n][];
    for (int i = 0; i < n; i++) {
      out[i] = values instanceof BinaryValues b ? b.value(i) : ((FixedWidthValues) values).value(i);
    }
    return out;
  }
}
