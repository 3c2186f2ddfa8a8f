package dev.parrow.cli;

import dev.parrow.arrow.OutputFile;
import dev.parrow.arrow.ReadOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parrow convert IN.parquet OUT.parquet}: rewrite a Parquet file with other writing options,
 * the columns and rows chosen; with {@code --partition-by}, OUT is a hive-partitioned dataset.
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description =
        "Rewrite a Parquet file through Arrow with the given options (codec, page version, "
            + "dictionaries, row group size), only the --columns and the rows --where keeps. OUT"
            + " appears whole or not at all; IN may be OUT with --overwrite. - reads IN from stdin"
            + " or writes OUT to stdout. With --partition-by, OUT is a directory written as a hive"
            + " dataset (COL=value/part-*.parquet), whole or not at all.")
final class ConvertCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "IN",
      description =
          "A Parquet file: a path, an http(s):// or s3:// URI, or a directory, glob or s3:// prefix (ending in /) read as one dataset, or - for stdin.")
  String input;

  @Parameters(
      index = "1",
      paramLabel = "OUT",
      description = "The Parquet file to write, or - for stdout.")
  Path output;

  @Mixin ReadSettings read;

  @Mixin FilterSettings filter;

  @picocli.CommandLine.Option(
      names = "--partition-by",
      paramLabel = "COL[,COL...]",
      split = ",",
      description =
          "Write OUT as a hive-partitioned dataset directory by these columns (integers, strings,"
              + " dates or booleans), outermost first; the files leave them out. OUT must not"
              + " hold files already.")
  java.util.List<String> partitionBy = java.util.List.of();

  @Mixin WriteSettings settings;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    ParrowCommand top = ParrowCommand.of(spec);
    if (!partitionBy.isEmpty()) {
      return writeDataset(top);
    }
    // Refused before any input is read: an existing OUT without --overwrite.
    OutputFile target = Outputs.of(output, overwrite.allowed);
    var err = spec.commandLine().getErr();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetSource parquet = ParquetSource.open(input);
        // By default dictionary columns (factors, Arrow dictionaries) stay dictionaries, so the
        // copy's Arrow schema keeps them too.
        ArrowReader reader =
            parquet.newReader(
                allocator,
                filter
                    .apply(read.apply(ReadOptions.builder(), ReadOptions.DEFAULT_BATCH_SIZE))
                    .build())) {
      top.warn(err, parquet.warnings(reader));
      settings.writeAll(
          reader,
          target,
          filter.where == null ? parquet.rows() : -1,
          err,
          top.quiet || Outputs.quietFor(output));
      filter.report(parquet.stats(reader), err);
    }
    return 0;
  }

  /** The rows as a hive dataset under OUT, which appears whole or not at all. */
  private int writeDataset(ParrowCommand top) throws Exception {
    if (Inputs.isStdio(output)) {
      throw new IllegalArgumentException(
          "--partition-by writes a directory of files: give OUT as a directory, not -");
    }
    var err = spec.commandLine().getErr();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetSource parquet = ParquetSource.open(input);
        ArrowReader reader =
            parquet.newReader(
                allocator,
                filter
                    .apply(read.apply(ReadOptions.builder(), ReadOptions.DEFAULT_BATCH_SIZE))
                    // Partition values are read as values, not dictionary ids.
                    .dictionaryMode(ReadOptions.DictionaryMode.DECODE)
                    .build())) {
      top.warn(err, parquet.warnings(reader));
      Progress progress = new Progress(err, filter.where == null ? parquet.rows() : -1, top.quiet);
      long rows = 0;
      org.apache.arrow.vector.VectorSchemaRoot root = reader.getVectorSchemaRoot();
      dev.parrow.arrow.ParquetDatasetWriter writer =
          dev.parrow.arrow.ParquetDatasetWriter.create(
              output,
              root.getSchema(),
              settings.options(),
              dev.parrow.arrow.ParquetDatasetWriter.Layout.partitionBy(
                  partitionBy.toArray(String[]::new)));
      try {
        while (reader.loadNextBatch()) {
          writer.write(root);
          rows += root.getRowCount();
          progress.update(rows);
        }
        writer.close();
      } catch (Exception | Error e) {
        // A failed read leaves no dataset behind, not the part written so far.
        progress.abandon();
        try {
          writer.abort();
        } catch (Exception cleanup) {
          e.addSuppressed(cleanup);
        }
        throw e;
      }
      progress.finish("wrote " + Sizes.plural(rows, "row") + " to the dataset " + output, rows);
      filter.report(parquet.stats(reader), err);
    }
    return 0;
  }
}
