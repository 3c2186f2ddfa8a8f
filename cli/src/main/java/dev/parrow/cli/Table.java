package dev.parrow.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A text table whose columns are aligned: numbers to the right, everything else to the left. The
 * rules for fitting a table to a width ({@link #fit}, {@link #cut}) serve the row printer too.
 */
final class Table {
  /** Columns are not cut below this many characters, even if the table then overflows. */
  static final int MIN_CUT_WIDTH = 8;

  private final String[] headers;
  private final boolean[] rightAligned;
  private final List<String[]> rows = new ArrayList<>();

  /** A header that starts with '>' is a right-aligned (numeric) column; the '>' is not printed. */
  Table(String... headers) {
    this.headers = new String[headers.length];
    this.rightAligned = new boolean[headers.length];
    for (int i = 0; i < headers.length; i++) {
      rightAligned[i] = headers[i].startsWith(">");
      this.headers[i] = rightAligned[i] ? headers[i].substring(1) : headers[i];
    }
  }

  void row(Object... cells) {
    if (cells.length != headers.length) {
      throw new IllegalArgumentException(
          cells.length + " cells for " + headers.length + " columns");
    }
    String[] text = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      text[i] = cells[i] == null ? "-" : cells[i].toString();
    }
    rows.add(text);
  }

  void print(PrintWriter out, String indent) {
    int[] widths = new int[headers.length];
    for (int i = 0; i < headers.length; i++) {
      widths[i] = width(headers[i]);
      for (String[] row : rows) {
        widths[i] = Math.max(widths[i], width(row[i]));
      }
    }
    StringBuilder line = new StringBuilder(256);
    printRow(out, line, indent, headers, widths);
    for (String[] row : rows) {
      printRow(out, line, indent, row, widths);
    }
  }

  /**
   * Caps the widths so that they sum to at most {@code room}: the largest cap that fits, but never
   * below {@link #MIN_CUT_WIDTH} (narrower columns keep their width).
   */
  static void fit(int[] widths, int room) {
    long total = 0;
    int widest = 0;
    for (int w : widths) {
      total += w;
      widest = Math.max(widest, w);
    }
    if (total <= room) {
      return;
    }
    int low = MIN_CUT_WIDTH;
    int high = widest;
    while (low < high) {
      int cap = (low + high + 1) >>> 1;
      long sum = 0;
      for (int w : widths) {
        sum += Math.min(w, cap);
      }
      if (sum <= room) {
        low = cap;
      } else {
        high = cap - 1;
      }
    }
    for (int i = 0; i < widths.length; i++) {
      widths[i] = Math.min(widths[i], low);
    }
  }

  private void printRow(
      PrintWriter out, StringBuilder line, String indent, String[] cells, int[] widths) {
    line.setLength(0);
    line.append(indent);
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        line.append("  ");
      }
      String cell = cells[i];
      int pad = widths[i] - width(cell);
      if (rightAligned[i]) {
        line.append(" ".repeat(pad)).append(cell);
      } else {
        line.append(cell).append(" ".repeat(pad));
      }
    }
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' ') {
      end--;
    }
    line.setLength(end);
    out.append(line).println();
  }

  /** Columns on screen (CJK and emoji two, combining marks none: {@link DisplayWidth}). */
  static int width(String s) {
    return DisplayWidth.of(s);
  }

  /** {@code s} in at most {@code width} columns, ending in "…" when cut. */
  static String cut(String s, int width) {
    if (width(s) <= width) {
      return s;
    }
    int room = Math.max(0, width - 1);
    int used = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int w = DisplayWidth.of(cp);
      if (used + w > room) {
        break;
      }
      used += w;
      i += Character.charCount(cp);
    }
    return s.substring(0, i) + "…";
  }
}
