package dev.parrow.arrow.internal.dataset;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Hive-style partition directories ({@code date=2024-01-01/region=EU/}): their keys and values, and
 * the type of each key, inferred from all its values as DuckDB and pyarrow infer it (integers, then
 * dates, else strings) or given.
 */
public final class HivePartitions {
  private HivePartitions() {}

  /** The directory name Hive writes for a null partition value. */
  public static final String NULL_VALUE = "__HIVE_DEFAULT_PARTITION__";

  /**
   * The {@code key=value} directories of a relative path, outermost first, their values decoded
   * from Hive's %XX escapes; null values for {@link #NULL_VALUE}.
   *
   * @param directories the directory names between the dataset's root and the file
   */
  public static Map<String, String> parse(List<String> directories) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String d : directories) {
      int eq = d.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String key = unescape(d.substring(0, eq));
      String value = unescape(d.substring(eq + 1));
      out.put(key, value.equals(NULL_VALUE) ? null : value);
    }
    return out;
  }

  /**
   * Undoes Hive's escaping of a path segment (the characters of {@link #escape}, as %XX).
   *
   * @param s the segment
   * @return the text it stands for
   */
  public static String unescape(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /**
   * A value as a directory name: null as {@link #NULL_VALUE}, and the characters that a path or
   * Hive cannot hold ({@code / \ = % : # ? * " ' < > |}, controls, and a leading dot) as %XX, as
   * Hive, Spark and pyarrow escape them.
   *
   * @param value the value, or null
   * @return the directory name's value part
   */
  public static String escape(String value) {
    if (value == null) {
      return NULL_VALUE;
    }
    if (value.isEmpty()) {
      // An empty value cannot make a directory; Hive and Spark write it as null too.
      return NULL_VALUE;
    }
    StringBuilder out = new StringBuilder();
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xFF;
      boolean special =
          b < 0x20 || b == 0x7F || "/\\=%:#?*\"'<>|^[]{}".indexOf(b) >= 0 || (i == 0 && b == '.');
      if (special) {
        out.append('%').append(String.format("%02X", b));
      } else if (b < 0x80) {
        out.append((char) b);
      } else {
        // Multi-byte UTF-8 stays as it is, whole.
        int len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
        out.append(new String(bytes, i, Math.min(len, bytes.length - i), StandardCharsets.UTF_8));
        i += len - 1;
      }
    }
    return out.toString();
  }

  /**
   * The type of a partition key from all its values (nulls ignored): Int(64) when every value is an
   * integer that fits, Date(DAY) when every value is an ISO date, else Utf8.
   *
   * @param values the key's values across the files
   */
  public static ArrowType infer(List<String> values) {
    boolean integers = true;
    boolean dates = true;
    boolean any = false;
    for (String v : values) {
      if (v == null) {
        continue;
      }
      any = true;
      integers &= parseLong(v) != null;
      dates &= parseDate(v) != null;
    }
    if (any && integers) {
      return new ArrowType.Int(64, true);
    }
    if (any && dates) {
      return new ArrowType.Date(DateUnit.DAY);
    }
    return ArrowType.Utf8.INSTANCE;
  }

  /**
   * A partition value in its key's type: a Long, a LocalDate or a String (null stays null).
   *
   * @throws IllegalArgumentException when the value does not fit the type
   */
  public static Object value(String text, ArrowType type) {
    if (text == null) {
      return null;
    }
    if (type instanceof ArrowType.Int i) {
      Long v = parseLong(text);
      if (v == null
          || (i.getBitWidth() < 64
              && (v < -(1L << (i.getBitWidth() - 1)) || v >= 1L << (i.getBitWidth() - 1)))) {
        throw new IllegalArgumentException(
            "'" + text + "' is not an integer of " + i.getBitWidth() + " bits");
      }
      return v;
    }
    if (type instanceof ArrowType.Date) {
      LocalDate d = parseDate(text);
      if (d == null) {
        throw new IllegalArgumentException("'" + text + "' is not a date (yyyy-mm-dd)");
      }
      return d;
    }
    if (type instanceof ArrowType.Utf8) {
      return text;
    }
    throw new IllegalArgumentException(
        "a partition key can be an integer, a date or a string, not " + type);
  }

  private static Long parseLong(String v) {
    if (!v.matches("-?[0-9]{1,19}")) {
      return null;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static LocalDate parseDate(String v) {
    if (!v.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
      return null;
    }
    try {
      return LocalDate.parse(v);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * The directory names of {@code path} below {@code root} (the file's own name excluded).
   *
   * @param relative the file's path relative to the root, '/'-separated
   */
  public static List<String> directories(String relative) {
    List<String> out = new ArrayList<>(List.of(relative.split("/")));
    if (!out.isEmpty()) {
      out.remove(out.size() - 1);
    }
    out.removeIf(String::isEmpty);
    return out;
  }
}
