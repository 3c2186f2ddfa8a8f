package dev.parrow.cli;

/**
 * One column of a batch as text: the UTF-8 bytes of each row's value back to back, where each ends
 * and which are null. {@link ValueText} fills it a column at a time; the printers then take a row
 * at a time from every column.
 */
final class ColumnText {
  final Utf8Buffer text = new Utf8Buffer(1 << 16);
  private int[] ends = new int[1024];
  private boolean[] nulls = new boolean[1024];
  private int rows;

  /** Empties it for {@code n} rows. */
  void reset(int n) {
    text.clear();
    if (ends.length < n) {
      ends = new int[n];
      nulls = new boolean[n];
    }
    rows = 0;
  }

  /** The value of the next row is what was appended since the previous one. */
  void endValue() {
    ends[rows] = text.length();
    nulls[rows++] = false;
  }

  /** The next row is null. */
  void endNull() {
    ends[rows] = text.length();
    nulls[rows++] = true;
  }

  int rows() {
    return rows;
  }

  boolean isNull(int row) {
    return nulls[row];
  }

  int start(int row) {
    return row == 0 ? 0 : ends[row - 1];
  }

  int end(int row) {
    return ends[row];
  }

  /**
   * Whether no value holds a byte of {@code special} (ASCII characters), checked over the whole
   * column in one pass: when none does, the printers copy the values without looking at each.
   */
  boolean noneOf(String special) {
    boolean[] hit = new boolean[128];
    for (int i = 0; i < special.length(); i++) {
      hit[special.charAt(i)] = true;
    }
    byte[] b = text.array();
    for (int i = 0, n = text.length(); i < n; i++) {
      int c = b[i];
      if (c >= 0 && hit[c]) {
        return false;
      }
    }
    return true;
  }

  /** Whether no value holds an ASCII control character (JSON escapes those, and quotes). */
  boolean noJsonEscapes() {
    byte[] b = text.array();
    for (int i = 0, n = text.length(); i < n; i++) {
      int c = b[i];
      if ((c >= 0 && c < 0x20) || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  /** Columns on screen of the value (CJK and emoji two, combining marks none). */
  int width(int row) {
    return DisplayWidth.ofUtf8(text.array(), start(row), ends[row]);
  }

  /** The widths of all the values, in one pass ({@code ascii}: a value's width is its length). */
  int[] widths(boolean ascii) {
    int[] w = new int[rows];
    for (int r = 0; r < rows; r++) {
      w[r] = ascii ? end(r) - start(r) : width(r);
    }
    return w;
  }

  /** The value as a String (for the rare values that need escaping or cutting). */
  String string(int row) {
    return new String(
        text.array(), start(row), ends[row] - start(row), java.nio.charset.StandardCharsets.UTF_8);
  }
}
