package dev.parrow.arrow;

import dev.parrow.codec.crypto.FileEncryption;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.options.BloomFilterOptions;
import dev.parrow.codec.options.ColumnWriteOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * How Arrow vectors are written to Parquet: the file's settings, each column's own ({@link
 * ColumnSettings}), and how the write runs. {@link #builder()} makes them; a new option is one
 * field here and its consumer.
 */
public final class WriteOptions {
  /**
   * Byte-array statistics bounds longer than this are truncated unless set otherwise: 4 KiB, the
   * size past which Arrow C++ and parquet-java leave a bound out (the spec allows a shorter bound
   * in its place, which keeps the pruning).
   */
  public static final int DEFAULT_STATISTICS_TRUNCATE_LENGTH = 4096;

  /** The data page format. */
  public enum DataPageVersion {
    /** Data pages v1, which every reader reads (the default). */
    V1,
    /** Data pages v2: levels uncompressed before the values, row counts in every header. */
    V2;

    /**
     * The version by its number.
     *
     * @param version 1 or 2
     * @return the version
     * @throws IllegalArgumentException for another number
     */
    public static DataPageVersion of(int version) {
      return switch (version) {
        case 1 -> V1;
        case 2 -> V2;
        default ->
            throw new IllegalArgumentException("data page version must be 1 or 2, not " + version);
      };
    }
  }

  /**
   * One column of the rows' sort order.
   *
   * @param column a top-level primitive column or dotted leaf path
   * @param descending whether the order is descending
   * @param nullsFirst whether nulls come first
   */
  public record SortKey(String column, boolean descending, boolean nullsFirst) {
    /**
     * Checks the key.
     *
     * @param column a top-level primitive column or dotted leaf path
     * @param descending whether the order is descending
     * @param nullsFirst whether nulls come first
     */
    public SortKey {
      java.util.Objects.requireNonNull(column, "column");
    }
  }

  private final CompressionCodec compression;
  private final Integer compressionLevel;
  private final DataPageVersion dataPageVersion;
  private final int pageSizeBytes;
  private final int pageRows;
  private final boolean dictionary;
  private final int dictionaryPageSizeLimit;
  private final long rowGroupRows;
  private final long rowGroupBytes;
  private final boolean statistics;
  private final boolean writeCrc;
  private final boolean writeArrowSchema;
  private final Map<String, String> keyValueMetadata;
  private final Map<String, ColumnSettings> columnSettings;
  private final List<SortKey> sortingColumns;
  private final boolean monthDayNanoAsInterval;
  private final boolean int96Timestamps;
  private final int parallelism;
  private final long bytesInFlight;
  private final Executor executor;
  private final boolean commitOnClose;
  private final EncryptionPerFile encryption;
  private final dev.parrow.codec.crypto.FileDecryption appendKeys;
  private final boolean floatTotalOrder;
  private final Integer statisticsTruncateLength;
  private final boolean sizeStatistics;
  private final dev.parrow.codec.options.ContentDefinedChunking contentDefinedChunking;
  private final Map<String, org.apache.arrow.vector.types.pojo.Field> variantShredding;
  private final boolean inferVariantShredding;

  private WriteOptions(Builder b) {
    if (b.parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, not " + b.parallelism);
    }
    if (b.bytesInFlight < 0) {
      throw new IllegalArgumentException(
          "bytesInFlight must not be negative, not " + b.bytesInFlight);
    }
    if (b.rowGroupRows < 1 || b.rowGroupBytes < 1) {
      throw new IllegalArgumentException("row group limits must be positive");
    }
    this.compression = java.util.Objects.requireNonNull(b.compression, "compression");
    this.compressionLevel = b.compressionLevel;
    this.dataPageVersion = java.util.Objects.requireNonNull(b.dataPageVersion, "dataPageVersion");
    this.pageSizeBytes = b.pageSizeBytes;
    this.pageRows = b.pageRows;
    this.dictionary = b.dictionary;
    this.dictionaryPageSizeLimit = b.dictionaryPageSizeLimit;
    this.rowGroupRows = b.rowGroupRows;
    this.rowGroupBytes = b.rowGroupBytes;
    this.statistics = b.statistics;
    this.writeCrc = b.writeCrc;
    this.writeArrowSchema = b.writeArrowSchema;
    this.keyValueMetadata =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.keyValueMetadata));
    this.columnSettings =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.columnSettings));
    this.sortingColumns = List.copyOf(b.sortingColumns);
    this.monthDayNanoAsInterval = b.monthDayNanoAsInterval;
    this.int96Timestamps = b.int96Timestamps;
    this.parallelism = b.parallelism;
    this.bytesInFlight = b.bytesInFlight;
    this.executor = b.executor;
    this.commitOnClose = b.commitOnClose;
    this.encryption = b.encryption;
    this.appendKeys = b.appendKeys;
    this.floatTotalOrder = b.floatTotalOrder;
    this.statisticsTruncateLength = b.statisticsTruncateLength;
    this.sizeStatistics = b.sizeStatistics;
    this.contentDefinedChunking = b.contentDefinedChunking;
    this.variantShredding =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.variantShredding));
    this.inferVariantShredding = b.inferVariantShredding;
    columnOptions(); // checks the page and codec settings now, not at the first write
  }

  /**
   * {@return the defaults: Snappy, dictionaries, statistics, CRCs, ARROW:schema, row groups of 128
   * MiB}
   */
  public static WriteOptions defaults() {
    return builder().build();
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.compression = compression;
    b.compressionLevel = compressionLevel;
    b.dataPageVersion = dataPageVersion;
    b.pageSizeBytes = pageSizeBytes;
    b.pageRows = pageRows;
    b.dictionary = dictionary;
    b.dictionaryPageSizeLimit = dictionaryPageSizeLimit;
    b.rowGroupRows = rowGroupRows;
    b.rowGroupBytes = rowGroupBytes;
    b.statistics = statistics;
    b.writeCrc = writeCrc;
    b.writeArrowSchema = writeArrowSchema;
    b.keyValueMetadata.putAll(keyValueMetadata);
    b.columnSettings.putAll(columnSettings);
    b.sortingColumns.addAll(sortingColumns);
    b.monthDayNanoAsInterval = monthDayNanoAsInterval;
    b.int96Timestamps = int96Timestamps;
    b.parallelism = parallelism;
    b.bytesInFlight = bytesInFlight;
    b.executor = executor;
    b.commitOnClose = commitOnClose;
    b.encryption = encryption;
    b.appendKeys = appendKeys;
    b.floatTotalOrder = floatTotalOrder;
    b.statisticsTruncateLength = statisticsTruncateLength;
    b.sizeStatistics = sizeStatistics;
    b.contentDefinedChunking = contentDefinedChunking;
    b.variantShredding.putAll(variantShredding);
    b.inferVariantShredding = inferVariantShredding;
    return b;
  }

  /** {@return the page codec (default SNAPPY)} */
  public CompressionCodec compression() {
    return compression;
  }

  /** {@return the codec's level, or null for its default} */
  public Integer compressionLevel() {
    return compressionLevel;
  }

  /** {@return the data page format (default V1)} */
  public DataPageVersion dataPageVersion() {
    return dataPageVersion;
  }

  /** {@return the encoded size at which a page is cut, at the first row boundary past it} */
  public int pageSizeBytes() {
    return pageSizeBytes;
  }

  /**
   * {@return the most rows in a page (default 20,000, as arrow-rs), so that the page index lets
   * filtered reads skip pages}
   */
  public int pageRows() {
    return pageRows;
  }

  /**
   * {@return whether every column but booleans is dictionary-encoded (each falling back to PLAIN
   * past the limit)}
   */
  public boolean dictionary() {
    return dictionary;
  }

  /** {@return the most bytes of dictionary values per column chunk} */
  public int dictionaryPageSizeLimit() {
    return dictionaryPageSizeLimit;
  }

  /** {@return the most rows in a row group} */
  public long rowGroupRows() {
    return rowGroupRows;
  }

  /**
   * {@return the encoded size that ends a row group after the batch (or batch slice) that reaches
   * it (a writer holds the pages of the row groups it is encoding until they are in the stream)}
   */
  public long rowGroupBytes() {
    return rowGroupBytes;
  }

  /** {@return whether min/max and null counts are written per column chunk and page} */
  public boolean statistics() {
    return statistics;
  }

  /**
   * {@return whether a CRC32 is written for every page (readers check it: {@link
   * ReadOptions#verifyCrc})}
   */
  public boolean writeCrc() {
    return writeCrc;
  }

  /**
   * {@return whether the Arrow schema is stored under {@code ARROW:schema}, so that readers that
   * know Arrow get back the types written}
   */
  public boolean writeArrowSchema() {
    return writeArrowSchema;
  }

  /** {@return more key-value entries for the footer} */
  public Map<String, String> keyValueMetadata() {
    return keyValueMetadata;
  }

  /** {@return each named column's own settings, by dotted leaf path or top-level name} */
  public Map<String, ColumnSettings> columnSettings() {
    return columnSettings;
  }

  /**
   * {@return the order the rows are sorted in, recorded in every row group's metadata (the writer
   * does not sort; it states what the caller says)}
   */
  public List<SortKey> sortingColumns() {
    return sortingColumns;
  }

  /** {@return whether Interval(MONTH_DAY_NANO) is written as Parquet INTERVAL} */
  public boolean monthDayNanoAsInterval() {
    return monthDayNanoAsInterval;
  }

  /** {@return whether timestamps are written as INT96} */
  public boolean int96Timestamps() {
    return int96Timestamps;
  }

  /** {@return the Parquet forms of the types that have several, as these options choose} */
  dev.parrow.types.ArrowToParquet.Forms forms() {
    return new dev.parrow.types.ArrowToParquet.Forms(monthDayNanoAsInterval, int96Timestamps);
  }

  /**
   * {@return how many threads encode row groups and their columns; the file is the same whatever
   * the number}
   */
  public int parallelism() {
    return parallelism;
  }

  /**
   * {@return about how many bytes of copied batches a writer with a parallelism of 4 or more holds
   * while it encodes them; see {@link Builder#bytesInFlight}}
   */
  public long bytesInFlight() {
    return bytesInFlight;
  }

  /** {@return where the writer runs its helper threads' work, or null for Parrow's own threads} */
  public Executor executor() {
    return executor;
  }

  /**
   * {@return whether {@code close()} commits the file (the default, as every Parquet writer's close
   * does), or commits nothing unless {@code commit()} was called first}
   */
  public boolean commitOnClose() {
    return commitOnClose;
  }

  /**
   * {@return whether FLOAT, DOUBLE and FLOAT16 statistics follow IEEE 754's total order (the
   * IEEE_754_TOTAL_ORDER column order, with NaN counts; the default), or the type order}
   */
  public boolean floatTotalOrder() {
    return floatTotalOrder;
  }

  /**
   * {@return the longest byte-array statistics bound written (by default {@link
   * #DEFAULT_STATISTICS_TRUNCATE_LENGTH}), or null for exact bounds whatever their length}
   */
  public Integer statisticsTruncateLength() {
    return statisticsTruncateLength;
  }

  /**
   * The keys of the encrypted file an append adds to, or null (the default) for a plaintext file.
   *
   * @return the keys, or null
   */
  public dev.parrow.codec.crypto.FileDecryption appendKeys() {
    return appendKeys;
  }

  /**
   * How each file written is encrypted, or null (the default) for plaintext files.
   *
   * @return the encryption, or null
   */
  public EncryptionPerFile encryption() {
    return encryption;
  }

  /**
   * The options column chunks are written with, before per-column settings.
   *
   * @return the options
   */
  public ColumnWriteOptions columnOptions() {
    return new ColumnWriteOptions(
        compression,
        compressionLevel,
        dataPageVersion == DataPageVersion.V2 ? 2 : 1,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryPageSizeLimit,
        statistics,
        writeCrc,
        null,
        null,
        statisticsTruncateLength,
        sizeStatistics,
        contentDefinedChunking);
  }

  /**
   * Whether size statistics are written (default true).
   *
   * @return true when they are
   */
  public boolean sizeStatistics() {
    return sizeStatistics;
  }

  /**
   * The variant columns written shredded, by top-level name: each one's shredding schema (the type
   * of its {@code typed_value}). Empty by default: variants are written unshredded.
   *
   * @return the shredding schemas
   */
  public Map<String, org.apache.arrow.vector.types.pojo.Field> variantShredding() {
    return variantShredding;
  }

  /**
   * Whether {@link ParquetArrowWriter#writeAll} shreds the variant columns it has no schema for as
   * the first batch's values suggest (default false).
   *
   * @return true when it does
   */
  public boolean inferVariantShredding() {
    return inferVariantShredding;
  }

  /**
   * The content-defined chunking pages are cut by, or null (the default) for pages cut by size.
   *
   * @return the chunking, or null
   */
  public dev.parrow.codec.options.ContentDefinedChunking contentDefinedChunking() {
    return contentDefinedChunking;
  }

  /**
   * The options of one column: its own settings where given (by dotted path, else top-level name).
   *
   * @param path the leaf's path
   * @return the options
   */
  public ColumnWriteOptions columnOptions(List<String> path) {
    ColumnSettings own =
        columnSettings.getOrDefault(String.join(".", path), columnSettings.get(path.get(0)));
    ColumnWriteOptions base = columnOptions();
    return own == null
        ? base
        : base.with(own.compression, own.encoding, own.dictionary).withBloomFilter(own.bloomFilter);
  }

  /**
   * One column's own settings (a dotted leaf path or a top-level name); what is not set follows the
   * file's settings.
   */
  public static final class ColumnSettings {
    private final CompressionCodec compression;
    private final Encoding encoding;
    private final Boolean dictionary;
    private final BloomFilterOptions bloomFilter;

    private ColumnSettings(Builder b) {
      this.compression = b.compression;
      this.encoding = b.encoding;
      this.dictionary = b.dictionary;
      this.bloomFilter = b.bloomFilter;
    }

    /** {@return the column's codec, or null for the file's} */
    public CompressionCodec compression() {
      return compression;
    }

    /** {@return the values' encoding, or null for PLAIN or dictionary as the file says} */
    public Encoding encoding() {
      return encoding;
    }

    /** {@return whether the column is dictionary-encoded, or null for the file's setting} */
    public Boolean dictionary() {
      return dictionary;
    }

    /** {@return the Bloom filter written for each of its chunks, or null for none} */
    public BloomFilterOptions bloomFilter() {
      return bloomFilter;
    }

    /** Builds {@link ColumnSettings}; each setter returns the builder. */
    public static final class Builder {
      private CompressionCodec compression;
      private Encoding encoding;
      private Boolean dictionary;
      private BloomFilterOptions bloomFilter;

      private Builder() {}

      /**
       * Another codec for the column.
       *
       * @param codec the codec
       * @return this builder
       */
      public Builder compression(CompressionCodec codec) {
        this.compression = codec;
        return this;
      }

      /**
       * The values' encoding instead of PLAIN or dictionary (DELTA_BINARY_PACKED,
       * DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT, ALP or PLAIN); not PLAIN
       * turns off the column's dictionary. ALP (FLOAT and DOUBLE) is in Preview in the format: few
       * readers read it yet.
       *
       * @param encoding the encoding
       * @return this builder
       */
      public Builder encoding(Encoding encoding) {
        this.encoding = encoding;
        return this;
      }

      /**
       * Dictionary encoding on or off for the column, whatever the file's setting.
       *
       * @param on whether to dictionary-encode it
       * @return this builder
       */
      public Builder dictionary(boolean on) {
        this.dictionary = on;
        return this;
      }

      /**
       * Writes a split-block Bloom filter for each of the column's chunks, sized for the chunk's
       * own distinct values, at most {@code ndv} of them, at false-positive probability {@code
       * fpp}: filtered reads (and other engines) then skip row groups without a value.
       *
       * @param ndv the most distinct values per chunk a filter is sized for
       * @param fpp false-positive probability, in (0, 1)
       * @return this builder
       */
      public Builder bloomFilter(long ndv, double fpp) {
        this.bloomFilter = new BloomFilterOptions(ndv, fpp);
        return this;
      }

      /**
       * Writes a Bloom filter with the defaults: each chunk's sized for its distinct values at 5%
       * false positives, for at most a million of them (about 1 MiB).
       *
       * @return this builder
       */
      public Builder bloomFilter() {
        return bloomFilter(BloomFilterOptions.DEFAULT_NDV, BloomFilterOptions.DEFAULT_FPP);
      }
    }
  }

  /** Builds {@link WriteOptions}; each setter returns the builder. */
  public static final class Builder {
    private CompressionCodec compression = CompressionCodec.SNAPPY;
    private Integer compressionLevel;
    private DataPageVersion dataPageVersion = DataPageVersion.V1;
    private int pageSizeBytes = 1 << 20;
    private int pageRows = ColumnWriteOptions.DEFAULT_PAGE_ROWS;
    private boolean dictionary = true;
    private int dictionaryPageSizeLimit = 1 << 20;
    private long rowGroupRows = 1 << 20;
    private long rowGroupBytes = 128L << 20;
    private boolean statistics = true;
    private boolean writeCrc = true;
    private boolean writeArrowSchema = true;
    private final Map<String, String> keyValueMetadata = new LinkedHashMap<>();
    private final Map<String, ColumnSettings> columnSettings = new LinkedHashMap<>();
    private final List<SortKey> sortingColumns = new java.util.ArrayList<>();
    private boolean monthDayNanoAsInterval;
    private boolean int96Timestamps;
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private long bytesInFlight = Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 4);
    private Executor executor;
    private boolean commitOnClose = true;
    private EncryptionPerFile encryption;
    private dev.parrow.codec.crypto.FileDecryption appendKeys;
    private boolean floatTotalOrder = true;
    private Integer statisticsTruncateLength = DEFAULT_STATISTICS_TRUNCATE_LENGTH;
    private boolean sizeStatistics = true;
    private dev.parrow.codec.options.ContentDefinedChunking contentDefinedChunking;
    private final Map<String, org.apache.arrow.vector.types.pojo.Field> variantShredding =
        new LinkedHashMap<>();
    private boolean inferVariantShredding;

    private Builder() {}

    /**
     * The data page format (default {@link DataPageVersion#V1}).
     *
     * @param version the version
     * @return this builder
     */
    public Builder dataPageVersion(DataPageVersion version) {
      this.dataPageVersion = version;
      return this;
    }

    /**
     * Write a CRC32 of every page (default true).
     *
     * @param on false for none
     * @return this builder
     */
    public Builder writeCrc(boolean on) {
      this.writeCrc = on;
      return this;
    }

    /**
     * One column's own settings (a dotted leaf path or a top-level name), changing those set
     * before: {@code column("id", c -> c.encoding(DELTA_BINARY_PACKED).bloomFilter())}.
     *
     * @param column the column
     * @param settings edits the column's settings
     * @return this builder
     */
    public Builder column(String column, Consumer<ColumnSettings.Builder> settings) {
      ColumnSettings.Builder b = new ColumnSettings.Builder();
      ColumnSettings old = columnSettings.get(column);
      if (old != null) {
        b.compression = old.compression;
        b.encoding = old.encoding;
        b.dictionary = old.dictionary;
        b.bloomFilter = old.bloomFilter;
      }
      settings.accept(b);
      columnSettings.put(column, new ColumnSettings(b));
      return this;
    }

    /**
     * The page codec (default SNAPPY).
     *
     * @param codec the codec
     * @return this builder
     */
    public Builder compression(CompressionCodec codec) {
      this.compression = codec;
      return this;
    }

    /**
     * The codec's level (default null: the codec's own default).
     *
     * @param level the level, or null
     * @return this builder
     */
    public Builder compressionLevel(Integer level) {
      this.compressionLevel = level;
      return this;
    }

    /**
     * The encoded size at which a page is cut (default 1 MiB).
     *
     * @param bytes the size
     * @return this builder
     */
    public Builder pageSizeBytes(int bytes) {
      this.pageSizeBytes = bytes;
      return this;
    }

    /**
     * Rows per page at most (default 20,000).
     *
     * @param rows at least 1
     * @return this builder
     */
    public Builder pageRows(int rows) {
      this.pageRows = rows;
      return this;
    }

    /**
     * Dictionary-encode every column but booleans (default true).
     *
     * @param on false for no dictionaries
     * @return this builder
     */
    public Builder dictionary(boolean on) {
      this.dictionary = on;
      return this;
    }

    /**
     * Dictionary bytes per column chunk at most before falling back to PLAIN (default 1 MiB).
     *
     * @param bytes the limit
     * @return this builder
     */
    public Builder dictionaryPageSizeLimit(int bytes) {
      this.dictionaryPageSizeLimit = bytes;
      return this;
    }

    /**
     * Rows per row group at most.
     *
     * @param rows the limit, at least 1
     * @return this builder
     */
    public Builder rowGroupRows(long rows) {
      this.rowGroupRows = rows;
      return this;
    }

    /**
     * The encoded size at which a row group ends (default 128 MiB).
     *
     * @param bytes the size
     * @return this builder
     */
    public Builder rowGroupBytes(long bytes) {
      this.rowGroupBytes = bytes;
      return this;
    }

    /**
     * Write min/max and null counts (default true).
     *
     * @param on false for none
     * @return this builder
     */
    public Builder statistics(boolean on) {
      this.statistics = on;
      return this;
    }

    /**
     * Store the Arrow schema under {@code ARROW:schema} (default true).
     *
     * @param on false to leave it out
     * @return this builder
     */
    public Builder writeArrowSchema(boolean on) {
      this.writeArrowSchema = on;
      return this;
    }

    /**
     * Adds a key-value entry to the footer.
     *
     * @param key the key
     * @param value the value
     * @return this builder
     */
    public Builder keyValue(String key, String value) {
      this.keyValueMetadata.put(key, value);
      return this;
    }

    /**
     * Records that the rows are sorted by these columns, in this order (top-level primitive columns
     * or dotted leaf paths); the writer does not sort them.
     *
     * @param keys the sort keys, major first
     * @return this builder
     */
    public Builder sortedBy(SortKey... keys) {
      this.sortingColumns.clear();
      this.sortingColumns.addAll(List.of(keys));
      return this;
    }

    /**
     * Threads encoding the batches, the caller's included (default: the cores). With 1 the caller
     * encodes each batch before {@code write} returns; with 2 or 3 it encodes the batch's columns
     * with helpers before it returns, while finished row groups are written by the helpers. With 4
     * or more, {@code write} copies the batch (the caller may reuse its vectors at once) and
     * returns while helper threads encode it: row groups are encoded at once, each column of each
     * on a thread, and written to the file in order, so a caller feeding one thread keeps every
     * core busy. A failure (a value the file cannot hold) is then thrown by the {@code write},
     * {@code flush} or {@code close} after it. The file is byte for byte the same whatever the
     * number: where a row group ends by {@link #rowGroupBytes} is checked for every batch slice,
     * and a guess proved wrong is encoded again.
     *
     * @param threads at least 1
     * @return this builder
     */
    public Builder parallelism(int threads) {
      this.parallelism = threads;
      return this;
    }

    /**
     * About how many bytes of copied batches a writer with a parallelism of 4 or more may hold
     * while it encodes them (default 512 MiB, or a quarter of the JVM's memory when less; the
     * copies are off the heap, in an allocator of the writer's own). When they would pass it,
     * {@code write} waits for row groups to be encoded; when the row group being filled holds them
     * all, its slices are encoded one at a time from then on, as with a parallelism of 1. A batch
     * larger than the budget is still taken, alone. A dataset writer shares it among its open
     * files.
     *
     * @param bytes at least 0
     * @return this builder
     */
    public Builder bytesInFlight(long bytes) {
      this.bytesInFlight = bytes;
      return this;
    }

    /**
     * Writes Interval(MONTH_DAY_NANO) as Parquet INTERVAL (default false: the lossless 16-byte
     * form). Other readers then see intervals, but a value with sub-millisecond nanoseconds fails
     * the write: it is never truncated. Counts are stored as signed 32-bit numbers, as Arrow
     * writers store them (DuckDB reads negative milliseconds as unsigned).
     *
     * @param asInterval true for INTERVAL
     * @return this builder
     */
    public Builder monthDayNanoAsInterval(boolean asInterval) {
      this.monthDayNanoAsInterval = asInterval;
      return this;
    }

    /**
     * Writes Timestamp columns of every unit as INT96 (default false: INT64 TIMESTAMP of the
     * column's unit, seconds as milliseconds), as pyarrow's {@code use_deprecated_int96_timestamps}
     * and Spark's {@code spark.sql.parquet.outputTimestampType=INT96} do, for readers that take
     * timestamps only so (older Hive and Impala). INT96 keeps no unit and no zone: Parrow and Arrow
     * readers get them back from the ARROW:schema hint, others read nanoseconds. A value whose day
     * is beyond a 32-bit Julian day fails the write, naming the row. The statistics follow the
     * INT96_TIMESTAMP_ORDER column order (chronological; readers that do not know it ignore them).
     *
     * @param on true for INT96
     * @return this builder
     */
    public Builder int96Timestamps(boolean on) {
      this.int96Timestamps = on;
      return this;
    }

    /**
     * Runs the writer's helper work on the caller's executor instead of Parrow's own daemon
     * threads: with a parallelism of 2 or more, the encoding of row groups' columns ({@code
     * parallelism} tasks at a time at most) and the writing of finished row groups to the stream.
     * Work the executor rejects or has not started when the caller waits for it (at a {@code
     * flush}, at {@code close}, or for room in {@link #bytesInFlight}) is run by the calling
     * thread.
     *
     * @param executor the executor, or null for Parrow's own threads (the default)
     * @return this builder
     */
    public Builder executor(java.util.concurrent.Executor executor) {
      this.executor = executor;
      return this;
    }

    /**
     * Whether {@code close()} commits what was written (default true). With false, only {@code
     * commit()} makes the file (or the dataset) appear, and a writer closed without it is aborted:
     * an exception of the caller's own code inside try-with-resources then leaves the target as it
     * was, as a failure inside the writer always does.
     *
     * @param commit false to commit only on {@code commit()}
     * @return this builder
     */
    public Builder commitOnClose(boolean commit) {
      this.commitOnClose = commit;
      return this;
    }

    /**
     * Encrypts the files written (Parquet Modular Encryption) with these keys and choices. Appends
     * are refused with encryption, and to encrypted files.
     *
     * @param encryption the encryption, or null for plaintext (the default)
     * @return this builder
     */
    public Builder encryption(FileEncryption encryption) {
      this.encryption =
          encryption == null
              ? null
              : name -> new EncryptionPerFile.Encrypted(encryption, java.util.Map.of());
      return this;
    }

    /**
     * Encrypts each file written with settings made for it when it is begun: what {@code
     * KeyTools.encryption} gives, which wraps fresh data keys for every file as parquet-java's key
     * tools do.
     *
     * @param perFile each file's encryption, or null for plaintext
     * @return this builder
     */
    public Builder encryptionPerFile(EncryptionPerFile perFile) {
      this.encryption = perFile;
      return this;
    }

    /**
     * The keys of the encrypted file an append adds to: its footer key and the key of every
     * encrypted column (or a key retriever). The new row groups are encrypted as the file's are
     * (its algorithm, AAD, footer mode and column keys), and so is the new footer.
     *
     * @param keys the file's keys, or null for a plaintext file (the default)
     * @return this builder
     */
    public Builder appendKeys(dev.parrow.codec.crypto.FileDecryption keys) {
      this.appendKeys = keys;
      return this;
    }

    /**
     * Whether the statistics of FLOAT, DOUBLE and FLOAT16 columns follow IEEE 754's total order
     * (default true, as parquet-java 1.18 writes them): the IEEE_754_TOTAL_ORDER column order,
     * exact min and max (-0 below +0) over the values that are not NaN, NaN bounds for a page of
     * only NaNs, and NaN counts in the statistics and the column index. Readers that predate the
     * order ignore those statistics and read the values. With false, the type order: min and max
     * over the values that are not NaN, a zero min written as -0 and a zero max as +0; NaN counts
     * are written either way. An append follows the file's own orders.
     *
     * @param on whether to use the total order
     * @return this builder
     */
    public Builder floatTotalOrder(boolean on) {
      this.floatTotalOrder = on;
      return this;
    }

    /**
     * Truncates byte-array statistics (min and max of strings and binaries, in the chunk
     * statistics, page headers and column index) longer than {@code bytes}, as Arrow C++,
     * parquet-java and arrow-rs can: the min becomes a prefix, the max a prefix raised past every
     * value that starts with it (whole UTF-8 characters for strings), and the chunk statistics say
     * so ({@code is_min_value_exact}, {@code is_max_value_exact} false). A max that cannot be
     * raised (all 0xFF bytes) stays whole, and so do fixed-size binaries' bounds (a bound must keep
     * the column's width). Default: {@link #DEFAULT_STATISTICS_TRUNCATE_LENGTH}; null for exact
     * bounds whatever their length (a 100 MB value then makes page headers and a footer of that
     * size, which readers with a Thrift size limit refuse).
     *
     * @param bytes the longest bound, at least 1, or null
     * @return this builder
     */
    public Builder statisticsTruncateLength(Integer bytes) {
      this.statisticsTruncateLength = bytes;
      return this;
    }

    /**
     * Writes {@code SizeStatistics} in each column chunk's metadata and page index (default on, as
     * Arrow C++ writes them): the bytes of a chunk's and each page's strings and binaries without
     * their length prefixes, and how many entries each definition and repetition level has. They
     * let readers size their buffers before decoding and planners estimate a column's memory; off
     * saves their few bytes per page and the level counting.
     *
     * @param on whether to write them
     * @return this builder
     */
    public Builder sizeStatistics(boolean on) {
      this.sizeStatistics = on;
      return this;
    }

    /**
     * Cuts data pages where a rolling hash of the values says, as Arrow C++ 21's {@code
     * use_content_defined_chunking} and arrow-rs do (the same algorithm and parameters, so the same
     * Arrow data cuts at the same rows): inserting or deleting rows changes only the pages around
     * the change, and deduplicating storage (Hugging Face's Xet, restic, content-addressed stores)
     * keeps the rest. Sizes count the bytes hashed: each value as Arrow holds it and two bytes per
     * level. Pages may still end within a chunk at the page size and row limits. Default null:
     * pages cut by size alone.
     *
     * @param chunking the parameters ({@link
     *     dev.parrow.codec.options.ContentDefinedChunking#DEFAULTS}: Arrow's), or null
     * @return this builder
     */
    public Builder contentDefinedChunking(
        dev.parrow.codec.options.ContentDefinedChunking chunking) {
      this.contentDefinedChunking = chunking;
      return this;
    }

    /**
     * Content-defined chunking with these parameters (see {@link
     * #contentDefinedChunking(dev.parrow.codec.options.ContentDefinedChunking)}).
     *
     * @param minChunkSize no page ends before this many bytes hashed (Arrow's default 256 KiB)
     * @param maxChunkSize a page ends at this many bytes (Arrow's default 1 MiB)
     * @param normLevel 0 (Arrow's default), or more for chunk sizes gathered more tightly
     * @return this builder
     */
    public Builder contentDefinedChunking(int minChunkSize, int maxChunkSize, int normLevel) {
      return contentDefinedChunking(
          new dev.parrow.codec.options.ContentDefinedChunking(
              minChunkSize, maxChunkSize, normLevel));
    }

    /**
     * Writes the top-level variant column {@code column} shredded (VariantShredding.md), as DuckDB,
     * Spark and parquet-java read and write it: {@code typedValue}'s type is the type of its {@code
     * typed_value}: a struct shreds an object's fields (each its own column, with statistics), a
     * list an array's elements, and a primitive (boolean, signed integer, float, double,
     * decimal128, date, time[us], timestamp[us|ns] with or without zone, string, binary, uuid)
     * values of exactly that variant type; whatever does not fit stays in the {@code value} column
     * as variant bytes, an object's other fields as a residual object. {@code
     * dev.parrow.types.VariantShreddingSchema.infer} proposes a schema from values.
     *
     * @param column a top-level variant column
     * @param typedValue the shredding schema (its name is not used)
     * @return this builder
     */
    public Builder variantShredding(
        String column, org.apache.arrow.vector.types.pojo.Field typedValue) {
      this.variantShredding.put(
          java.util.Objects.requireNonNull(column, "column"),
          java.util.Objects.requireNonNull(typedValue, "typedValue"));
      return this;
    }

    /**
     * Has {@link ParquetArrowWriter#writeAll} (and the CLI's writing commands, {@code
     * --shred-variants}) shred every top-level variant column without a {@link #variantShredding}
     * of its own as its first batch's values suggest, as DuckDB and parquet-java infer it: at each
     * path the most common exact type, an object's fields that at least a tenth of its objects have
     * (at most 64, to 8 levels). Default off. A writer made with {@code create} has no values to
     * infer from when it starts: give it the schema {@code VariantShreddingSchema.infer} proposes.
     *
     * @param on whether to infer
     * @return this builder
     */
    public Builder inferVariantShredding(boolean on) {
      this.inferVariantShredding = on;
      return this;
    }

    /** {@return the options} */
    public WriteOptions build() {
      return new WriteOptions(this);
    }
  }
}
