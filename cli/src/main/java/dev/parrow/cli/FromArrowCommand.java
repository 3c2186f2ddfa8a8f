package dev.parrow.cli;

import dev.parrow.storage.OutputFile;
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
 * {@code parrow from-arrow IN.arrow OUT.parquet}: an Arrow IPC file or stream written as Parquet.
 */
@Command(
    name = "from-arrow",
    mixinStandardHelpOptions = true,
    description =
        "Write an Arrow IPC file (or stream) as Parquet. OUT appears whole or not at all."
            + " - reads an IPC stream from stdin or writes OUT to stdout.")
final class FromArrowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "IN",
      description =
          "An Arrow IPC file or stream (a path, or an http(s)://, s3:// or az:// URI, fetched first), or -"
              + " for a stream on stdin.")
  String location;

  @Parameters(
      index = "1",
      paramLabel = "OUT",
      description =
          "The Parquet file to write (a path, or an s3://, az:// or abfss:// URI: the object"
              + " appears only when whole), or - for stdout.")
  String output;

  @Mixin WriteSettings settings;

  @Mixin KeySettings keys;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    Path input = Inputs.arrowInput(location);
    ParrowCommand top = ParrowCommand.of(spec);
    settings.encrypt(keys);
    // Refused before any input is read: an existing OUT without --overwrite.
    OutputFile target = Outputs.of(output, overwrite.allowed);
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader = Inputs.arrow(input, allocator)) {
      settings.writeAll(
          reader,
          target,
          Inputs.arrowRows(input),
          spec.commandLine().getErr(),
          top.quiet || Outputs.quietFor(output));
    }
    return 0;
  }
}
