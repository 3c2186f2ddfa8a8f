package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * LIKE on UTF-8 bytes against java.util.regex on the decoded strings ({@code %} as {@code .*},
 * {@code _} as one code point), for random values and patterns over an alphabet of one-, two-,
 * three- and four-byte characters and the pattern's own symbols.
 */
class LikePatternTest {
  private static final String[] ALPHABET = {"a", "b", "%", "_", "\\", "é", "€", "𝄞", "A", "É"};

  /** Values hold the pattern symbols too, as text; patterns use them as wildcards or escaped. */
  private static String random(Random random, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    }
    return s.toString();
  }

  /** The pattern as a regular expression, escape character {@code \} when {@code escaped}. */
  private static Pattern regex(String like, boolean escaped) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < like.length(); ) {
      int c = like.codePointAt(i);
      i += Character.charCount(c);
      if (escaped && c == '\\' && i < like.length()) {
        int next = like.codePointAt(i);
        i += Character.charCount(next);
        out.append(Pattern.quote(new String(Character.toChars(next))));
      } else if (c == '%') {
        out.append(".*");
      } else if (c == '_') {
        out.append('.');
      } else {
        out.append(Pattern.quote(new String(Character.toChars(c))));
      }
    }
    return Pattern.compile(out.toString(), Pattern.DOTALL);
  }

  @Test
  void matchesAsRegularExpressionsDo() {
    Random random = new Random(42);
    int matched = 0;
    for (int round = 0; round < 20_000; round++) {
      boolean escaped = random.nextBoolean();
      String like = random(random, random.nextInt(7));
      if (escaped && like.endsWith("\\") && !like.endsWith("\\\\")) {
        like = like + "a";
      }
      Pattern reference = regex(like, escaped);
      LikePattern pattern = LikePattern.compile(like, escaped ? '\\' : null);
      for (int v = 0; v < 10; v++) {
        String value = random(random, random.nextInt(9));
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        boolean expected = reference.matcher(value).matches();
        // Inside a longer buffer, as values lie in a batch's data.
        byte[] padded = new byte[bytes.length + 6];
        padded[0] = 'z';
        padded[1] = (byte) 0xE2;
        System.arraycopy(bytes, 0, padded, 3, bytes.length);
        padded[bytes.length + 3] = (byte) 0x80;
        assertEquals(
            expected,
            pattern.matches(padded, 3, 3 + bytes.length),
            "'" + value + "' LIKE '" + like + "'" + (escaped ? " ESCAPE '\\'" : ""));
        matched += expected ? 1 : 0;
      }
    }
    assertTrue(matched > 2_000 && matched < 190_000, "both outcomes tried: " + matched);
  }

  /** A string lower-cased code point by code point. */
  private static String lower(String s) {
    StringBuilder out = new StringBuilder();
    s.codePoints().forEach(c -> out.appendCodePoint(Character.toLowerCase(c)));
    return out.toString();
  }

  @Test
  void ilikeMatchesAsRegularExpressionsOnLowerCasedText() {
    Random random = new Random(43);
    int matched = 0;
    for (int round = 0; round < 10_000; round++) {
      String like = random(random, random.nextInt(6));
      Pattern reference = regex(lower(like), false);
      LikePattern pattern = LikePattern.compile(like, null, true);
      for (int v = 0; v < 10; v++) {
        String value = random(random, random.nextInt(8));
        boolean expected = reference.matcher(lower(value)).matches();
        assertEquals(
            expected,
            pattern.matches(value.getBytes(StandardCharsets.UTF_8)),
            "'" + value + "' ILIKE '" + like + "'");
        matched += expected ? 1 : 0;
      }
    }
    assertTrue(matched > 1_000 && matched < 99_000, "both outcomes tried: " + matched);
    LikePattern ilike = LikePattern.compile("ÉT_%", null, true);
    assertTrue(ilike.matches("étés".getBytes(StandardCharsets.UTF_8)));
    assertNull(ilike.literal(), "case variants match too: no equality");
    assertEquals(0, ilike.prefix().length, "nor a prefix that bounds");
    assertNull(LikePattern.compile("abc", null, true).literal());
  }

  @Test
  void prefixLiteralAndEverything() {
    LikePattern prefix = LikePattern.compile("ab%c_", null);
    assertArrayEquals("ab".getBytes(StandardCharsets.UTF_8), prefix.prefix());
    assertArrayEquals("ac".getBytes(StandardCharsets.UTF_8), prefix.prefixEnd());
    assertNull(prefix.literal());
    assertFalse(prefix.matchesEverything());

    LikePattern literal = LikePattern.compile("10\\%", '\\');
    assertArrayEquals("10%".getBytes(StandardCharsets.UTF_8), literal.literal());

    assertTrue(LikePattern.compile("%%", null).matchesEverything());
    assertFalse(LikePattern.compile("", null).matchesEverything());
    assertTrue(LikePattern.compile("", null).matches(new byte[0]));
    assertNull(LikePattern.compile("%x", null).prefixEnd(), "no prefix, no end");
    // ÿ is C3 BF: the least string above all that start with it is C3 C0.
    assertArrayEquals(
        new byte[] {(byte) 0xC3, (byte) 0xC0}, LikePattern.compile("\u00ff%", null).prefixEnd());
  }

  /**
   * Values laid end to end, matched at once (the search for a literal run every match holds runs
   * across value boundaries), give each value's own match, for random values and patterns.
   */
  @Test
  void valuesMatchedTogetherAsEachAlone() {
    Random random = new Random(7);
    for (int round = 0; round < 2_000; round++) {
      int n = 1 + random.nextInt(40);
      String[] values = new String[n];
      java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
      int[] offsets = new int[n + 1];
      for (int i = 0; i < n; i++) {
        values[i] = random(random, random.nextInt(12));
        data.writeBytes(values[i].getBytes(StandardCharsets.UTF_8));
        offsets[i + 1] = data.size();
      }
      // Room after the last value, as a column's buffer may have.
      data.writeBytes(random(random, random.nextInt(10)).getBytes(StandardCharsets.UTF_8));
      byte[] bytes = data.toByteArray();
      String pattern = random(random, 1 + random.nextInt(6));
      boolean ignoreCase = random.nextInt(4) == 0;
      LikePattern like = LikePattern.compile(pattern, '\\', ignoreCase);
      long[] together = like.matchEach(bytes, offsets, n);
      for (int i = 0; i < n; i++) {
        boolean alone = like.matches(bytes, offsets[i], offsets[i + 1]);
        assertEquals(
            alone,
            (together[i >>> 6] >>> i & 1) != 0,
            "'"
                + values[i]
                + "' LIKE '"
                + pattern
                + "' among "
                + java.util.Arrays.toString(values));
      }
    }
  }
}
