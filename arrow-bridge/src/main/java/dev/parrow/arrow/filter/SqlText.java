package dev.parrow.arrow.filter;

/** How filters and expressions print names and literals as SQL that parses back to them. */
final class SqlText {
  private SqlText() {}

  static String quote(String column) {
    StringBuilder out = new StringBuilder();
    for (String part : column.split("\\.", -1)) {
      if (out.length() > 0) {
        out.append('.');
      }
      out.append('"').append(part.replace("\"", "\"\"")).append('"');
    }
    return out.toString();
  }

  static String sql(Object value) {
    if (value instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if ((value instanceof Double d && !Double.isFinite(d)) || value instanceof Float) {
      // Text, which SQL casts to the column's type: a float literal stays a float.
      return "'" + value + "'";
    }
    if (value instanceof Double d && d == 0 && 1 / d < 0) {
      // -0.0 as a double literal: as a decimal it would read back as 0.
      return "-0E0";
    }
    if (value instanceof java.math.BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number) {
      return value.toString();
    }
    if (value instanceof byte[] bytes) {
      StringBuilder hex = new StringBuilder("'");
      for (byte b : bytes) {
        hex.append(String.format("\\x%02X", b & 0xFF));
      }
      return hex.append("'::BLOB").toString();
    }
    return "'" + value.toString().replace("'", "''") + "'";
  }
}
