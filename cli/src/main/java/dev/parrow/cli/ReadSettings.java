package dev.parrow.cli;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import picocli.CommandLine.Option;

/**
 * The reading options of the verbs that read rows, each the CLI form of a {@link ReadOptions}
 * setting (the library's error messages name both).
 */
final class ReadSettings {
  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "A,B",
      description = "Only these columns (top-level names or dotted paths), in this order.")
  List<String> columns = List.of();

  @Option(
      names = "--row-number",
      description =
          "Add a column file_row_number (int64, DuckDB's name) after the others: each row's"
              + " position in its file, from 0, whatever the filter, range or threads.")
  boolean rowNumber;

  /** The name of the column --row-number adds. */
  static final String ROW_NUMBER_COLUMN = "file_row_number";

  @Option(
      names = "--batch-size",
      paramLabel = "ROWS",
      description = "Rows per batch read (default 65,536; fewer need less memory).")
  Integer batchSize;

  @Option(
      names = "--binary-as-string",
      description =
          "Read binary columns with no annotation as text, as DuckDB's binary_as_string does (for"
              + " files from Impala, Hive and old parquet-java writers).")
  boolean binaryAsString;

  @Option(
      names = "--uuid-extension",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Read UUID columns as the arrow.uuid extension type (the default; to-arrow: DuckDB and"
              + " pyarrow then read UUIDs). --no-uuid-extension reads plain 16-byte binaries.")
  boolean uuidExtension = true;

  @Option(
      names = "--float16-as-float",
      description =
          "Read FLOAT16 columns as 32-bit floats (exactly), for consumers without half floats.")
  boolean float16AsFloat;

  @Option(
      names = "--int96-unit",
      paramLabel = "UNIT",
      description =
          "Unit of INT96 timestamps: NANOSECOND (default), MICROSECOND, MILLISECOND or SECOND;"
              + " the coarser ones reach dates outside 1677-2262.")
  TimeUnit int96Unit;

  @Option(
      names = "--int96-out-of-range-null",
      description =
          "Read an INT96 timestamp the unit cannot hold as null instead of failing (never"
              + " wrapped; a REQUIRED column still fails).")
  boolean int96OutOfRangeNull;

  @Option(
      names = "--fixed-timestamp-unit",
      paramLabel = "UNIT",
      description =
          "Unit of TIMESTAMP columns stored in 12 bytes: their annotation's (default),"
              + " or NANOSECOND, MICROSECOND, MILLISECOND or SECOND; the coarser ones reach"
              + " nanosecond counts outside 1677-2262.")
  TimeUnit fixedTimestampUnit;

  @Option(
      names = "--no-arrow-schema",
      description =
          "Ignore the ARROW:schema the writer stored; read the columns as the Parquet types say.")
  boolean noArrowSchema;

  @Option(
      names = "--dictionary-mode",
      paramLabel = "MODE",
      defaultValue = "auto",
      description =
          "How dictionary columns are read: auto (default; one dictionary for the file when the"
              + " writer's index type holds the union, else one per row group), unify (one for the"
              + " file), per_row_group (replaced at each row group) or decode (plain values).")
  DictionaryMode dictionaryMode;

  @Option(
      names = {"--no-verify-crc", "--no-crc"},
      description = "Do not check page CRCs (by default a page whose CRC differs is an error).")
  boolean noVerifyCrc;

  @Option(
      names = "--max-page-bytes",
      paramLabel = "BYTES",
      description =
          "Refuse pages larger than this once decompressed (default: the largest a JVM array"
              + " holds, just under 2 GiB).")
  Integer maxPageBytes;

  @Option(
      names = "--max-levels-per-batch",
      paramLabel = "N",
      description =
          "Most nested entries one column may have in a batch (default: from the heap size);"
              + " a batch that would have more is read as smaller ones.")
  Integer maxLevelsPerBatch;

  /** The type choices these settings make (a dataset is opened with them). */
  TypeOptions types() {
    TypeOptions.Builder t =
        TypeOptions.builder()
            .binaryAsString(binaryAsString)
            .uuidAsExtension(uuidExtension)
            .float16AsFloat(float16AsFloat)
            .int96OutOfRangeAsNull(int96OutOfRangeNull)
            .dictionaryMode(dictionaryMode)
            .useArrowSchemaHint(!noArrowSchema);
    if (int96Unit != null) {
      t.int96Unit(int96Unit);
    }
    t.fixedTimestampUnit(fixedTimestampUnit);
    return t.build();
  }

  /** The options with these settings; {@code defaultBatch} when --batch-size is not given. */
  ReadOptions.Builder apply(ReadOptions.Builder b, int defaultBatch) {
    b.columns(columns)
        .requestedOrder(true)
        .batchSize(batchSize == null ? defaultBatch : batchSize)
        .types(types())
        .verifyCrc(!noVerifyCrc);
    if (rowNumber) {
      b.rowNumbers(ROW_NUMBER_COLUMN);
    }
    if (maxPageBytes != null) {
      b.maxPageBytes(maxPageBytes);
    }
    if (maxLevelsPerBatch != null) {
      b.maxLevelsPerBatch(maxLevelsPerBatch);
    }
    return b;
  }
}
