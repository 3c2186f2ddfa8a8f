package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.util.List;

/** The leaf columns a verb's {@code --column} names. */
final class Columns {
  private Columns() {}

  /** Every leaf, or the one named (an error naming the file and the columns when it is not). */
  static List<ColumnDescriptor> chosen(ParquetFile file, String column) {
    List<ColumnDescriptor> all = file.footer().schema().columns();
    if (column == null) {
      return all;
    }
    ColumnDescriptor only = file.footer().schema().column(column);
    if (only == null) {
      throw new IllegalArgumentException(
          file.footer().fileName()
              + ": no leaf column '"
              + column
              + "'; the columns are: "
              + String.join(", ", all.stream().map(ColumnDescriptor::dottedPath).toList()));
    }
    return List.of(only);
  }
}
