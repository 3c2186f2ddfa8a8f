package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import dev.parrow.arrow.internal.filter.ExpressionEvaluator.Values;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Computed filters' string functions, on UTF-8 bytes, a batch at a time. */
final class StringFunctions {
  private StringFunctions() {}

  /** A batch of new values, written row by row into one array. */
  private static final class Written {
    final java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
    final Values out = new Values();

    Written(long[] present, int rows) {
      out.present = present;
      out.starts = new int[rows];
      out.ends = new int[rows];
    }

    /** Row i's value is what {@code data} takes until {@link #end}. */
    void start(int i) {
      out.starts[i] = data.size();
    }

    void end(int i) {
      out.ends[i] = data.size();
    }

    Values done() {
      out.data = data.toByteArray();
      return out;
    }
  }

  static Values changeCase(Values v, int rows, boolean upper) {
    Written w = new Written(v.present, rows);
    Values out = w.out;
    for (int i = 0; i < rows; i++) {
      w.start(i);
      if (v.has(i)) {
        boolean ascii = true;
        for (int p = v.starts[i]; p < v.ends[i]; p++) {
          byte b = v.data[p];
          if (b < 0) {
            ascii = false;
            break;
          }
        }
        if (ascii) {
          for (int p = v.starts[i]; p < v.ends[i]; p++) {
            int c = v.data[p];
            if (upper && c >= 'a' && c <= 'z') {
              c -= 32;
            } else if (!upper && c >= 'A' && c <= 'Z') {
              c += 32;
            }
            w.data.write(c);
          }
        } else {
          // Character by character (simple case mapping), as DuckDB's lower and upper.
          String s =
              new String(v.data, v.starts[i], v.ends[i] - v.starts[i], StandardCharsets.UTF_8);
          StringBuilder b = new StringBuilder(s.length());
          s.codePoints()
              .forEach(
                  c ->
                      b.appendCodePoint(
                          upper ? Character.toUpperCase(c) : Character.toLowerCase(c)));
          w.data.writeBytes(b.toString().getBytes(StandardCharsets.UTF_8));
        }
      }
      w.end(i);
    }
    return w.done();
  }

  static Values trim(Values v, int rows, String which) {
    Values out = new Values();
    out.present = v.present;
    out.data = v.data;
    out.starts = new int[rows];
    out.ends = new int[rows];
    boolean left = !which.equals("rtrim");
    boolean right = !which.equals("ltrim");
    for (int i = 0; i < rows; i++) {
      int s = v.starts[i];
      int e = v.ends[i];
      while (left && s < e && v.data[s] == ' ') {
        s++;
      }
      while (right && e > s && v.data[e - 1] == ' ') {
        e--;
      }
      out.starts[i] = s;
      out.ends[i] = e;
    }
    return out;
  }

  /** Characters (code points) in each value: bytes that do not continue a UTF-8 sequence. */
  static Values length(Values v, int rows) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      out.longs[i] = characters(v.data, v.starts[i], v.ends[i]);
    }
    return out;
  }

  private static int characters(byte[] data, int from, int to) {
    int n = 0;
    for (int p = from; p < to; p++) {
      if ((data[p] & 0xC0) != 0x80) {
        n++;
      }
    }
    return n;
  }

  static Values byteLength(Values v, int rows) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      out.longs[i] = v.ends[i] - v.starts[i];
    }
    return out;
  }

  /** Where the character at (0-based) index {@code c} starts, or {@code to} past the last. */
  private static int offsetOf(byte[] data, int from, int to, long c) {
    int p = from;
    long seen = -1;
    for (; p < to; p++) {
      if ((data[p] & 0xC0) != 0x80 && ++seen == c) {
        return p;
      }
    }
    return to;
  }

  /**
   * DuckDB's substring (1-based; a start at or below 0 counts from before the first character, a
   * negative one from the end; a negative length takes the characters before the start), left and
   * right (a negative count leaves that many out).
   */
  static Values substring(String f, List<Values> args, int rows) {
    Values v = args.get(0);
    Values out = new Values();
    out.present = v.present.clone();
    for (Values a : args.subList(1, args.size())) {
      out.present = ExpressionEvaluator.and(out.present, a.present);
    }
    out.data = v.data;
    out.starts = new int[rows];
    out.ends = new int[rows];
    boolean left = f.equals("left");
    boolean right = f.equals("right");
    long[] ks = args.get(1).longs;
    long[] lengths = args.size() > 2 ? args.get(2).longs : null;
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        continue;
      }
      long n = characters(v.data, v.starts[i], v.ends[i]);
      long k = ks[i];
      long from; // 1-based, inclusive
      long to; // exclusive
      if (left) {
        from = 1;
        to = 1 + (k >= 0 ? k : Math.max(n + k, 0));
      } else if (right) {
        long take = k >= 0 ? Math.min(k, n) : Math.max(n + k, 0);
        from = n - take + 1;
        to = n + 1;
      } else {
        from = k < 0 ? n + k + 1 : k;
        if (lengths != null) {
          long len = lengths[i];
          to = len >= 0 ? from + len : from;
          from = len >= 0 ? from : from + len;
        } else {
          to = n + 1;
        }
      }
      from = Math.max(from, 1);
      to = Math.min(to, n + 1);
      if (to <= from) {
        out.starts[i] = v.starts[i];
        out.ends[i] = v.starts[i];
      } else {
        out.starts[i] = offsetOf(v.data, v.starts[i], v.ends[i], from - 1);
        out.ends[i] = offsetOf(v.data, v.starts[i], v.ends[i], to - 1);
      }
    }
    return out;
  }

  /** concat skips nulls; || is null where either side is. */
  static Values concat(List<Values> args, int rows, boolean skipNulls) {
    long[] present = args.get(0).present.clone();
    for (Values a : args.subList(1, args.size())) {
      for (int w = 0; w < present.length; w++) {
        present[w] = skipNulls ? -1L : present[w] & a.present[w];
      }
    }
    if (skipNulls && (rows & 63) != 0 && present.length > 0) {
      present[present.length - 1] = (1L << rows) - 1;
    }
    Written w = new Written(present, rows);
    for (int i = 0; i < rows; i++) {
      w.start(i);
      if (w.out.has(i)) {
        for (Values a : args) {
          if (a.has(i)) {
            w.data.write(a.data, a.starts[i], a.ends[i] - a.starts[i]);
          }
        }
      }
      w.end(i);
    }
    return w.done();
  }

  static Values like(Values v, LikePattern pattern, int rows) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i) && pattern.matches(v.data, v.starts[i], v.ends[i])) {
        out.longs[i] = 1;
      }
    }
    return out;
  }

  /**
   * regexp_matches (found anywhere) or regexp_full_match. Java's regular expressions backtrack, so
   * a pattern can take time exponential in a value's length where DuckDB's RE2 cannot: each value
   * gets a budget of character reads, and a match that spends it is an error naming the filter
   * rather than a read that never ends.
   */
  static Values regexp(Values v, Pattern pattern, boolean whole, int rows, String filter) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (v.has(i)) {
        BudgetedText text = new BudgetedText(string(v, i));
        java.util.regex.Matcher m = pattern.matcher(text);
        try {
          out.longs[i] = (whole ? m.matches() : m.find()) ? 1 : 0;
        } catch (BudgetedText.Spent e) {
          throw new IllegalArgumentException(
              filter
                  + ": its regular expression backtracks too long on a value of "
                  + text.length()
                  + " characters; simplify it");
        }
      }
    }
    return out;
  }

  /** A value's text that allows a regular expression so many character reads, then stops it. */
  private static final class BudgetedText implements CharSequence {
    static final class Spent extends RuntimeException {
      Spent() {
        super(null, null, false, false);
      }
    }

    private final String text;
    private long left;

    BudgetedText(String text) {
      this.text = text;
      this.left = 10_000L * (text.length() + 100);
    }

    @Override
    public char charAt(int index) {
      if (--left < 0) {
        throw new Spent();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** Value i as a Java string. */
  static String string(Values v, int i) {
    return new String(v.data, v.starts[i], v.ends[i] - v.starts[i], StandardCharsets.UTF_8);
  }

  /** Each row's bytes from the argument {@code from} names, into one array of their own. */
  static Values pick(List<Values> args, int[] from, long[] present, int rows) {
    Written w = new Written(present, rows);
    Values out = w.out;
    for (int i = 0; i < rows; i++) {
      w.start(i);
      if (out.has(i)) {
        Values v = args.get(from[i]);
        w.data.write(v.data, v.starts[i], v.ends[i] - v.starts[i]);
      }
      w.end(i);
    }
    return w.done();
  }

  /** replace(value, from, to): every occurrence, left to right; an empty {@code from} none. */
  static Values replace(List<Values> args, int rows) {
    Values v = args.get(0);
    Values what = args.get(1);
    Values with = args.get(2);
    Written w =
        new Written(
            ExpressionEvaluator.and(ExpressionEvaluator.and(v.present, what.present), with.present),
            rows);
    Values out = w.out;
    for (int i = 0; i < rows; i++) {
      w.start(i);
      if (out.has(i)) {
        int from = v.starts[i];
        int end = v.ends[i];
        int n = what.ends[i] - what.starts[i];
        int p = from;
        while (n > 0 && p + n <= end) {
          if (Arrays.equals(v.data, p, p + n, what.data, what.starts[i], what.ends[i])) {
            w.data.write(v.data, from, p - from);
            w.data.write(with.data, with.starts[i], with.ends[i] - with.starts[i]);
            p += n;
            from = p;
          } else {
            p++;
          }
        }
        w.data.write(v.data, from, end - from);
      }
      w.end(i);
    }
    return w.done();
  }

  /** strpos(value, text): the 1-based character where text first starts, 0 when nowhere. */
  static Values strpos(Values v, Values what, int rows) {
    Values out = new Values();
    out.present = ExpressionEvaluator.and(v.present, what.present);
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        continue;
      }
      int n = what.ends[i] - what.starts[i];
      for (int p = v.starts[i]; p + n <= v.ends[i]; p++) {
        if (Arrays.equals(v.data, p, p + n, what.data, what.starts[i], what.ends[i])) {
          out.longs[i] = characters(v.data, v.starts[i], p) + 1;
          break;
        }
      }
    }
    return out;
  }

  /** The characters (code points) of each value in reverse order. */
  static Values reverse(Values v, int rows) {
    Values out = new Values();
    out.present = v.present;
    out.data = new byte[v.data.length];
    out.starts = v.starts.clone();
    out.ends = v.ends.clone();
    for (int i = 0; i < rows; i++) {
      int to = v.ends[i];
      int p = v.ends[i];
      // Each character's bytes, found from its last byte back to its lead byte, copied in order.
      int w = v.starts[i];
      while (p > v.starts[i]) {
        int lead = p - 1;
        while (lead > v.starts[i] && (v.data[lead] & 0xC0) == 0x80) {
          lead--;
        }
        System.arraycopy(v.data, lead, out.data, w, p - lead);
        w += p - lead;
        p = lead;
      }
      out.ends[i] = to;
    }
    return out;
  }

  /** CAST(value AS VARCHAR) of strings, integers and decimals, dates and booleans. */
  static Values text(Values v, ValueType from, int rows) {
    if (from.kind() == BoundExpression.Kind.STRING) {
      return v;
    }
    Written w = new Written(v.present, rows);
    Values out = w.out;
    for (int i = 0; i < rows; i++) {
      w.start(i);
      if (v.has(i)) {
        String s =
            switch (from.kind()) {
              case DATE -> java.time.LocalDate.ofEpochDay(v.longs[i]).toString();
              case BOOLEAN -> v.longs[i] != 0 ? "true" : "false";
              default -> WideValues.decimal(v, i, from.scale()).toPlainString();
            };
        w.data.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      }
      w.end(i);
    }
    return w.done();
  }
}
