package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;

/** Test data and read patterns shared by the decoder tests. */
final class Values {
  private Values() {}

  /**
   * Values of the bit width with long runs, short runs and noise mixed, as real levels and indices
   * are.
   */
  static int[] random(Random random, int n, int bitWidth) {
    long limit = bitWidth == 32 ? 1L << 32 : 1L << bitWidth;
    int[] values = new int[n];
    int i = 0;
    while (i < n) {
      int run = random.nextInt(4) == 0 ? 1 + random.nextInt(40) : 1;
      int value = (int) (bitWidth == 0 ? 0 : (random.nextLong() & Long.MAX_VALUE) % limit);
      for (int k = 0; k < run && i < n; k++) {
        values[i++] = value;
      }
    }
    return values;
  }

  static void readInBatches(IntDecoder decoder, int[] expected, int batch) {
    int[] out = new int[expected.length];
    int done = 0;
    while (done < expected.length) {
      int k = decoder.read(out, done, Math.min(batch, expected.length - done));
      assertEquals(Math.min(batch, expected.length - done), k, "batch " + batch + " at " + done);
      done += k;
    }
    assertArrayEquals(expected, out, "batch size " + batch);
  }

  /** Random reads and skips; every read must give exactly the expected slice. */
  static void readAndSkip(IntDecoder decoder, int[] expected, Random random) {
    int at = 0;
    while (at < expected.length) {
      int n =
          Math.min(
              expected.length - at,
              random.nextBoolean() ? 1 + random.nextInt(33) : 1 + random.nextInt(1024));
      if (random.nextBoolean()) {
        assertEquals(n, decoder.skip(n));
      } else {
        int[] out = new int[n];
        assertEquals(n, decoder.read(out, 0, n));
        assertArrayEquals(Arrays.copyOfRange(expected, at, at + n), out, "read at " + at);
      }
      at += n;
    }
  }
}
