package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parrow bloom-filter FILE --column C --value V}: probe each row group's filter. */
@Command(
    name = "bloom-filter",
    mixinStandardHelpOptions = true,
    description =
        "Probe each row group's Bloom filter of a column for a value: \"might contain\" or"
            + " \"definitely not\".")
final class BloomFilterCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InspectedFile input;

  @Mixin ColumnChoice.Required columnChoice;

  @Option(
      names = "--value",
      required = true,
      paramLabel = "V",
      description = "The value, read in the column's type (a number, text, a date, ...).")
  String value;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFile f = input.open()) {
      Columns.chosen(f, columnChoice.column);
      List<Boolean> answers = f.bloomFilterMightContain(columnChoice.column, value);
      Table table = new Table(">row group", "answer");
      for (int g = 0; g < answers.size(); g++) {
        Boolean a = answers.get(g);
        table.row(g, a == null ? "no Bloom filter" : a ? "might contain" : "definitely not");
      }
      table.print(out, "");
    }
    return 0;
  }
}
