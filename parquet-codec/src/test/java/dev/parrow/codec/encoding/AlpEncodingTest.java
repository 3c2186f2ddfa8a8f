package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ALP: the layout as parquet-format's AlpEncoding.md defines it (its worked example, built here
 * byte by byte), values that must come back bit for bit whatever the encoder chose (the data of
 * parquet-testing's {@code alp_extended} file: NaN payloads, infinities, -0.0, subnormals,
 * full-precision values, constants, values at the ends of the 64-bit frame), and bad pages.
 */
class AlpEncodingTest {

  /** AlpEncoding.md's worked example: {1500.0, NaN, 2500.0, 333.5} with exponent 4, factor 3. */
  @Test
  void decodesTheSpecificationsWorkedExample() {
    ByteArrayOutputStream page = pageHeader(10, 4);
    le(page, 4, 4); // one vector, just past the offset array
    page.write(4); // exponent
    page.write(3); // factor
    le(page, 1, 2); // one exception
    le(page, 3335, 8); // frame of reference
    page.write(15); // bit width
    byte[] packed = pack(new long[] {11665, 11665, 21665, 0}, 15);
    assertEquals(8, packed.length, "4 values of 15 bits");
    page.write(packed, 0, packed.length);
    le(page, 1, 2); // the exception's position
    le(page, Double.doubleToRawLongBits(Double.NaN), 8);
    byte[] bytes = page.toByteArray();
    assertEquals(7 + 4 + 31, bytes.length, "the example's vector is 31 bytes");

    Int64Values out = new Int64Values();
    new AlpDecoder(bytes, 0, bytes.length, 8).read(out, 4);
    assertEquals(1500.0, Double.longBitsToDouble(out.values()[0]));
    assertTrue(Double.isNaN(Double.longBitsToDouble(out.values()[1])));
    assertEquals(2500.0, Double.longBitsToDouble(out.values()[2]));
    assertEquals(333.5, Double.longBitsToDouble(out.values()[3]));
  }

  /**
   * FLOAT vectors decode in single precision: 1.1f, 2.2f and 3.3f as 11, 22 and 33 with exponent 1,
   * a -0.0f exception, and a second vector of 8 (log_vector_size 3) all equal, bit width 0.
   */
  @Test
  void decodesFloatVectorsInSinglePrecision() {
    ByteArrayOutputStream page = pageHeader(3, 12);
    le(page, 8, 4);
    le(page, 8 + 4 + 5 + 5 + 2 + 4, 4);
    page.write(1); // exponent
    page.write(0); // factor
    le(page, 1, 2);
    le(page, 11, 4);
    page.write(5);
    byte[] packed = pack(new long[] {0, 11, 22, 0, 0, 0, 0, 0}, 5);
    assertEquals(5, packed.length);
    page.write(packed, 0, packed.length);
    le(page, 3, 2);
    le(page, Float.floatToRawIntBits(-0.0f), 4);
    page.write(2); // second vector: exponent 2, factor 2, no exceptions
    page.write(2);
    le(page, 0, 2);
    le(page, 777, 4);
    page.write(0);
    byte[] bytes = page.toByteArray();

    Int32Values out = new Int32Values();
    AlpDecoder decoder = new AlpDecoder(bytes, 0, bytes.length, 4);
    decoder.read(out, 5);
    decoder.read(out, 7);
    float[] expected = {1.1f, 2.2f, 3.3f, -0.0f, 1.1f, 1.1f, 1.1f, 1.1f, 777f, 777f, 777f, 777f};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(
          Float.floatToRawIntBits(expected[i]), out.values()[i], "value " + i + ": " + expected[i]);
    }
  }

  @Test
  void doublesComeBackBitForBit() {
    long[] values = Arrays.stream(extendedData()).mapToLong(Double::doubleToRawLongBits).toArray();
    values[1500] = 0x7FF800DEADBEEF00L;
    values[2047] = 0xFFF8000000000001L;
    byte[] encoded = AlpEncoder.encodeDoubles(values, values.length);
    for (int batch : new int[] {1, 7, 1000, 1024, 5000, values.length}) {
      AlpDecoder decoder = new AlpDecoder(encoded, 0, encoded.length, 8);
      Int64Values out = new Int64Values();
      for (int done = 0; done < values.length; done += batch) {
        decoder.read(out, Math.min(batch, values.length - done));
      }
      assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()), "batches of " + batch);
    }
    // Decimal data takes a fraction of PLAIN's 8 bytes a value.
    assertTrue(encoded.length < values.length * 8 * 0.6, encoded.length + " bytes");
  }

  @Test
  void floatsComeBackBitForBit() {
    double[] data = extendedData();
    int[] values = new int[data.length];
    for (int i = 0; i < data.length; i++) {
      values[i] = Float.floatToRawIntBits((float) data[i]);
    }
    values[1500] = 0x7FC0DEAD;
    values[2047] = 0xFFC00001;
    values[2003] = Float.floatToRawIntBits(1e-45f);
    byte[] encoded = AlpEncoder.encodeFloats(values, values.length);
    for (int batch : new int[] {1, 33, 1024, values.length}) {
      AlpDecoder decoder = new AlpDecoder(encoded, 0, encoded.length, 4);
      Int32Values out = new Int32Values();
      for (int done = 0; done < values.length; done += batch) {
        decoder.read(out, Math.min(batch, values.length - done));
      }
      assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()), "batches of " + batch);
    }
  }

  /** Two-decimal values encode without exceptions, in a few bits each. */
  @Test
  void decimalValuesNeedNoExceptions() {
    Random random = new Random(5);
    long[] values = new long[4096];
    for (int i = 0; i < values.length; i++) {
      values[i] = Double.doubleToRawLongBits((random.nextInt(2001) - 1000) / 100.0);
    }
    byte[] encoded = AlpEncoder.encodeDoubles(values, values.length);
    // 4 vectors of 1024 values in 11 bits (a range of 2000) and a 13-byte header each.
    assertEquals(7 + 4 * 4 + 4 * (13 + 1024 * 11 / 8), encoded.length);
    Int64Values out = new Int64Values();
    new AlpDecoder(encoded, 0, encoded.length, 8).read(out, values.length);
    assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()));
  }

  /**
   * Full-precision values are no decimals: each vector stores them as exceptions, 10 bytes a value,
   * rather than a frame of 50-odd bits beside most of them.
   */
  @Test
  void fullPrecisionValuesCostTheirExceptionsAtMost() {
    Random random = new Random(9);
    long[] values = new long[3000];
    for (int i = 0; i < values.length; i++) {
      values[i] = Double.doubleToRawLongBits(random.nextGaussian());
    }
    byte[] encoded = AlpEncoder.encodeDoubles(values, values.length);
    assertTrue(encoded.length <= 7 + 3 * (4 + 13) + values.length * 10, encoded.length + " bytes");
    Int64Values out = new Int64Values();
    new AlpDecoder(encoded, 0, encoded.length, 8).read(out, values.length);
    assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()));
  }

  /**
   * Vectors whose integers lie just inside and just outside the range the decoder converts through
   * their bits (below 2^51 in magnitude for DOUBLE, 2^22 for FLOAT) decode as the cast in {@link
   * Alp} does, at every exponent and factor tried.
   */
  @Test
  void theFastConversionAgreesWithTheCastAtItsEdges() {
    long[] doubleReferences = {
      -(1L << 51), -(1L << 51) - 1, (1L << 51) - 8, (1L << 51) - 7, 0, -5, Long.MIN_VALUE / 2
    };
    for (long reference : doubleReferences) {
      for (int e = 0; e <= 18; e += 3) {
        long[] deltas = {0, 1, 2, 3, 4, 5, 6, 7};
        byte[] page = singleVector(8, e, Math.min(e, 2), reference, 3, deltas);
        Int64Values out = new Int64Values();
        new AlpDecoder(page, 0, page.length, 8).read(out, 8);
        for (int i = 0; i < 8; i++) {
          double want = castDecode(reference + deltas[i], e, Math.min(e, 2));
          assertEquals(
              Double.doubleToRawLongBits(want),
              out.values()[i],
              "reference " + reference + " e " + e);
        }
      }
    }
    // 64-bit integers of every magnitude, as wide vectors: exponent 0 shows the conversion alone.
    java.util.Random random = new java.util.Random(17);
    for (int trial = 0; trial < 200; trial++) {
      long[] deltas = new long[64];
      for (int i = 0; i < deltas.length; i++) {
        deltas[i] = random.nextLong() >>> random.nextInt(64);
      }
      deltas[0] = -1L; // the widest delta: 64 bits
      long reference = random.nextLong();
      byte[] page = singleVector(8, trial % 19, 0, reference, 64, deltas);
      Int64Values out = new Int64Values();
      new AlpDecoder(page, 0, page.length, 8).read(out, deltas.length);
      for (int i = 0; i < deltas.length; i++) {
        double want = castDecode(reference + deltas[i], trial % 19, 0);
        assertEquals(Double.doubleToRawLongBits(want), out.values()[i], "trial " + trial);
      }
    }
    long[] floatReferences = {-(1 << 22), -(1 << 22) - 1, (1 << 22) - 8, (1 << 22) - 7, 0, -3};
    for (long reference : floatReferences) {
      for (int e = 0; e <= 10; e += 2) {
        long[] deltas = {0, 1, 2, 3, 4, 5, 6, 7};
        byte[] page = singleVector(4, e, Math.min(e, 1), reference, 3, deltas);
        Int32Values out = new Int32Values();
        new AlpDecoder(page, 0, page.length, 4).read(out, 8);
        for (int i = 0; i < 8; i++) {
          float want = Alp.decodeFloat((int) (reference + deltas[i]), e, Math.min(e, 1));
          assertEquals(
              Float.floatToRawIntBits(want), out.values()[i], "reference " + reference + " e " + e);
        }
      }
    }
  }

  /** The format's decoding as written there, with Java's cast from long to double. */
  private static double castDecode(long encoded, int exponent, int factor) {
    return (double) encoded * Alp.DOUBLE_POW10[factor] * Alp.DOUBLE_NEG_POW10[exponent];
  }

  /** A page of one vector of {@code deltas.length} values, no exceptions, log_vector_size 10. */
  private static byte[] singleVector(
      int width, int exponent, int factor, long reference, int bitWidth, long[] deltas) {
    ByteArrayOutputStream page = pageHeader(10, deltas.length);
    le(page, 4, 4);
    page.write(exponent);
    page.write(factor);
    le(page, 0, 2);
    le(page, reference, width);
    page.write(bitWidth);
    byte[] packed = pack(deltas, bitWidth);
    page.write(packed, 0, packed.length);
    return page.toByteArray();
  }

  @Test
  void emptyPageAndTooManyValues() {
    byte[] empty = AlpEncoder.encodeDoubles(new long[0], 0);
    assertEquals(7, empty.length);
    AlpDecoder decoder = new AlpDecoder(empty, 0, empty.length, 8);
    decoder.read(new Int64Values(), 0);
    assertThrows(ParquetFormatException.class, () -> decoder.read(new Int64Values(), 1));
  }

  @Test
  void badPagesAreFormatErrors() {
    long[] values = {Double.doubleToRawLongBits(1.5), Double.doubleToRawLongBits(Double.NaN)};
    byte[] good = AlpEncoder.encodeDoubles(values, 2);
    // Cut anywhere: an error, never an exception of another kind or a wrong value.
    for (int cut = 0; cut < good.length; cut++) {
      int end = cut;
      assertThrows(
          ParquetFormatException.class,
          () -> new AlpDecoder(good, 0, end, 8).read(new Int64Values(), 2),
          "cut at " + cut);
    }
    assertBad(good, 0, 1, "compression mode 1");
    assertBad(good, 1, 1, "integer encoding 1");
    assertBad(good, 2, 2, "log_vector_size 2");
    assertBad(good, 2, 16, "log_vector_size 16");
    int vector = 7 + 4;
    assertBad(good, vector, 19, "exponent 19");
    assertBad(good, vector + 1, 19, "factor 19"); // above any exponent
    assertBad(good, vector + 2, 3, "3 exceptions among 2");
    assertBad(good, vector + 4 + 8, 65, "bit width 65");
    assertBad(good, 7, 200, "offset");
    assertThrows(ParquetFormatException.class, () -> new AlpDecoder(good, 0, good.length, 12));
  }

  private static void assertBad(byte[] good, int at, int value, String what) {
    byte[] bad = good.clone();
    bad[at] = (byte) value;
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> new AlpDecoder(bad, 0, bad.length, 8).read(new Int64Values(), 2),
            what);
    assertTrue(e.getMessage().contains("ALP"), e.getMessage());
  }

  /**
   * parquet-testing's {@code alp_extended} data (its README): values of two decimals in [-10, 10],
   * then the same with NaN, infinities, -0.0 and a subnormal, one full-precision value, large
   * magnitudes, half and then all full-precision values, four decimals, a constant, and integers up
   * to 8e18 in magnitude: 9032 values in all.
   */
  private static double[] extendedData() {
    Random random = new Random(42);
    double[] v = new double[9032];
    for (int i = 0; i < v.length; i++) {
      v[i] = (random.nextInt(2001) - 1000) / 100.0;
    }
    v[1024] = Double.NaN;
    v[2000] = Double.POSITIVE_INFINITY;
    v[2001] = Double.NEGATIVE_INFINITY;
    v[2002] = -0.0;
    v[2003] = 5e-324;
    v[2500] = 3.141592653589793;
    v[3100] = 44974934523.343;
    v[3711] = -1243432432.3432;
    for (int i = 4096; i < 5120; i += 2) {
      v[i] = random.nextDouble() * 20 - 10;
    }
    for (int i = 5120; i < 6144; i++) {
      v[i] = random.nextDouble() * 20 - 10;
    }
    for (int i = 6144; i < 7168; i++) {
      v[i] = (random.nextInt(200_001) - 100_000) / 10_000.0;
    }
    Arrays.fill(v, 7168, 8192, 7.77);
    for (int i = 9000; i < 9032; i++) {
      v[i] = (double) (random.nextLong() % 8_000_000_000_000_000_000L);
    }
    v[9000] = -8e18;
    v[9001] = 8e18;
    return v;
  }

  private static ByteArrayOutputStream pageHeader(int logVectorSize, int numElements) {
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    page.write(0);
    page.write(0);
    page.write(logVectorSize);
    le(page, numElements, 4);
    return page;
  }

  private static void le(ByteArrayOutputStream out, long value, int bytes) {
    for (int i = 0; i < bytes; i++) {
      out.write((int) (value >>> (8 * i)));
    }
  }

  /**
   * Values of {@code width} bits (unsigned), least significant bit first, through one big integer.
   */
  private static byte[] pack(long[] values, int width) {
    BigInteger all = BigInteger.ZERO;
    for (int i = values.length - 1; i >= 0; i--) {
      all = all.shiftLeft(width).or(new BigInteger(Long.toUnsignedString(values[i])));
    }
    byte[] out = new byte[(values.length * width + 7) / 8];
    for (int i = 0; i < out.length; i++) {
      out[i] = all.shiftRight(8 * i).byteValue();
    }
    return out;
  }
}
