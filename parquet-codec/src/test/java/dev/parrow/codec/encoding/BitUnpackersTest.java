package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitUnpackersTest {

  @Test
  void theCommittedSourceIsWhatTheGeneratorWrites() throws Exception {
    Path committed = Path.of("src/main/java/dev/parrow/codec/encoding/BitUnpackers.java");
    assertEquals(
        BitUnpackersGenerator.source(),
        Files.readString(committed),
        "BitUnpackers.java differs from its generator: regenerate it (see BitUnpackersGenerator)");
  }

  @Test
  void everyWidthUnpacksWhatABitByBitReaderReads() {
    Random random = new Random(31);
    for (int width = 0; width <= 64; width++) {
      for (int trial = 0; trial < 20; trial++) {
        int pos = random.nextInt(9);
        byte[] in = new byte[pos + 4 * width + 8 + random.nextInt(3)];
        random.nextBytes(in);
        long[] out = new long[40];
        BitUnpackers.unpack32(in, pos, out, 5, width);
        long[] expected = new long[32];
        for (int i = 0; i < 32; i++) {
          long v = 0;
          for (int b = 0; b < width; b++) {
            long bit = (long) pos * 8 + (long) i * width + b;
            v |= (long) ((in[(int) (bit >>> 3)] >>> (bit & 7)) & 1) << b;
          }
          expected[i] = v;
        }
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 5, 37), "width " + width);
      }
    }
  }

  @Test
  void everyIntWidthUnpacksWhatABitByBitReaderReads() {
    Random random = new Random(37);
    for (int width = 0; width <= 32; width++) {
      for (int trial = 0; trial < 20; trial++) {
        int pos = random.nextInt(9);
        byte[] in = new byte[pos + 4 * width + 8 + random.nextInt(3)];
        random.nextBytes(in);
        int[] out = new int[40];
        BitUnpackers.unpack32(in, pos, out, 3, width);
        int[] expected = new int[32];
        for (int i = 0; i < 32; i++) {
          long v = 0;
          for (int b = 0; b < width; b++) {
            long bit = (long) pos * 8 + (long) i * width + b;
            v |= (long) ((in[(int) (bit >>> 3)] >>> (bit & 7)) & 1) << b;
          }
          expected[i] = (int) v;
        }
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 3, 35), "width " + width);
      }
    }
  }
}
