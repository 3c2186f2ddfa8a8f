package dev.parrow.cli;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer, indented two spaces, so the CLI needs no JSON library. Null values
 * are written as JSON null; numbers that do not fit a double exactly are still written as JSON
 * numbers.
 */
final class JsonWriter {
  private final StringBuilder out = new StringBuilder();

  /** Per open container: whether it already has an element. */
  private final Deque<Boolean> hasElement = new ArrayDeque<>();

  private boolean afterName;

  JsonWriter beginObject() {
    return open('{');
  }

  JsonWriter endObject() {
    return close('}');
  }

  JsonWriter beginArray() {
    return open('[');
  }

  JsonWriter endArray() {
    return close(']');
  }

  JsonWriter name(String name) {
    separate();
    string(name);
    out.append(": ");
    afterName = true;
    return this;
  }

  JsonWriter value(String value) {
    separate();
    if (value == null) {
      out.append("null");
    } else {
      string(value);
    }
    return this;
  }

  JsonWriter value(Number value) {
    separate();
    out.append(value == null ? "null" : value.toString());
    return this;
  }

  JsonWriter value(Boolean value) {
    separate();
    out.append(value == null ? "null" : value.toString());
    return this;
  }

  JsonWriter field(String name, String value) {
    return name(name).value(value);
  }

  JsonWriter field(String name, Number value) {
    return name(name).value(value);
  }

  JsonWriter field(String name, Boolean value) {
    return name(name).value(value);
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private JsonWriter open(char bracket) {
    separate();
    out.append(bracket);
    hasElement.push(false);
    return this;
  }

  private JsonWriter close(char bracket) {
    boolean any = hasElement.pop();
    if (any) {
      newline();
    }
    out.append(bracket);
    return this;
  }

  private void separate() {
    if (afterName) {
      afterName = false;
      return;
    }
    if (!hasElement.isEmpty()) {
      if (hasElement.peek()) {
        out.append(',');
      }
      hasElement.pop();
      hasElement.push(true);
      newline();
    }
  }

  private void newline() {
    out.append('\n').append("  ".repeat(hasElement.size()));
  }

  /** {@code s} as a JSON string literal. */
  static String quote(String s) {
    JsonWriter w = new JsonWriter();
    w.string(s);
    return w.out.toString();
  }

  private void string(String s) {
    appendQuoted(s, 0, s.length(), out);
  }

  /** {@code text[from, to)} as a JSON string literal, appended to {@code sb}. */
  static void appendQuoted(CharSequence text, int from, int to, StringBuilder sb) {
    sb.append('"');
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  /**
   * UTF-8 bytes {@code text[from, to)} as a JSON string literal: bytes of multi-byte characters
   * (all 0x80 or above) pass unchanged, so no decoding is needed.
   */
  static void appendQuoted(byte[] text, int from, int to, Utf8Buffer out) {
    out.ascii('"');
    int run = from;
    for (int i = from; i < to; i++) {
      byte b = text[i];
      if (b == '"' || b == '\\' || (b >= 0 && b < 0x20)) {
        out.appendRaw(text, run, i - run);
        switch (b) {
          case '"' -> out.ascii('\\').ascii('"');
          case '\\' -> out.ascii('\\').ascii('\\');
          case '\n' -> out.ascii('\\').ascii('n');
          case '\r' -> out.ascii('\\').ascii('r');
          case '\t' -> out.ascii('\\').ascii('t');
          default -> out.append("\\u00").ascii(HEX[b >> 4]).ascii(HEX[b & 0xF]);
        }
        run = i + 1;
      }
    }
    out.appendRaw(text, run, to - run);
    out.ascii('"');
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();
}
