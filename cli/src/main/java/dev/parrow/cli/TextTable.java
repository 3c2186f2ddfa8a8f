package dev.parrow.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of a CSV or JSON lines file, one at a time, each value as its text (or null) and the
 * kind of token it was. CSV follows RFC 4180 (quoted fields, doubled quotes, line breaks inside
 * quotes); an empty unquoted field is null, a quoted one the empty string. A JSON line is one
 * object; its keys are the columns (the union over the file, in first-seen order); a nested object
 * or array is kept as its JSON text.
 */
abstract class TextTable implements AutoCloseable {
  /** What kind of token a value was: it limits the types the value can be. */
  enum Kind {
    /** CSV text: any type that parses it. */
    TEXT,
    /** A JSON string: text, dates and timestamps. */
    STRING,
    /** A JSON number. */
    NUMBER,
    /** A JSON true or false. */
    BOOLEAN,
    /** A JSON object or array, kept as its text. */
    NESTED
  }

  /** The file, for messages. */
  final Path file;

  /** The line the current row started on (1 is the first). */
  long line;

  TextTable(Path file) {
    this.file = file;
  }

  /** The columns, in order. */
  abstract List<String> names() throws IOException;

  /**
   * Reads the next row into {@code values} and {@code kinds} (one slot per column, null for a
   * missing value); false at the end.
   */
  abstract boolean next(String[] values, Kind[] kinds) throws IOException;

  static TextTable csv(Path file, char delimiter, boolean header, String nullText)
      throws IOException {
    return new Csv(file, delimiter, header, nullText);
  }

  /** JSON lines: the first pass of the file finds the columns. */
  static TextTable jsonl(Path file) throws IOException {
    return new JsonLines(file);
  }

  String where() {
    return file + ", line " + line;
  }

  private static final class Csv extends TextTable {
    private final BufferedReader in;
    private final char delimiter;
    private final String nullText;
    private final List<String> names;
    private final List<String> fields = new ArrayList<>();
    private final List<Boolean> quoted = new ArrayList<>();
    private final StringBuilder field = new StringBuilder();
    private long nextLine = 1;

    Csv(Path file, char delimiter, boolean header, String nullText) throws IOException {
      super(file);
      this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
      this.delimiter = delimiter;
      this.nullText = nullText;
      if (!readRecord()) {
        throw new IllegalArgumentException(file + ": is empty; expected a CSV header line");
      }
      if (fields.get(0).startsWith("\uFEFF")) {
        // A byte-order mark before the first field.
        fields.set(0, fields.get(0).substring(1));
      }
      if (header) {
        names = List.copyOf(fields);
      } else {
        List<String> generated = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
          generated.add("column" + i);
        }
        names = generated;
        pending = true;
      }
    }

    /** The record read by the constructor is the first row (no header). */
    private boolean pending;

    @Override
    List<String> names() {
      return names;
    }

    @Override
    boolean next(String[] values, Kind[] kinds) throws IOException {
      if (pending) {
        pending = false;
      } else if (!readRecord()) {
        return false;
      }
      if (fields.size() == 1 && fields.get(0).isEmpty() && !quoted.get(0) && names.size() > 1) {
        // A blank line.
        return next(values, kinds);
      }
      if (fields.size() != names.size()) {
        throw new IllegalArgumentException(
            where() + ": " + fields.size() + " fields, but the header has " + names.size());
      }
      for (int c = 0; c < values.length; c++) {
        String v = fields.get(c);
        boolean isNull = !quoted.get(c) && (v.isEmpty() || v.equals(nullText));
        values[c] = isNull ? null : v;
        kinds[c] = Kind.TEXT;
      }
      return true;
    }

    /** Reads one record's fields; false at the end of the file. */
    private boolean readRecord() throws IOException {
      fields.clear();
      quoted.clear();
      field.setLength(0);
      line = nextLine;
      int c = in.read();
      if (c < 0) {
        return false;
      }
      boolean inQuotes = false;
      boolean wasQuoted = false;
      while (true) {
        if (inQuotes) {
          if (c < 0) {
            throw new IllegalArgumentException(where() + ": a quoted field is not closed");
          }
          if (c == '"') {
            int d = in.read();
            if (d == '"') {
              field.append('"');
            } else {
              inQuotes = false;
              c = d;
              continue;
            }
          } else {
            if (c == '\n') {
              nextLine++;
            }
            field.append((char) c);
          }
        } else if (c == '"' && field.length() == 0 && !wasQuoted) {
          inQuotes = true;
          wasQuoted = true;
        } else if (c == delimiter) {
          endField(wasQuoted);
          wasQuoted = false;
        } else if (c == '\n' || c == '\r' || c < 0) {
          if (c == '\r') {
            in.mark(1);
            if (in.read() != '\n') {
              in.reset();
            }
          }
          if (c >= 0) {
            nextLine++;
          }
          endField(wasQuoted);
          return true;
        } else {
          field.append((char) c);
        }
        c = in.read();
      }
    }

    private void endField(boolean wasQuoted) {
      fields.add(field.toString());
      quoted.add(wasQuoted);
      field.setLength(0);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  private static final class JsonLines extends TextTable {
    private static final JsonFactory JSON = new JsonFactory();
    private final List<String> names;
    private final Map<String, Integer> index = new LinkedHashMap<>();
    private final BufferedReader in;

    JsonLines(Path file) throws IOException {
      super(file);
      // The columns are the keys of every object, in the order they first appear.
      try (BufferedReader scan = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String text;
        long n = 0;
        while ((text = scan.readLine()) != null) {
          n++;
          if (text.isBlank()) {
            continue;
          }
          try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
              throw new IllegalArgumentException(
                  file + ", line " + n + ": not a JSON object; JSON lines hold one object a line");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              index.putIfAbsent(p.currentName(), index.size());
              p.nextToken();
              p.skipChildren();
            }
          } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(
                file + ", line " + n + ": not valid JSON: " + e.getOriginalMessage(), e);
          }
        }
      }
      this.names = List.copyOf(index.keySet());
      this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
    }

    @Override
    List<String> names() {
      return names;
    }

    @Override
    boolean next(String[] values, Kind[] kinds) throws IOException {
      String text;
      do {
        text = in.readLine();
        line++;
        if (text == null) {
          return false;
        }
      } while (text.isBlank());
      java.util.Arrays.fill(values, null);
      java.util.Arrays.fill(kinds, null);
      try (JsonParser p = JSON.createParser(text)) {
        p.nextToken();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          int c = index.get(p.currentName());
          JsonToken t = p.nextToken();
          switch (t) {
            case VALUE_NULL -> values[c] = null;
            case VALUE_TRUE, VALUE_FALSE -> {
              values[c] = p.getText();
              kinds[c] = Kind.BOOLEAN;
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
              values[c] = p.getText();
              kinds[c] = Kind.NUMBER;
            }
            case VALUE_STRING -> {
              values[c] = p.getText();
              kinds[c] = Kind.STRING;
            }
            default -> {
              StringWriter nested = new StringWriter();
              try (JsonGenerator g = JSON.createGenerator(nested)) {
                g.copyCurrentStructure(p);
              }
              values[c] = nested.toString();
              kinds[c] = Kind.NESTED;
            }
          }
        }
      }
      return true;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
