package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The encoder's bytes against a bit-at-a-time reference of the hybrid format. */
class RleBitPackedEncoderTest {
  @Test
  void bytesAreThoseOfABitAtATimeReference() {
    Random random = new Random(23);
    for (int width = 0; width <= 32; width++) {
      for (int trial = 0; trial < 60; trial++) {
        int n = 1 + random.nextInt(trial < 20 ? 20 : 1200);
        int[] values = new int[n + 2];
        long limit = 1L << width;
        int runEvery = 1 + random.nextInt(6);
        for (int i = 1; i <= n; i++) {
          boolean repeat = random.nextInt(runEvery) != 0 && i > 1;
          values[i] = repeat ? values[i - 1] : (int) (random.nextLong() & (limit - 1));
        }
        assertArrayEquals(
            reference(values, 1, n, width),
            RleBitPackedEncoder.encode(values, 1, n, width),
            "width " + width + ", " + n + " values");
      }
    }
  }

  @Test
  void aRunOfOneValueIsEncodedAsTheArrayOfIt() {
    for (int width = 1; width <= 32; width++) {
      for (int count : new int[] {0, 1, 2, 7, 8, 9, 63, 64, 127, 128, 1000, 20_000, 1 << 20}) {
        int value = width == 32 ? -1 : (1 << width) - 1;
        int[] values = new int[count];
        java.util.Arrays.fill(values, value);
        ByteSink run = new ByteSink(0);
        run.writeByte(0x5a);
        RleBitPackedEncoder.encodeRunInto(value, count, width, run);
        ByteSink array = new ByteSink(0);
        array.writeByte(0x5a);
        RleBitPackedEncoder.encodeInto(values, 0, count, width, array);
        assertArrayEquals(
            array.toByteArray(), run.toByteArray(), "width " + width + ", " + count + " values");
      }
    }
  }

  /** The same choice of runs and groups as the encoder, packed one bit at a time. */
  private static byte[] reference(int[] values, int offset, int count, int width) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = offset;
    int end = offset + count;
    while (i < end) {
      int run = run(values, i, end);
      if (run >= RleBitPackedEncoder.MIN_RLE_RUN) {
        uleb(out, (long) run << 1);
        for (int b = 0; b < (width + 7) / 8; b++) {
          out.write(values[i] >>> (8 * b));
        }
        i += run;
        continue;
      }
      int start = i;
      int groups = 0;
      while (i < end
          && (groups == 0 || run(values, i, end) < RleBitPackedEncoder.MIN_RLE_RUN)
          && groups < 63) {
        i = Math.min(i + 8, end);
        groups++;
      }
      uleb(out, ((long) groups << 1) | 1);
      byte[] packed = new byte[groups * width];
      for (int k = 0; k < groups * 8; k++) {
        int v = start + k < i ? values[start + k] : 0;
        for (int bit = 0; bit < width; bit++) {
          if ((v >>> bit & 1) != 0) {
            int at = k * width + bit;
            packed[at >>> 3] |= (byte) (1 << (at & 7));
          }
        }
      }
      out.writeBytes(packed);
    }
    return out.toByteArray();
  }

  private static int run(int[] values, int from, int end) {
    int j = from + 1;
    while (j < end && values[j] == values[from]) {
      j++;
    }
    return j - from;
  }

  private static void uleb(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7fL) != 0) {
      out.write((int) ((value & 0x7f) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }
}
