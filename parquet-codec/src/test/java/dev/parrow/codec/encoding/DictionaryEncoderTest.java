package dev.parrow.codec.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DictionaryEncoderTest {
  private static ColumnDescriptor column(PhysicalType type, Integer length) {
    return new ColumnDescriptor(
        0,
        List.of("c"),
        new SchemaElement(
            type, length, Repetition.OPTIONAL, "c", null, null, null, null, null, null, null),
        1,
        0);
  }

  @Test
  void floatsAreKeptByTheirBits() {
    DictionaryEncoder d = new DictionaryEncoder(column(PhysicalType.FLOAT, null));
    float[] values = {
      0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0x7fc00001), 1.5f, -0.0f, Float.NaN, 0.0f
    };
    Int32Values page = new Int32Values();
    int at = page.reserve(values.length);
    for (int i = 0; i < values.length; i++) {
      page.values()[at + i] = Float.floatToRawIntBits(values[i]);
    }
    page.added(values.length);
    int[] ids = new int[values.length];
    assertEquals(values.length, d.encode(page, values.length, ids, 1 << 20));
    // -0.0 and 0.0 differ, as do NaNs with other payloads: each reads back as written.
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 1, 2, 0}, ids);
    assertEquals(5, d.size());
    assertEquals(20, d.plainBytes());
  }

  @Test
  void everyTypeMapsEqualValuesToOneIdThroughManyRehashes() {
    Random random = new Random(5);
    int n = 200_000;
    long[] source = new long[n];
    for (int i = 0; i < n; i++) {
      source[i] = random.nextInt(50_000) * 0x9E3779B97F4A7C15L;
    }
    Int64Values longs = new Int64Values();
    Int32Values ints = new Int32Values();
    FixedWidthValues fixed = new FixedWidthValues(5);
    FixedWidthValues wide = new FixedWidthValues(19);
    BinaryValues strings = new BinaryValues();
    for (long v : source) {
      int l = longs.reserve(1);
      longs.values()[l] = v;
      longs.added(1);
      int i = ints.reserve(1);
      ints.values()[i] = (int) (v >>> 20);
      ints.added(1);
      int f = fixed.reserve(1);
      for (int k = 0; k < 5; k++) {
        fixed.bytes()[f + k] = (byte) (v >>> (8 * k + 20));
      }
      fixed.added(1);
      // 19 bytes alike but for the value's in the middle (eight at 5) and its last two.
      int w = wide.reserve(1);
      java.util.Arrays.fill(wide.bytes(), w, w + 19, (byte) 7);
      for (int k = 0; k < 8; k++) {
        wide.bytes()[w + 5 + k] = (byte) (v >>> (8 * k));
      }
      wide.bytes()[w + 17] = (byte) (v >>> 40);
      wide.bytes()[w + 18] = (byte) (v >>> 48);
      wide.added(1);
      byte[] s = Long.toString(v, 36).getBytes(StandardCharsets.UTF_8);
      strings.append(s, 0, s.length);
    }
    check(new DictionaryEncoder(column(PhysicalType.INT64, null)), longs, source);
    check(new DictionaryEncoder(column(PhysicalType.INT32, null)), ints, source);
    check(new DictionaryEncoder(column(PhysicalType.FIXED_LEN_BYTE_ARRAY, 5)), fixed, source);
    check(new DictionaryEncoder(column(PhysicalType.FIXED_LEN_BYTE_ARRAY, 19)), wide, source);
    check(new DictionaryEncoder(column(PhysicalType.BYTE_ARRAY, null)), strings, source);
  }

  /**
   * Byte strings that share their first eight bytes, zero-padded, and differ by length, by a
   * trailing zero or past the eighth byte: each distinct one gets an id of its own.
   */
  @Test
  void stringsAlikeInTheirFirstWordStayApart() {
    List<byte[]> distinct = new java.util.ArrayList<>();
    for (String s :
        List.of(
            "",
            "\0",
            "\0\0",
            "ab",
            "ab\0",
            "abcdefg",
            "abcdefg\0",
            "abcdefgh",
            "abcdefgh\0",
            "abcdefghX",
            "abcdefghY",
            "abcdefghXYZ",
            "abcdefghXYZ\0",
            "abcdefghijklmno",
            "abcdefghijklmno\0",
            "abcdefghijklmnoq",
            "abcdefghijklmnop",
            "abcdefghijklmnop\0",
            "abcdefghijklmnop1",
            "\0bcdefghijklmnop",
            "abcdefghxyzabcdefgh1",
            "abcdefghxyzabcdefgh2")) {
      distinct.add(s.getBytes(StandardCharsets.ISO_8859_1));
    }
    Random random = new Random(8);
    int n = 5_000;
    long[] source = new long[n];
    BinaryValues strings = new BinaryValues();
    for (int i = 0; i < n; i++) {
      int k = random.nextInt(distinct.size());
      source[i] = k;
      strings.append(distinct.get(k), 0, distinct.get(k).length);
    }
    check(new DictionaryEncoder(column(PhysicalType.BYTE_ARRAY, null)), strings, source);
  }

  /**
   * Values of 0 to 17 bytes filling their array to its last byte: those within sixteen bytes of its
   * end are read there without reading past it, and keep their ids.
   */
  @Test
  void shortStringsAtTheEndOfTheirArrayKeepTheirIds() {
    Random random = new Random(12);
    for (int round = 0; round < 200; round++) {
      BinaryValues page = new BinaryValues();
      List<String> values = new java.util.ArrayList<>();
      int room = page.bytes().length;
      while (room > 0) {
        int length = Math.min(room, random.nextInt(18));
        // Few distinct contents per length, so that values repeat.
        String v = "xyzxyzxyzxyzxyzxyz".substring(0, length);
        if (length > 0 && random.nextBoolean()) {
          v = v.substring(0, length - 1) + (char) ('a' + random.nextInt(2));
        }
        values.add(v);
        byte[] b = v.getBytes(StandardCharsets.ISO_8859_1);
        page.append(b, 0, b.length);
        room -= length;
      }
      assertEquals(page.byteLength(), page.bytes().length, "the values fill the array");
      DictionaryEncoder d = new DictionaryEncoder(column(PhysicalType.BYTE_ARRAY, null));
      int[] ids = new int[values.size()];
      assertEquals(values.size(), d.encode(page, values.size(), ids, Long.MAX_VALUE));
      java.util.Map<String, Integer> seen = new java.util.HashMap<>();
      for (int i = 0; i < values.size(); i++) {
        Integer expected = seen.putIfAbsent(values.get(i), seen.size());
        assertEquals(expected == null ? seen.size() - 1 : expected, ids[i], "value " + i);
      }
      assertEquals(seen.size(), d.size());
    }
  }

  /**
   * Keys whose bits vary in one place only (high words, the two halves equal, doubles and floats of
   * whole numbers, multiples of powers of two, a multiple of the hash's inverse multiplier): each
   * gets its own id. (A hash that folded the halves together sent every key of the form {@code (i
   * << 32) | i} to one slot, and 65,536 of them took seconds.)
   */
  @Test
  void keysThatVaryInFewBitsAreTold() {
    java.util.List<java.util.function.LongUnaryOperator> shapes =
        List.of(
            i -> i,
            i -> -i,
            i -> i << 32,
            i -> i << 48,
            i -> (i << 32) | i,
            i -> i * (1L << 31),
            i -> i * 0xf1de83e19937733dL,
            i -> Double.doubleToRawLongBits(i),
            i -> Float.floatToRawIntBits(i));
    int n = 40_000;
    for (java.util.function.LongUnaryOperator shape : shapes) {
      Int64Values page = new Int64Values();
      int at = page.reserve(n);
      long[] source = new long[n];
      for (int i = 0; i < n; i++) {
        source[i] = i % 20_000;
        page.values()[at + i] = shape.applyAsLong(source[i]);
      }
      page.added(n);
      check(new DictionaryEncoder(column(PhysicalType.INT64, null)), page, source);
    }
  }

  /**
   * Pages of a narrow range (looked up by the direct window), one that widens it downwards and
   * upwards, one too wide for it (hashed from then on, the window's entries found in the table),
   * then narrow ones again; values at the ends of INT32's and INT64's ranges, a span that overflows
   * a long: every value keeps the id of its first sight, across the pages.
   */
  @Test
  void narrowAndWidePagesGiveTheIdsOfFirstSight() {
    Random random = new Random(8);
    long[][] shapes = {
      {1_000, 100}, {900, 300}, {0, 65_536}, {1_050, 20}, {-5_000_000, 2_000_000}, {1_000, 100}
    };
    for (PhysicalType type : new PhysicalType[] {PhysicalType.INT32, PhysicalType.INT64}) {
      DictionaryEncoder d = new DictionaryEncoder(column(type, null));
      java.util.Map<Long, Integer> seen = new java.util.HashMap<>();
      for (long[] shape : shapes) {
        long[] values = new long[3_000];
        for (int i = 0; i < values.length; i++) {
          values[i] = shape[0] + (long) (random.nextDouble() * shape[1]);
        }
        encodePage(d, type, values, seen);
      }
      long low = type == PhysicalType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
      long high = type == PhysicalType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
      DictionaryEncoder ends = new DictionaryEncoder(column(type, null));
      java.util.Map<Long, Integer> endsSeen = new java.util.HashMap<>();
      encodePage(ends, type, new long[] {low, low + 3, low + 1, low, low + 3}, endsSeen);
      encodePage(ends, type, new long[] {high, high - 2, high, low + 1}, endsSeen);
      encodePage(ends, type, new long[] {low + 3, high - 2, 0, low, high}, endsSeen);
    }
  }

  /** The limit stops a page looked up by the direct window at the first value that does not fit. */
  @Test
  void theLimitStopsANarrowPageToo() {
    DictionaryEncoder d = new DictionaryEncoder(column(PhysicalType.INT64, null));
    Int64Values page = new Int64Values();
    for (long v : new long[] {7, 8, 7, 9, 8, 10}) {
      page.add(v);
    }
    int[] ids = new int[6];
    // Two entries take 16 bytes; a third does not fit in 23.
    assertEquals(3, d.encode(page, 6, ids, 23));
    assertArrayEquals(new int[] {0, 1, 0}, java.util.Arrays.copyOf(ids, 3));
    assertEquals(2, d.size());
  }

  /** Encodes one page of {@code values} as {@code type}, checking ids against {@code seen}. */
  private static void encodePage(
      DictionaryEncoder d, PhysicalType type, long[] values, java.util.Map<Long, Integer> seen) {
    dev.parrow.codec.values.DenseValues page;
    if (type == PhysicalType.INT32) {
      Int32Values ints = new Int32Values();
      for (long v : values) {
        ints.add((int) v);
      }
      page = ints;
    } else {
      Int64Values longs = new Int64Values();
      for (long v : values) {
        longs.add(v);
      }
      page = longs;
    }
    int[] ids = new int[values.length];
    assertEquals(values.length, d.encode(page, values.length, ids, Long.MAX_VALUE));
    for (int i = 0; i < values.length; i++) {
      Integer expected = seen.putIfAbsent(values[i], seen.size());
      assertEquals(
          expected == null ? seen.size() - 1 : expected, ids[i], type + ": value " + values[i]);
    }
    assertEquals(seen.size(), d.size(), type + ": entries");
  }

  /** Same source value, same id; ids are dense in first-seen order. */
  private static void check(
      DictionaryEncoder d, dev.parrow.codec.values.DenseValues page, long[] source) {
    int[] ids = new int[source.length];
    assertEquals(source.length, d.encode(page, source.length, ids, Long.MAX_VALUE));
    java.util.Map<Long, Integer> seen = new java.util.HashMap<>();
    for (int i = 0; i < source.length; i++) {
      Integer expected = seen.putIfAbsent(source[i], seen.size());
      assertEquals(expected == null ? seen.size() - 1 : expected, ids[i], "value " + i);
    }
    assertEquals(seen.size(), d.size());
  }

  /**
   * Values of 8 to 40 bytes at any offsets, equal or differing in one bit anywhere: as
   * Arrays.equals finds them.
   */
  @Test
  void sameBytesAgreesWithArraysEquals() {
    java.util.Random random = new java.util.Random(5);
    byte[] a = new byte[64];
    byte[] b = new byte[64];
    for (int round = 0; round < 20_000; round++) {
      random.nextBytes(a);
      int length = 8 + random.nextInt(33);
      int aFrom = random.nextInt(64 - length + 1);
      int bFrom = random.nextInt(64 - length + 1);
      System.arraycopy(a, aFrom, b, bFrom, length);
      if (random.nextBoolean()) {
        b[bFrom + random.nextInt(length)] ^= (byte) (1 << random.nextInt(8));
      }
      assertEquals(
          java.util.Arrays.equals(a, aFrom, aFrom + length, b, bFrom, bFrom + length),
          DictionaryEncoder.sameBytes(a, aFrom, b, bFrom, length),
          "round " + round);
    }
  }

  /** A value's first word, at any offset up to the array's end, as byte-by-byte assembly gives. */
  @Test
  void firstWordIsTheZeroPaddedLittleEndianPrefix() {
    java.util.Random random = new java.util.Random(6);
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[1 + random.nextInt(24)];
      random.nextBytes(b);
      int start = random.nextInt(b.length + 1);
      int length = random.nextInt(b.length - start + 1);
      long want = 0;
      for (int k = 0; k < Math.min(8, length); k++) {
        want |= (b[start + k] & 0xffL) << (8 * k);
      }
      assertEquals(want, Bits.firstWord(b, start, length), "round " + round);
    }
  }

  @Test
  void theLimitStopsAtTheFirstValueThatDoesNotFit() {
    DictionaryEncoder d = new DictionaryEncoder(column(PhysicalType.BYTE_ARRAY, null));
    BinaryValues page = new BinaryValues();
    for (String s : List.of("aa", "bb", "aa", "cc", "bb")) {
      page.append(s.getBytes(StandardCharsets.UTF_8), 0, 2);
    }
    int[] ids = new int[5];
    // Two entries take 12 bytes PLAIN (4-byte length each); a third does not fit in 13.
    assertEquals(3, d.encode(page, 5, ids, 13));
    assertEquals(2, d.size());
    assertEquals(12, d.plainBytes());
  }

  @Test
  void aDictionaryThatStartsWithTheEntriesExtendsThem() {
    DictionaryEncoder d = new DictionaryEncoder(column(PhysicalType.BYTE_ARRAY, null));
    BinaryValues first = strings("x", "y");
    BinaryValues longer = strings("x", "y", "z");
    BinaryValues other = strings("x", "q", "z");
    assertTrue(d.isPrefixOf(first));
    d.extendWith(first);
    assertTrue(d.isPrefixOf(longer));
    assertFalse(d.isPrefixOf(other));
    assertFalse(d.isPrefixOf(strings("x")));
    d.extendWith(longer);
    assertEquals(3, d.size());
    assertTrue(d.isPrefixOf(longer));
  }

  private static BinaryValues strings(String... values) {
    BinaryValues out = new BinaryValues();
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      out.append(b, 0, b.length);
    }
    return out;
  }
}
