package dev.parrow.cli;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.storage.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import org.apache.arrow.vector.ipc.ArrowReader;
import picocli.CommandLine.Option;

/** The Parquet writing options the writing commands share. */
final class WriteSettings {
  @Option(
      names = "--compression",
      paramLabel = "CODEC",
      defaultValue = "SNAPPY",
      description =
          "SNAPPY (default), ZSTD, GZIP, BROTLI, LZ4_RAW, LZ4 (Hadoop framing) or UNCOMPRESSED;"
              + " any case.")
  CompressionCodec compression;

  @Option(
      names = "--page-version",
      paramLabel = "1|2",
      defaultValue = "1",
      description = "Data page version.")
  int pageVersion;

  @Option(
      names = "--statistics-truncate-length",
      paramLabel = "BYTES",
      description =
          "Truncate string and binary min/max statistics longer than BYTES, marked inexact"
              + " (default 4096).")
  Integer statisticsTruncateLength;

  @Option(
      names = "--float-type-order",
      description =
          "Write FLOAT, DOUBLE and FLOAT16 statistics in the type order (as before parquet-format"
              + " 2.13) rather than IEEE 754's total order with NaN counts, the default.")
  boolean floatTypeOrder;

  @Option(
      names = "--no-size-statistics",
      description =
          "Leave out size statistics (the bytes of strings and binaries, definition and repetition"
              + " level counts) from column metadata and page index; written by default, as Arrow"
              + " C++ does.")
  boolean noSizeStatistics;

  @Option(
      names = "--content-defined-chunking",
      paramLabel = "MIN,MAX,NORM",
      arity = "0..1",
      fallbackValue = "262144,1048576,0",
      description =
          "Cut pages where a rolling hash of the values says, as Arrow C++'s"
              + " use_content_defined_chunking does, so that inserted or deleted rows change only"
              + " the pages around them and deduplicating storage keeps the rest. Optionally the"
              + " least and most bytes per chunk and the normalisation level (Arrow's defaults:"
              + " 262144,1048576,0).")
  String contentDefinedChunking;

  @Option(
      names = "--shred-variants",
      description =
          "Write VARIANT columns shredded (VariantShredding.md), each as its first batch's values"
              + " suggest: objects' common fields, arrays' elements and primitives as columns of"
              + " their own, with statistics; as DuckDB and parquet-java infer it.")
  boolean shredVariants;

  @Option(
      names = "--no-dictionary",
      description =
          "Write every column PLAIN, with no dictionary; by default every column but booleans"
              + " is dictionary-encoded until its dictionary grows too large.")
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
      names = "--compression-level",
      paramLabel = "N",
      description = "The codec's level (ZSTD 1-22, GZIP 0-9, BROTLI 0-11; default the codec's).")
  Integer compressionLevel;

  @Option(
      names = "--column-compression",
      paramLabel = "COL=CODEC",
      description =
          "Another codec for one column, a top-level name or dotted leaf path (repeatable).")
  Map<String, CompressionCodec> columnCompression = Map.of();

  @Option(
      names = "--column-encoding",
      paramLabel = "COL=ENCODING",
      description =
          "The values' encoding for one column (repeatable): PLAIN, DELTA_BINARY_PACKED,"
              + " DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT or ALP (FLOAT and"
              + " DOUBLE; few readers read it yet); any but PLAIN turns that column's dictionary"
              + " off.")
  Map<String, Encoding> columnEncoding = Map.of();

  @Option(
      names = "--column-dictionary",
      paramLabel = "COL=true|false",
      description = "Dictionary encoding on or off for one column, whatever --no-dictionary says.")
  Map<String, Boolean> columnDictionary = Map.of();

  @Option(
      names = "--no-statistics",
      description = "Write no min/max or null counts (chunks, pages and the page index).")
  boolean noStatistics;

  @Option(
      names = "--no-write-crc",
      description = "Write no page CRCs (by default every page has one).")
  boolean noWriteCrc;

  @Option(
      names = "--month-day-nano-as-interval",
      description =
          "Write MONTH_DAY_NANO intervals as Parquet INTERVAL, which other readers read as"
              + " intervals; a value with sub-millisecond nanoseconds then fails the write (by"
              + " default they are written losslessly, as 16 bytes Parrow restores).")
  boolean monthDayNanoAsInterval;

  @Option(
      names = "--int96-timestamps",
      description =
          "Write timestamps as INT96, the deprecated form older Hive and Impala read (as pyarrow's"
              + " use_deprecated_int96_timestamps and Spark's INT96 output type write it); their"
              + " unit and zone come back from the stored Arrow schema.")
  boolean int96Timestamps;

  @Option(
      names = "--bloom-filter",
      paramLabel = "COL[:NDV[:FPP]]",
      description =
          "Write a Bloom filter for this column (repeatable), each row group's sized for its own"
              + " distinct values, at most NDV of them (default 1,000,000), at false-positive"
              + " probability FPP (default 0.05).")
  java.util.List<String> bloomFilters = java.util.List.of();

  @Option(
      names = "--encryption-algorithm",
      paramLabel = "AES_GCM_V1|AES_GCM_CTR_V1",
      defaultValue = "AES_GCM_V1",
      description =
          "With --footer-key: AES_GCM_V1 (default: every module authenticated) or AES_GCM_CTR_V1"
              + " (page data in AES-CTR, faster, not authenticated).")
  dev.parrow.codec.crypto.FileEncryption.Algorithm encryptionAlgorithm;

  @Option(
      names = "--plaintext-footer",
      description =
          "With --footer-key: leave the footer plaintext (signed with the footer key), so that"
              + " readers without keys can read the plaintext columns.")
  boolean plaintextFooter;

  /** The output's encryption, from the command's keys; null for plaintext. */
  private dev.parrow.codec.crypto.FileEncryption encryption;

  /**
   * Encrypts the output with the command's keys (none given: plaintext); the encryption options
   * without a footer key are refused.
   */
  void encrypt(KeySettings keys) throws IOException {
    encryption = keys.encryption(encryptionAlgorithm, plaintextFooter);
    if (encryption == null && encryptionOptionsGiven()) {
      throw new IllegalArgumentException(
          "--encryption-algorithm and --plaintext-footer encrypt the output with --footer-key;"
              + " give it");
    }
  }

  /** Whether --encryption-algorithm or --plaintext-footer asks for other than the defaults. */
  private boolean encryptionOptionsGiven() {
    return plaintextFooter
        || encryptionAlgorithm != dev.parrow.codec.crypto.FileEncryption.Algorithm.AES_GCM_V1;
  }

  /** Refuses the encryption options for a verb that encrypts as its file is (an append). */
  void refuseEncryption(String verb) {
    if (encryptionOptionsGiven()) {
      throw new IllegalArgumentException(
          verb
              + " encrypts as the file is, with its keys: --encryption-algorithm and"
              + " --plaintext-footer do not apply");
    }
  }

  /** The chunking {@code --content-defined-chunking} asks for (MIN,MAX,NORM), or null. */
  private static dev.parrow.codec.options.ContentDefinedChunking chunking(String spec) {
    if (spec == null) {
      return null;
    }
    String[] parts = spec.split(",", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException(
          "--content-defined-chunking takes MIN,MAX,NORM (bytes, bytes, level), not '"
              + spec
              + "'");
    }
    try {
      return new dev.parrow.codec.options.ContentDefinedChunking(
          Integer.parseInt(parts[0].strip()),
          Integer.parseInt(parts[1].strip()),
          Integer.parseInt(parts[2].strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--content-defined-chunking takes whole numbers MIN,MAX,NORM, not '" + spec + "'");
    }
  }

  WriteOptions options() {
    WriteOptions.Builder b =
        WriteOptions.builder()
            .compression(compression)
            .dataPageVersion(WriteOptions.DataPageVersion.of(pageVersion))
            .dictionary(!noDictionary)
            .rowGroupRows(rowGroupRows)
            .pageRows(pageRows)
            .pageSizeBytes(pageSize)
            .compressionLevel(compressionLevel)
            .statistics(!noStatistics)
            .writeCrc(!noWriteCrc)
            .monthDayNanoAsInterval(monthDayNanoAsInterval)
            .int96Timestamps(int96Timestamps)
            .floatTotalOrder(!floatTypeOrder)
            .sizeStatistics(!noSizeStatistics)
            .contentDefinedChunking(chunking(contentDefinedChunking))
            .inferVariantShredding(shredVariants)
            .encryption(encryption);
    if (statisticsTruncateLength != null) {
      b.statisticsTruncateLength(statisticsTruncateLength);
    }
    columnCompression.forEach((column, codec) -> b.column(column, c -> c.compression(codec)));
    columnEncoding.forEach((column, encoding) -> b.column(column, c -> c.encoding(encoding)));
    columnDictionary.forEach((column, on) -> b.column(column, c -> c.dictionary(on)));
    for (String spec : bloomFilters) {
      // The column name may itself hold colons: NDV and FPP are the last parts that parse.
      String column = spec;
      long ndv = dev.parrow.codec.options.BloomFilterOptions.DEFAULT_NDV;
      double fpp = dev.parrow.codec.options.BloomFilterOptions.DEFAULT_FPP;
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
      long chunkValues = ndv;
      double falsePositives = fpp;
      b.column(column, c -> c.bloomFilter(chunkValues, falsePositives));
    }
    return b.build();
  }

  /**
   * Writes every batch of {@code reader} to {@code output} as Parquet ({@code -}: standard output),
   * with progress on stderr; {@code totalRows} is -1 when not known.
   */
  void writeAll(
      ArrowReader reader, OutputFile target, long totalRows, PrintWriter err, boolean quiet)
      throws IOException {
    Progress progress = new Progress(err, totalRows, quiet);
    long rows;
    try {
      rows = ParquetArrowWriter.writeAll(reader, target, options(), progress::update);
    } catch (IOException | RuntimeException e) {
      progress.abandon();
      throw e;
    }
    progress.finish("wrote " + Sizes.plural(rows, "row") + " to " + target, rows);
  }
}
