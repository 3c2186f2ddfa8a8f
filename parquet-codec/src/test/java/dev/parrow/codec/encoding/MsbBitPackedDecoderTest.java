package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MsbBitPackedDecoderTest {

  /** Encodings.md: BIT_PACKED of 0..7 with width 3 is the bytes 00000101 00111001 01110111. */
  @Test
  void decodesTheSpecificationsExample() {
    byte[] data = {0b00000101, 0b00111001, 0b01110111};
    int[] out = new int[8];
    assertEquals(8, new MsbBitPackedDecoder(data, 0, 3, 3).read(out, 0, 8));
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, out);
    assertEquals(3, MsbBitPackedDecoder.byteLength(8, 3));
  }

  @Test
  void randomLevelsRoundTripAtEveryBatchSize() {
    Random random = new Random(3);
    for (int bitWidth = 1; bitWidth <= 8; bitWidth++) {
      int[] values = Values.random(random, 777, bitWidth);
      byte[] packed = msbPack(values, bitWidth);
      for (int batch = 1; batch <= 33; batch++) {
        Values.readInBatches(
            new MsbBitPackedDecoder(packed, 0, packed.length, bitWidth), values, batch);
      }
      Values.readAndSkip(
          new MsbBitPackedDecoder(packed, 0, packed.length, bitWidth), values, random);
    }
  }

  @Test
  void stopsAtTheEndOfItsBytes() {
    assertEquals(2, new MsbBitPackedDecoder(new byte[1], 0, 1, 3).read(new int[8], 0, 8));
  }

  /** The test's own MSB-first packer: value bits from the most significant down, back to back. */
  private static byte[] msbPack(int[] values, int bitWidth) {
    byte[] out = new byte[MsbBitPackedDecoder.byteLength(values.length, bitWidth)];
    long bit = 0;
    for (int v : values) {
      for (int b = bitWidth - 1; b >= 0; b--, bit++) {
        if (((v >>> b) & 1) != 0) {
          out[(int) (bit >>> 3)] |= (byte) (0x80 >>> (bit & 7));
        }
      }
    }
    return out;
  }
}
