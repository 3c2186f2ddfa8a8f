package dev.parrow.arrow;

import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.options.BloomFilterOptions;
import dev.parrow.codec.options.ColumnWriteOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How Arrow vectors are written to Parquet.
 *
 * @param compression the page codec (default SNAPPY)
 * @param compressionLevel the codec's level, or null for its default
 * @param pageVersion data pages v1 (default) or v2
 * @param pageSizeBytes pages are cut at the first row boundary past this encoded size
 * @param pageRows rows per page at most (default 20,000, as arrow-rs), so that the page index lets
 *     filtered reads skip pages
 * @param dictionary dictionary-encode every column but booleans (each falling back to PLAIN past
 *     the limit)
 * @param dictionaryPageSizeLimit bytes of dictionary values at most, per column chunk
 * @param rowGroupRows rows per row group at most
 * @param rowGroupBytes a row group ends after the batch (or batch slice) with which its encoded
 *     size reaches this many bytes (a writer holds one row group's pages while it encodes them, and
 *     with a parallelism of 2 or more, the one before while it goes to the stream)
 * @param statistics write min/max and null counts per column chunk
 * @param crc write a CRC32 for every page
 * @param writeArrowSchema store the Arrow schema under {@code ARROW:schema}, so that readers that
 *     know Arrow get back the types written
 * @param keyValueMetadata more key-value entries for the footer
 * @param columnCompression per column (dotted leaf path or top-level name): another codec
 * @param columnEncoding per column: the values' encoding instead of PLAIN/dictionary
 *     (DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT or PLAIN)
 * @param columnDictionary per column: dictionary encoding on or off, whatever {@code dictionary}
 *     says
 * @param parallelism how many threads encode the columns of a batch (the caller's included; default
 *     the number of processors); the file is the same whatever the number
 * @param bloomFilters per column (dotted leaf path or top-level name): a split-block Bloom filter
 *     written for each of its chunks, which lets filtered reads (and other engines) skip row groups
 *     without the value
 * @param sortingColumns the order the rows are sorted in, recorded in every row group's metadata
 *     (the writer does not sort; it states what the caller says)
 * @param monthDayNanoAsInterval write Interval(MONTH_DAY_NANO) as Parquet INTERVAL, which other
 *     readers read as intervals but which holds only whole milliseconds (a value with
 *     sub-millisecond nanoseconds, or a negative one, then fails the write), instead of the default
 *     lossless FIXED_LEN_BYTE_ARRAY(16) that Parrow restores exactly through ARROW:schema and other
 *     readers see as 16-byte binary
 * @param executor where the writer runs its helper threads' work (encoding a batch's columns beside
 *     the caller, writing a finished row group out), or null for Parrow's own daemon threads
 * @param commitOnClose whether {@code close()} commits the file (the default, as every Parquet
 *     writer's close does), or commits nothing unless {@code commit()} was called first, so that a
 *     failure of the caller's own code inside try-with-resources leaves the target as it was
 */
public record WriteOptions(
    CompressionCodec compression,
    Integer compressionLevel,
    int pageVersion,
    int pageSizeBytes,
    int pageRows,
    boolean dictionary,
    int dictionaryPageSizeLimit,
    long rowGroupRows,
    long rowGroupBytes,
    boolean statistics,
    boolean crc,
    boolean writeArrowSchema,
    Map<String, String> keyValueMetadata,
    Map<String, CompressionCodec> columnCompression,
    Map<String, Encoding> columnEncoding,
    Map<String, Boolean> columnDictionary,
    int parallelism,
    Map<String, BloomFilterOptions> bloomFilters,
    List<SortKey> sortingColumns,
    boolean monthDayNanoAsInterval,
    java.util.concurrent.Executor executor,
    boolean commitOnClose) {

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

  /**
   * Checks the options; {@link #builder()} is the usual way to make them.
   *
   * @param compression the page codec
   * @param compressionLevel the codec's level, or null
   * @param pageVersion 1 or 2
   * @param pageSizeBytes the page size to cut at
   * @param pageRows rows per page at most
   * @param dictionary dictionary-encode every column but booleans
   * @param dictionaryPageSizeLimit dictionary bytes per chunk at most
   * @param rowGroupRows rows per row group at most
   * @param rowGroupBytes the encoded size that ends a row group
   * @param statistics write statistics
   * @param crc write page CRCs
   * @param writeArrowSchema store {@code ARROW:schema}
   * @param keyValueMetadata more footer entries
   * @param columnCompression per column: another codec
   * @param columnEncoding per column: another encoding
   * @param columnDictionary per column: dictionary on or off
   * @param parallelism threads that encode a batch's columns
   * @param bloomFilters per column: a Bloom filter
   * @param sortingColumns the rows' sort order, as recorded
   * @param monthDayNanoAsInterval MONTH_DAY_NANO intervals as Parquet INTERVAL
   * @param executor where helper work runs, or null for Parrow's own threads
   * @param commitOnClose whether {@code close()} commits, or only {@code commit()} does
   */
  public WriteOptions {
    bloomFilters = Map.copyOf(bloomFilters);
    sortingColumns = List.copyOf(sortingColumns);
    columnDictionary = Map.copyOf(columnDictionary);
    keyValueMetadata = Map.copyOf(keyValueMetadata);
    columnCompression = Map.copyOf(columnCompression);
    columnEncoding = Map.copyOf(columnEncoding);
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, not " + parallelism);
    }
    if (rowGroupRows < 1 || rowGroupBytes < 1) {
      throw new IllegalArgumentException("row group limits must be positive");
    }
    columnOptions(
        compression,
        compressionLevel,
        pageVersion,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryPageSizeLimit,
        statistics,
        crc);
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

  /**
   * The options column chunks are written with, before per-column choices.
   *
   * @return the options
   */
  public ColumnWriteOptions columnOptions() {
    return columnOptions(
        compression,
        compressionLevel,
        pageVersion,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryPageSizeLimit,
        statistics,
        crc);
  }

  /**
   * The options of one column: its own codec and encoding where given (by dotted path, else
   * top-level name).
   *
   * @param path the leaf's path
   * @return the options
   */
  public ColumnWriteOptions columnOptions(List<String> path) {
    String dotted = String.join(".", path);
    CompressionCodec codec =
        columnCompression.getOrDefault(dotted, columnCompression.get(path.get(0)));
    Encoding encoding = columnEncoding.getOrDefault(dotted, columnEncoding.get(path.get(0)));
    Boolean dictionaryOn = columnDictionary.getOrDefault(dotted, columnDictionary.get(path.get(0)));
    BloomFilterOptions bloom = bloomFilters.getOrDefault(dotted, bloomFilters.get(path.get(0)));
    return columnOptions().with(codec, encoding, dictionaryOn).withBloomFilter(bloom);
  }

  private static ColumnWriteOptions columnOptions(
      CompressionCodec compression,
      Integer level,
      int pageVersion,
      int pageSizeBytes,
      int pageRows,
      boolean dictionary,
      int dictionaryLimit,
      boolean statistics,
      boolean crc) {
    return new ColumnWriteOptions(
        compression,
        level,
        pageVersion,
        pageSizeBytes,
        pageRows,
        dictionary,
        dictionaryLimit,
        statistics,
        crc,
        null,
        null);
  }

  /** Builds {@link WriteOptions}; each setter returns the builder. */
  public static final class Builder {
    private Builder() {}

    private CompressionCodec compression = CompressionCodec.SNAPPY;
    private Integer compressionLevel;
    private int pageVersion = 1;
    private int pageSizeBytes = 1 << 20;
    private int pageRows = ColumnWriteOptions.DEFAULT_PAGE_ROWS;
    private final Map<String, BloomFilterOptions> bloomFilters = new LinkedHashMap<>();
    private final List<SortKey> sortingColumns = new java.util.ArrayList<>();
    private boolean dictionary = true;
    private int dictionaryPageSizeLimit = 1 << 20;
    private long rowGroupRows = 1 << 20;
    private long rowGroupBytes = 128L << 20;
    private boolean statistics = true;
    private boolean crc = true;
    private boolean writeArrowSchema = true;
    private final Map<String, String> keyValueMetadata = new LinkedHashMap<>();
    private final Map<String, CompressionCodec> columnCompression = new LinkedHashMap<>();
    private final Map<String, Encoding> columnEncoding = new LinkedHashMap<>();
    private final Map<String, Boolean> columnDictionary = new LinkedHashMap<>();
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private boolean monthDayNanoAsInterval;
    private java.util.concurrent.Executor executor;
    private boolean commitOnClose = true;

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
     * Data page version 1 (default) or 2.
     *
     * @param version 1 or 2
     * @return this builder
     */
    public Builder pageVersion(int version) {
      this.pageVersion = version;
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
     * Writes a Bloom filter for a column (a dotted leaf path or a top-level name), each chunk's
     * sized for the chunk's own distinct values, at most {@code ndv} of them, at false-positive
     * probability {@code fpp}.
     *
     * @param column the column
     * @param ndv the most distinct values per chunk a filter is sized for
     * @param fpp false-positive probability, in (0, 1)
     * @return this builder
     */
    public Builder bloomFilter(String column, long ndv, double fpp) {
      this.bloomFilters.put(column, new BloomFilterOptions(ndv, fpp));
      return this;
    }

    /**
     * Writes a Bloom filter for a column with the defaults: each chunk's sized for its distinct
     * values at 5% false positives, for at most a million of them (about 1 MiB).
     *
     * @param column the column
     * @return this builder
     */
    public Builder bloomFilter(String column) {
      return bloomFilter(column, BloomFilterOptions.DEFAULT_NDV, BloomFilterOptions.DEFAULT_FPP);
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
     * Write a CRC32 of every page (default true).
     *
     * @param on false for none
     * @return this builder
     */
    public Builder crc(boolean on) {
      this.crc = on;
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
     * Another codec for one column (a dotted leaf path or a top-level name).
     *
     * @param column the column
     * @param codec the codec
     * @return this builder
     */
    public Builder columnCompression(String column, CompressionCodec codec) {
      this.columnCompression.put(column, codec);
      return this;
    }

    /**
     * The values' encoding for one column (a dotted leaf path or a top-level name); not PLAIN turns
     * off its dictionary.
     *
     * @param column the column
     * @param encoding the encoding
     * @return this builder
     */
    public Builder columnEncoding(String column, Encoding encoding) {
      this.columnEncoding.put(column, encoding);
      return this;
    }

    /**
     * Dictionary encoding on or off for one column (a dotted leaf path or a top-level name).
     *
     * @param column the column
     * @param on whether to dictionary-encode it
     * @return this builder
     */
    public Builder columnDictionary(String column, boolean on) {
      this.columnDictionary.put(column, on);
      return this;
    }

    /**
     * Threads encoding a batch's columns, the caller's included (1: only the caller's).
     *
     * @param threads at least 1
     * @return this builder
     */
    public Builder parallelism(int threads) {
      this.parallelism = threads;
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

    /** {@return the options} */
    public WriteOptions build() {
      return new WriteOptions(
          compression,
          compressionLevel,
          pageVersion,
          pageSizeBytes,
          pageRows,
          dictionary,
          dictionaryPageSizeLimit,
          rowGroupRows,
          rowGroupBytes,
          statistics,
          crc,
          writeArrowSchema,
          keyValueMetadata,
          columnCompression,
          columnEncoding,
          columnDictionary,
          parallelism,
          bloomFilters,
          sortingColumns,
          monthDayNanoAsInterval,
          executor,
          commitOnClose);
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
     * Runs the writer's helper work on the caller's executor instead of Parrow's own daemon
     * threads: the columns of a batch that the calling thread does not encode itself ({@code
     * parallelism - 1} helpers at most) and, with a parallelism of 2 or more, the writing of a
     * finished row group to the stream while the next is encoded. The calling thread still encodes
     * and takes over the columns no helper has started; a row group the executor rejects is written
     * by the calling thread.
     *
     * @param executor the executor, or null for Parrow's own threads (the default)
     * @return this builder
     */
    public Builder executor(java.util.concurrent.Executor executor) {
      this.executor = executor;
      return this;
    }
  }
}
