package dev.parrow.cli;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.DictionaryMode;
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
            + " dataset (COL=value/part-*.parquet), whole or not at all. The keys of an encrypted"
            + " IN encrypt OUT too, unless --decrypt.")
final class ConvertCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = Inputs.PARQUET_LOCATION_STDIN)
  String input;

  @Parameters(
      index = "1",
      paramLabel = "OUT",
      description =
          "The Parquet file to write (a path, or an s3://, az:// or abfss:// URI: the object"
              + " appears only when whole), or - for stdout.")
  String output;

  @Mixin ReadSettings read;

  @Mixin KeySettings keys;

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

  @picocli.CommandLine.Option(
      names = "--decrypt",
      description =
          "Write OUT in plaintext: the keys only read IN. Without it, keys given encrypt OUT too,"
              + " so that an encrypted file's copy stays encrypted.")
  boolean decrypt;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    ParrowCommand top = ParrowCommand.of(spec);
    boolean dataset = !partitionBy.isEmpty();
    if (dataset && Inputs.isStdio(output)) {
      throw new IllegalArgumentException(
          "--partition-by writes a directory of files: give OUT as a directory, not -");
    }
    if (!decrypt) {
      settings.encrypt(keys);
    }
    // Refused before any input is read: an existing OUT without --overwrite.
    OutputFile target = dataset ? null : Outputs.of(output, overwrite.allowed);
    var err = spec.commandLine().getErr();
    ReadOptions.Builder options =
        filter.apply(read.apply(ReadOptions.builder(), ReadOptions.DEFAULT_BATCH_SIZE));
    if (dataset) {
      // Partition values are read as values, not dictionary ids.
      options.types(t -> t.dictionaryMode(DictionaryMode.DECODE));
    }
    // Otherwise dictionary columns (factors, Arrow dictionaries) stay dictionaries, so the copy's
    // Arrow schema keeps them too.
    try (BufferAllocator allocator = new RootAllocator();
        ParquetSource parquet = ParquetSource.open(input, read.types(), keys.decryption());
        ArrowReader reader = parquet.newReader(allocator, options.build())) {
      top.warn(err, parquet.warnings(reader));
      long total = filter.where == null ? parquet.rows() : -1;
      if (dataset) {
        writeDataset(reader, total, top.quiet);
      } else {
        settings.writeAll(reader, target, total, err, top.quiet || Outputs.quietFor(output));
      }
      filter.report(parquet.stats(reader), err);
    }
    return 0;
  }

  /** The rows as a hive dataset under OUT, which appears whole or not at all. */
  private void writeDataset(ArrowReader reader, long total, boolean quiet) throws Exception {
    Progress progress = new Progress(spec.commandLine().getErr(), total, quiet);
    long rows = 0;
    org.apache.arrow.vector.VectorSchemaRoot root = reader.getVectorSchemaRoot();
    dev.parrow.arrow.ParquetDatasetWriter writer =
        dev.parrow.arrow.ParquetDatasetWriter.create(
            output,
            root.getSchema(),
            settings.options(),
            dev.parrow.arrow.ParquetDatasetWriter.Layout.partitionBy(
                partitionBy.toArray(String[]::new)),
            dev.parrow.storage.RemoteOptions.defaults());
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
  }
}
