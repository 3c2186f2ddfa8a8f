package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Each encoder with its decoder: random data, edge values, every batch size 1..33 and 1024; bad
 * input.
 */
class DeltaAndSplitEncodingTest {
  private static final int[] BATCHES = batches();

  private static int[] batches() {
    int[] b = new int[34];
    for (int i = 0; i < 33; i++) {
      b[i] = i + 1;
    }
    b[33] = 1024;
    return b;
  }

  private static List<long[]> int32Cases(Random random) {
    List<long[]> cases = new ArrayList<>();
    cases.add(new long[0]);
    cases.add(new long[] {42});
    cases.add(random.ints(1000).asLongStream().toArray());
    long[] alternating = new long[777];
    for (int i = 0; i < alternating.length; i++) {
      alternating[i] = i % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    }
    cases.add(alternating);
    long[] equal = new long[300];
    Arrays.fill(equal, -7);
    cases.add(equal);
    cases.add(java.util.stream.LongStream.range(0, 129).map(i -> i * 3 - 100).toArray());
    cases.add(random.ints(33, -5, 5).asLongStream().toArray());
    return cases;
  }

  private static List<long[]> int64Cases(Random random) {
    List<long[]> cases = new ArrayList<>();
    cases.add(new long[0]);
    cases.add(new long[] {Long.MIN_VALUE});
    cases.add(random.longs(1000).toArray());
    long[] alternating = new long[500];
    for (int i = 0; i < alternating.length; i++) {
      alternating[i] = i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    cases.add(alternating);
    long[] equal = new long[256];
    Arrays.fill(equal, Long.MAX_VALUE);
    cases.add(equal);
    cases.add(java.util.stream.LongStream.range(0, 1025).map(i -> i * 1_000_000_007L).toArray());
    return cases;
  }

  @Test
  void deltaBinaryPackedInt32RoundTrips() {
    for (long[] values : int32Cases(new Random(21))) {
      byte[] encoded = DeltaBinaryPackedEncoder.encode(values, 0, values.length, false);
      for (int batch : BATCHES) {
        DeltaBinaryPackedDecoder d =
            new DeltaBinaryPackedDecoder(encoded, 0, encoded.length, false);
        assertEquals(values.length, d.totalValues());
        Int32Values out = new Int32Values();
        for (int at = 0; at < values.length; at += batch) {
          d.read(out, Math.min(batch, values.length - at));
        }
        assertArrayEquals(
            Arrays.stream(values).mapToInt(v -> (int) v).toArray(),
            Arrays.copyOf(out.values(), out.size()),
            "batch " + batch + ", " + values.length + " values");
        assertEquals(
            encoded.length,
            new DeltaBinaryPackedDecoder(encoded, 0, encoded.length, false).endPosition());
      }
    }
  }

  @Test
  void deltaBinaryPackedInt64RoundTrips() {
    for (long[] values : int64Cases(new Random(22))) {
      byte[] encoded = DeltaBinaryPackedEncoder.encode(values, 0, values.length, true);
      for (int batch : BATCHES) {
        DeltaBinaryPackedDecoder d = new DeltaBinaryPackedDecoder(encoded, 0, encoded.length, true);
        Int64Values out = new Int64Values();
        for (int at = 0; at < values.length; at += batch) {
          d.read(out, Math.min(batch, values.length - at));
        }
        assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()), "batch " + batch);
      }
    }
  }

  /**
   * Reads of more values than the decoder's chunk (1,024) at once, into 4- and 8-byte destinations,
   * in random batch sizes from 1 to 5,000, against the values encoded.
   */
  @Test
  void deltaBinaryPackedLongReadsMatchTheValues() {
    Random random = new Random(24);
    for (int trial = 0; trial < 40; trial++) {
      boolean int64 = trial % 2 == 0;
      int count = 1 + random.nextInt(12_000);
      int bits = 1 + random.nextInt(int64 ? 64 : 32);
      long[] values = new long[count];
      for (int i = 0; i < count; i++) {
        long v = bits == 64 ? random.nextLong() : random.nextLong() >> (64 - bits);
        values[i] = int64 ? v : (int) v;
      }
      byte[] encoded = DeltaBinaryPackedEncoder.encode(values, 0, count, int64);
      DeltaBinaryPackedDecoder d = new DeltaBinaryPackedDecoder(encoded, 0, encoded.length, int64);
      Int64Values longs = new Int64Values();
      Int32Values ints = new Int32Values();
      for (int at = 0; at < count; ) {
        int n = Math.min(count - at, 1 + random.nextInt(random.nextBoolean() ? 30 : 5000));
        d.read(int64 ? longs : ints, n);
        at += n;
      }
      if (int64) {
        assertArrayEquals(values, Arrays.copyOf(longs.values(), longs.size()), "trial " + trial);
      } else {
        assertArrayEquals(
            Arrays.stream(values).mapToInt(v -> (int) v).toArray(),
            Arrays.copyOf(ints.values(), ints.size()),
            "trial " + trial);
      }
    }
  }

  private static List<byte[][]> byteArrayCases(Random random) {
    List<byte[][]> cases = new ArrayList<>();
    cases.add(new byte[0][]);
    cases.add(new byte[][] {new byte[0], new byte[0], "é✓ 漢字 🦜".getBytes(StandardCharsets.UTF_8)});
    byte[][] sorted = new byte[700][];
    for (int i = 0; i < sorted.length; i++) {
      sorted[i] =
          String.format("customer-%06d-%s", i / 3, "x".repeat(i % 7))
              .getBytes(StandardCharsets.UTF_8);
    }
    cases.add(sorted);
    byte[][] randomBytes = new byte[500][];
    for (int i = 0; i < randomBytes.length; i++) {
      randomBytes[i] = new byte[random.nextInt(50)];
      random.nextBytes(randomBytes[i]);
    }
    cases.add(randomBytes);
    byte[][] equal = new byte[200][];
    Arrays.fill(equal, "same".getBytes(StandardCharsets.UTF_8));
    cases.add(equal);
    return cases;
  }

  @Test
  void deltaLengthAndDeltaByteArrayRoundTrip() {
    for (byte[][] values : byteArrayCases(new Random(23))) {
      byte[] dlba = DeltaLengthByteArrayEncoder.encode(values);
      byte[] dba = DeltaByteArrayEncoder.encode(values);
      for (int batch : BATCHES) {
        check(
            values,
            batch,
            () -> new DeltaLengthByteArrayDecoder(dlba, 0, dlba.length, values.length));
        check(
            values, batch, () -> new DeltaByteArrayDecoder(dba, 0, dba.length, -1, values.length));
      }
    }
  }

  private static void check(
      byte[][] values, int batch, java.util.function.Supplier<ValuesDecoder> decoder) {
    ValuesDecoder d = decoder.get();
    BinaryValues out = new BinaryValues();
    for (int at = 0; at < values.length; at += batch) {
      d.read(out, Math.min(batch, values.length - at));
    }
    assertEquals(values.length, out.size());
    for (int i = 0; i < values.length; i++) {
      assertArrayEquals(
          values[i],
          Arrays.copyOfRange(out.bytes(), out.offsets()[i], out.offsets()[i + 1]),
          "value " + i + " at batch " + batch);
    }
  }

  @Test
  void deltaByteArrayReadsFixedLengthValues() {
    byte[][] values = new byte[300][];
    Random random = new Random(24);
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[16];
      random.nextBytes(values[i]);
      if (i % 3 == 1) {
        System.arraycopy(values[i - 1], 0, values[i], 0, 9); // shared prefixes
      }
    }
    byte[] dba = DeltaByteArrayEncoder.encode(values);
    for (int batch : BATCHES) {
      DeltaByteArrayDecoder d = new DeltaByteArrayDecoder(dba, 0, dba.length, 16, values.length);
      FixedWidthValues out = new FixedWidthValues(16);
      for (int at = 0; at < values.length; at += batch) {
        d.read(out, Math.min(batch, values.length - at));
      }
      for (int i = 0; i < values.length; i++) {
        assertArrayEquals(values[i], Arrays.copyOfRange(out.bytes(), i * 16, i * 16 + 16));
      }
    }
  }

  @Test
  void byteStreamSplitRoundTripsForEveryWidth() {
    Random random = new Random(25);
    for (int width : new int[] {2, 4, 8, 12, 16}) {
      byte[] plain = new byte[width * 1001];
      random.nextBytes(plain);
      byte[] split = ByteStreamSplitEncoder.encode(plain, width);
      for (int batch : BATCHES) {
        ByteStreamSplitDecoder d = new ByteStreamSplitDecoder(split, 0, split.length, width);
        FixedWidthValues out = new FixedWidthValues(width);
        for (int at = 0; at < 1001; at += batch) {
          d.read(out, Math.min(batch, 1001 - at));
        }
        assertArrayEquals(
            plain, Arrays.copyOf(out.bytes(), plain.length), "width " + width + " batch " + batch);
      }
    }
    byte[] floats = new byte[4 * 10];
    random.nextBytes(floats);
    Int32Values ints = new Int32Values();
    new ByteStreamSplitDecoder(ByteStreamSplitEncoder.encode(floats, 4), 0, 40, 4).read(ints, 10);
    assertEquals(
        java.nio.ByteBuffer.wrap(floats).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(36),
        ints.values()[9]);
    byte[] doubles = new byte[8 * 300];
    random.nextBytes(doubles);
    byte[] splitDoubles = ByteStreamSplitEncoder.encode(doubles, 8);
    for (int batch : BATCHES) {
      ByteStreamSplitDecoder d =
          new ByteStreamSplitDecoder(splitDoubles, 0, splitDoubles.length, 8);
      Int64Values longs = new Int64Values();
      for (int at = 0; at < 300; at += batch) {
        d.read(longs, Math.min(batch, 300 - at));
      }
      java.nio.LongBuffer expected =
          java.nio.ByteBuffer.wrap(doubles).order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer();
      for (int i = 0; i < 300; i++) {
        assertEquals(expected.get(i), longs.values()[i], "value " + i + " batch " + batch);
      }
    }
  }

  /**
   * The transposing gathers of 4- and 8-byte values (eight at a time) against the plain bytes, on
   * pages of random sizes placed inside larger buffers and read in batches of random sizes from 1
   * upward, so that every tail length and every alignment occurs.
   */
  @Test
  void byteStreamSplitGathersMatchThePlainValues() {
    Random random = new Random(77);
    for (int trial = 0; trial < 400; trial++) {
      int width = random.nextBoolean() ? 4 : 8;
      int count = 1 + random.nextInt(trial < 200 ? 40 : 5000);
      int before = random.nextInt(9);
      byte[] plain = new byte[count * width];
      random.nextBytes(plain);
      byte[] split = ByteStreamSplitEncoder.encode(plain, width);
      byte[] page = new byte[before + split.length + random.nextInt(9)];
      random.nextBytes(page);
      System.arraycopy(split, 0, page, before, split.length);
      ByteStreamSplitDecoder d =
          new ByteStreamSplitDecoder(page, before, before + split.length, width);
      java.nio.ByteBuffer expected =
          java.nio.ByteBuffer.wrap(plain).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      Int32Values ints = new Int32Values();
      Int64Values longs = new Int64Values();
      for (int at = 0; at < count; ) {
        int n = Math.min(count - at, 1 + random.nextInt(random.nextBoolean() ? 9 : 100));
        d.read(width == 4 ? ints : longs, n);
        at += n;
      }
      for (int i = 0; i < count; i++) {
        if (width == 4) {
          assertEquals(expected.getInt(i * 4), ints.values()[i], "trial " + trial + " value " + i);
        } else {
          assertEquals(
              expected.getLong(i * 8), longs.values()[i], "trial " + trial + " value " + i);
        }
      }
    }
  }

  @Test
  void corruptInputIsAFormatErrorNeverAnOverrun() {
    long[] values = new Random(26).longs(500).toArray();
    byte[] good = DeltaBinaryPackedEncoder.encode(values, 0, values.length, true);

    // A bit width above 64: header is 4 varints; the first block's min delta follows, then the
    // widths.
    byte[] wideWidth = good.clone();
    int widthsAt = widthsOffset(good);
    wideWidth[widthsAt] = 65;
    assertFormatError(() -> read64(wideWidth, values.length), "bit width 65");

    // Block counts that overrun the page: cut the data short.
    byte[] cut = Arrays.copyOf(good, good.length / 2);
    assertFormatError(() -> read64(cut, values.length), "runs past the end");

    // A block size that is not a multiple of 128, and miniblocks that do not hold multiples of 32.
    assertFormatError(
        () -> new DeltaBinaryPackedDecoder(new byte[] {(byte) 0x64, 4, 1, 0}, 0, 4, false),
        "block size");
    assertFormatError(
        () -> new DeltaBinaryPackedDecoder(new byte[] {(byte) 0x80, 1, 3, 1, 0}, 0, 5, false),
        "miniblocks");

    // More values asked for than the stream holds.
    assertFormatError(() -> read64(good, values.length + 1), "more values");

    // DELTA_BYTE_ARRAY: a prefix longer than the previous value.
    long[] prefixes = {0, 5};
    byte[] badPrefix =
        concat(
            DeltaBinaryPackedEncoder.encode(prefixes, 0, 2, false),
            DeltaLengthByteArrayEncoder.encode(
                new byte[][] {"ab".getBytes(StandardCharsets.US_ASCII), new byte[1]}));
    assertFormatError(
        () ->
            new DeltaByteArrayDecoder(badPrefix, 0, badPrefix.length, -1, 2)
                .read(new BinaryValues(), 2),
        "longer than the previous value");

    // DELTA_LENGTH_BYTE_ARRAY: lengths that add up past the end, and more values than the page has.
    byte[] dlba = DeltaLengthByteArrayEncoder.encode(new byte[][] {new byte[10], new byte[10]});
    byte[] short1 = Arrays.copyOf(dlba, dlba.length - 5);
    assertFormatError(
        () -> new DeltaLengthByteArrayDecoder(short1, 0, short1.length, 2), "add up to");
    assertFormatError(
        () -> new DeltaLengthByteArrayDecoder(dlba, 0, dlba.length, 1), "in a page of 1");

    // BYTE_STREAM_SPLIT whose length is not a whole number of values.
    assertFormatError(() -> new ByteStreamSplitDecoder(new byte[7], 0, 7, 4), "not a whole number");

    // Random corruption of every encoding: only format errors, never another exception.
    Random random = new Random(27);
    List<IntFunction<byte[]>> encoded =
        List.of(
            i -> DeltaBinaryPackedEncoder.encode(values, 0, values.length, true),
            i -> DeltaLengthByteArrayEncoder.encode(byteArrayCases(new Random(i)).get(3)),
            i -> DeltaByteArrayEncoder.encode(byteArrayCases(new Random(i)).get(2)));
    for (int trial = 0; trial < 600; trial++) {
      int kind = trial % 3;
      byte[] bytes = encoded.get(kind).apply(trial).clone();
      for (int k = 0; k < 3; k++) {
        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
      }
      try {
        switch (kind) {
          case 0 -> read64(bytes, values.length);
          case 1 ->
              new DeltaLengthByteArrayDecoder(bytes, 0, bytes.length, 500)
                  .read(new BinaryValues(), 500);
          default ->
              new DeltaByteArrayDecoder(bytes, 0, bytes.length, -1, 700)
                  .read(new BinaryValues(), 700);
        }
      } catch (ParquetFormatException expected) {
        // fine
      }
    }
  }

  private static void read64(byte[] bytes, int n) {
    new DeltaBinaryPackedDecoder(bytes, 0, bytes.length, true).read(new Int64Values(), n);
  }

  /**
   * Where the first block's bit widths start: after the 4 header varints and the min delta varint.
   */
  private static int widthsOffset(byte[] encoded) {
    int pos = 0;
    for (int varint = 0; varint < 5; varint++) {
      while ((encoded[pos++] & 0x80) != 0) {
        // continue to the varint's last byte
      }
    }
    return pos;
  }

  private static void assertFormatError(
      org.junit.jupiter.api.function.Executable action, String fragment) {
    ParquetFormatException e = assertThrows(ParquetFormatException.class, action);
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
