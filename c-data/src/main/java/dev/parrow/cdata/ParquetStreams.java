package dev.parrow.cdata;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.OutputFile;
import java.io.IOException;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Parquet to and from native Arrow consumers and producers (DuckDB, Arrow C++, pyarrow, Polars)
 * through the Arrow C stream interface ({@code struct ArrowArrayStream}).
 *
 * <p>Export is zero-copy: each batch's C arrays point at the buffers of the reader's vectors. A
 * batch the consumer still holds is never overwritten, since the reader reads the next batch into
 * new buffers when the old ones are still referenced. An error while reading (a corrupt page, say)
 * reaches the consumer as the stream's error, with the {@code ParquetFormatException}'s message
 * naming the file, column, row group and page.
 */
public final class ParquetStreams {
  private ParquetStreams() {}

  /**
   * Fills {@code out} with a C stream of the reader's batches, for a native consumer. The stream
   * owns the reader from now on: the consumer's release callback closes it, so do not close or use
   * it yourself, but keep its {@code ParquetFile} and {@code allocator} open until then. Closing
   * {@code out} on this side, as Java owners of the struct do, only frees the struct once the
   * consumer has moved or released the stream.
   *
   * @param reader the batches to export
   * @param allocator where the C structs' memory comes from
   * @param out the stream struct to fill, from the consumer
   */
  public static void export(
      ParquetArrowReader reader, BufferAllocator allocator, ArrowArrayStream out) {
    Data.exportArrayStream(allocator, reader, out);
  }

  /**
   * Writes every batch of the C stream a native producer filled (DuckDB's {@code
   * arrowExportStream}, Arrow C++'s {@code ExportRecordBatchReader}) as Parquet, whole or not at
   * all, and releases the stream. A producer's error fails the write with its message, and the
   * target is left as it was.
   *
   * @return the rows written
   * @param stream the stream struct a producer filled
   * @param allocator where the imported batches' memory comes from
   * @param out where the Parquet bytes go
   * @param options how to write them
   * @throws IOException if reading or writing fails; nothing is left at the output
   */
  public static long writeAll(
      ArrowArrayStream stream, BufferAllocator allocator, OutputFile out, WriteOptions options)
      throws IOException {
    try (ArrowReader reader = Data.importArrayStream(allocator, stream)) {
      return ParquetArrowWriter.writeAll(reader, out, options, rows -> {});
    }
  }
}
