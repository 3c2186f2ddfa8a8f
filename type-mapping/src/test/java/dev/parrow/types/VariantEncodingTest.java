package dev.parrow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.codec.ParquetFormatException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The variant encoding's writer and reader against values written out by hand from the spec. */
class VariantEncodingTest {
  /** Metadata of the names "b" and "a" (unsorted), as the spec lays it out. */
  private static final byte[] METADATA = {0x01, 2, 0, 1, 2, 'b', 'a'};

  @Test
  void objectsListFieldsByNameWhateverOrderTheyComeIn() {
    VariantEncoding.Writer w = new VariantEncoding.Writer();
    int mark = w.position();
    int b = w.position();
    w.integer(7, 1);
    int a = w.position();
    byte[] text = "x\"y".getBytes(StandardCharsets.UTF_8);
    w.bytes(text, 0, text.length, true);
    w.finishObject(mark, new int[] {0, 1}, new String[] {"b", "a"}, new int[] {b, a}, 2);
    byte[] value = w.copy(0);
    // header: object, 1-byte ids and offsets; 2 fields; ids a=1, b=0; offsets a=2, b=0; end=10.
    byte[] want = {0x02, 2, 1, 0, 2, 0, 10, 0x0C, 7, 0x40, 3, 0, 0, 0, 'x', '"', 'y'};
    assertEquals(Arrays.toString(want), Arrays.toString(value));
    assertEquals("{\"a\":\"x\\\"y\",\"b\":7}", VariantEncoding.toJson(METADATA, value));
    assertEquals(value.length, VariantEncoding.valueSize(value, 0));
  }

  @Test
  void arraysAndPrimitivesReadBackAsJson() {
    VariantEncoding.Writer w = new VariantEncoding.Writer();
    int mark = w.position();
    int[] starts = new int[6];
    starts[0] = w.position();
    w.decimal(BigInteger.valueOf(-1234), 9, 2);
    starts[1] = w.position();
    w.date(19_000);
    starts[2] = w.position();
    w.timestamp(1_500_000L, false, true);
    starts[3] = w.position();
    w.float64(Double.NaN);
    starts[4] = w.position();
    w.nullValue();
    starts[5] = w.position();
    w.decimal(new BigInteger("-123456789012345678901234567890"), 38, 0);
    w.finishArray(mark, starts, 6);
    assertEquals(
        "[-12.34,\"2022-01-08\",\"1970-01-01T00:00:01.500Z\",\"NaN\",null,"
            + "-123456789012345678901234567890]",
        VariantEncoding.toJson(new byte[] {1, 0, 0}, w.copy(0)));
  }

  /** Every truncation and many random corruptions of a value fail cleanly or read. */
  @Test
  void malformedValuesFailWithAFormatError() {
    VariantEncoding.Writer w = new VariantEncoding.Writer();
    int mark = w.position();
    int b = w.position();
    w.integer(1L << 40, 8);
    int a = w.position();
    w.finishArray(a, new int[] {a}, 0);
    w.finishObject(mark, new int[] {0, 1}, new String[] {"b", "a"}, new int[] {b, a}, 2);
    byte[] value = w.copy(0);
    for (int n = 0; n < value.length; n++) {
      byte[] cut = Arrays.copyOf(value, n);
      assertThrows(ParquetFormatException.class, () -> VariantEncoding.toJson(METADATA, cut));
    }
    Random random = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      byte[] bad = value.clone();
      bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
      byte[] meta = METADATA.clone();
      if (i % 3 == 0) {
        meta[random.nextInt(meta.length)] = (byte) random.nextInt(256);
      }
      try {
        VariantEncoding.toJson(meta, bad);
      } catch (ParquetFormatException expected) {
        // a clean error is the only other outcome
      }
    }
  }

  /** parquet-testing's bad_data/variants, by kind, built by hand: each fails validation. */
  @Test
  void validationRejectsWhatIsMalformedAnywhereInAValue() {
    VariantEncoding.Metadata m = VariantEncoding.Metadata.of(METADATA);
    // Well formed: the object of the first test, and a null.
    VariantEncoding.validate(
        m, new byte[] {0x02, 2, 1, 0, 2, 0, 10, 0x0C, 7, 0x40, 3, 0, 0, 0, 'x', '"', 'y'});
    VariantEncoding.validate(m, new byte[] {0});
    // A field id past the dictionary of two names.
    assertInvalid(m, new byte[] {0x02, 1, 5, 0, 1, 0}, "field id 5");
    // Two fields at one offset.
    assertInvalid(m, new byte[] {0x02, 2, 0, 1, 0, 0, 1, 0}, "share the value");
    // A well-formed array around an object whose field offset lies past its values.
    assertInvalid(m, new byte[] {0x03, 1, 0, 6, 0x02, 1, 0, 5, 1, 0}, "offset 5");
    // A well-formed array around a primitive of an unknown type (30).
    assertInvalid(m, new byte[] {0x03, 1, 0, 1, (byte) (30 << 2)}, "primitive type 30");
    // An array that declares more elements than it holds.
    assertInvalid(m, new byte[] {0x03, (byte) 200, 0, 1, 0}, "out of bounds");
    // A short string longer than the value, and bytes after the one value.
    assertInvalid(m, new byte[] {(byte) (9 << 2 | 1), 'a'}, "");
    assertInvalid(m, new byte[] {0, 0}, "exactly one value");
    // Arrays nested 600 deep (4-byte offsets); 500 deep is fine.
    assertInvalid(m, nested(600), "deeper than 512");
    VariantEncoding.validate(m, nested(500));
  }

  private static void assertInvalid(VariantEncoding.Metadata m, byte[] value, String message) {
    ParquetFormatException e =
        assertThrows(ParquetFormatException.class, () -> VariantEncoding.validate(m, value));
    org.junit.jupiter.api.Assertions.assertTrue(
        e.getMessage().contains(message), e.getMessage() + " should say " + message);
  }

  /** {@code depth} arrays, each holding the next, around a null. */
  private static byte[] nested(int depth) {
    byte[] inner = {0};
    for (int d = 0; d < depth; d++) {
      byte[] outer = new byte[inner.length + 10];
      outer[0] = 0x0F; // array, 4-byte offsets, one-byte count
      outer[1] = 1;
      // offsets 0 and inner.length, little-endian
      outer[6] = (byte) inner.length;
      outer[7] = (byte) (inner.length >>> 8);
      outer[8] = (byte) (inner.length >>> 16);
      System.arraycopy(inner, 0, outer, 10, inner.length);
      inner = outer;
    }
    return inner;
  }
}
