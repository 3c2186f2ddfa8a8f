package dev.parrow.codec.encoding;

import static dev.parrow.codec.testing.SampleMetadata.group;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The encoding table against the format's rules (LogicalTypes.md and Encodings.md: which encoding
 * may hold which physical type), and each writable encoding's encoder against its decoder on random
 * values.
 */
class ValueEncodingsTest {
  private static ColumnDescriptor column(PhysicalType type) {
    SchemaElement leaf =
        type == PhysicalType.FIXED_LEN_BYTE_ARRAY
            ? SampleMetadata.fixedLeaf("c", 5, Repetition.REQUIRED)
            : SampleMetadata.leaf("c", type, Repetition.REQUIRED);
    return ParquetSchema.fromElements(List.of(group("schema", null, 1), leaf)).column(0);
  }

  /** What Encodings.md allows, written out here rather than read from the table under test. */
  private static boolean allowed(Encoding e, PhysicalType t) {
    return switch (e) {
      case PLAIN, PLAIN_DICTIONARY, RLE_DICTIONARY -> true;
      case RLE -> t == PhysicalType.BOOLEAN;
      case DELTA_BINARY_PACKED -> t == PhysicalType.INT32 || t == PhysicalType.INT64;
      case DELTA_LENGTH_BYTE_ARRAY -> t == PhysicalType.BYTE_ARRAY;
      case DELTA_BYTE_ARRAY ->
          t == PhysicalType.BYTE_ARRAY || t == PhysicalType.FIXED_LEN_BYTE_ARRAY;
      case BYTE_STREAM_SPLIT ->
          t != PhysicalType.BOOLEAN && t != PhysicalType.BYTE_ARRAY && t != PhysicalType.INT96;
      case ALP -> t == PhysicalType.FLOAT || t == PhysicalType.DOUBLE;
      default -> false;
    };
  }

  @Test
  void theTableIsTheFormatsRules() {
    for (Encoding e : Encoding.values()) {
      for (PhysicalType t : PhysicalType.values()) {
        ValueEncodings entry = ValueEncodings.of(e);
        boolean inTable = entry != null && entry.encodes(t);
        assertEquals(allowed(e, t), inTable, e + " x " + t);
      }
    }
  }

  @Test
  void everyWritableEncodingDecodesToWhatItEncoded() {
    Random random = new Random(11);
    for (Encoding e :
        List.of(
            Encoding.PLAIN,
            Encoding.DELTA_BINARY_PACKED,
            Encoding.DELTA_LENGTH_BYTE_ARRAY,
            Encoding.DELTA_BYTE_ARRAY,
            Encoding.BYTE_STREAM_SPLIT,
            Encoding.ALP)) {
      for (PhysicalType t : PhysicalType.values()) {
        ColumnDescriptor column = column(t);
        if (!allowed(e, t)) {
          assertThrows(
              IllegalArgumentException.class, () -> ValueEncodings.checkWritable(e, column));
          continue;
        }
        ValueEncodings.checkWritable(e, column);
        int n = 1 + random.nextInt(300);
        DenseValues values = randomValues(column, n, random);
        byte[] encoded = ValueEncodings.encode(e, values, n, column);
        DenseValues decoded = DenseValues.forColumn(column);
        ValueEncodings.decoder(e, column, encoded, 0, encoded.length, n, null).read(decoded, n);
        assertEquals(n, decoded.size(), e + " x " + t);
        assertEquals(true, values.isPrefixOf(decoded) && decoded.isPrefixOf(values), e + " x " + t);
      }
    }
  }

  @Test
  void aDictionaryPageIsNeededForDictionaryIds() {
    ColumnDescriptor column = column(PhysicalType.INT32);
    byte[] ids = {1, 0};
    assertThrows(
        ParquetFormatException.class,
        () -> ValueEncodings.decoder(Encoding.RLE_DICTIONARY, column, ids, 0, 2, 1, null));
  }

  @Test
  void dictionaryIdsTakeTheirValuesFromTheDictionary() {
    ColumnDescriptor column = column(PhysicalType.INT64);
    Int64Values dictionary = new Int64Values();
    long[] entries = {-7, 40, 1L << 40};
    for (long v : entries) {
      dictionary.add(v);
    }
    int[] picks = {2, 0, 0, 1, 2, 2, 1, 0, 1};
    byte[] rle = RleBitPackedEncoder.encode(picks, 0, picks.length, 2);
    byte[] page = new byte[rle.length + 1];
    page[0] = 2;
    System.arraycopy(rle, 0, page, 1, rle.length);
    Int64Values out = new Int64Values();
    ValueEncodings.decoder(
            Encoding.RLE_DICTIONARY, column, page, 0, page.length, picks.length, dictionary)
        .read(out, picks.length);
    long[] expected = new long[picks.length];
    for (int i = 0; i < picks.length; i++) {
      expected[i] = entries[picks[i]];
    }
    assertArrayEquals(expected, java.util.Arrays.copyOf(out.values(), out.size()));
  }

  private static DenseValues randomValues(ColumnDescriptor column, int n, Random random) {
    DenseValues values = DenseValues.forColumn(column);
    for (int i = 0; i < n; i++) {
      if (values instanceof BooleanValues b) {
        b.appendBits(new int[] {random.nextInt(2)}, 1);
      } else if (values instanceof Int32Values v) {
        v.add(random.nextInt());
      } else if (values instanceof Int64Values v) {
        v.add(random.nextLong());
      } else if (values instanceof FixedWidthValues v) {
        byte[] b = new byte[v.width()];
        random.nextBytes(b);
        v.add(b, 0);
      } else {
        byte[] b = new byte[random.nextInt(12)];
        random.nextBytes(b);
        ((BinaryValues) values).append(b, 0, b.length);
      }
    }
    return values;
  }
}
