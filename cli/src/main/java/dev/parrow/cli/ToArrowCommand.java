package dev.parrow.cli;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parrow to-arrow FILE OUT [--stream]}: the Parquet file as an Arrow IPC file (or stream).
 * The output appears whole or not at all: it is written beside the target and moved into place at
 * the end.
 */
@Command(
    name = "to-arrow",
    mixinStandardHelpOptions = true,
    description = "Convert a Parquet file to an Arrow IPC file (or, with --stream, an IPC stream).")
final class ToArrowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A Parquet file.")
  Path input;

  @Parameters(index = "1", paramLabel = "OUT", description = "The Arrow file to write.")
  Path output;

  @Option(
      names = "--stream",
      description = "Write the IPC streaming format instead of the file format.")
  boolean stream;

  @Option(names = "--columns", split = ",", paramLabel = "A,B", description = "Only these columns.")
  List<String> columns = List.of();

  @Option(
      names = "--batch-size",
      paramLabel = "ROWS",
      description = "Rows per record batch (default 65,536).")
  int batchSize = ReadOptions.DEFAULT_BATCH_SIZE;

  @Override
  public Integer call() throws Exception {
    Path target = output.toAbsolutePath();
    Path temporary =
        target.resolveSibling(
            "." + target.getFileName() + "." + java.util.UUID.randomUUID() + ".tmp");
    boolean done = false;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(input);
        ParquetArrowReader reader =
            parquet.newReader(
                allocator, ReadOptions.builder().columns(columns).batchSize(batchSize).build())) {
      long rows = write(reader, temporary);
      Files.move(
          temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      done = true;
      spec.commandLine()
          .getErr()
          .printf("parrow: wrote %s rows to %s%n", Sizes.count(rows), output);
    } finally {
      if (!done) {
        Files.deleteIfExists(temporary);
      }
    }
    return 0;
  }

  private long write(ParquetArrowReader reader, Path file) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    try (FileChannel channel =
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowWriter writer =
            stream
                ? new ArrowStreamWriter(root, reader, channel)
                : new ArrowFileWriter(root, reader, channel)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
        rows += root.getRowCount();
      }
      writer.end();
    }
    return rows;
  }
}
