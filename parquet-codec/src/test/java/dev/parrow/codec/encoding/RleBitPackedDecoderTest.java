package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RleBitPackedDecoderTest {

  /**
   * Encodings.md: the values 0..7 bit-packed with width 3 are the bytes 10001000 11000110 11111010.
   */
  @Test
  void decodesTheSpecificationsBitPackingExample() {
    byte[] data = {
      0x03, (byte) 0b10001000, (byte) 0b11000110, (byte) 0b11111010
    }; // header: 1 group, packed
    int[] out = new int[8];
    assertEquals(8, new RleBitPackedDecoder(data, 0, data.length, 3).read(out, 0, 8));
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, out);
  }

  @Test
  void decodesAnRleRun() {
    // 300 repetitions of 0x1234 with bit width 13: header 600 as ULEB128, value in 2 bytes.
    byte[] data = {(byte) 0xD8, 0x04, 0x34, 0x12};
    int[] out = new int[300];
    assertEquals(300, new RleBitPackedDecoder(data, 0, data.length, 13).read(out, 0, 300));
    assertEquals(300, Arrays.stream(out).filter(v -> v == 0x1234).count());
  }

  @Test
  void randomDataRoundTripsAtEveryBatchSizeAndWidth() {
    Random random = new Random(1);
    for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
      int[] values = Values.random(random, 5000, bitWidth);
      byte[] encoded = RleBitPackedEncoder.encode(values, 0, values.length, bitWidth);
      for (int batch = 1; batch <= 33; batch++) {
        Values.readInBatches(
            new RleBitPackedDecoder(encoded, 0, encoded.length, bitWidth), values, batch);
      }
      Values.readInBatches(
          new RleBitPackedDecoder(encoded, 0, encoded.length, bitWidth), values, 1024);
      for (int trial = 0; trial < 5; trial++) {
        Values.readAndSkip(
            new RleBitPackedDecoder(encoded, 0, encoded.length, bitWidth), values, random);
      }
    }
  }

  @Test
  void oneBitValuesReadStraightIntoBitmapsAtAnyOffset() {
    Random random = new Random(11);
    for (int trial = 0; trial < 60; trial++) {
      int n = 1 + random.nextInt(5000);
      int[] values = Values.random(random, n, 1);
      if (trial % 3 == 2) {
        // Long bit-packed runs (one null in ten, as in a nullable column), read a word at a time.
        for (int i = 0; i < n; i++) {
          values[i] = random.nextInt(10) == 0 ? 0 : 1;
        }
      }
      byte[] encoded = RleBitPackedEncoder.encode(values, 0, n, 1);
      RleBitPackedDecoder decoder = new RleBitPackedDecoder(encoded, 0, encoded.length, 1);
      int at = 0;
      while (at < n) {
        int k = Math.min(n - at, 1 + random.nextInt(trial % 2 == 0 ? 33 : 1500));
        int mode = random.nextInt(4);
        if (mode == 0) {
          assertEquals(k, decoder.skip(k));
        } else if (mode == 1) {
          int[] out = new int[k];
          assertEquals(k, decoder.read(out, 0, k));
          assertArrayEquals(Arrays.copyOfRange(values, at, at + k), out);
        } else {
          int offset = random.nextInt(16);
          // Tight bitmaps as well as roomy ones: near its end a word no longer fits.
          byte[] bitmap = new byte[(offset + k + 7) / 8 + random.nextInt(10)];
          assertEquals(k, decoder.readBits(bitmap, offset, k));
          int ones = 0;
          for (int i = 0; i < k; i++) {
            assertEquals(
                values[at + i] == 1,
                Bits.get(bitmap, offset + i),
                "trial " + trial + " value " + (at + i));
            ones += values[at + i];
          }
          assertEquals(ones, decoder.ones());
          for (int i = 0; i < offset; i++) {
            assertEquals(false, Bits.get(bitmap, i), "bits before the offset stay clear");
          }
          for (int i = offset + k; i < bitmap.length * 8; i++) {
            assertEquals(false, Bits.get(bitmap, i), "bits after the read stay clear");
          }
        }
        at += k;
      }
    }
  }

  /**
   * skipRepeated consumes a stretch only when it lies in one RLE run of the value asked for, and
   * otherwise leaves the decoder where it was: interleaved with reads at random points of long
   * runs, short runs and bit-packed stretches, the values read are those a plain read gives.
   */
  @Test
  void skipRepeatedPassesOverOnlyAWholeRunOfTheValue() {
    java.util.Random random = new java.util.Random(41);
    int skipped = 0;
    for (int trial = 0; trial < 300; trial++) {
      int n = 1 + random.nextInt(3000);
      int[] values = new int[n];
      for (int i = 0; i < n; ) {
        int length = 1 + random.nextInt(random.nextBoolean() ? 400 : 6);
        int v = random.nextInt(3);
        for (int j = 0; j < length && i < n; j++, i++) {
          values[i] = random.nextInt(300) == 0 ? random.nextInt(3) : v;
        }
      }
      byte[] encoded = RleBitPackedEncoder.encode(values, 0, n, 2);
      RleBitPackedDecoder d = new RleBitPackedDecoder(encoded, 0, encoded.length, 2);
      int[] out = new int[n];
      for (int at = 0; at < n; ) {
        int k = Math.min(n - at, 1 + random.nextInt(random.nextBoolean() ? 200 : 20));
        int value = random.nextBoolean() ? values[at] : random.nextInt(3);
        boolean whole = true;
        for (int i = at; i < at + k; i++) {
          whole &= values[i] == value;
        }
        if (d.skipRepeated(value, k)) {
          assertTrue(whole, "trial " + trial + ": skipped [" + at + ", " + (at + k) + ")");
          skipped++;
          at += k;
          continue;
        }
        assertEquals(k, d.read(out, 0, k));
        assertArrayEquals(
            Arrays.copyOfRange(values, at, at + k), Arrays.copyOf(out, k), "trial " + trial);
        at += k;
      }
    }
    assertTrue(skipped > 1000, skipped + " stretches skipped");
  }

  /**
   * readSelected against the values themselves: parts of random sizes, each read whole, passed
   * over, or read for a selection of random density, at every width, with runs of repeats (RLE)
   * between bit-packed stretches, in data that ends at the array's end (the near-end bit path).
   */
  @Test
  void selectedValuesEqualTheReferenceInterleavedWithReadsAndSkips() {
    Random random = new Random(11);
    for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
      for (int trial = 0; trial < 20; trial++) {
        int n = 1 + random.nextInt(4000);
        int[] values = new int[n];
        long bound = 1L << bitWidth;
        for (int i = 0; i < n; ) {
          int run = 1 + random.nextInt(random.nextBoolean() ? 4 : 60);
          int v = (int) (random.nextLong() & (bound - 1));
          for (int r = 0; r < run && i < n; r++, i++) {
            values[i] = random.nextInt(3) == 0 ? (int) (random.nextLong() & (bound - 1)) : v;
          }
        }
        byte[] encoded = RleBitPackedEncoder.encode(values, 0, n, bitWidth);
        RleBitPackedDecoder decoder = new RleBitPackedDecoder(encoded, 0, encoded.length, bitWidth);
        int at = 0;
        while (at < n) {
          int k = Math.min(n - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 600));
          String where = "width " + bitWidth + ", " + k + " values at " + at;
          switch (random.nextInt(4)) {
            case 0 -> {
              int[] out = new int[k];
              assertEquals(k, decoder.read(out, 0, k), where);
              assertArrayEquals(Arrays.copyOfRange(values, at, at + k), out, where);
            }
            case 1 -> assertEquals(k, decoder.skip(k), where);
            default -> {
              double density = new double[] {0.003, 0.05, 0.3, 1.0}[random.nextInt(4)];
              int[] selected = new int[k];
              int count = 0;
              for (int i = 0; i < k; i++) {
                if (random.nextDouble() < density) {
                  selected[count++] = i;
                }
              }
              int[] out = new int[count + 2];
              Arrays.fill(out, -7);
              assertEquals(k, decoder.readSelected(k, selected, count, out, 2), where);
              int[] want = new int[count + 2];
              want[0] = -7;
              want[1] = -7;
              for (int j = 0; j < count; j++) {
                want[2 + j] = values[at + selected[j]];
              }
              assertArrayEquals(want, out, where);
            }
          }
          at += k;
        }
      }
    }
  }

  @Test
  void selectedValuesOfARunCutShortStopAtTheData() {
    int[] values = {1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 1, 2};
    byte[] encoded = RleBitPackedEncoder.encode(values, 0, values.length, 3);
    byte[] cut = Arrays.copyOf(encoded, 1 + 3 + 1);
    int[] out = {-1, -1, -1};
    int n =
        new RleBitPackedDecoder(cut, 0, cut.length, 3)
            .readSelected(16, new int[] {1, 9, 12}, 3, out, 0);
    assertEquals(8 + 2, n, "a byte holds two more 3-bit values");
    assertArrayEquals(new int[] {2, 3, -1}, out);
  }

  @Test
  void aRunCutShortYieldsOnlyTheValuesThatAreThere() {
    int[] values = {1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 1, 2};
    byte[] encoded = RleBitPackedEncoder.encode(values, 0, values.length, 3);
    // Header + 2 groups of 3 bytes; keep the first group and one byte of the second.
    byte[] cut = Arrays.copyOf(encoded, 1 + 3 + 1);
    int[] out = new int[16];
    int n = new RleBitPackedDecoder(cut, 0, cut.length, 3).read(out, 0, 16);
    assertEquals(8 + 2, n, "a byte holds two more 3-bit values");
    assertArrayEquals(Arrays.copyOf(values, n), Arrays.copyOf(out, n));
  }

  @Test
  void malformedInputIsAFormatError() {
    assertThrows(
        ParquetFormatException.class, () -> new RleBitPackedDecoder(new byte[4], 0, 4, 33));
    byte[] runValueTooWide = {0x10, (byte) 0xFF}; // RLE run of 8, value 255 in width 3
    assertThrows(
        ParquetFormatException.class,
        () -> new RleBitPackedDecoder(runValueTooWide, 0, 2, 3).read(new int[8], 0, 8));
    byte[] endlessHeader = {
      (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80
    };
    assertThrows(
        ParquetFormatException.class,
        () -> new RleBitPackedDecoder(endlessHeader, 0, 6, 3).read(new int[8], 0, 8));
    byte[] valueMissing = {0x10}; // RLE run header, then nothing
    assertThrows(
        ParquetFormatException.class,
        () -> new RleBitPackedDecoder(valueMissing, 0, 1, 8).read(new int[8], 0, 8));
  }

  @Test
  void emptyDataReadsNothing() {
    assertEquals(0, new RleBitPackedDecoder(new byte[0], 0, 0, 5).read(new int[4], 0, 4));
  }
}
