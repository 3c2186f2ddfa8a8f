package dev.parrow.cli;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow count FILE [--where EXPR]}: the number of rows, alone on a line. */
@Command(
    name = "count",
    mixinStandardHelpOptions = true,
    description =
        "Print the number of rows of a Parquet file or dataset: from the footers, reading no data,"
            + " or, with --where, the rows that match (reading only the filter's columns and the"
            + " row groups and pages that may match).")
final class CountCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = Inputs.PARQUET_LOCATION_STDIN)
  String file;

  @Mixin FilterSettings filter;

  @Mixin KeySettings keys;

  @Override
  public Integer call() throws Exception {
    try (ParquetSource parquet =
        ParquetSource.open(file, dev.parrow.types.TypeOptions.defaults(), keys.decryption())) {
      spec.commandLine().getOut().println(count(parquet, filter, spec.commandLine().getErr()));
      spec.commandLine().getOut().flush();
    }
    return 0;
  }

  /**
   * The columns a count reads: those the filter names, but a map's key ({@code m.key}, as SQL reads
   * {@code m['key']}) as its map.
   */
  private static List<String> projected(Filter where, Schema schema) {
    List<String> out = new ArrayList<>();
    for (String name : where.columns()) {
      String column = mapAbove(schema.getFields(), name, "");
      if (!out.contains(column == null ? name : column)) {
        out.add(column == null ? name : column);
      }
    }
    return out;
  }

  /** The path of the map that a dotted path goes into through structs, or null. */
  private static String mapAbove(List<Field> fields, String path, String above) {
    for (Field f : fields) {
      if (path.startsWith(f.getName() + ".")) {
        String here = above + f.getName();
        if (f.getType() instanceof ArrowType.Map) {
          return here;
        }
        String rest = path.substring(f.getName().length() + 1);
        return f.getType() instanceof ArrowType.Struct
            ? mapAbove(f.getChildren(), rest, here + ".")
            : null;
      }
    }
    return null;
  }

  /**
   * The rows of {@code parquet} the filter keeps: the footers' count without one, else the rows of
   * a read of the filter's columns alone, what it read reported on {@code err} with --stats (null:
   * not reported, a count before the verb's own read).
   */
  static long count(ParquetSource parquet, FilterSettings filter, java.io.PrintWriter err)
      throws IOException {
    if (filter.where == null) {
      return parquet.rows();
    }
    Filter where = Filter.parse(filter.where);
    ReadOptions options =
        ReadOptions.builder()
            .columns(projected(where, parquet.schema()))
            .filter(where)
            .types(t -> t.dictionaryMode(DictionaryMode.DECODE))
            .build();
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader = parquet.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      if (err != null) {
        filter.report(parquet.stats(reader), err);
      }
    }
    return rows;
  }
}
