package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PlainDecoderTest {
  private static final int N = 2000;

  @Test
  void int32RoundTripsWithReadsAndSkips() {
    Random random = new Random(5);
    int[] values = random.ints(N).toArray();
    values[0] = Integer.MIN_VALUE;
    values[1] = Integer.MAX_VALUE;
    ByteBuffer b = ByteBuffer.allocate(N * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (int v : values) {
      b.putInt(v);
    }
    for (int batch : batchSizes()) {
      PlainDecoder d = new PlainDecoder(PhysicalType.INT32, 0, b.array(), 0, b.capacity());
      Int32Values out = new Int32Values();
      int at = 0;
      int[] expected = new int[N];
      int kept = 0;
      while (at < N) {
        int n = Math.min(batch, N - at);
        if (batch < 30 && at % (batch * 3) == batch) {
          d.skip(n);
        } else {
          d.read(out, n);
          System.arraycopy(values, at, expected, kept, n);
          kept += n;
        }
        at += n;
      }
      assertArrayEquals(
          Arrays.copyOf(expected, kept), Arrays.copyOf(out.values(), out.size()), "batch " + batch);
    }
  }

  @Test
  void int64AndDoubleBitsRoundTrip() {
    Random random = new Random(6);
    long[] values = random.longs(N).toArray();
    values[0] = Double.doubleToRawLongBits(Double.NaN) | 1; // a NaN with a payload survives
    values[1] = Double.doubleToRawLongBits(-0.0);
    ByteBuffer b = ByteBuffer.allocate(N * 8).order(ByteOrder.LITTLE_ENDIAN);
    for (long v : values) {
      b.putLong(v);
    }
    for (PhysicalType type : new PhysicalType[] {PhysicalType.INT64, PhysicalType.DOUBLE}) {
      for (int batch : batchSizes()) {
        PlainDecoder d = new PlainDecoder(type, 0, b.array(), 0, b.capacity());
        Int64Values out = new Int64Values();
        for (int at = 0; at < N; at += batch) {
          d.read(out, Math.min(batch, N - at));
        }
        assertArrayEquals(values, Arrays.copyOf(out.values(), out.size()));
      }
    }
  }

  @Test
  void booleansAreLeastSignificantBitFirstAcrossBatches() {
    Random random = new Random(7);
    byte[] values = new byte[N];
    byte[] packed = new byte[(N + 7) / 8];
    for (int i = 0; i < N; i++) {
      values[i] = (byte) (random.nextBoolean() ? 1 : 0);
      packed[i / 8] |= (byte) (values[i] << (i % 8));
    }
    for (int batch : batchSizes()) {
      PlainDecoder d = new PlainDecoder(PhysicalType.BOOLEAN, 0, packed, 0, packed.length);
      BooleanValues out = new BooleanValues();
      BooleanValues skippedCheck = new BooleanValues();
      int at = 0;
      byte[] expected = new byte[N];
      int kept = 0;
      while (at < N) {
        int n = Math.min(batch, N - at);
        if (at % 3 == 1) {
          d.skip(n);
        } else {
          d.read(out, n);
          System.arraycopy(values, at, expected, kept, n);
          kept += n;
        }
        at += n;
      }
      assertArrayEquals(
          Arrays.copyOf(expected, kept), Arrays.copyOf(out.values(), out.size()), "batch " + batch);
      assertEquals(0, skippedCheck.size());
    }
  }

  @Test
  void byteArraysAndFixedLengthValuesRoundTrip() {
    Random random = new Random(8);
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    byte[][] values = new byte[N][];
    for (int i = 0; i < N; i++) {
      values[i] =
          i == 0
              ? new byte[0]
              : i == 1 ? "é✓ 漢字".getBytes(StandardCharsets.UTF_8) : new byte[random.nextInt(40)];
      if (i > 1) {
        random.nextBytes(values[i]);
      }
      plain.writeBytes(
          ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(values[i].length).array());
      plain.writeBytes(values[i]);
    }
    byte[] bytes = plain.toByteArray();
    for (int batch : batchSizes()) {
      PlainDecoder d = new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, bytes, 0, bytes.length);
      BinaryValues out = new BinaryValues();
      for (int at = 0; at < N; at += batch) {
        d.read(out, Math.min(batch, N - at));
      }
      assertEquals(N, out.size());
      for (int i = 0; i < N; i++) {
        assertArrayEquals(
            values[i], Arrays.copyOfRange(out.bytes(), out.offsets()[i], out.offsets()[i + 1]));
      }
    }
    byte[] fixed = new byte[N * 12];
    random.nextBytes(fixed);
    for (int batch : batchSizes()) {
      PlainDecoder d =
          new PlainDecoder(PhysicalType.FIXED_LEN_BYTE_ARRAY, 12, fixed, 0, fixed.length);
      FixedWidthValues out = new FixedWidthValues(12);
      for (int at = 0; at < N; at += batch) {
        d.read(out, Math.min(batch, N - at));
      }
      assertArrayEquals(fixed, Arrays.copyOf(out.bytes(), N * 12));
    }
  }

  @Test
  void readingPastThePageIsAFormatError() {
    byte[] three = new byte[12];
    assertThrows(
        ParquetFormatException.class,
        () -> new PlainDecoder(PhysicalType.INT32, 0, three, 0, 12).read(new Int32Values(), 4));
    byte[] lengthTooLong =
        ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(1000).array();
    assertThrows(
        ParquetFormatException.class,
        () ->
            new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, lengthTooLong, 0, 8)
                .read(new BinaryValues(), 1));
    byte[] negative = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(-5).array();
    assertThrows(
        ParquetFormatException.class,
        () ->
            new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, negative, 0, 8)
                .read(new BinaryValues(), 1));
    assertThrows(
        ParquetFormatException.class,
        () ->
            new PlainDecoder(PhysicalType.BOOLEAN, 0, new byte[1], 0, 1)
                .read(new BooleanValues(), 9));
  }

  /** Each of the positions below {@code k} with a chance of one in {@code every}, ascending. */
  private static int[] selection(Random random, int k, int every) {
    int[] selected = new int[k];
    int count = 0;
    for (int i = 0; i < k; i++) {
      if (random.nextInt(every) == 0) {
        selected[count++] = i;
      }
    }
    return Arrays.copyOf(selected, count);
  }

  private static int[] batchSizes() {
    int[] sizes = new int[34];
    for (int i = 0; i < 33; i++) {
      sizes[i] = i + 1;
    }
    sizes[33] = 1024;
    return sizes;
  }

  /**
   * Selected 4- and 8-byte values (INT32, FLOAT, INT64, DOUBLE) against the values the test wrote,
   * each read at its place: pages of 1 to 700 values read in parts, selections from none to every
   * one, parts passed over between them, values appended after earlier ones; a selection past the
   * page's values is an error.
   */
  @Test
  void selectedFixedWidthValuesAreThoseTheSelectionNames() {
    Random random = new Random(23);
    PhysicalType[] types = {
      PhysicalType.INT32, PhysicalType.FLOAT, PhysicalType.INT64, PhysicalType.DOUBLE
    };
    for (int trial = 0; trial < 400; trial++) {
      PhysicalType type = types[trial % 4];
      int width = type == PhysicalType.INT32 || type == PhysicalType.FLOAT ? 4 : 8;
      int n = 1 + random.nextInt(trial < 100 ? 8 : 700);
      int offset = random.nextInt(5);
      byte[] bytes = new byte[offset + n * width];
      random.nextBytes(bytes);
      ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
      PlainDecoder decoder = new PlainDecoder(type, 0, bytes, offset, bytes.length);
      DenseValues got = width == 4 ? new Int32Values() : new Int64Values();
      List<Long> want = new ArrayList<>();
      int every = 1 + random.nextInt(20);
      int at = 0;
      while (at < n) {
        int k = 1 + random.nextInt(n - at);
        int[] selected = selection(random, k, every);
        int count = selected.length;
        if (count == 0 && random.nextBoolean()) {
          decoder.skip(k);
        } else {
          decoder.readSelected(got, k, selected, count, null);
        }
        for (int j = 0; j < count; j++) {
          int place = offset + (at + selected[j]) * width;
          want.add(width == 4 ? (long) le.getInt(place) : le.getLong(place));
        }
        at += k;
      }
      assertEquals(want.size(), got.size(), "trial " + trial);
      for (int j = 0; j < want.size(); j++) {
        long value = width == 4 ? ((Int32Values) got).values()[j] : ((Int64Values) got).values()[j];
        assertEquals(want.get(j), value, "trial " + trial + ", value " + j);
      }
      DenseValues none = width == 4 ? new Int32Values() : new Int64Values();
      assertThrows(
          ParquetFormatException.class,
          () -> decoder.readSelected(none, 1, new int[] {0}, 1, null));
    }
  }

  /**
   * Selected byte arrays (and parts passed over) against the values the test wrote: pages of 1 to
   * 700 values, selections from none to every one, read in parts as a filtered read does.
   */
  @Test
  void selectedByteArraysAreThoseTheSelectionNames() {
    Random random = new Random(17);
    for (int trial = 0; trial < 400; trial++) {
      int n = 1 + random.nextInt(trial < 100 ? 8 : 700);
      byte[][] values = new byte[n][];
      ByteArrayOutputStream page = new ByteArrayOutputStream();
      for (int i = 0; i < n; i++) {
        values[i] = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(40)];
        random.nextBytes(values[i]);
        page.writeBytes(
            ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(values[i].length).array());
        page.writeBytes(values[i]);
      }
      byte[] bytes = page.toByteArray();
      PlainDecoder decoder = new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, bytes, 0, bytes.length);
      int every = 1 + random.nextInt(20);
      int at = 0;
      while (at < n) {
        int k = 1 + random.nextInt(n - at);
        int[] selected = selection(random, k, every);
        int count = selected.length;
        BinaryValues got = new BinaryValues();
        if (count == 0 && random.nextBoolean()) {
          decoder.skip(k);
        } else {
          decoder.readSelected(got, k, selected, count, null);
        }
        assertEquals(count, got.size(), "trial " + trial);
        for (int j = 0; j < count; j++) {
          assertArrayEquals(values[at + selected[j]], got.value(j), "trial " + trial);
        }
        at += k;
      }
      BinaryValues none = new BinaryValues();
      assertThrows(
          ParquetFormatException.class,
          () -> decoder.readSelected(none, 1, new int[] {0}, 1, null));
    }
  }

  /**
   * Byte arrays read in parts against the values the test wrote: pages of 1 to 700 values of 0 to
   * 40 bytes, the page's bytes at an offset in a larger array or ending exactly where the array
   * does, values appended after earlier ones.
   */
  @Test
  void byteArraysReadInPartsAreThoseWritten() {
    Random random = new Random(29);
    for (int trial = 0; trial < 400; trial++) {
      int n = 1 + random.nextInt(trial < 100 ? 8 : 700);
      byte[][] values = new byte[n][];
      ByteArrayOutputStream page = new ByteArrayOutputStream();
      int lead = random.nextInt(3) * 5;
      page.writeBytes(new byte[lead]);
      for (int i = 0; i < n; i++) {
        values[i] = new byte[random.nextInt(5) == 0 ? 0 : random.nextInt(41)];
        random.nextBytes(values[i]);
        page.writeBytes(
            ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(values[i].length).array());
        page.writeBytes(values[i]);
      }
      int end = page.size();
      page.writeBytes(new byte[random.nextBoolean() ? 0 : 1 + random.nextInt(20)]);
      byte[] bytes = page.toByteArray();
      PlainDecoder decoder = new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, bytes, lead, end);
      BinaryValues got = new BinaryValues();
      byte[] before = {1, 2, 3};
      got.append(before, 0, before.length);
      int at = 0;
      while (at < n) {
        int k = 1 + random.nextInt(n - at);
        decoder.read(got, k);
        at += k;
      }
      assertEquals(n + 1, got.size(), "trial " + trial);
      assertArrayEquals(before, got.value(0));
      for (int i = 0; i < n; i++) {
        assertArrayEquals(values[i], got.value(i + 1), "trial " + trial + ", value " + i);
      }
      assertThrows(ParquetFormatException.class, () -> decoder.read(new BinaryValues(), 1));
    }
  }
}
