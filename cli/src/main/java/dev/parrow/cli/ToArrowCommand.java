package dev.parrow.cli;

import dev.parrow.arrow.OutputFile;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

  @Mixin FilterSettings filter;

  @Override
  public Integer call() throws Exception {
    // Written whole or not at all, like a Parquet file: the same temporary-file-and-rename.
    OutputFile target = OutputFile.of(output);
    boolean done = false;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile parquet = ParquetFile.open(input);
        ParquetArrowReader reader =
            parquet.newReader(
                allocator,
                filter
                    .apply(ReadOptions.builder())
                    .columns(columns)
                    .batchSize(batchSize)
                    .build())) {
      long rows;
      try (OutputStream out = target.open()) {
        rows = write(reader, Channels.newChannel(out));
      }
      target.commit();
      done = true;
      spec.commandLine()
          .getErr()
          .printf("parrow: wrote %s rows to %s%n", Sizes.count(rows), output);
      filter.report(reader, spec.commandLine().getErr());
    } finally {
      if (!done) {
        target.abort();
      }
    }
    return 0;
  }

  private long write(ParquetArrowReader reader, WritableByteChannel channel) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    try (ArrowWriter writer =
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
