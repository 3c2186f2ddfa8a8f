package dev.parrow.codec.write;

import static dev.parrow.codec.testing.SampleMetadata.group;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Min and max in the order the format gives each type, against bounds Java's own comparisons find.
 */
class StatisticsBuilderTest {
  private static ColumnDescriptor column(
      PhysicalType type,
      Integer length,
      ConvertedType converted,
      LogicalType logical,
      Integer scale,
      Integer precision) {
    return ParquetSchema.fromElements(
            List.of(
                group("schema", null, 1),
                new SchemaElement(
                    type,
                    length,
                    Repetition.OPTIONAL,
                    "c",
                    null,
                    converted,
                    scale,
                    precision,
                    null,
                    logical,
                    null)))
        .column(0);
  }

  private static final ColumnDescriptor TEXT =
      column(
          PhysicalType.BYTE_ARRAY,
          null,
          ConvertedType.UTF8,
          new LogicalType.StringType(),
          null,
          null);

  private static byte[] le(long v, int width) {
    return Arrays.copyOf(
        ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array(), width);
  }

  @Test
  void int32SignedAndUnsigned() {
    Random random = new Random(5);
    Int32Values values = new Int32Values();
    for (int i = 0; i < 1_000; i++) {
      values.add(random.nextInt());
    }
    int[] v = Arrays.copyOf(values.values(), values.size());
    int signedMin = Arrays.stream(v).min().getAsInt();
    int signedMax = Arrays.stream(v).max().getAsInt();
    int unsignedMin = Arrays.stream(v).boxed().min(Integer::compareUnsigned).get();
    int unsignedMax = Arrays.stream(v).boxed().max(Integer::compareUnsigned).get();

    StatisticsBuilder signed =
        new StatisticsBuilder(column(PhysicalType.INT32, null, null, null, null, null));
    signed.update(values, 0, values.size());
    signed.nulls(7);
    Statistics s = signed.build();
    assertArrayEquals(le(signedMin, 4), s.minValue().toByteArray());
    assertArrayEquals(le(signedMax, 4), s.maxValue().toByteArray());
    assertEquals(7L, s.nullCount());

    StatisticsBuilder unsigned =
        new StatisticsBuilder(
            column(
                PhysicalType.INT32,
                null,
                ConvertedType.UINT_32,
                new LogicalType.IntType(32, false),
                null,
                null));
    unsigned.update(values, 0, values.size());
    Statistics u = unsigned.build();
    assertArrayEquals(le(unsignedMin, 4), u.minValue().toByteArray());
    assertArrayEquals(le(unsignedMax, 4), u.maxValue().toByteArray());
  }

  @Test
  void doublesSkipNaNAndWidenZeroToBothSigns() {
    double[] data = {Double.NaN, 0.0, 2.5, -1.25, Double.NaN};
    Int64Values values = new Int64Values();
    for (double d : data) {
      values.add(Double.doubleToRawLongBits(d));
    }
    StatisticsBuilder b =
        new StatisticsBuilder(column(PhysicalType.DOUBLE, null, null, null, null, null));
    b.update(values, 0, values.size());
    Statistics s = b.build();
    assertEquals(
        -1.25,
        ByteBuffer.wrap(s.minValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getDouble());
    assertEquals(
        2.5,
        ByteBuffer.wrap(s.maxValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getDouble());

    // Only zeros: the format asks for -0.0 as the min and +0.0 as the max.
    Int64Values zeros = new Int64Values();
    zeros.add(Double.doubleToRawLongBits(0.0));
    StatisticsBuilder z =
        new StatisticsBuilder(column(PhysicalType.DOUBLE, null, null, null, null, null));
    z.update(zeros, 0, 1);
    Statistics zs = z.build();
    assertEquals(
        Double.doubleToRawLongBits(-0.0),
        ByteBuffer.wrap(zs.minValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getLong());
    assertEquals(
        Double.doubleToRawLongBits(0.0),
        ByteBuffer.wrap(zs.maxValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getLong());

    // Only NaN: no bounds at all.
    Int64Values nans = new Int64Values();
    nans.add(Double.doubleToRawLongBits(Double.NaN));
    StatisticsBuilder n =
        new StatisticsBuilder(column(PhysicalType.DOUBLE, null, null, null, null, null));
    n.update(nans, 0, 1);
    assertNull(n.build().minValue());
  }

  @Test
  void stringsCompareAsUnsignedBytes() {
    List<String> strings = List.of("b", "é", "a", "Z", "ab", "");
    BinaryValues values = new BinaryValues();
    for (String s : strings) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      values.append(b, 0, b.length);
    }
    Comparator<byte[]> unsigned = Arrays::compareUnsigned;
    byte[] min = strings.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).min(unsigned).get();
    byte[] max = strings.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).max(unsigned).get();
    StatisticsBuilder b = new StatisticsBuilder(TEXT);
    b.update(values, 0, values.size());
    Statistics s = b.build();
    assertArrayEquals(min, s.minValue().toByteArray());
    assertArrayEquals(max, s.maxValue().toByteArray());
    assertEquals("é", new String(s.maxValue().toByteArray(), StandardCharsets.UTF_8));
  }

  /**
   * Random byte strings of 0 to 20 bytes, many sharing their first bytes or differing only past the
   * eighth or by a trailing zero: the builder's bounds (compared by their first eight bytes, then
   * in full on a tie) are those of a plain unsigned comparison of every value, in batches from one
   * value upward.
   */
  @Test
  void stringBoundsMatchAFullComparisonOnRandomInputs() {
    Random random = new Random(11);
    ColumnDescriptor text = TEXT;
    for (int batch : new int[] {1, 2, 3, 8, 100, 1000}) {
      for (int round = 0; round < 20; round++) {
        BinaryValues values = new BinaryValues();
        List<byte[]> all = new java.util.ArrayList<>();
        byte[] shared = new byte[10];
        random.nextBytes(shared);
        for (int i = 0; i < batch; i++) {
          byte[] b = new byte[random.nextInt(21)];
          random.nextBytes(b);
          switch (random.nextInt(4)) {
            case 0 -> System.arraycopy(shared, 0, b, 0, Math.min(b.length, shared.length));
            case 1 -> b = Arrays.copyOf(shared, random.nextInt(12));
            case 2 -> {
              for (int k = 0; k < b.length; k++) {
                b[k] = (byte) (random.nextBoolean() ? 0 : 0xff);
              }
            }
            default -> {}
          }
          all.add(b);
          values.append(b, 0, b.length);
        }
        StatisticsBuilder b = new StatisticsBuilder(text);
        // In parts, as pages arrive, and merged into a chunk's builder as the writer does.
        StatisticsBuilder chunk = new StatisticsBuilder(text);
        for (int from = 0; from < batch; ) {
          int to = Math.min(batch, from + 1 + random.nextInt(batch));
          b.update(values, from, to);
          StatisticsBuilder page = new StatisticsBuilder(text);
          page.update(values, from, to);
          chunk.mergeValues(page);
          from = to;
        }
        Comparator<byte[]> unsigned = Arrays::compareUnsigned;
        byte[] min = all.stream().min(unsigned).get();
        byte[] max = all.stream().max(unsigned).get();
        for (Statistics s : List.of(b.build(), chunk.build())) {
          assertArrayEquals(min, s.minValue().toByteArray(), "batch " + batch + " round " + round);
          assertArrayEquals(max, s.maxValue().toByteArray(), "batch " + batch + " round " + round);
        }
      }
    }
  }

  @Test
  void fixedLengthDecimalsCompareAsSignedNumbers() {
    BigInteger[] numbers = {
      BigInteger.valueOf(-3),
      BigInteger.valueOf(200),
      BigInteger.valueOf(-70_000),
      BigInteger.ONE.shiftLeft(40),
      BigInteger.ZERO
    };
    int width = 8;
    FixedWidthValues values = new FixedWidthValues(width);
    for (BigInteger n : numbers) {
      values.add(bigEndian(n, width), 0);
    }
    StatisticsBuilder b =
        new StatisticsBuilder(
            column(
                PhysicalType.FIXED_LEN_BYTE_ARRAY,
                width,
                ConvertedType.DECIMAL,
                new LogicalType.DecimalType(2, 18),
                2,
                18));
    b.update(values, 0, values.size());
    Statistics s = b.build();
    BigInteger min = Arrays.stream(numbers).min(BigInteger::compareTo).get();
    BigInteger max = Arrays.stream(numbers).max(BigInteger::compareTo).get();
    assertEquals(min, new BigInteger(s.minValue().toByteArray()));
    assertEquals(max, new BigInteger(s.maxValue().toByteArray()));
  }

  private static byte[] bigEndian(BigInteger n, int width) {
    byte[] two = n.toByteArray();
    byte[] out = new byte[width];
    Arrays.fill(out, (byte) (n.signum() < 0 ? -1 : 0));
    System.arraycopy(two, 0, out, width - two.length, two.length);
    return out;
  }

  /**
   * Under IEEE 754's total order, floats and doubles fed in runs of any length (the pages without a
   * NaN take their bounds in one pass) give the bounds Java's total order ({@code Double.compare},
   * -0.0 below +0.0) finds among the values that are not NaN, and count the NaNs.
   */
  @Test
  void totalOrderBoundsOfRunsAreJavasForAnyMixOfValues() {
    java.util.Random random = new java.util.Random(36);
    double[] special = {
      0.0,
      -0.0,
      Double.MIN_VALUE,
      -Double.MIN_VALUE,
      Double.MAX_VALUE,
      -Double.MAX_VALUE,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      1.0,
      -1.0,
      Double.NaN,
      Double.longBitsToDouble(0xfff8000000000001L)
    };
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(300);
      boolean nans = round % 3 == 0;
      double[] data = new double[n];
      for (int i = 0; i < n; i++) {
        double d =
            random.nextInt(4) == 0
                ? special[random.nextInt(special.length)]
                : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
        data[i] = !nans && Double.isNaN(d) ? 2.0 : d;
      }
      for (boolean single : new boolean[] {false, true}) {
        Int64Values doubles = new Int64Values();
        Int32Values floats = new Int32Values();
        for (double d : data) {
          doubles.add(Double.doubleToRawLongBits(d));
          floats.add(Float.floatToRawIntBits((float) d));
        }
        StatisticsBuilder b =
            new StatisticsBuilder(
                column(
                    single ? PhysicalType.FLOAT : PhysicalType.DOUBLE,
                    null,
                    null,
                    null,
                    null,
                    null),
                ColumnOrder.IEEE_754_TOTAL_ORDER,
                null);
        DenseValues values = single ? floats : doubles;
        for (int at = 0; at < n; ) {
          int run = Math.min(n - at, 1 + random.nextInt(64));
          b.update(values, at, at + run);
          at += run;
        }
        Statistics s = b.build();
        Double least = null;
        Double greatest = null;
        long nanCount = 0;
        for (double d : data) {
          double x = single ? (float) d : d;
          if (Double.isNaN(x)) {
            nanCount++;
            continue;
          }
          least = least == null || Double.compare(x, least) < 0 ? x : least;
          greatest = greatest == null || Double.compare(x, greatest) > 0 ? x : greatest;
        }
        String what = (single ? "floats" : "doubles") + ", round " + round;
        assertEquals(nanCount, s.nanCount(), what);
        if (least == null) {
          continue;
        }
        ByteBuffer min = ByteBuffer.wrap(s.minValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer max = ByteBuffer.wrap(s.maxValue().toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        if (single) {
          assertEquals(Float.floatToRawIntBits(least.floatValue()), min.getInt(), what);
          assertEquals(Float.floatToRawIntBits(greatest.floatValue()), max.getInt(), what);
        } else {
          assertEquals(Double.doubleToRawLongBits(least), min.getLong(), what);
          assertEquals(Double.doubleToRawLongBits(greatest), max.getLong(), what);
        }
      }
    }
  }

  /** An INT96 timestamp: nanoseconds of the day, then the Julian day, little-endian. */
  private static byte[] int96(int julianDay, long nanosOfDay) {
    return ByteBuffer.allocate(12)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putLong(nanosOfDay)
        .putInt(julianDay)
        .array();
  }

  private static byte[] hex(String text) {
    return java.util.HexFormat.ofDelimiter(" ").parseHex(text);
  }

  @Test
  void int96TimestampsAreBoundedChronologicallyOnlyUnderTheirOrder() {
    // parquet-testing's int96_timestamp_order.md: values whose bytes, compared as bytes, order
    // otherwise than their instants, written out of order; the bounds it documents.
    FixedWidthValues values = new FixedWidthValues(12);
    for (byte[] v :
        List.of(
            int96(2440588, 86_399_999_999_999L),
            int96(2440589, 0L),
            int96(2440000, 123L),
            int96(2440588, 1_000L))) {
      values.add(v, 0);
    }
    ColumnDescriptor ts = column(PhysicalType.INT96, null, null, null, null, null);

    StatisticsBuilder ordered = new StatisticsBuilder(ts, ColumnOrder.INT96_TIMESTAMP_ORDER, null);
    assertTrue(ordered.ordered());
    // In two pages, merged, as a chunk takes its pages' bounds.
    StatisticsBuilder first = new StatisticsBuilder(ts, ColumnOrder.INT96_TIMESTAMP_ORDER, null);
    StatisticsBuilder second = new StatisticsBuilder(ts, ColumnOrder.INT96_TIMESTAMP_ORDER, null);
    first.update(values, 0, 2);
    second.update(values, 2, 4);
    ordered.mergeValues(first);
    ordered.mergeValues(second);
    Statistics s = ordered.build();
    assertArrayEquals(hex("7B 00 00 00 00 00 00 00 40 3B 25 00"), s.minValue().toByteArray());
    assertArrayEquals(hex("00 00 00 00 00 00 00 00 8D 3D 25 00"), s.maxValue().toByteArray());
    assertTrue(ordered.compareBounds(s.minValue(), s.maxValue()) < 0);
    assertArrayEquals(
        first.build().maxValue().toByteArray(), int96(2440589, 0L), "the first page's max");
    assertArrayEquals(
        second.build().minValue().toByteArray(), int96(2440000, 123L), "the second page's min");

    // Under the type order the format leaves INT96 unordered: no bounds.
    StatisticsBuilder typeOrder = new StatisticsBuilder(ts, ColumnOrder.TYPE_ORDER, null);
    typeOrder.update(values, 0, 4);
    assertFalse(typeOrder.ordered());
    assertNull(typeOrder.build().minValue());
  }
}
