package dev.parrow.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
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
        "Write an Arrow IPC file (or stream) as Parquet. OUT appears whole or not at all.")
final class FromArrowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "IN", description = "An Arrow IPC file or stream.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUT", description = "The Parquet file to write.")
  Path output;

  @Mixin WriteSettings settings;

  @Override
  public Integer call() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader = openArrow(input, allocator)) {
      settings.writeAll(reader, output, spec.commandLine().getErr());
    }
    return 0;
  }

  /** A reader of the Arrow IPC file or stream at {@code input} (it tells which by the magic). */
  static ArrowReader openArrow(Path input, BufferAllocator allocator) throws IOException {
    boolean fileFormat;
    try (InputStream in = Files.newInputStream(input)) {
      fileFormat =
          new String(in.readNBytes(6), java.nio.charset.StandardCharsets.US_ASCII).equals("ARROW1");
    }
    FileChannel channel = FileChannel.open(input, StandardOpenOption.READ);
    return fileFormat
        ? new ArrowFileReader(channel, allocator)
        : new ArrowStreamReader(channel, allocator);
  }
}
