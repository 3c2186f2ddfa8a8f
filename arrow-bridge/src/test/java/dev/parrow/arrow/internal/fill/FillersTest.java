package dev.parrow.arrow.internal.fill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.types.UnitRescale;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each filler spreads dense values into the slots a validity bitmap marks, converted to the
 * vector's type. The expected slot values come from the test's own loop over the validity and from
 * the JDK's conversions (BigDecimal, java.time, UUID), not from the fillers.
 */
class FillersTest {
  private static final int ROWS = 100;

  /**
   * Rows 0-15 all valid (whole validity bytes), 16-23 all null, then two in three valid, the last
   * row valid.
   */
  private static final byte[] VALIDITY = validity();

  private static byte[] validity() {
    byte[] bits = new byte[(ROWS + 7) / 8];
    for (int i = 0; i < ROWS; i++) {
      boolean valid = i < 16 || i >= 24 && (i % 3 != 1 || i == ROWS - 1);
      if (valid) {
        bits[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }
    return bits;
  }

  private static boolean valid(int i) {
    return ((VALIDITY[i >>> 3] >>> (i & 7)) & 1) == 1;
  }

  private static int present() {
    int n = 0;
    for (int i = 0; i < ROWS; i++) {
      n += valid(i) ? 1 : 0;
    }
    return n;
  }

  /**
   * Fills {@code vector} and checks every slot: null where invalid, else {@code expected(k)} for
   * the k-th valid.
   */
  private static void check(
      VectorFiller filler, FieldVector vector, DenseValues values, IntFunction<Object> expected) {
    filler.fill(vector, ROWS, VALIDITY, present(), values);
    assertEquals(ROWS, vector.getValueCount());
    int k = 0;
    for (int i = 0; i < ROWS; i++) {
      if (valid(i)) {
        Object want = expected.apply(k++);
        Object got = vector.getObject(i);
        if (want instanceof byte[] bytes) {
          assertTrue(Arrays.equals(bytes, (byte[]) got), "slot " + i);
        } else {
          assertEquals(
              want,
              got instanceof org.apache.arrow.vector.util.Text t ? t.toString() : got,
              "slot " + i);
        }
      } else {
        assertNull(vector.getObject(i), "slot " + i);
      }
    }
  }

  @Test
  void fixedWidthValuesDecodedInPlace() {
    try (BufferAllocator allocator = new RootAllocator();
        BigIntVector longs = new BigIntVector("l", allocator);
        IntVector ints = new IntVector("i", allocator)) {
      long[] l = new Random(1).longs(present()).toArray();
      DirectFixedFiller wide = new DirectFixedFiller(8);
      DirectFixedValues lv = (DirectFixedValues) wide.newValues(null);
      wide.prepare(longs, ROWS, lv);
      lv.appendLongs(l, l.length);
      check(wide, longs, lv, k -> l[k]);

      int[] n = new Random(2).ints(present()).toArray();
      DirectFixedFiller narrow = new DirectFixedFiller(4);
      DirectFixedValues iv = (DirectFixedValues) narrow.newValues(null);
      narrow.prepare(ints, ROWS, iv);
      iv.appendInts(n, n.length);
      check(narrow, ints, iv, k -> n[k]);
    }
  }

  @Test
  void narrowIntegersAreRangeChecked() {
    try (BufferAllocator allocator = new RootAllocator();
        TinyIntVector bytes = new TinyIntVector("b", allocator);
        UInt2Vector shorts = new UInt2Vector("s", allocator)) {
      Int32Values signed = new Int32Values();
      Int32Values unsigned = new Int32Values();
      for (int k = 0; k < present(); k++) {
        signed.add((k * 5) % 256 - 128);
        unsigned.add(k * 1000 % 65_536);
      }
      check(new NarrowIntFiller(8, true), bytes, signed, k -> (byte) ((k * 5) % 256 - 128));
      check(new NarrowIntFiller(16, false), shorts, unsigned, k -> (char) (k * 1000 % 65_536));

      Int32Values outOfRange = new Int32Values();
      for (int k = 0; k < present(); k++) {
        outOfRange.add(k == 40 ? 128 : 0);
      }
      assertThrows(
          ParquetFormatException.class,
          () -> new NarrowIntFiller(8, true).fill(bytes, ROWS, VALIDITY, present(), outOfRange));
    }
  }

  @Test
  void booleansAndFixedBytes() {
    try (BufferAllocator allocator = new RootAllocator();
        BitVector bits = new BitVector("b", allocator);
        FixedSizeBinaryVector fixed = new FixedSizeBinaryVector("f", allocator, 3)) {
      BooleanValues booleans = new BooleanValues();
      int[] flags = new int[present()];
      for (int k = 0; k < flags.length; k++) {
        flags[k] = (k * 7) % 3 == 0 ? 1 : 0;
      }
      booleans.appendBits(flags, flags.length);
      check(new BooleanFiller(), bits, booleans, k -> flags[k] == 1);

      FixedWidthValues three = new FixedWidthValues(3);
      for (int k = 0; k < present(); k++) {
        three.add(new byte[] {(byte) k, (byte) -k, 7}, 0);
      }
      check(new FixedBytesFiller(), fixed, three, k -> new byte[] {(byte) k, (byte) -k, 7});
    }
  }

  @Test
  void stringsWithFourAndEightByteOffsets() {
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector small = new VarCharVector("s", allocator);
        LargeVarCharVector large = new LargeVarCharVector("l", allocator)) {
      BinaryValues values = new BinaryValues();
      List<String> strings = new ArrayList<>();
      for (int k = 0; k < present(); k++) {
        String s = k % 4 == 0 ? "" : "välue-" + k;
        strings.add(s);
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        values.append(b, 0, b.length);
      }
      check(new BinaryFiller(true), small, values, strings::get);
      check(new LargeBinaryFiller(true), large, values, strings::get);
    }
  }

  @Test
  void stringsThatAreNotUtf8AreRefused() {
    // An overlong '/', a lone surrogate, past U+10FFFF, a cut sequence, a bare continuation byte.
    byte[][] bad = {
      {(byte) 0xc0, (byte) 0xaf},
      {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
      {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      {'a', (byte) 0xe2, (byte) 0x82},
      {(byte) 0x80}
    };
    for (byte[] value : bad) {
      try (BufferAllocator allocator = new RootAllocator();
          VarCharVector small = new VarCharVector("s", allocator);
          LargeVarCharVector large = new LargeVarCharVector("l", allocator);
          VarBinaryVector binary = new VarBinaryVector("b", allocator)) {
        BinaryValues values = new BinaryValues();
        byte[] ok = "ok €".getBytes(StandardCharsets.UTF_8);
        values.append(ok, 0, ok.length);
        values.append(value, 0, value.length);
        ParquetFormatException e =
            assertThrows(
                ParquetFormatException.class,
                () -> new BinaryFiller(true).fill(small, 2, null, 2, values));
        assertTrue(e.getMessage().startsWith("value 1 "), e.getMessage());
        assertThrows(
            ParquetFormatException.class,
            () -> new LargeBinaryFiller(true).fill(large, 2, null, 2, values));
        new BinaryFiller(false).fill(binary, 2, null, 2, values);
        assertArrayEquals(value, binary.get(1));
      }
    }
  }

  @Test
  void int96TimestampsIntervalsAndUuids() {
    try (BufferAllocator allocator = new RootAllocator();
        TimeStampMicroVector micros = new TimeStampMicroVector("t", allocator);
        IntervalMonthDayNanoVector intervals = new IntervalMonthDayNanoVector("i", allocator);
        VarCharVector uuids = new VarCharVector("u", allocator)) {
      FixedWidthValues int96 = new FixedWidthValues(12);
      List<Long> expectedMicros = new ArrayList<>();
      LocalDateTime start = LocalDateTime.of(1899, 12, 31, 23, 59, 58, 123_456_000);
      for (int k = 0; k < present(); k++) {
        LocalDateTime t = start.plusDays(k * 397L).plusNanos(k * 1_000_001_000L);
        long julianDay = t.toLocalDate().toEpochDay() + 2_440_588L;
        long nanosOfDay = t.toLocalTime().toNanoOfDay();
        int96.add(
            ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putLong(nanosOfDay)
                .putInt((int) julianDay)
                .array(),
            0);
        expectedMicros.add(
            ChronoUnit.MICROS.between(LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC), t));
      }
      new Int96Filler(TimeUnit.MICROSECOND, false).fill(micros, ROWS, VALIDITY, present(), int96);
      int k = 0;
      for (int i = 0; i < ROWS; i++) {
        if (valid(i)) {
          assertEquals(expectedMicros.get(k++), micros.get(i), "slot " + i);
        } else {
          assertTrue(micros.isNull(i));
        }
      }

      FixedWidthValues parquetIntervals = new FixedWidthValues(12);
      for (int j = 0; j < present(); j++) {
        parquetIntervals.add(
            ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(j)
                .putInt(2 * j)
                .putInt(1000 * j + 1)
                .array(),
            0);
      }
      check(
          new IntervalFiller(org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO),
          intervals,
          parquetIntervals,
          j ->
              new org.apache.arrow.vector.PeriodDuration(
                  java.time.Period.of(0, j, 2 * j), java.time.Duration.ofMillis(1000L * j + 1)));

      FixedWidthValues sixteen = new FixedWidthValues(16);
      List<UUID> ids = new ArrayList<>();
      Random random = new Random(3);
      for (int j = 0; j < present(); j++) {
        UUID id = new UUID(random.nextLong(), random.nextLong());
        ids.add(id);
        sixteen.add(
            ByteBuffer.allocate(16)
                .putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits())
                .array(),
            0);
      }
      check(new UuidStringFiller(), uuids, sixteen, j -> ids.get(j).toString());
    }
  }

  @Test
  void decimalsFromEveryStorage() {
    try (BufferAllocator allocator = new RootAllocator();
        DecimalVector fromLongs = new DecimalVector("a", allocator, 18, 2);
        DecimalVector fromBytes = new DecimalVector("b", allocator, 30, 2);
        Float8Vector doubles = new Float8Vector("d", allocator)) {
      Int64Values longs = new Int64Values();
      FixedWidthValues bigEndian = new FixedWidthValues(13);
      List<BigInteger> unscaled = new ArrayList<>();
      for (int k = 0; k < present(); k++) {
        BigInteger n = BigInteger.valueOf(k * 987_654_321L - 40_000_000_000L);
        unscaled.add(n);
        longs.add(n.longValueExact());
        BigInteger wide = n.multiply(BigInteger.TEN.pow(10));
        byte[] two = wide.toByteArray();
        byte[] fixed = new byte[13];
        Arrays.fill(fixed, (byte) (wide.signum() < 0 ? -1 : 0));
        System.arraycopy(two, 0, fixed, 13 - two.length, two.length);
        bigEndian.add(fixed, 0);
      }
      check(new DecimalFiller(128), fromLongs, longs, k -> new BigDecimal(unscaled.get(k), 2));
      check(
          new DecimalFiller(128),
          fromBytes,
          bigEndian,
          k -> new BigDecimal(unscaled.get(k).multiply(BigInteger.TEN.pow(10)), 2));
      check(
          new DecimalAsDoubleFiller(2),
          doubles,
          longs,
          k -> new BigDecimal(unscaled.get(k), 2).doubleValue());
    }
  }

  /**
   * INT32 and INT64 unscaled values, random and extreme, sign-extended into Decimal128 and
   * Decimal256 (8 bytes at a time), against BigDecimal.
   */
  @Test
  void decimalsFromIntegersAtEveryWidth() {
    Random random = new Random(11);
    try (BufferAllocator allocator = new RootAllocator();
        DecimalVector d128 = new DecimalVector("a", allocator, 18, 3);
        org.apache.arrow.vector.Decimal256Vector d256 =
            new org.apache.arrow.vector.Decimal256Vector("b", allocator, 40, 3);
        DecimalVector d128Ints = new DecimalVector("c", allocator, 9, 3)) {
      Int64Values longs = new Int64Values();
      Int32Values ints = new Int32Values();
      List<Long> l = new ArrayList<>();
      List<Integer> i = new ArrayList<>();
      for (int k = 0; k < present(); k++) {
        long x =
            k == 0 ? Long.MIN_VALUE : k == 1 ? Long.MAX_VALUE : k == 2 ? -1 : random.nextLong();
        int y =
            k == 0
                ? Integer.MIN_VALUE
                : k == 1 ? Integer.MAX_VALUE : k == 2 ? -1 : random.nextInt();
        longs.add(x);
        ints.add(y);
        l.add(x);
        i.add(y);
      }
      check(new DecimalFiller(128), d128, longs, k -> BigDecimal.valueOf(l.get(k), 3));
      check(new DecimalFiller(256), d256, longs, k -> BigDecimal.valueOf(l.get(k), 3));
      check(new DecimalFiller(128), d128Ints, ints, k -> BigDecimal.valueOf(i.get(k), 3));
    }
  }

  @Test
  void timestampMillisecondsBackToSeconds() {
    try (BufferAllocator allocator = new RootAllocator();
        TimeStampSecVector seconds = new TimeStampSecVector("s", allocator)) {
      Int64Values millis = new Int64Values();
      for (int k = 0; k < present(); k++) {
        millis.add((k - 20) * 86_400_000L);
      }
      RescaleFiller filler = new RescaleFiller(UnitRescale.TIMESTAMP_SECONDS);
      filler.fill(seconds, ROWS, VALIDITY, present(), millis);
      int k = 0;
      for (int i = 0; i < ROWS; i++) {
        if (valid(i)) {
          assertEquals((k++ - 20) * 86_400L, seconds.get(i));
        } else {
          assertTrue(seconds.isNull(i));
        }
      }
      Int64Values notWhole = new Int64Values();
      for (int j = 0; j < present(); j++) {
        notWhole.add(j == 3 ? 1_500 : 0);
      }
      assertThrows(
          ParquetFormatException.class,
          () -> filler.fill(seconds, ROWS, VALIDITY, present(), notWhole));
    }
  }
}
