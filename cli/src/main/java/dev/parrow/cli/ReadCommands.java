package dev.parrow.cli;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.DictionaryMode;
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
 * Shared by head, cat, tail and sample: open, read the chosen columns in batches, print up to a row
 * limit (from an offset, or the rows picked), to standard output or to a file. Standard output is
 * checked after each batch, so a closed pipe stops the read at once.
 */
final class ReadCommands {
  private ReadCommands() {}

  /**
   * What to print and where. {@code output} null or {@code -}: standard output. The rows printed
   * are those from {@code offset} on (of the rows the filter keeps), or, when {@code picks} is not
   * null, those at the sorted positions it holds.
   */
  record Request(
      long offset,
      long[] picks,
      long limit,
      String limitOption,
      RowPrinter.Format format,
      String csvNull,
      ValueText.Binary binary,
      int width,
      Path output,
      boolean overwrite,
      boolean progress) {}

  static void print(
      CommandSpec spec,
      ParquetSource parquet,
      Request request,
      ReadSettings read,
      FilterSettings filter)
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
    // Batches no larger than the rows printed, when they are the first ones.
    int batch =
        request.offset() == 0 && request.picks() == null
            ? (int) Math.max(1, Math.min(request.limit(), ReadOptions.DEFAULT_BATCH_SIZE))
            : ReadOptions.DEFAULT_BATCH_SIZE;
    boolean done = false;
    Progress progress = null;
    // Without a filter the rows printed are [offset, offset + limit) of the file, and a single
    // file reads nothing else; otherwise the rows before the offset are read and passed over.
    long skip = request.offset();
    ReadOptions.Builder options = filter.apply(read.apply(ReadOptions.builder(), batch));
    try (BufferAllocator allocator = new RootAllocator();
        ArrowReader reader =
            parquet.newReader(
                allocator,
                (readsRange(parquet, filter, request) ? ranged(options, request, skip) : options)
                    .types(t -> t.dictionaryMode(DictionaryMode.DECODE))
                    // Formatting rows takes longer than decoding them: the next batches are
                    // decoded meanwhile, once there is more than one to print.
                    .decodeAhead(request.limit() > batch)
                    .build())) {
      if (readsRange(parquet, filter, request)) {
        // The reader starts at the offset itself.
        skip = 0;
      }
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
      long position = 0;
      int pick = 0;
      long[] picks = request.picks();
      try {
        boolean first = true;
        while (printed < request.limit() && reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          int n = root.getRowCount();
          long batchStart = position;
          position += n;
          if (picks != null) {
            // The picked rows of this batch, each run of neighbours as one slice.
            while (pick < picks.length && picks[pick] < position && printed < request.limit()) {
              int from = (int) (picks[pick] - batchStart);
              int to = from + 1;
              pick++;
              while (pick < picks.length && picks[pick] == batchStart + to && to < n) {
                to++;
                pick++;
              }
              printRows(printer, root, from, to - from);
              printed += to - from;
              first = false;
            }
            printer.flush();
            progress.update(printed);
            if (pick == picks.length) {
              break;
            }
            continue;
          }
          int from = (int) Math.min(n, Math.max(0, skip - batchStart));
          int rows = (int) Math.min(n - from, request.limit() - printed);
          if (rows == 0) {
            continue;
          }
          printRows(printer, root, from, rows);
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

  /** Whether the reader itself can read just the rows printed: no filter, no picks, one file. */
  private static boolean readsRange(ParquetSource parquet, FilterSettings filter, Request r) {
    return filter.where == null && r.picks() == null && parquet.readsRanges();
  }

  /** The file's rows [offset, offset + limit), for a source that reads ranges itself. */
  private static ReadOptions.Builder ranged(ReadOptions.Builder options, Request r, long offset) {
    return offset == 0 && r.limit() == Long.MAX_VALUE
        ? options
        : options.rowOffset(offset).rowLimit(r.limit());
  }

  /** Prints rows [from, from + rows) of the batch (a slice unless they start it). */
  private static void printRows(RowPrinter printer, VectorSchemaRoot root, int from, int rows) {
    if (from == 0) {
      printer.print(root, rows);
      return;
    }
    try (VectorSchemaRoot slice = root.slice(from, rows)) {
      printer.print(slice, rows);
    }
  }
}
