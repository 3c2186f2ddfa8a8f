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
 * {@code parrow convert IN.parquet OUT.parquet}: rewrite a Parquet file with other writing options.
 */
@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    description =
        "Rewrite a Parquet file through Arrow with the given options (codec, page version, "
            + "dictionaries, row group size). OUT appears whole or not at all; IN may be OUT"
            + " with --overwrite. - reads IN from stdin or writes OUT to stdout.")
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

  @Mixin WriteSettings settings;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    ParrowCommand top = ParrowCommand.of(spec);
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
                read.apply(ReadOptions.builder(), ReadOptions.DEFAULT_BATCH_SIZE).build())) {
      top.warn(err, parquet.warnings(reader));
      settings.writeAll(reader, target, parquet.rows(), err, top.quiet || Outputs.quietFor(output));
    }
    return 0;
  }
}
