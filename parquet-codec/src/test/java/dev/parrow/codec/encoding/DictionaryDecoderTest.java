package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.testing.SampleMetadata;
import dev.parrow.codec.values.Int32Values;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The selected-values path of dictionary ids against a simple reference (every id decoded, the
 * selected ones taken): sparse selections pass over the others, dense ones decode them all; both
 * must give the same values, on random ids of every width and selections of every density, page
 * after page of the same decoder.
 */
class DictionaryDecoderTest {
  @Test
  void selectedIdsEqualTheReferenceAtEveryDensity() {
    Random random = new Random(5);
    for (int bitWidth = 0; bitWidth <= 12; bitWidth++) {
      int size = 1 << bitWidth;
      Int32Values dictionary = new Int32Values();
      for (int i = 0; i < size; i++) {
        dictionary.add(i * 7 + 3);
      }
      for (int trial = 0; trial < 30; trial++) {
        int n = 1 + random.nextInt(3000);
        // Runs of repeats (RLE) mixed with random stretches (bit-packed).
        int[] ids = new int[n];
        for (int i = 0; i < n; ) {
          int run = 1 + random.nextInt(random.nextBoolean() ? 3 : 40);
          int v = random.nextInt(size);
          for (int r = 0; r < run && i < n; r++, i++) {
            ids[i] = random.nextInt(4) == 0 ? random.nextInt(size) : v;
          }
        }
        byte[] encoded = RleBitPackedEncoder.encode(ids, 0, n, bitWidth);
        byte[] page = new byte[encoded.length + 1];
        page[0] = (byte) bitWidth;
        System.arraycopy(encoded, 0, page, 1, encoded.length);
        DictionaryDecoder decoder = new DictionaryDecoder(dictionary, page, 0, page.length);
        // The page read in parts, each with its own selection of some density.
        int at = 0;
        while (at < n) {
          int k = Math.min(n - at, 1 + random.nextInt(700));
          double density = new double[] {0.0, 0.002, 0.01, 0.05, 0.2, 1.0}[random.nextInt(6)];
          int[] selected = new int[k];
          int count = 0;
          for (int i = 0; i < k; i++) {
            if (random.nextDouble() < density) {
              selected[count++] = i;
            }
          }
          Int32Values got = new Int32Values();
          if (count == 0) {
            decoder.skip(k, null);
          } else {
            decoder.readSelected(got, k, selected, count, null);
          }
          int[] want = new int[count];
          for (int j = 0; j < count; j++) {
            want[j] = dictionary.values()[ids[at + selected[j]]];
          }
          assertArrayEquals(
              want,
              Arrays.copyOf(got.values(), got.size()),
              "width " + bitWidth + ", part at " + at + " of " + k);
          at += k;
        }
      }
    }
  }

  /**
   * A dictionary page holds its values and nothing more: one of a FIXED_LEN_BYTE_ARRAY(5) column
   * written as BYTE_ARRAY values (a length before each, as parquet-testing's
   * ARROW-RS-GH-11261-FLBA-DICT has) is an error, not five wrong values.
   */
  @Test
  void aDictionaryPageWithBytesLeftOverIsAnError() {
    ColumnDescriptor fixed = column(PhysicalType.FIXED_LEN_BYTE_ARRAY);
    byte[] exact = "abcdeABCDE".getBytes(StandardCharsets.US_ASCII);
    assertEquals(2, DictionaryDecoder.readDictionary(fixed, exact, 0, exact.length, 2).size());
    byte[] lengthPrefixed = {
      5, 0, 0, 0, 'a', 'b', 'c', 'd', 'e', 5, 0, 0, 0, 'A', 'B', 'C', 'D', 'E'
    };
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () ->
                DictionaryDecoder.readDictionary(
                    fixed, lengthPrefixed, 0, lengthPrefixed.length, 2));
    assertTrue(e.getMessage().contains("FIXED_LEN_BYTE_ARRAY(5)"), e.getMessage());
    ColumnDescriptor ints = column(PhysicalType.INT32);
    byte[] intsAndMore = {1, 0, 0, 0, 2, 0, 0, 0, 9, 9};
    assertThrows(
        ParquetFormatException.class,
        () -> DictionaryDecoder.readDictionary(ints, intsAndMore, 0, intsAndMore.length, 2));
    assertEquals(2, DictionaryDecoder.readDictionary(ints, intsAndMore, 0, 8, 2).size());
  }

  private static ColumnDescriptor column(PhysicalType type) {
    SchemaElement leaf =
        type == PhysicalType.FIXED_LEN_BYTE_ARRAY
            ? SampleMetadata.fixedLeaf("c", 5, Repetition.REQUIRED)
            : SampleMetadata.leaf("c", type, Repetition.REQUIRED);
    return ParquetSchema.fromElements(List.of(SampleMetadata.group("schema", null, 1), leaf))
        .column(0);
  }
}
