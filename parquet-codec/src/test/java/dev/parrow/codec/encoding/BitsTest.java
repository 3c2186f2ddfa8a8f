package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BitsTest {
  /**
   * setRange and putLong against a bit-by-bit reference: random ranges at every offset, into
   * bitmaps with bits already set, tight ones (where a word no longer fits) as well as roomy ones.
   */
  @Test
  void wordWritesMatchBitByBitReference() {
    Random random = new Random(5);
    for (int trial = 0; trial < 5000; trial++) {
      int bytes = 1 + random.nextInt(40);
      byte[] bitmap = new byte[bytes];
      random.nextBytes(bitmap);
      boolean[] expected = new boolean[bytes * 8];
      for (int i = 0; i < expected.length; i++) {
        expected[i] = Bits.get(bitmap, i);
      }
      int from = random.nextInt(expected.length);
      if (random.nextBoolean() && Bits.holdsWord(bitmap, from)) {
        long w = random.nextLong();
        Bits.putLong(bitmap, from, w);
        for (int k = 0; k < 64; k++) {
          expected[from + k] |= (w >>> k & 1) != 0;
        }
      } else {
        int count = random.nextInt(Math.min(expected.length - from, 130) + 1);
        Bits.setRange(bitmap, from, count);
        for (int k = 0; k < count; k++) {
          expected[from + k] = true;
        }
      }
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], Bits.get(bitmap, i), "trial " + trial + " bit " + i);
      }
    }
  }
}
