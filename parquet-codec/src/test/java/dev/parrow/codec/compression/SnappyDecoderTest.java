package dev.parrow.codec.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * The Java Snappy decoder, used where snappy-java's native library is missing, against
 * snappy-java's own compressor: every kind of element (short and long literals, copies with 1-, 2-
 * and 4-byte offsets, overlapping copies), and corrupt input.
 */
class SnappyDecoderTest {
  private static byte[] decode(byte[] compressed, int size) {
    byte[] out = new byte[size + 6];
    SnappyDecoder.decompress(compressed, 0, compressed.length, out, 3, size);
    return Arrays.copyOfRange(out, 3, 3 + size);
  }

  /** Data of every compressibility: random, runs, short and long repeats, near and far. */
  private static byte[] sample(Random random, int size) {
    byte[] data = new byte[size];
    int kind = random.nextInt(5);
    for (int i = 0; i < size; i++) {
      data[i] =
          switch (kind) {
            case 0 -> (byte) random.nextInt(256);
            case 1 -> (byte) (i / (1 + random.nextInt(200)));
            case 2 -> (byte) (random.nextInt(8) == 0 ? random.nextInt(256) : i % 13);
            case 3 -> i >= 70_000 ? data[i - 70_000] : (byte) random.nextInt(256);
            default -> (byte) (i % 3);
          };
    }
    return data;
  }

  @Test
  void decodesWhatSnappyJavaEncodes() throws IOException {
    Random random = new Random(42);
    int[] sizes = {0, 1, 3, 59, 60, 61, 255, 256, 4096, 65_535, 65_536, 70_001, 300_000};
    for (int round = 0; round < 6; round++) {
      for (int size : sizes) {
        byte[] data = sample(random, size);
        byte[] compressed = Snappy.compress(data);
        assertArrayEquals(data, decode(compressed, size), "size " + size + ", round " + round);
      }
    }
  }

  @Test
  void decodesLongLiteralsAndFarCopiesWrittenByHand() {
    // A literal of 300 bytes (length in two bytes, tag 61), then a copy with a 4-byte offset of
    // 300 back, 10 bytes long (tag 3 | (9 << 2)).
    byte[] literal = new byte[300];
    new Random(3).nextBytes(literal);
    byte[] compressed = new byte[2 + 1 + 2 + 300 + 1 + 4];
    int p = 0;
    compressed[p++] = (byte) (310 & 0x7f | 0x80);
    compressed[p++] = (byte) (310 >>> 7);
    compressed[p++] = (byte) (61 << 2);
    compressed[p++] = (byte) (299 & 0xff);
    compressed[p++] = (byte) (299 >>> 8);
    System.arraycopy(literal, 0, compressed, p, 300);
    p += 300;
    compressed[p++] = (byte) (3 | (9 << 2));
    compressed[p] = (byte) 300;
    compressed[p + 1] = (byte) (300 >>> 8);
    byte[] expected = Arrays.copyOf(literal, 310);
    System.arraycopy(literal, 0, expected, 300, 10);
    assertArrayEquals(expected, decode(compressed, 310));
  }

  @Test
  void corruptInputFailsOnlyWithParquetFormatException() throws IOException {
    Random random = new Random(7);
    int failures = 0;
    for (int trial = 0; trial < 3000; trial++) {
      byte[] data = sample(random, 1 + random.nextInt(5000));
      byte[] compressed = Snappy.compress(data);
      switch (trial % 3) {
        case 0 -> compressed[random.nextInt(compressed.length)] ^= (byte) (1 + random.nextInt(255));
        case 1 -> compressed = Arrays.copyOf(compressed, random.nextInt(compressed.length));
        default -> {
          for (int i = 0; i < compressed.length; i++) {
            compressed[i] = (byte) random.nextInt(256);
          }
        }
      }
      int size = trial % 7 == 0 ? random.nextInt(6000) : data.length;
      try {
        decode(compressed, size);
      } catch (ParquetFormatException e) {
        failures++;
        assertTrue(e.getMessage().contains("SNAPPY"), e.getMessage());
      }
    }
    assertTrue(failures > 1000, "most corrupt inputs are caught: " + failures);
  }

  @Test
  void aWrongDeclaredLengthIsNamed() throws IOException {
    byte[] compressed = Snappy.compress(new byte[100]);
    ParquetFormatException e =
        assertThrows(ParquetFormatException.class, () -> decode(compressed, 99));
    assertEquals(
        "SNAPPY data decompresses to 100 bytes but the page header says 99", e.getMessage());
  }
}
