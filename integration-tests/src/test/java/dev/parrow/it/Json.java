package dev.parrow.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for test data: objects as ordered maps, arrays as lists, strings, booleans,
 * null, and numbers kept as their exact text ({@link Num}) so that -0, 2^63 and %.17g doubles stay
 * exact.
 */
public final class Json {
  /** A JSON number as written. */
  record Num(String text) {}

  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  public static Object parse(String text) {
    Json p = new Json(text);
    Object v = p.value();
    p.space();
    if (p.i != text.length()) {
      throw new IllegalArgumentException("trailing text at " + p.i);
    }
    return v;
  }

  private Object value() {
    space();
    char c = s.charAt(i);
    switch (c) {
      case '{':
        {
          i++;
          Map<String, Object> map = new LinkedHashMap<>();
          space();
          if (s.charAt(i) == '}') {
            i++;
            return map;
          }
          while (true) {
            space();
            String key = string();
            space();
            expect(':');
            map.put(key, value());
            space();
            if (s.charAt(i) == ',') {
              i++;
            } else {
              expect('}');
              return map;
            }
          }
        }
      case '[':
        {
          i++;
          List<Object> list = new ArrayList<>();
          space();
          if (s.charAt(i) == ']') {
            i++;
            return list;
          }
          while (true) {
            list.add(value());
            space();
            if (s.charAt(i) == ',') {
              i++;
            } else {
              expect(']');
              return list;
            }
          }
        }
      case '"':
        return string();
      case 't':
        i += 4;
        return Boolean.TRUE;
      case 'f':
        i += 5;
        return Boolean.FALSE;
      case 'n':
        i += 4;
        return null;
      default:
        {
          int start = i;
          while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
          }
          return new Num(s.substring(start, i));
        }
    }
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = s.charAt(i++);
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'u' -> {
          sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
        }
        default -> sb.append(e);
      }
    }
  }

  private void expect(char c) {
    if (s.charAt(i) != c) {
      throw new IllegalArgumentException("expected " + c + " at " + i + ", found " + s.charAt(i));
    }
    i++;
  }

  private void space() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
  }
}
