package dev.parrow.cli;

import dev.parrow.arrow.IpcFileWriter;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
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
 * the end. An IPC file holds one dictionary per field, so for it dictionary columns are read
 * unified (unless {@code --dictionary-mode} says otherwise) and grown dictionaries written as
 * deltas.
 */
@Command(
    name = "to-arrow",
    mixinStandardHelpOptions = true,
    description =
        "Convert a Parquet file to an Arrow IPC file (or, with --stream, an IPC stream). OUT"
            + " appears whole or not at all. - reads FILE from stdin or writes OUT to stdout.")
final class ToArrowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = Inputs.PARQUET_LOCATION_STDIN)
  String input;

  @Parameters(
      index = "1",
      paramLabel = "OUT",
      description =
          "The Arrow file to write (a path, or an s3://, az:// or abfss:// URI), or - for stdout.")
  String output;

  @Option(
      names = "--stream",
      description = "Write the IPC streaming format instead of the file format.")
  boolean stream;

  @Mixin ReadSettings read;

  @Mixin KeySettings keys;

  @Mixin FilterSettings filter;

  @Mixin Overwrite overwrite;

  @Override
  public Integer call() throws Exception {
    ParrowCommand top = ParrowCommand.of(spec);
    var err = spec.commandLine().getErr();
    OutputFile target = Outputs.of(output, overwrite.allowed);
    boolean done = false;
    Progress progress = null;
    ReadOptions.Builder options =
        filter.apply(read.apply(ReadOptions.builder(), ReadOptions.DEFAULT_BATCH_SIZE));
    if (!stream && read.dictionaryMode == DictionaryMode.AUTO) {
      // An IPC file holds one dictionary per field: AUTO's per-row-group fallback cannot go there.
      options.types(t -> t.dictionaryMode(DictionaryMode.UNIFY));
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetSource parquet = ParquetSource.open(input, read.types(), keys.decryption());
        ArrowReader reader = parquet.newReader(allocator, options.build())) {
      top.warn(err, parquet.warnings(reader));
      long total = filter.where == null ? parquet.rows() : -1;
      progress = new Progress(err, total, top.quiet || Outputs.quietFor(output));
      long rows;
      try (OutputStream out = target.open()) {
        rows = write(reader, Channels.newChannel(out), progress, allocator);
      }
      target.commit();
      done = true;
      progress.finish("wrote " + Sizes.plural(rows, "row") + " to " + target, rows);
      filter.report(parquet.stats(reader), err);
    } finally {
      if (!done) {
        if (progress != null) {
          progress.abandon();
        }
        target.abort();
      }
    }
    return 0;
  }

  private long write(
      ArrowReader reader, WritableByteChannel channel, Progress progress, BufferAllocator allocator)
      throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    try (ArrowWriter writer =
        stream
            ? new ArrowStreamWriter(root, reader, channel)
            : new IpcFileWriter(root, reader, channel, allocator)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
        rows += root.getRowCount();
        progress.update(rows);
      }
      writer.end();
    }
    return rows;
  }
}
