package dev.parrow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.DictionaryDecoder;
import dev.parrow.codec.encoding.IntDecoder;
import dev.parrow.codec.encoding.MsbBitPackedDecoder;
import dev.parrow.codec.encoding.RleBitPackedDecoder;
import dev.parrow.codec.encoding.ValueEncodings;
import dev.parrow.codec.encoding.ValuesDecoder;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import java.util.List;

/**
 * Every decoder of the codec on bytes of the fuzzer's choosing: the value decoders of each encoding
 * (PLAIN, dictionary ids, RLE booleans, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
 * DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT, ALP) for each physical type, and the level decoders
 * (RLE/bit- packed and the deprecated BIT_PACKED) at every bit width, read in slices of random
 * sizes. The decoders run without the page checks in front of them, so this also covers what those
 * checks let through. Contract: the values asked for arrive, or a ParquetFormatException.
 */
class DecoderFuzzTest {
  private static final Encoding[] VALUE_ENCODINGS = {
    Encoding.PLAIN,
    Encoding.PLAIN_DICTIONARY,
    Encoding.RLE_DICTIONARY,
    Encoding.RLE,
    Encoding.DELTA_BINARY_PACKED,
    Encoding.DELTA_LENGTH_BYTE_ARRAY,
    Encoding.DELTA_BYTE_ARRAY,
    Encoding.BYTE_STREAM_SPLIT,
    Encoding.ALP
  };

  /** A page holds at most this many values here: enough for every run and miniblock shape. */
  private static final int MAX_VALUES = 20_000;

  @FuzzTest
  void decoders(FuzzedDataProvider data) {
    if (data.consumeBoolean()) {
      levels(data);
    } else {
      values(data);
    }
  }

  private static void values(FuzzedDataProvider data) {
    Encoding encoding = data.pickValue(VALUE_ENCODINGS);
    PhysicalType type = data.pickValue(PhysicalType.values());
    int typeLength = type == PhysicalType.FIXED_LEN_BYTE_ARRAY ? data.consumeInt(1, 40) : 0;
    int numValues = data.consumeInt(0, MAX_VALUES);
    int slice = data.consumeInt(1, MAX_VALUES);
    ColumnDescriptor column = column(type, typeLength);
    try {
      DenseValues dictionary = null;
      if (encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY) {
        byte[] page = data.consumeBytes(data.consumeInt(0, 4096));
        dictionary =
            DictionaryDecoder.readDictionary(
                column, page, 0, page.length, data.consumeInt(0, 1000));
      }
      byte[] page = data.consumeRemainingAsBytes();
      ValuesDecoder decoder =
          ValueEncodings.decoder(encoding, column, page, 0, page.length, numValues, dictionary);
      DenseValues out = DenseValues.forColumn(column);
      for (int done = 0; done < numValues; ) {
        int n = Math.min(slice, numValues - done);
        decoder.read(out, n);
        done += n;
        assertEquals(done, out.size(), "values decoded");
      }
    } catch (ParquetFormatException expected) {
      // Malformed values are reported, never decoded into something.
    }
  }

  private static void levels(FuzzedDataProvider data) {
    boolean rle = data.consumeBoolean();
    int bitWidth = data.consumeInt(0, 33);
    int count = data.consumeInt(0, MAX_VALUES);
    int slice = data.consumeInt(1, 4096);
    boolean skipSome = data.consumeBoolean();
    byte[] bytes = data.consumeRemainingAsBytes();
    try {
      IntDecoder decoder =
          rle
              ? new RleBitPackedDecoder(bytes, 0, bytes.length, bitWidth)
              : new MsbBitPackedDecoder(bytes, 0, bytes.length, bitWidth);
      int[] out = new int[slice];
      long max = bitWidth >= 32 ? 0xffffffffL : (1L << bitWidth) - 1;
      for (int done = 0; done < count; ) {
        int want = Math.min(slice, count - done);
        if (skipSome && (done / slice) % 2 == 1) {
          int skipped = decoder.skip(want);
          assertTrue(skipped >= 0 && skipped <= want, "skipped " + skipped + " of " + want);
          if (skipped < want) {
            break;
          }
          done += skipped;
          continue;
        }
        int got = decoder.read(out, 0, want);
        assertTrue(got >= 0 && got <= want, "read " + got + " of " + want);
        for (int i = 0; i < got; i++) {
          assertTrue(
              Integer.toUnsignedLong(out[i]) <= max, out[i] + " wider than " + bitWidth + " bits");
        }
        if (got < want) {
          break;
        }
        done += got;
      }
    } catch (ParquetFormatException expected) {
      // A width outside 0..32 or a run past the end.
    }
  }

  private static ColumnDescriptor column(PhysicalType type, int typeLength) {
    return new ColumnDescriptor(
        0,
        List.of("v"),
        new SchemaElement(
            type,
            typeLength == 0 ? null : typeLength,
            Repetition.OPTIONAL,
            "v",
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        1,
        0);
  }
}
