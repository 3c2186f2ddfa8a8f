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
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
