package dev.parrow.cli;

import dev.parrow.arrow.OutputFile;
import dev.parrow.arrow.ReadOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Shared by head and cat: open, read the chosen columns in batches, print up to a row limit, to
 * standard output or to a file. Standard output is checked after each batch, so a closed pipe stops
 * the read at once.
 */
final class ReadCommands {
  private ReadCommands() {}

  /** What to print and where. {@code output} null or {@code -}: standard output. */
  record Request(
      String file,
      long limit,
      String limitOption,
      RowPrinter.Format format,
      String csvNull,
      ValueText.Binary binary,
      int width,
      Path output,
      boolean overwrite,
      boolean progress) {}

  static void print(CommandSpec spec, Request request, ReadSettings read, FilterSettings filter)
      throws Exception {
    if (request.limit() < 0) {
      throw new ParameterException(
          spec.commandLine(),
          request.limitOption() + " must not be negative, not " + request.limit());
    }
    ParrowCommand top = ParrowCommand.of(spec);
    PrintWriter err = spec.commandLine().getErr();
    boolean toFile = request.output() != null && !Inputs.isStdio(request.output());
    OutputFile target = toFile ? Outputs.of(request.output(), request.overwrite()) : null;
    int batch = (int) Math.max(1, Math.min(request.limit(), ReadOptions.DEFAULT_BATCH_SIZE));
    boolean done = false;
    Progress progress = null;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetSource parquet = ParquetSource.open(request.file());
        ArrowReader reader =
            parquet.newReader(
                allocator,
                parquet
                    .firstRows(
                        filter.apply(read.apply(ReadOptions.builder(), batch)),
                        // A filter's matches may lie anywhere; without one the rows printed are
                        // the first ones, and nothing past them need be read.
                        filter.where == null ? request.limit() : Long.MAX_VALUE)
                    .dictionaryMode(ReadOptions.DictionaryMode.DECODE)
                    // Formatting rows takes longer than decoding them: the next batches are
                    // decoded meanwhile, once there is more than one to print.
                    .decodeAhead(request.limit() > batch)
                    .build())) {
      top.warn(err, parquet.warnings(reader));
      OutputStream out = toFile ? target.open() : Stdout.bytesFor(spec.commandLine().getOut());
      String outName = toFile ? request.output().toString() : "standard output";
      // Progress only where the rows go to a file: a bar beside rows on the terminal, or beside
      // a pager reading a pipe, would be in the way.
      boolean showProgress =
          request.progress()
              && (toFile || Terminal.isRegularFile(Terminal.STDOUT) && !Terminal.stderrIsStdout());
      long total = filter.where == null ? Math.min(request.limit(), parquet.rows()) : -1;
      progress = new Progress(err, total, top.quiet || !showProgress);
      RowPrinter printer =
          new RowPrinter(
              out, request.format(), request.csvNull(), request.width(), request.binary());
      long printed = 0;
      try {
        boolean first = true;
        while (printed < request.limit() && reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          int rows = (int) Math.min(root.getRowCount(), request.limit() - printed);
          if (rows == 0) {
            continue;
          }
          printer.print(root, rows);
          // Flushed per batch: a closed pipe shows here and stops the read.
          printer.flush();
          printed += rows;
          first = false;
          progress.update(printed);
        }
        if (first) {
          printer.printEmpty(reader.getVectorSchemaRoot().getSchema().getFields());
        }
        printer.flush();
        if (toFile) {
          try {
            out.close();
          } catch (IOException e) {
            throw new RowPrinter.OutputFailed(e);
          }
          target.commit();
        }
      } catch (RowPrinter.OutputFailed e) {
        if (!toFile && Stdout.isClosedPipe(e.getCause())) {
          throw new Stdout.Closed();
        }
        throw new IOException("cannot write to " + outName + ": " + e.getMessage(), e.getCause());
      }
      done = true;
      progress.finish("printed " + Sizes.plural(printed, "row") + " to " + outName, printed);
      filter.report(parquet.stats(reader), err);
    } finally {
      if (!done) {
        if (progress != null) {
          progress.abandon();
        }
        if (target != null) {
          target.abort();
        }
      }
    }
  }
}
