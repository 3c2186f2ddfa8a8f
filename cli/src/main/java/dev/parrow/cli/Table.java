package dev.parrow.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A text table whose columns are aligned: numbers to the right, everything else to the left. */
final class Table {
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
      widths[i] = headers[i].length();
      for (String[] row : rows) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    printRow(out, indent, headers, widths);
    for (String[] row : rows) {
      printRow(out, indent, row, widths);
    }
  }

  private void printRow(PrintWriter out, String indent, String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder(indent);
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        line.append("  ");
      }
      String pad = " ".repeat(widths[i] - cells[i].length());
      line.append(rightAligned[i] ? pad + cells[i] : cells[i] + pad);
    }
    out.println(line.toString().stripTrailing());
  }
}
