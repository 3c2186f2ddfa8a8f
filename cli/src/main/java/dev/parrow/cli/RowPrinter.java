package dev.parrow.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Prints rows of Arrow batches as an aligned table, JSON lines or CSV, as UTF-8 bytes. Lines are
 * built in one buffer and written in large blocks; the caller flushes after each batch.
 */
final class RowPrinter {
  enum Format {
    table,
    jsonl,
    csv
  }

  /** Writing the output failed (a closed pipe, a full disk): the cause says how. */
  static final class OutputFailed extends RuntimeException {
    OutputFailed(IOException cause) {
      super(cause.getMessage(), cause);
    }

    @Override
    public synchronized IOException getCause() {
      return (IOException) super.getCause();
    }
  }

  /** How a table shows a null. */
  static final String TABLE_NULL = "null";

  private static final int BLOCK = 1 << 16;
  private static final int CHUNK = 2048;
  private static final int TABLE_ROWS = 1000;

  /** The table's column widths and alignment, set by its first rows; null before. */
  private int[] tableWidths;

  private boolean[] tableRight;

  private final OutputStream out;
  private final Format format;
  private final byte[] csvNull;
  private final int width;
  private final ValueText.Binary binary;
  private final Utf8Buffer text = new Utf8Buffer(2 * BLOCK);
  private ValueText[] columns = new ValueText[0];
  private ColumnText[] texts = new ColumnText[0];
  private boolean headerDone;

  /**
   * @param csvNull what CSV writes for a null (an empty string is then written {@code ""} when this
   *     is empty, so the two differ)
   * @param width the table's width in characters, cells cut to fit (0: whole values)
   */
  RowPrinter(OutputStream out, Format format, String csvNull, int width) {
    this(out, format, csvNull, width, format == Format.table ? ValueText.Binary.hex : null);
  }

  /**
   * @param binary how binary values are written (null: hex in tables, base64 in JSON and CSV)
   */
  RowPrinter(OutputStream out, Format format, String csvNull, int width, ValueText.Binary binary) {
    this.binary =
        binary != null
            ? binary
            : format == Format.table ? ValueText.Binary.hex : ValueText.Binary.base64;
    this.out = out;
    this.format = format;
    this.csvNull = csvNull.getBytes(StandardCharsets.UTF_8);
    this.width = width;
  }

  /** Prints rows {@code [0, limit)} of the batch. */
  void print(VectorSchemaRoot root, int limit) {
    List<FieldVector> vectors = root.getFieldVectors();
    if (columns.length != vectors.size()) {
      columns = new ValueText[vectors.size()];
      texts = new ColumnText[vectors.size()];
    }
    for (int c = 0; c < columns.length; c++) {
      // The reader fills the same vectors batch after batch, unless batches are read ahead: keep
      // the writers while the vectors stay, and the text buffers always.
      if (columns[c] == null || columns[c].vector != vectors.get(c)) {
        columns[c] = ValueText.of(vectors.get(c), binary);
      }
      if (texts[c] == null) {
        texts[c] = new ColumnText();
      }
    }
    if (format == Format.table) {
      // One table for the whole output: the header and the widths come from the first rows (up
      // to 1,000 of them), and later rows are laid out in those columns.
      for (int from = 0; from < limit; from += TABLE_ROWS) {
        int to = Math.min(limit, from + TABLE_ROWS);
        format(from, to);
        if (tableWidths == null) {
          tableHeader(root.getSchema().getFields(), to - from);
        }
        tableRows(to - from);
      }
      return;
    }
    // Lines are made from every column's text of a chunk of rows; chunks small enough to stay in
    // the processor's cache make that several times faster than whole batches.
    for (int from = 0; from < limit; from += CHUNK) {
      int to = Math.min(limit, from + CHUNK);
      format(from, to);
      if (format == Format.jsonl) {
        jsonl(to - from);
      } else {
        csv(root.getSchema().getFields(), to - from);
      }
    }
  }

  private void format(int from, int to) {
    for (int c = 0; c < columns.length; c++) {
      columns[c].format(from, to, texts[c]);
    }
  }

  /** Prints what a result with no rows shows: the table's header, the CSV header line. */
  void printEmpty(List<Field> fields) {
    switch (format) {
      case table -> {
        columns = new ValueText[0];
        texts = new ColumnText[0];
        tableHeader(fields, 0);
        text.append("(no rows)\n");
      }
      case csv -> csvHeader(fields);
      case jsonl -> {}
    }
  }

  /** Writes what is buffered and flushes the stream. */
  void flush() {
    drain();
    try {
      out.flush();
    } catch (IOException e) {
      throw new OutputFailed(e);
    }
  }

  /**
   * The table's header, with column widths fitted to the first {@code rows} rows (numbers to the
   * right; given a width, the widest columns cut until the lines fit). Values are measured by the
   * columns they take on a terminal: CJK and emoji two, combining marks none.
   */
  private void tableHeader(List<Field> fields, int rows) {
    int n = fields.size();
    String[] headers = new String[n];
    tableRight = new boolean[n];
    tableWidths = new int[n];
    for (int c = 0; c < n; c++) {
      headers[c] = escape(fields.get(c).getName());
      tableRight[c] = isNumber(fields.get(c));
      tableWidths[c] = Table.width(headers[c]);
      if (c < texts.length) {
        int[] cellWidths = cellWidths(c);
        for (int r = 0; r < rows; r++) {
          tableWidths[c] =
              Math.max(tableWidths[c], texts[c].isNull(r) ? TABLE_NULL.length() : cellWidths[r]);
        }
      }
    }
    if (width > 0) {
      Table.fit(tableWidths, width - 2 * (n - 1));
    }
    for (int c = 0; c < n; c++) {
      cell(Table.cut(headers[c], tableWidths[c]), tableWidths[c], tableRight[c], c == 0);
    }
    endLine();
  }

  /** Column {@code c}'s cell widths, its control characters escaped first. */
  private int[] cellWidths(int c) {
    if (!columns[c].plain && hasControl(texts[c].text)) {
      texts[c] = escaped(texts[c]);
    }
    // Numbers, dates and hex are ASCII: their widths are their lengths.
    return texts[c].widths(columns[c].plain);
  }

  /**
   * The formatted rows in the table's columns. A value wider than its column is cut when the table
   * fits a width, and otherwise printed whole (the lines after it stay aligned).
   */
  private void tableRows(int rows) {
    int n = tableWidths.length;
    int[][] cellWidths = new int[n][];
    for (int c = 0; c < n; c++) {
      cellWidths[c] = cellWidths(c);
    }
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < n; c++) {
        ColumnText t = texts[c];
        int columnWidth = tableWidths[c];
        if (t.isNull(r)) {
          cell(TABLE_NULL, columnWidth, tableRight[c], c == 0);
          continue;
        }
        int w = cellWidths[c][r];
        if (w > columnWidth && width > 0) {
          cell(Table.cut(t.string(r), columnWidth), columnWidth, tableRight[c], c == 0);
          continue;
        }
        if (c > 0) {
          text.spaces(2);
        }
        if (tableRight[c]) {
          text.spaces(columnWidth - w);
        }
        text.append(t.text, t.start(r), t.end(r));
        if (!tableRight[c]) {
          text.spaces(columnWidth - w);
        }
      }
      endLine();
    }
  }

  private void cell(String s, int width, boolean right, boolean first) {
    if (!first) {
      text.spaces(2);
    }
    int pad = width - Table.width(s);
    if (right) {
      text.spaces(pad);
    }
    text.append(s);
    if (!right) {
      text.spaces(pad);
    }
  }

  /** Ends a table line, without the padding after its last cell. */
  private void endLine() {
    int end = text.length();
    while (end > 0 && text.byteAt(end - 1) == ' ') {
      end--;
    }
    text.setLength(end);
    text.ascii('\n');
    maybeDrain();
  }

  private static boolean isNumber(Field f) {
    return switch (f.getType().getTypeID()) {
      case Int, FloatingPoint, Decimal -> true;
      default -> false;
    };
  }

  /** Whether the UTF-8 bytes hold a C0 or C1 control character, or DEL. */
  private static boolean hasControl(Utf8Buffer bytes) {
    byte[] b = bytes.array();
    for (int i = 0, n = bytes.length(); i < n; i++) {
      if ((b[i] >= 0 && b[i] < 0x20)
          || b[i] == 0x7f
          || (b[i] == (byte) 0xC2 && i + 1 < n && (b[i + 1] & 0xE0) == 0x80)) {
        return true;
      }
    }
    return false;
  }

  /** The column's values with their control characters escaped. */
  private static ColumnText escaped(ColumnText t) {
    ColumnText out = new ColumnText();
    out.reset(t.rows());
    for (int r = 0; r < t.rows(); r++) {
      if (t.isNull(r)) {
        out.endNull();
      } else {
        out.text.append(escape(t.string(r)));
        out.endValue();
      }
    }
    return out;
  }

  /**
   * The text with control characters shown as escapes ({@code \n}, {@code \t}, {@code \x1b}), so a
   * value can neither break the table's lines nor send the terminal commands.
   */
  static String escape(String s) {
    int n = s.length();
    int i = 0;
    while (i < n && !isControl(s.charAt(i))) {
      i++;
    }
    if (i == n) {
      return s;
    }
    StringBuilder sb = new StringBuilder(n + 8).append(s, 0, i);
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (!isControl(c)) {
        sb.append(c);
        continue;
      }
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> sb.append(String.format("\\x%02x", (int) c));
      }
    }
    return sb.toString();
  }

  private static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
  }

  private void jsonl(int rows) {
    byte[][] names = new byte[columns.length][];
    ValueText.Json[] json = new ValueText.Json[columns.length];
    for (int c = 0; c < columns.length; c++) {
      json[c] = columns[c].json;
      if (json[c] == ValueText.Json.QUOTED && texts[c].noJsonEscapes()) {
        json[c] = ValueText.Json.QUOTED_PLAIN;
      }
    }
    for (int c = 0; c < columns.length; c++) {
      String name = JsonWriter.quote(columns[c].vector.getField().getName());
      names[c] = ((c > 0 ? ", " : "") + name + ": ").getBytes(StandardCharsets.UTF_8);
    }
    for (int r = 0; r < rows; r++) {
      text.ascii('{');
      for (int c = 0; c < columns.length; c++) {
        text.appendRaw(names[c]);
        ColumnText t = texts[c];
        int from = t.start(r);
        int to = t.end(r);
        if (t.isNull(r)) {
          text.append("null");
        } else {
          switch (json[c]) {
            case BARE -> text.append(t.text, from, to);
            case QUOTED_PLAIN -> text.ascii('"').append(t.text, from, to).ascii('"');
            case QUOTED -> JsonWriter.appendQuoted(t.text.array(), from, to, text);
            case NUMBER_OR_QUOTED -> {
              if (columns[c].bareInJson(t.text, from, to)) {
                text.append(t.text, from, to);
              } else {
                text.ascii('"').append(t.text, from, to).ascii('"');
              }
            }
          }
        }
      }
      text.ascii('}').ascii('\n');
      maybeDrain();
    }
  }

  private void csv(List<Field> fields, int rows) {
    csvHeader(fields);
    boolean[] plain = new boolean[columns.length];
    for (int c = 0; c < columns.length; c++) {
      plain[c] = columns[c].plain || texts[c].noneOf(",\"\n\r");
    }
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < columns.length; c++) {
        if (c > 0) {
          text.ascii(',');
        }
        ColumnText t = texts[c];
        int from = t.start(r);
        int to = t.end(r);
        if (t.isNull(r)) {
          text.appendRaw(csvNull);
        } else if (from == to && csvNull.length == 0) {
          text.ascii('"').ascii('"');
        } else if (plain[c]) {
          text.append(t.text, from, to);
        } else {
          csvCell(t.text.array(), from, to);
        }
      }
      text.ascii('\n');
      maybeDrain();
    }
  }

  private void csvHeader(List<Field> fields) {
    if (headerDone) {
      return;
    }
    for (int c = 0; c < fields.size(); c++) {
      if (c > 0) {
        text.ascii(',');
      }
      byte[] name = fields.get(c).getName().getBytes(StandardCharsets.UTF_8);
      csvCell(name, 0, name.length);
    }
    text.ascii('\n');
    headerDone = true;
  }

  /** RFC 4180: quote a cell with a comma, quote or line break, doubling quotes. */
  private void csvCell(byte[] s, int from, int to) {
    boolean quote = false;
    for (int i = from; i < to && !quote; i++) {
      byte b = s[i];
      quote = b == ',' || b == '"' || b == '\n' || b == '\r';
    }
    if (!quote) {
      text.appendRaw(s, from, to - from);
      return;
    }
    text.ascii('"');
    int run = from;
    for (int i = from; i < to; i++) {
      if (s[i] == '"') {
        text.appendRaw(s, run, i + 1 - run).ascii('"');
        run = i + 1;
      }
    }
    text.appendRaw(s, run, to - run).ascii('"');
  }

  private void maybeDrain() {
    if (text.length() >= BLOCK) {
      drain();
    }
  }

  private void drain() {
    try {
      out.write(text.array(), 0, text.length());
    } catch (IOException e) {
      throw new OutputFailed(e);
    }
    text.clear();
  }
}
