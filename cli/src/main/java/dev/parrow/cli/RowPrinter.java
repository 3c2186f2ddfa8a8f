package dev.parrow.cli;

import java.io.PrintWriter;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Prints rows of Arrow batches as an aligned table, JSON lines or CSV. */
final class RowPrinter {
  enum Format {
    table,
    jsonl,
    csv
  }

  private final PrintWriter out;
  private final Format format;
  private boolean headerDone;

  RowPrinter(PrintWriter out, Format format) {
    this.out = out;
    this.format = format;
  }

  /** Prints rows {@code [0, limit)} of the batch. */
  void print(VectorSchemaRoot root, int limit) {
    List<FieldVector> vectors = root.getFieldVectors();
    switch (format) {
      case table -> table(vectors, limit);
      case jsonl -> jsonl(vectors, limit);
      case csv -> csv(vectors, limit);
    }
  }

  private void table(List<FieldVector> vectors, int limit) {
    String[] headers = vectors.stream().map(v -> v.getField().getName()).toArray(String[]::new);
    Table table = new Table(headers);
    for (int r = 0; r < limit; r++) {
      Object[] cells = new Object[vectors.size()];
      for (int c = 0; c < cells.length; c++) {
        String text = VectorValues.text(vectors.get(c), r);
        cells[c] = text == null ? "null" : MetaCommand.abbreviate(text.replace("\n", "\\n"), 60);
      }
      table.row(cells);
    }
    table.print(out, "");
  }

  private void jsonl(List<FieldVector> vectors, int limit) {
    for (int r = 0; r < limit; r++) {
      StringBuilder line = new StringBuilder("{");
      for (int c = 0; c < vectors.size(); c++) {
        FieldVector v = vectors.get(c);
        if (c > 0) {
          line.append(", ");
        }
        line.append(JsonWriter.quote(v.getField().getName())).append(": ");
        String text = VectorValues.text(v, r);
        if (text == null) {
          line.append("null");
        } else if (VectorValues.isJsonLiteral(v, text)) {
          line.append(text);
        } else {
          line.append(JsonWriter.quote(text));
        }
      }
      out.println(line.append('}'));
    }
  }

  private void csv(List<FieldVector> vectors, int limit) {
    if (!headerDone) {
      out.println(
          String.join(",", vectors.stream().map(v -> csvCell(v.getField().getName())).toList()));
      headerDone = true;
    }
    for (int r = 0; r < limit; r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < vectors.size(); c++) {
        if (c > 0) {
          line.append(',');
        }
        String text = VectorValues.text(vectors.get(c), r);
        line.append(text == null ? "" : csvCell(text));
      }
      out.println(line);
    }
  }

  /** RFC 4180: quote a cell with a comma, quote or line break, doubling quotes. */
  private static String csvCell(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
