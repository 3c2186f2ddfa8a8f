package dev.parrow.arrow.internal.filter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A SQL LIKE pattern compiled for UTF-8 bytes: {@code %} any run of characters, {@code _} one
 * character, the escape character (if any) making the next one stand for itself. Matching is on the
 * bytes, a character being a UTF-8 sequence, so values need not be decoded; the whole value must
 * match. ILIKE's pattern and values are lower-cased character by character first (the values
 * decoded for it).
 *
 * <p>The pattern is kept as its segments between {@code %}s, each a list of literal byte runs and
 * single-character wildcards. The first segment must match at the start and the last at the end;
 * those between are each matched at the leftmost place after the one before, which finds a match
 * whenever there is one, since every segment spans a fixed number of characters.
 */
public final class LikePattern {
  /** A single-character wildcard in a segment. */
  private static final byte[] ONE = new byte[0];

  private final String text;

  /** Each segment's items: literal byte runs, and {@link #ONE} for a one-character wildcard. */
  private final byte[][][] segments;

  /**
   * Per segment, its bytes when it is one literal run (no wildcard), for a plain search; else null.
   */
  private final byte[][] literals;

  /** Characters the last segment spans: it starts that many characters before the value's end. */
  private final int tailCharacters;

  private final byte[] prefix;
  private final boolean literal;
  private final boolean ignoreCase;

  private LikePattern(
      String text,
      List<List<byte[]>> segments,
      byte[] prefix,
      boolean literal,
      boolean ignoreCase) {
    this.text = text;
    this.segments = new byte[segments.size()][][];
    this.literals = new byte[segments.size()][];
    for (int i = 0; i < segments.size(); i++) {
      this.segments[i] = segments.get(i).toArray(new byte[0][]);
      if (this.segments[i].length == 1 && this.segments[i][0] != ONE) {
        this.literals[i] = this.segments[i][0];
      }
    }
    this.tailCharacters = characters(this.segments[this.segments.length - 1]);
    this.prefix = prefix;
    this.literal = literal;
    this.ignoreCase = ignoreCase;
  }

  /**
   * Compiles a LIKE pattern.
   *
   * @param pattern the LIKE pattern
   * @param escape the escape character, or null for none
   * @return the compiled pattern
   */
  public static LikePattern compile(String pattern, Character escape) {
    return compile(pattern, escape, false);
  }

  /**
   * Compiles a LIKE pattern, or an ILIKE one when {@code ignoreCase}.
   *
   * @param pattern the pattern
   * @param escape the escape character, or null for none
   * @param ignoreCase ILIKE: any case matches
   * @return the compiled pattern
   */
  public static LikePattern compile(String pattern, Character escape, boolean ignoreCase) {
    List<List<byte[]>> segments = new ArrayList<>();
    List<byte[]> segment = new ArrayList<>();
    StringBuilder run = new StringBuilder();
    byte[] prefix = null;
    boolean wildcard = false;
    for (int i = 0; i < pattern.length(); ) {
      int c = pattern.codePointAt(i);
      i += Character.charCount(c);
      if (escape != null && c == escape && i < pattern.length()) {
        int next = pattern.codePointAt(i);
        i += Character.charCount(next);
        run.appendCodePoint(ignoreCase ? Character.toLowerCase(next) : next);
        continue;
      }
      if (c != '%' && c != '_') {
        run.appendCodePoint(ignoreCase ? Character.toLowerCase(c) : c);
        continue;
      }
      if (prefix == null) {
        prefix = utf8(run);
      }
      wildcard = true;
      if (run.length() > 0) {
        segment.add(utf8(run));
        run.setLength(0);
      }
      if (c == '_') {
        segment.add(ONE);
      } else {
        segments.add(segment);
        segment = new ArrayList<>();
      }
    }
    if (run.length() > 0) {
      segment.add(utf8(run));
    }
    segments.add(segment);
    if (prefix == null) {
      prefix = utf8(run);
    }
    return new LikePattern(pattern, segments, prefix, !wildcard, ignoreCase);
  }

  /** A string lower-cased character by character, as ILIKE compares. */
  private static String lower(String s) {
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints().forEach(c -> out.appendCodePoint(Character.toLowerCase(c)));
    return out.toString();
  }

  private static byte[] utf8(StringBuilder s) {
    return s.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * {@return the value a LIKE pattern without wildcards matches alone; else (and for ILIKE, which
   * matches its case variants too) null}
   */
  public byte[] literal() {
    return literal && !ignoreCase ? prefix.clone() : null;
  }

  /** {@return whether every value matches: the pattern is only {@code %}s} */
  public boolean matchesEverything() {
    if (segments.length < 2) {
      return false;
    }
    for (byte[][] s : segments) {
      if (s.length > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@return the bytes every matching value starts with: a LIKE pattern's text before its first
   * wildcard; nothing for ILIKE, whose matches start with any case of it}
   */
  public byte[] prefix() {
    return ignoreCase ? new byte[0] : prefix.clone();
  }

  /**
   * {@return the least byte string above every one that starts with {@link #prefix}, or null when
   * there is none (an empty prefix, or one of 0xFF bytes only)}
   */
  public byte[] prefixEnd() {
    byte[] prefix = prefix();
    return dev.parrow.codec.metadata.Bytes.prefixEnd(prefix, prefix.length);
  }

  /**
   * Whether the value {@code data[from, to)} matches.
   *
   * @param data the bytes holding the value
   * @param from where it starts
   * @param to where it ends
   * @return true if the whole value matches
   */
  public boolean matches(byte[] data, int from, int to) {
    if (ignoreCase) {
      byte[] lowered =
          lower(new String(data, from, to - from, StandardCharsets.UTF_8))
              .getBytes(StandardCharsets.UTF_8);
      return matchesAsIs(lowered, 0, lowered.length);
    }
    return matchesAsIs(data, from, to);
  }

  /**
   * Which of {@code n} values laid end to end ({@code data[offsets[i], offsets[i + 1])}) match, as
   * bits. Where every match must contain a literal run (two bytes or more, case-sensitive), the
   * values are searched for it as one text, so that values without it are passed over at the speed
   * of the search, and only those holding it are matched whole.
   */
  public long[] matchEach(byte[] data, int[] offsets, int n) {
    long[] out = new long[(n + 63) >>> 6];
    byte[] required = ignoreCase ? null : required();
    if (required == null) {
      for (int i = 0; i < n; i++) {
        out[i >>> 6] |= (matches(data, offsets[i], offsets[i + 1]) ? 1L : 0L) << i;
      }
      return out;
    }
    int end = offsets[n];
    int i = 0;
    while (i < n) {
      int hit = indexOf(data, offsets[i], end, required);
      if (hit < 0) {
        break;
      }
      while (offsets[i + 1] <= hit) {
        i++;
      }
      // A hit running past its value's end means the value holds no whole one (it would have
      // been found first).
      if (hit + required.length <= offsets[i + 1]
          && matchesAsIs(data, offsets[i], offsets[i + 1])) {
        out[i >>> 6] |= 1L << i;
      }
      i++;
    }
    return out;
  }

  /** The longest literal run of two bytes or more every match contains, or null. */
  private byte[] required() {
    byte[] best = null;
    for (byte[][] segment : segments) {
      for (byte[] item : segment) {
        if (item != ONE && item.length >= 2 && (best == null || item.length > best.length)) {
          best = item;
        }
      }
    }
    return best;
  }

  /** {@link #matches} of a value already in the pattern's case. */
  private boolean matchesAsIs(byte[] data, int from, int to) {
    int last = segments.length - 1;
    if (last == 0) {
      return matchAt(segments[0], data, from, to) == to;
    }
    int at = matchAt(segments[0], data, from, to);
    if (at < 0) {
      return false;
    }
    for (int s = 1; s < last; s++) {
      byte[][] segment = segments[s];
      if (segment.length == 0) {
        continue;
      }
      byte[] literal = literals[s];
      int found;
      if (literal != null) {
        // A literal starts with a UTF-8 lead byte, so it is only ever found on a character.
        found = indexOf(data, at, to, literal);
        found = found < 0 ? -1 : found + literal.length;
      } else {
        found = -1;
        for (int start = at; start <= to && found < 0; start++) {
          if (start == to || !continuation(data[start])) {
            found = matchAt(segment, data, start, to);
          }
        }
      }
      if (found < 0) {
        return false;
      }
      at = found;
    }
    // The last segment ends at the value's end: it starts as many characters before it as it
    // spans.
    byte[][] tail = segments[last];
    byte[] literal = literals[last];
    if (literal != null) {
      int start = to - literal.length;
      return start >= at && Arrays.equals(data, start, to, literal, 0, literal.length);
    }
    int start = to;
    for (int k = tailCharacters; k > 0; k--) {
      if (start <= at) {
        return false;
      }
      start--;
      while (start > at && continuation(data[start])) {
        start--;
      }
    }
    return start >= at && matchAt(tail, data, start, to) == to;
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

  /**
   * Where {@code literal} first starts in {@code data[from, to)}, or -1. Eight positions at a time:
   * the positions where the literal's first two bytes both stand are found from two words read as
   * longs (bytes equal to a pattern are the zero bytes of their XOR), so that text with no
   * candidate is passed over a word at a time; each candidate is then compared byte by byte.
   */
  private static int indexOf(byte[] data, int from, int to, byte[] literal) {
    int n = literal.length;
    int limit = to - n;
    if (n < 2) {
      for (int i = from; i <= limit; i++) {
        if (data[i] == literal[0]) {
          return i;
        }
      }
      return -1;
    }
    long first = (literal[0] & 0xFFL) * 0x0101010101010101L;
    long second = (literal[1] & 0xFFL) * 0x0101010101010101L;
    int i = from;
    for (; i <= limit && i + 9 <= data.length; i += 8) {
      long m =
          zeroBytes((long) LONGS.get(data, i) ^ first)
              & zeroBytes((long) LONGS.get(data, i + 1) ^ second);
      while (m != 0) {
        int k = i + (Long.numberOfTrailingZeros(m) >>> 3);
        if (k > limit) {
          return -1;
        }
        if (equalsAt(data, k, literal)) {
          return k;
        }
        m &= m - 1;
      }
    }
    for (; i <= limit; i++) {
      if (data[i] == literal[0] && equalsAt(data, i, literal)) {
        return i;
      }
    }
    return -1;
  }

  /** 0x80 in each byte of {@code x} that is zero, and nothing else. */
  private static long zeroBytes(long x) {
    return ~(((x & LOW7) + LOW7) | x | LOW7);
  }

  private static boolean equalsAt(byte[] data, int at, byte[] literal) {
    // The last byte first: candidates share the first two, and in text the next often too.
    int n = literal.length;
    if (data[at + n - 1] != literal[n - 1]) {
      return false;
    }
    for (int k = 1; k < n - 1; k++) {
      if (data[at + k] != literal[k]) {
        return false;
      }
    }
    return true;
  }

  /** Characters a segment spans. */
  private static int characters(byte[][] segment) {
    int n = 0;
    for (byte[] item : segment) {
      if (item == ONE) {
        n++;
      } else {
        for (byte b : item) {
          n += continuation(b) ? 0 : 1;
        }
      }
    }
    return n;
  }

  /** Where a segment matching at {@code at} ends, or -1 when it does not match there. */
  private static int matchAt(byte[][] segment, byte[] data, int at, int to) {
    for (byte[] item : segment) {
      if (item == ONE) {
        if (at >= to) {
          return -1;
        }
        at++;
        while (at < to && continuation(data[at])) {
          at++;
        }
      } else {
        if (to - at < item.length
            || !Arrays.equals(data, at, at + item.length, item, 0, item.length)) {
          return -1;
        }
        at += item.length;
      }
    }
    return at;
  }

  /** Whether a byte continues a UTF-8 sequence (10xxxxxx). */
  private static boolean continuation(byte b) {
    return (b & 0xC0) == 0x80;
  }

  /**
   * Whether a whole value matches.
   *
   * @param value the value's bytes
   * @return true if it matches
   */
  public boolean matches(byte[] value) {
    return matches(value, 0, value.length);
  }

  @Override
  public String toString() {
    return text;
  }
}
