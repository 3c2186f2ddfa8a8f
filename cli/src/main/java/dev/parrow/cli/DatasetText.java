package dev.parrow.cli;

import dev.parrow.arrow.DatasetColumn;
import dev.parrow.arrow.DatasetFile;
import dev.parrow.arrow.ParquetDataset;
import java.io.PrintWriter;
import java.util.Map;

/** What {@code schema} and {@code meta} print for a dataset (a directory, a glob, a prefix). */
final class DatasetText {
  private DatasetText() {}

  static void header(PrintWriter out, String location, ParquetDataset dataset) {
    long rows = dataset.files().stream().mapToLong(DatasetFile::rows).sum();
    out.printf(
        "%s: %s, %s, %s (%s)%n",
        location,
        Sizes.plural(dataset.files().size(), "file"),
        Sizes.plural(rows, "row"),
        Sizes.plural(dataset.schema().getFields().size(), "column"),
        Sizes.plural(dataset.partitionKeys().size(), "partition key"));
  }

  /** The unified columns: type, whether nullable, and where each comes from. */
  static void schema(PrintWriter out, String location, ParquetDataset dataset) {
    header(out, location, dataset);
    out.println();
    Table table = new Table("column", "arrow type", "nullable", "source");
    int files = dataset.files().size();
    for (DatasetColumn c : dataset.describe()) {
      String source;
      if (c.partitionKey()) {
        source = "partition key";
      } else {
        source = "in " + c.filesWithColumn() + " of " + files + " files";
        if (!c.widenedFrom().isEmpty()) {
          source += ", widened from " + String.join(", ", c.widenedFrom());
        }
      }
      table.row(
          c.field().getName(), c.field().getType().toString(), c.field().isNullable(), source);
    }
    table.print(out, "");
  }

  /** The files, their rows and partition values. */
  static void files(PrintWriter out, String location, ParquetDataset dataset, boolean json) {
    if (json) {
      JsonWriter j = new JsonWriter().beginObject();
      j.field("dataset", location);
      j.name("files").beginArray();
      for (DatasetFile f : dataset.files()) {
        j.beginObject();
        j.field("file", f.location());
        j.field("numRows", f.rows());
        j.name("partitions").beginObject();
        for (Map.Entry<String, Object> p : f.partitions().entrySet()) {
          j.field(p.getKey(), p.getValue() == null ? null : p.getValue().toString());
        }
        j.endObject();
        j.endObject();
      }
      j.endArray();
      j.endObject();
      out.println(j);
      return;
    }
    header(out, location, dataset);
    out.println();
    Table table = new Table("file", ">rows", "partitions");
    for (DatasetFile f : dataset.files()) {
      StringBuilder parts = new StringBuilder();
      for (Map.Entry<String, Object> p : f.partitions().entrySet()) {
        if (parts.length() > 0) {
          parts.append(", ");
        }
        parts.append(p.getKey()).append('=').append(p.getValue());
      }
      table.row(f.location(), Sizes.count(f.rows()), parts.toString());
    }
    table.print(out, "");
  }
}
