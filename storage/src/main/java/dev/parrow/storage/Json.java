package dev.parrow.storage;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON that credential endpoints answer with (ECS, IMDS, SSO, {@code credential_process},
 * Azure's tokens): objects, arrays, strings, and numbers, booleans and null kept as their text. A
 * few dozen lines rather than a JSON library on the storage module's class path.
 */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /**
   * The object a document holds.
   *
   * @param what the document, for messages
   * @throws IOException if it is not a JSON object
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> object(String text, String what) throws IOException {
    Json json = new Json(text);
    try {
      json.space();
      Object value = json.value(0);
      json.space();
      if (!(value instanceof Map) || json.at != text.length()) {
        throw new IllegalArgumentException("not one JSON object");
      }
      return (Map<String, Object>) value;
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new IOException(what + " is not the JSON object expected: " + e.getMessage());
    }
  }

  /** A member as text (strings, and numbers and booleans as written), or null when absent. */
  static String string(Map<String, Object> object, String key) {
    Object v = object.get(key);
    return v instanceof String s ? s : null;
  }

  private Object value(int depth) {
    if (depth > 32) {
      throw new IllegalArgumentException("nested too deep");
    }
    char c = text.charAt(at);
    if (c == '{') {
      at++;
      Map<String, Object> out = new LinkedHashMap<>();
      space();
      if (text.charAt(at) == '}') {
        at++;
        return out;
      }
      while (true) {
        space();
        String key = string();
        space();
        expect(':');
        space();
        out.put(key, value(depth + 1));
        space();
        if (text.charAt(at) == ',') {
          at++;
          continue;
        }
        expect('}');
        return out;
      }
    }
    if (c == '[') {
      at++;
      List<Object> out = new ArrayList<>();
      space();
      if (text.charAt(at) == ']') {
        at++;
        return out;
      }
      while (true) {
        space();
        out.add(value(depth + 1));
        space();
        if (text.charAt(at) == ',') {
          at++;
          continue;
        }
        expect(']');
        return out;
      }
    }
    if (c == '"') {
      return string();
    }
    int start = at;
    while (at < text.length() && "{}[],: \t\r\n\"".indexOf(text.charAt(at)) < 0) {
      at++;
    }
    if (start == at) {
      throw new IllegalArgumentException("unexpected '" + c + "' at " + at);
    }
    String literal = text.substring(start, at);
    return literal.equals("null") ? null : literal;
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = text.charAt(at++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> out.append(e);
      }
    }
  }

  private void expect(char c) {
    if (text.charAt(at) != c) {
      throw new IllegalArgumentException("expected '" + c + "' at " + at);
    }
    at++;
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }
}
