package dev.parrow.cli;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.storage.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parrow import IN.csv|IN.jsonl OUT.parquet}: CSV or JSON lines as Parquet, each column's
 * type inferred from all of its values (or given with --schema).
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description =
        "Write a CSV or JSON lines file as Parquet. Each column's type is the narrowest that holds"
            + " every value (BOOLEAN, BIGINT, DOUBLE, DATE, TIMESTAMP, TIMESTAMPTZ, else VARCHAR;"
            + " the file is read twice), or the one --schema gives. OUT appears whole or not at"
            + " all. - reads IN from stdin.")
final class ImportCommand implements Callable<Integer> {
  enum Format {
    csv,
    jsonl
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = "The CSV or JSON lines file, or -.")
  Path input;

  @Parameters(
      index = "1",
      paramLabel = "OUT",
      description = "The Parquet file to write (a path, or an s3://, az:// or abfss:// URI).")
  String output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "csv or jsonl (default: by IN's extension; .tsv is CSV with tabs).")
  Format format;

  @Option(
      names = "--delimiter",
      paramLabel = "C",
      description = "The CSV field separator (default , or a tab for .tsv).")
  Character delimiter;

  @Option(
      names = "--no-header",
      description = "The CSV's first line is a row: columns are column0, column1, ...")
  boolean noHeader;

  @Option(
      names = "--null-value",
      paramLabel = "TEXT",
      defaultValue = "",
      description = "CSV text read as null, unquoted (default: an empty field).")
  String nullValue;

  @Option(
      names = "--schema",
      paramLabel = "COL TYPE[, ...]",
      description =
          "Types for some or all columns, as DuckDB names them: BOOLEAN, INTEGER, BIGINT, FLOAT,"
              + " DOUBLE, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, VARCHAR (\"id BIGINT, name VARCHAR\")."
              + " A value that is not of its column's type is an error naming its line.")
  String schema;

  @Option(
      names = "--batch-size",
      paramLabel = "ROWS",
      defaultValue = "65536",
      description = "Rows per Arrow batch written (default 65,536).")
  int batchSize;

  @Mixin WriteSettings settings;

  @Mixin KeySettings keys;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    ParrowCommand top = ParrowCommand.of(spec);
    settings.encrypt(keys);
    OutputFile target = Outputs.of(output, overwrite.allowed);
    Path file = input;
    boolean temporary = false;
    if (Inputs.isStdio(input)) {
      // Read twice (the types, then the rows): standard input is kept in a file meanwhile.
      file = Inputs.spoolStdin(".txt");
      temporary = true;
    } else {
      Inputs.requireFile(input, "a CSV or JSON lines file");
    }
    try {
      Format f = format != null ? format : byExtension(input);
      Map<String, TextColumn.Type> given = givenTypes(schema);
      List<TextColumn> columns = infer(file, f, given);
      write(file, f, columns, target, top);
      return 0;
    } finally {
      if (temporary) {
        Files.deleteIfExists(file);
      }
    }
  }

  private static Format byExtension(Path p) {
    String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
      return Format.jsonl;
    }
    if (name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
      return Format.csv;
    }
    throw new IllegalArgumentException(
        p + ": cannot tell CSV from JSON lines by the name; give --format csv or --format jsonl");
  }

  private TextTable open(Path file, Format f) throws java.io.IOException {
    if (f == Format.jsonl) {
      return TextTable.jsonl(file);
    }
    char sep =
        delimiter != null
            ? delimiter
            : input.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".tsv") ? '\t' : ',';
    return TextTable.csv(file, sep, !noHeader, nullValue);
  }

  /** {@code "a BIGINT, b VARCHAR"} as names and types. */
  static Map<String, TextColumn.Type> givenTypes(String schema) {
    Map<String, TextColumn.Type> out = new LinkedHashMap<>();
    if (schema == null || schema.isBlank()) {
      return out;
    }
    for (String part : schema.split(",")) {
      String p = part.trim();
      int space = p.lastIndexOf(' ');
      if (space <= 0) {
        throw new IllegalArgumentException(
            "--schema: '" + p + "' is not a column and a type (\"name TYPE\")");
      }
      String name = p.substring(0, space).trim();
      if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
        name = name.substring(1, name.length() - 1);
      }
      out.put(name, TextColumn.Type.named(p.substring(space + 1)));
    }
    return out;
  }

  /** The first read: every column's type, from all of its values unless given. */
  private List<TextColumn> infer(Path file, Format f, Map<String, TextColumn.Type> given)
      throws Exception {
    try (TextTable table = open(file, f)) {
      List<TextColumn> columns = new ArrayList<>();
      for (String name : table.names()) {
        columns.add(new TextColumn(name, given.get(name)));
      }
      for (String name : given.keySet()) {
        if (!table.names().contains(name)) {
          throw new IllegalArgumentException(
              "--schema names '"
                  + name
                  + "', which "
                  + file
                  + " has no column of; it has "
                  + table.names());
        }
      }
      String[] values = new String[columns.size()];
      TextTable.Kind[] kinds = new TextTable.Kind[columns.size()];
      while (table.next(values, kinds)) {
        for (int c = 0; c < values.length; c++) {
          columns.get(c).observe(values[c], kinds[c]);
        }
      }
      columns.forEach(TextColumn::decide);
      return columns;
    }
  }

  /** The second read: the rows in batches, written to OUT, which a failure leaves as it was. */
  private void write(
      Path file, Format f, List<TextColumn> columns, OutputFile target, ParrowCommand top)
      throws Exception {
    List<Field> fields = new ArrayList<>();
    for (TextColumn c : columns) {
      fields.add(Field.nullable(c.name, c.type.arrow));
    }
    Schema arrow = new Schema(fields);
    var err = spec.commandLine().getErr();
    Progress progress = new Progress(err, -1, top.quiet);
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator);
        TextTable table = open(file, f)) {
      ParquetArrowWriter writer = ParquetArrowWriter.create(target, arrow, settings.options());
      try {
        String[] values = new String[columns.size()];
        TextTable.Kind[] kinds = new TextTable.Kind[columns.size()];
        boolean more = true;
        while (more) {
          columns.forEach(c -> c.startBatch(batchSize));
          int n = 0;
          while (n < batchSize && (more = table.next(values, kinds))) {
            for (int c = 0; c < values.length; c++) {
              columns.get(c).add(values[c], table::where);
            }
            n++;
          }
          if (n == 0) {
            break;
          }
          for (int c = 0; c < columns.size(); c++) {
            columns.get(c).fill(root.getVector(c));
          }
          root.setRowCount(n);
          writer.write(root);
          rows += n;
          progress.update(rows);
        }
        writer.close();
      } catch (Exception | Error e) {
        progress.abandon();
        writer.abort();
        throw e;
      }
    }
    progress.finish(
        "wrote " + Sizes.plural(rows, "row") + " of " + Inputs.name(input) + " to " + target, rows);
  }
}
