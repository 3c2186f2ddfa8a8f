package dev.parrow.cli;

import dev.parrow.arrow.ParquetArrowWriter;
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
 * {@code parrow append IN.arrow TARGET.parquet}: the batches of an Arrow IPC file or stream added
 * to a Parquet file as new row groups, atomically.
 */
@Command(
    name = "append",
    mixinStandardHelpOptions = true,
    description =
        "Add the rows of an Arrow IPC file (or stream) to a Parquet file of the same schema, as new"
            + " row groups. TARGET holds either its old rows or all of them, even if parrow is"
            + " killed. The options apply to the new row groups. An encrypted TARGET takes its"
            + " keys (--footer-key, --column-key for every encrypted column), and its new row"
            + " groups are encrypted as its own.")
final class AppendCommand implements Callable<Integer> {
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
      paramLabel = "TARGET",
      description =
          "The Parquet file to add to: a local file (an object in S3 or Azure cannot be added to"
              + " in place).")
  String targetLocation;

  @Mixin WriteSettings settings;

  @Mixin KeySettings keys;

  @Override
  public Integer call() throws Exception {
    settings.refuseEncryption("append");
    if (dev.parrow.storage.Stores.isRemote(targetLocation)) {
      // An object is written whole: adding row groups would mean a copy of every byte of it.
      throw new IllegalArgumentException(
          targetLocation
              + ": objects in S3 and Azure cannot be added to in place; write the new rows as a"
              + " file of their own beside it (a dataset), or append to a local copy and upload it");
    }
    Path target = Path.of(targetLocation);
    Path input = Inputs.arrowInput(location);
    var err = spec.commandLine().getErr();
    Progress progress = new Progress(err, Inputs.arrowRows(input), ParrowCommand.of(spec).quiet);
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader = Inputs.arrow(input, allocator)) {
      long rows =
          ParquetArrowWriter.appendAll(
              reader,
              target,
              // An encrypted file's new row groups are encrypted as its own, with its keys.
              settings.options().toBuilder().appendKeys(keys.decryption()).build(),
              progress::update);
      progress.finish("appended " + Sizes.plural(rows, "row") + " to " + target, rows);
    } catch (Exception e) {
      progress.abandon();
      throw e;
    }
    return 0;
  }
}
