package dev.parrow.cli;

import dev.parrow.arrow.OutputFile;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import org.apache.arrow.vector.ipc.ArrowReader;
import picocli.CommandLine.Option;

/** The Parquet writing options the writing commands share. */
final class WriteSettings {
  @Option(
      names = "--compression",
      paramLabel = "CODEC",
      defaultValue = "SNAPPY",
      description = "UNCOMPRESSED, SNAPPY (default), GZIP, ZSTD, LZ4_RAW or LZ4.")
  CompressionCodec compression;

  @Option(
      names = "--page-version",
      paramLabel = "1|2",
      defaultValue = "1",
      description = "Data page version.")
  int pageVersion;

  @Option(
      names = "--no-dictionary",
      description = "Write string and binary columns PLAIN, without dictionaries.")
  boolean noDictionary;

  @Option(
      names = "--row-group-rows",
      paramLabel = "N",
      defaultValue = "1048576",
      description = "Rows per row group.")
  long rowGroupRows;

  WriteOptions options() {
    return WriteOptions.builder()
        .compression(compression)
        .pageVersion(pageVersion)
        .dictionary(!noDictionary)
        .rowGroupRows(rowGroupRows)
        .build();
  }

  /**
   * Writes every batch of {@code reader} to {@code output} as Parquet and says how many rows went
   * there.
   */
  void writeAll(ArrowReader reader, Path output, PrintWriter err) throws IOException {
    long rows =
        ParquetArrowWriter.writeAll(reader, OutputFile.of(output), options(), progress(err));
    err.printf(
        "%sparrow: wrote %s rows to %s%n",
        System.console() == null ? "" : "\r", Sizes.count(rows), output);
  }

  /** A progress line on stderr, only when stderr is a terminal (a console). */
  static LongConsumer progress(PrintWriter err) {
    if (System.console() == null) {
      return rows -> {};
    }
    return rows -> {
      err.print("\rparrow: " + Sizes.count(rows) + " rows written");
      err.flush();
    };
  }
}
