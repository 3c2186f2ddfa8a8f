package dev.parrow.codec.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.CompressionCodec;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every codec the writer writes, at its default and at explicit levels, read back by the reader's
 * decompressors.
 */
class CompressorsTest {
  @Test
  void everyWritableCodecRoundTripsFromAnOffset() {
    Random random = new Random(3);
    byte[] data = new byte[70_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (random.nextInt(3) == 0 ? random.nextInt(256) : i % 29);
    }
    int offset = 1_000;
    int length = data.length - 2_000;
    byte[] expected = Arrays.copyOfRange(data, offset, offset + length);
    for (CompressionCodec codec : CompressionCodec.values()) {
      if (codec == CompressionCodec.LZO) {
        continue;
      }
      for (Integer level : levels(codec)) {
        byte[] compressed = Compressors.compress(codec, level, data, offset, length);
        if (codec != CompressionCodec.UNCOMPRESSED) {
          assertTrue(compressed.length < length, codec + " level " + level + " compresses");
        }
        byte[] out = new byte[length];
        Decompressors.forCodec(codec).decompress(compressed, 0, compressed.length, out, 0, length);
        assertArrayEquals(expected, out, codec + " level " + level);
      }
    }
  }

  private static Integer[] levels(CompressionCodec codec) {
    return switch (codec) {
      case ZSTD -> new Integer[] {null, 1, 19};
      case GZIP -> new Integer[] {null, 1, 9};
      case BROTLI -> new Integer[] {null, 0, 11};
      default -> new Integer[] {null};
    };
  }

  @Test
  void lzoIsRefusedForWriting() {
    var e =
        assertThrows(
            UnsupportedOperationException.class,
            () -> Compressors.requireWritable(CompressionCodec.LZO));
    assertTrue(e.getMessage().contains("LZO"), e.getMessage());
  }
}
