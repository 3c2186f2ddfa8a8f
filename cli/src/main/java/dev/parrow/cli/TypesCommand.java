package dev.parrow.cli;

import dev.parrow.arrow.ColumnDescription;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code parrow types FILE}: each leaf column's Parquet types and the Arrow type Parrow reads it
 * as.
 */
@Command(
    name = "types",
    mixinStandardHelpOptions = true,
    description =
        "Print one row per leaf column: path, physical type, type length, repetition, converted "
            + "type, logical type, the Arrow type Parrow reads it as, and whether the file's ARROW:schema hint "
            + "changed that type.")
final class TypesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InspectedFile input;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (ParquetFile f = input.open()) {
      Table table =
          new Table(
              "column",
              "physical",
              ">length",
              "repetition",
              "converted",
              "logical",
              "arrow",
              "hint");
      for (ColumnDescription d : f.describe()) {
        ColumnDescriptor c = d.column();
        table.row(
            c.dottedPath(),
            c.physicalType(),
            c.element().typeLength(),
            c.element().repetition(),
            SchemaCommand.convertedType(c.element()),
            c.logicalType() == null ? null : c.logicalType().describe(),
            d.arrowTypeText(),
            d.changedByHint() ? "yes" : "no");
      }
      table.print(out, "");
    }
    return 0;
  }
}
