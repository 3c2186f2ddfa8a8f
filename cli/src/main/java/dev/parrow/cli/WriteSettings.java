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

  @Option(
      names = "--page-rows",
      paramLabel = "N",
      defaultValue = "20000",
      description =
          "Rows per page at most (default 20,000): smaller pages let filtered reads skip more.")
  int pageRows;

  @Option(
      names = "--page-size",
      paramLabel = "BYTES",
      defaultValue = "1048576",
      description = "Encoded bytes per page, about (default 1 MiB).")
  int pageSize;

  @Option(
      names = "--bloom-filter",
      paramLabel = "COL[:NDV[:FPP]]",
      description =
          "Write a Bloom filter for this column (repeatable), sized for NDV distinct values per row"
              + " group (default 1,000,000) at false-positive probability FPP (default 0.05).")
  java.util.List<String> bloomFilters = java.util.List.of();

  WriteOptions options() {
    WriteOptions.Builder b =
        WriteOptions.builder()
            .compression(compression)
            .pageVersion(pageVersion)
            .dictionary(!noDictionary)
            .rowGroupRows(rowGroupRows)
            .pageRows(pageRows)
            .pageSizeBytes(pageSize);
    for (String spec : bloomFilters) {
      // The column name may itself hold colons: NDV and FPP are the last parts that parse.
      String column = spec;
      long ndv = dev.parrow.codec.write.BloomFilterOptions.DEFAULT_NDV;
      double fpp = dev.parrow.codec.write.BloomFilterOptions.DEFAULT_FPP;
      String[] parts = spec.split(":");
      try {
        if (parts.length >= 3) {
          fpp = Double.parseDouble(parts[parts.length - 1]);
          ndv = Long.parseLong(parts[parts.length - 2]);
          column =
              spec.substring(
                  0,
                  spec.length()
                      - parts[parts.length - 1].length()
                      - parts[parts.length - 2].length()
                      - 2);
        } else if (parts.length == 2) {
          ndv = Long.parseLong(parts[1]);
          column = parts[0];
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--bloom-filter " + spec + ": expected COLUMN, COLUMN:NDV or COLUMN:NDV:FPP");
      }
      b.bloomFilter(column, ndv, fpp);
    }
    return b.build();
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
