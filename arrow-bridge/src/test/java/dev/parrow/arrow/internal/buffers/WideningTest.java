package dev.parrow.arrow.internal.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each widening against the value Arrow's own getters give for the source, widened by Java's own
 * arithmetic ({@code BigDecimal} for decimals), over more rows than one chunk, nulls among them.
 */
class WideningTest {
  /** More than one chunk (2048), and not a multiple of it. */
  private static final int ROWS = 5_003;

  private final Random random = new Random(36);
  private BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close();
  }

  private static ArrowType.Int integer(int bits, boolean signed) {
    return new ArrowType.Int(bits, signed);
  }

  private <V extends FieldVector> V vector(ArrowType type, String name) {
    @SuppressWarnings("unchecked")
    V v =
        (V)
            new org.apache.arrow.vector.types.pojo.Field(name, FieldType.nullable(type), null)
                .createVector(allocator);
    return v;
  }

  /** Every seventh row null, the rest set by {@code set}. */
  private static void fill(BaseFixedWidthVector v, java.util.function.IntConsumer set) {
    v.allocateNew(ROWS);
    for (int i = 0; i < ROWS; i++) {
      if (i % 7 == 3) {
        v.setNull(i);
      } else {
        set.accept(i);
      }
    }
    v.setValueCount(ROWS);
  }

  /** Widens {@code from} into a new vector of {@code to} and checks each row against expected. */
  private void check(FieldVector from, ArrowType to, IntFunction<Object> expected) {
    Widening widening = Widening.of(from.getField().getType(), to);
    assertNotNull(widening, from.getField().getType() + " -> " + to);
    try (FieldVector out = vector(to, "out")) {
      widening.widen(from, out, ROWS);
      assertEquals(ROWS, out.getValueCount());
      for (int i = 0; i < ROWS; i++) {
        if (from.isNull(i)) {
          assertTrue(out.isNull(i), "row " + i);
        } else {
          assertEquals(expected.apply(i), out.getObject(i), "row " + i);
        }
      }
    } finally {
      from.close();
    }
  }

  @Test
  void integersWidenSignedAndUnsigned() {
    TinyIntVector int8 = vector(integer(8, true), "int8");
    fill(int8, i -> int8.set(i, (byte) (i == 1 ? -128 : i == 2 ? 127 : random.nextInt())));
    check(int8, integer(64, true), i -> (long) int8.get(i));

    TinyIntVector int8b = vector(integer(8, true), "int8");
    fill(int8b, i -> int8b.set(i, (byte) random.nextInt()));
    check(int8b, integer(16, true), i -> (short) int8b.get(i));

    UInt1Vector uint8 = vector(integer(8, false), "uint8");
    fill(uint8, i -> uint8.set(i, (byte) (i == 1 ? 0xFF : random.nextInt())));
    check(uint8, integer(16, true), i -> (short) Byte.toUnsignedInt(uint8.get(i)));

    UInt2Vector uint16 = vector(integer(16, false), "uint16");
    fill(uint16, i -> uint16.set(i, (char) (i == 1 ? 0xFFFF : random.nextInt())));
    check(uint16, integer(32, false), i -> (int) uint16.get(i) & 0xFFFF);

    SmallIntVector int16 = vector(integer(16, true), "int16");
    fill(int16, i -> int16.set(i, (short) (i == 1 ? Short.MIN_VALUE : random.nextInt())));
    check(int16, integer(32, true), i -> (int) int16.get(i));

    UInt4Vector uint32 = vector(integer(32, false), "uint32");
    fill(uint32, i -> uint32.set(i, i == 1 ? -1 : random.nextInt()));
    check(uint32, integer(64, true), i -> Integer.toUnsignedLong(uint32.get(i)));

    IntVector int32 = vector(integer(32, true), "int32");
    fill(int32, i -> int32.set(i, i == 1 ? Integer.MIN_VALUE : random.nextInt()));
    check(int32, integer(64, true), i -> (long) int32.get(i));
  }

  @Test
  void floatingPointWidens() {
    Float2Vector half = vector(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), "half");
    fill(half, i -> half.set(i, (short) random.nextInt(0x7C00)));
    check(
        half,
        new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
        i -> Float16.toFloat(half.get(i)));

    Float2Vector half2 = vector(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), "half");
    fill(half2, i -> half2.set(i, (short) (0x8000 | random.nextInt(0x7C00))));
    check(
        half2,
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
        i -> (double) Float16.toFloat(half2.get(i)));

    Float4Vector single = vector(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), "f");
    fill(single, i -> single.set(i, i == 1 ? Float.MAX_VALUE : (float) random.nextGaussian()));
    check(
        single,
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
        i -> (double) single.get(i));
  }

  @Test
  void datesBecomeTimestampsOfTheirDays() {
    DateDayVector days = vector(new ArrowType.Date(DateUnit.DAY), "d");
    fill(days, i -> days.set(i, random.nextInt(200_000) - 100_000));
    check(
        days,
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
        i -> java.time.LocalDate.ofEpochDay(days.get(i)).atStartOfDay());

    DateMilliVector millis = vector(new ArrowType.Date(DateUnit.MILLISECOND), "d");
    fill(millis, i -> millis.set(i, (random.nextInt(200_000) - 100_000) * 86_400_000L));
    check(
        millis,
        new ArrowType.Timestamp(TimeUnit.SECOND, null),
        i -> java.time.LocalDate.ofEpochDay(millis.get(i) / 86_400_000L).atStartOfDay());

    DateMilliVector millis2 = vector(new ArrowType.Date(DateUnit.MILLISECOND), "d");
    fill(millis2, i -> millis2.set(i, (random.nextInt(200_000) - 100_000) * 86_400_000L));
    check(
        millis2,
        new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
        i -> java.time.LocalDate.ofEpochDay(millis2.get(i) / 86_400_000L).atStartOfDay());
  }

  /** An unscaled value of at most {@code digits} digits, either sign. */
  private BigInteger unscaled(int digits) {
    BigInteger limit = BigInteger.TEN.pow(digits);
    BigInteger v = new BigInteger(limit.bitLength() + 8, random).mod(limit);
    return random.nextBoolean() ? v.negate() : v;
  }

  @Test
  void decimalsRescaleAndWidenExactly() {
    // Into more fraction digits at one width: times 100.
    DecimalVector small = vector(new ArrowType.Decimal(9, 2, 128), "price");
    fill(small, i -> small.set(i, new BigDecimal(unscaled(i == 1 ? 9 : 1 + i % 9), 2)));
    check(
        small,
        new ArrowType.Decimal(11, 4, 128),
        i -> small.getObject(i).setScale(4, java.math.RoundingMode.UNNECESSARY));

    // Into a 256-bit decimal twenty places further (two steps of the multiplier).
    DecimalVector full = vector(new ArrowType.Decimal(38, 0, 128), "id");
    fill(full, i -> full.set(i, new BigDecimal(unscaled(i == 1 ? 38 : 1 + i % 38), 0)));
    check(
        full,
        new ArrowType.Decimal(58, 20, 256),
        i -> full.getObject(i).setScale(20, java.math.RoundingMode.UNNECESSARY));

    // Sign-extended only.
    DecimalVector same = vector(new ArrowType.Decimal(38, 5, 128), "x");
    fill(same, i -> same.set(i, new BigDecimal(unscaled(1 + i % 38), 5)));
    check(same, new ArrowType.Decimal(40, 5, 256), i -> same.getObject(i));

    // 256-bit to more fraction digits.
    Decimal256Vector wide = vector(new ArrowType.Decimal(60, 10, 256), "w");
    fill(wide, i -> wide.set(i, new BigDecimal(unscaled(1 + i % 60), 10)));
    check(
        wide,
        new ArrowType.Decimal(76, 26, 256),
        i -> wide.getObject(i).setScale(26, java.math.RoundingMode.UNNECESSARY));
  }

  @Test
  void aDecimalWithMoreDigitsThanItsTypeIsAnErrorNamingTheColumnUnlessItsSlotIsNull() {
    ArrowType.Decimal to = new ArrowType.Decimal(20, 4, 128);
    try (DecimalVector from = vector(new ArrowType.Decimal(18, 2, 128), "amount");
        DecimalVector out = vector(to, "out")) {
      from.allocateNew(3);
      // 10^37 in a decimal(18, 2): times 100 no longer fits 128 bits.
      BigDecimal tooLong = new BigDecimal(BigInteger.TEN.pow(37), 2);
      from.set(0, new BigDecimal("1.00"));
      from.getDataBuffer().setBytes(16, bytes16(BigInteger.TEN.pow(37)));
      from.setIndexDefined(1);
      from.getDataBuffer().setBytes(32, bytes16(BigInteger.TEN.pow(37)));
      from.setNull(2);
      from.setValueCount(3);
      Widening widening = Widening.of(from.getField().getType(), to);
      ParquetFormatException e =
          assertThrows(ParquetFormatException.class, () -> widening.widen(from, out, 3));
      assertTrue(e.getMessage().contains("amount"), e.getMessage());
      assertTrue(e.getMessage().contains(tooLong.toPlainString()), e.getMessage());
      assertTrue(e.getMessage().contains("row 1"), e.getMessage());

      from.set(1, new BigDecimal("10.00"));
      widening.widen(from, out, 3);
      assertEquals(new BigDecimal("1.0000"), out.getObject(0));
      assertEquals(new BigDecimal("10.0000"), out.getObject(1));
      assertTrue(out.isNull(2));
    }
  }

  private static byte[] bytes16(BigInteger v) {
    byte[] big = v.toByteArray();
    byte[] little = new byte[16];
    for (int i = 0; i < big.length; i++) {
      little[i] = big[big.length - 1 - i];
    }
    return little;
  }

  @Test
  void onlyWideningsThatHoldEveryValueAreOffered() {
    assertNull(Widening.of(integer(64, true), integer(32, true)));
    assertNull(Widening.of(integer(32, true), integer(32, true)));
    assertNull(Widening.of(integer(16, true), integer(32, false)));
    assertNull(Widening.of(integer(32, false), integer(32, true)));
    assertNull(Widening.of(integer(64, false), integer(64, true)));
    assertNull(
        Widening.of(
            new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    // Fewer fraction digits, fewer integer digits, a narrower width.
    assertNull(Widening.of(new ArrowType.Decimal(10, 4, 128), new ArrowType.Decimal(12, 2, 128)));
    assertNull(Widening.of(new ArrowType.Decimal(10, 2, 128), new ArrowType.Decimal(10, 4, 128)));
    assertNull(Widening.of(new ArrowType.Decimal(10, 2, 256), new ArrowType.Decimal(12, 2, 128)));
    // A double holds integers of up to 53 bits; a float not even all of 32; a decimal needs the
    // integer's digits.
    assertNull(
        Widening.of(integer(64, true), new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    assertNull(
        Widening.of(integer(16, true), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    assertNull(Widening.of(integer(32, true), new ArrowType.Decimal(12, 3, 128)));
    assertNull(Widening.of(integer(64, false), new ArrowType.Decimal(19, 0, 128)));
  }

  @Test
  void integersWidenIntoDecimalsAndDoublesAsDeltaWidensThem() {
    IntVector int32 = vector(integer(32, true), "int32");
    fill(
        int32,
        i ->
            int32.set(
                i, i == 1 ? Integer.MIN_VALUE : i == 2 ? Integer.MAX_VALUE : random.nextInt()));
    check(
        int32,
        new ArrowType.Decimal(12, 2, 128),
        i -> BigDecimal.valueOf(int32.get(i)).setScale(2));

    BigIntVector int64 = vector(integer(64, true), "int64");
    fill(int64, i -> int64.set(i, i == 1 ? Long.MIN_VALUE : i == 2 ? -1 : random.nextLong()));
    check(
        int64,
        new ArrowType.Decimal(40, 20, 256),
        i -> BigDecimal.valueOf(int64.get(i)).setScale(20));

    UInt8Vector uint64 = vector(integer(64, false), "uint64");
    fill(uint64, i -> uint64.set(i, i == 1 ? -1L : random.nextLong()));
    check(
        uint64,
        new ArrowType.Decimal(20, 0, 128),
        i -> new BigDecimal(uint64.getObjectNoOverflow(i)));

    TinyIntVector int8 = vector(integer(8, true), "int8");
    fill(int8, i -> int8.set(i, (byte) (i == 1 ? -128 : random.nextInt())));
    check(int8, new ArrowType.Decimal(5, 2, 128), i -> BigDecimal.valueOf(int8.get(i)).setScale(2));

    IntVector toDouble = vector(integer(32, true), "n");
    fill(toDouble, i -> toDouble.set(i, i == 1 ? Integer.MIN_VALUE : random.nextInt()));
    check(
        toDouble,
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
        i -> (double) toDouble.get(i));

    UInt2Vector uint16 = vector(integer(16, false), "u");
    fill(uint16, i -> uint16.set(i, (char) (i == 1 ? 0xFFFF : random.nextInt())));
    check(
        uint16,
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
        i -> (double) (uint16.get(i) & 0xFFFF));
  }

  @Test
  void theTargetKeepsItsBuffersUnlessSomeoneElseHoldsThem() {
    ArrowType.Int to = integer(64, true);
    try (IntVector from = vector(integer(32, true), "n");
        BigIntVector out = vector(to, "out")) {
      fill(from, i -> from.set(i, i));
      Widening widening = Widening.of(from.getField().getType(), to);
      widening.widen(from, out, ROWS);
      long first = out.getDataBuffer().memoryAddress();
      widening.widen(from, out, ROWS);
      assertEquals(first, out.getDataBuffer().memoryAddress(), "reused");

      ArrowBuf held = out.getDataBuffer();
      held.getReferenceManager().retain();
      try {
        widening.widen(from, out, ROWS);
        assertNotEquals(first, out.getDataBuffer().memoryAddress(), "a held buffer is let go");
        assertEquals((long) ROWS - 1, held.getLong((long) (ROWS - 1) * 8), "and keeps its values");
        assertEquals(ROWS - 1L, out.get(ROWS - 1));
      } finally {
        held.getReferenceManager().release();
      }
    }
  }
}
