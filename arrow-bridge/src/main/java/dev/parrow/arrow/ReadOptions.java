package dev.parrow.arrow;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.TypeOptions;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * How a file is read: which columns and row groups, how many rows per batch, whether page CRCs are
 * checked, and the type choices of TYPE-MAPPING.md.
 *
 * @param columns top-level field names or dotted leaf paths to read; empty = all. The fields come
 *     in the file's order (as arrow-rs gives them), or in the order named when {@code
 *     requestedOrder} is set (as pyarrow and SQL give them)
 * @param columnIndices leaf column indices to read; empty = all (combined with {@code columns})
 * @param rowGroups row group indices to read, in this order; empty = all
 * @param batchSize rows per batch at most; batches never span row groups
 * @param verifyCrc check the CRC of every page that has one
 * @param maxPageBytes the largest decompressed page accepted (a header claiming more is an error)
 * @param types the type choices of TYPE-MAPPING.md (INT96 unit, UUIDs, decimals, binary, float16)
 * @param parallelism how many threads decode the columns of a batch (the caller's included); 1
 *     decodes on the calling thread only. Results are the same whatever the value.
 * @param useArrowSchemaHint apply the writer's Arrow schema stored under {@code ARROW:schema} (the
 *     hint table of TYPE-MAPPING.md); off, columns read exactly as the plain mapping says
 * @param arrowSchema an Arrow schema to use as the hint in place of the file's blob, or null
 * @param dictionaryMode how dictionary columns (those the hint says were dictionaries, and those
 *     named in {@code dictionaryColumns}) are read
 * @param dictionaryColumns BYTE_ARRAY columns (top-level names or dotted paths) to read as
 *     dictionaries
 * @param maxLevelsPerBatch the most level entries (values, nulls and empty lists) one nested column
 *     may have in a batch: a batch holds whole rows, and a file can claim rows of any length, so
 *     this bounds the memory a hostile file can make the reader take
 * @param filter the rows to read, or null for all; see {@link Filter}
 * @param pruneOnly with a filter, return every row of what pruning kept (row groups and pages that
 *     may hold matches) instead of exactly the matching rows, for callers that filter themselves
 * @param rowOffset the first row of the file to read (rows are numbered across the row groups, in
 *     file order); the filter, if any, applies to the rows selected
 * @param rowLimit how many rows from {@code rowOffset} to read at most (Long.MAX_VALUE: all)
 * @param requestedOrder give the top-level fields in the order {@code columns} first names them,
 *     not in the file's order
 * @param executor where the reader runs its helper threads' work (decoding a batch's columns beside
 *     the caller, reading pages ahead), or null for Parrow's own daemon threads; see {@link
 *     Builder#executor}
 * @param decodeAhead decode the next batches on helper threads while the caller works on the one it
 *     has; see {@link Builder#decodeAhead}
 */
public record ReadOptions(
    List<String> columns,
    List<Integer> columnIndices,
    List<Integer> rowGroups,
    int batchSize,
    boolean verifyCrc,
    TypeOptions types,
    int maxPageBytes,
    int parallelism,
    int maxLevelsPerBatch,
    boolean useArrowSchemaHint,
    org.apache.arrow.vector.types.pojo.Schema arrowSchema,
    DictionaryMode dictionaryMode,
    List<String> dictionaryColumns,
    Filter filter,
    boolean pruneOnly,
    long rowOffset,
    long rowLimit,
    boolean requestedOrder,
    java.util.concurrent.Executor executor,
    boolean decodeAhead) {

  /** How dictionary columns are read. */
  public enum DictionaryMode {
    /** As plain vectors of their values. */
    DECODE,
    /**
     * Dictionary-encoded, the dictionary replaced at each row group (batches never cross row
     * groups).
     */
    PER_ROW_GROUP,
    /**
     * Dictionary-encoded with one dictionary for the whole file: the union, in first-seen order.
     * When the writer's index type cannot index the union of the dictionary pages, or a chunk has
     * pages that fell back from dictionary encoding (whose values no dictionary page counts), the
     * column is read with Int(32) indices instead, and the reader's warnings and {@link
     * ParquetFile#describe(ReadOptions)} say so.
     */
    UNIFY,
    /**
     * The default: one dictionary for the file (as UNIFY) when the union of the row groups'
     * dictionaries fits the index type, else, column by column, one per row group (as
     * PER_ROW_GROUP), keeping the writer's index type.
     */
    AUTO;

    /**
     * {@return whether a column starts with one dictionary for the file, its dictionary pages all
     * read before the first batch (UNIFY, and AUTO until the union overflows)}
     */
    public boolean startsUnified() {
      return this == UNIFY || this == AUTO;
    }
  }

  /** Rows per batch unless set: 65,536. */
  public static final int DEFAULT_BATCH_SIZE = 64 * 1024;

  /**
   * The largest decompressed page accepted unless set: the largest array a JVM allocates, just
   * under 2 GiB, so every page a JVM can hold is read (a map's string page of just over 1 GiB
   * included); a header claiming more is an error before anything is allocated.
   */
  public static final int DEFAULT_MAX_PAGE_BYTES = Integer.MAX_VALUE - 8;

  /**
   * Level entries take 8 bytes each while a batch is assembled: by default one nested column may
   * use an eighth of the heap (at least 2^20 entries, at most 2^28).
   */
  public static final int DEFAULT_MAX_LEVELS_PER_BATCH =
      (int) Math.max(1 << 20, Math.min(1 << 28, Runtime.getRuntime().maxMemory() / 64));

  /**
   * Checks the options; {@link #builder()} is the usual way to make them.
   *
   * @param columns top-level names or dotted leaf paths to read; empty = all
   * @param columnIndices leaf column indices to read; empty = all
   * @param rowGroups row group indices to read, in this order; empty = all
   * @param batchSize rows per batch at most
   * @param verifyCrc check page CRCs
   * @param types the type choices of TYPE-MAPPING.md
   * @param maxPageBytes the largest decompressed page accepted
   * @param parallelism threads that decode a batch's columns
   * @param maxLevelsPerBatch the most level entries of one nested column in a batch
   * @param useArrowSchemaHint apply {@code ARROW:schema}
   * @param arrowSchema a hint to use instead of the file's, or null
   * @param dictionaryMode how dictionary columns are read
   * @param dictionaryColumns columns to read as dictionaries
   * @param filter the rows to read, or null for all
   * @param pruneOnly return what pruning kept, unfiltered
   * @param rowOffset the first row to read
   * @param rowLimit how many rows to read at most
   * @param requestedOrder give the fields in the order named
   * @param executor where helper work runs, or null for Parrow's own threads
   * @param decodeAhead decode the next batches while the caller works on one
   */
  public ReadOptions {
    columns = List.copyOf(columns);
    columnIndices = List.copyOf(columnIndices);
    rowGroups = List.copyOf(rowGroups);
    dictionaryColumns = List.copyOf(dictionaryColumns);
    java.util.Objects.requireNonNull(dictionaryMode, "dictionaryMode");
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, not " + batchSize);
    }
    if (maxPageBytes < 0) {
      throw new IllegalArgumentException("maxPageBytes must not be negative");
    }
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, not " + parallelism);
    }
    if (rowOffset < 0 || rowLimit < 0) {
      throw new IllegalArgumentException(
          "row offset and limit must not be negative, not " + rowOffset + " and " + rowLimit);
    }
    if (maxLevelsPerBatch < 1) {
      throw new IllegalArgumentException(
          "maxLevelsPerBatch must be at least 1, not " + maxLevelsPerBatch);
    }
  }

  /**
   * {@return the defaults: every column and row, batches of 65,536 rows, CRCs checked, the hint
   * applied}
   */
  public static ReadOptions defaults() {
    return builder().build();
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.columns = columns;
    b.columnIndices = columnIndices;
    b.rowGroups = rowGroups;
    b.batchSize = batchSize;
    b.verifyCrc = verifyCrc;
    b.int96Unit = types.int96Unit();
    b.uuidAsString = types.uuidAsString();
    b.decimalsAsDouble = types.decimalsAsDouble();
    b.maxPageBytes = maxPageBytes;
    b.parallelism = parallelism;
    b.maxLevelsPerBatch = maxLevelsPerBatch;
    b.useArrowSchemaHint = useArrowSchemaHint;
    b.arrowSchema = arrowSchema;
    b.dictionaryMode = dictionaryMode;
    b.dictionaryColumns = dictionaryColumns;
    b.filter = filter;
    b.pruneOnly = pruneOnly;
    b.rowOffset = rowOffset;
    b.rowLimit = rowLimit;
    b.requestedOrder = requestedOrder;
    b.executor = executor;
    b.decodeAhead = decodeAhead;
    b.binaryAsString = types.binaryAsString();
    b.uuidAsExtension = types.uuidAsExtension();
    b.float16AsFloat = types.float16AsFloat();
    b.int96OutOfRangeAsNull = types.int96OutOfRangeAsNull();
    b.unsignedAsSigned = types.unsignedAsSigned();
    b.fixedSizeBinaryAsBinary = types.fixedSizeBinaryAsBinary();
    return b;
  }

  /** Builds {@link ReadOptions}; each setter returns the builder. */
  public static final class Builder {
    private Builder() {}

    private List<String> columns = List.of();
    private boolean requestedOrder;
    private boolean binaryAsString;
    private boolean uuidAsExtension;
    private boolean float16AsFloat;
    private boolean unsignedAsSigned;
    private boolean fixedSizeBinaryAsBinary;
    private boolean int96OutOfRangeAsNull;
    private List<Integer> columnIndices = List.of();
    private List<Integer> rowGroups = List.of();
    private int batchSize = DEFAULT_BATCH_SIZE;
    private boolean verifyCrc = true;
    private TimeUnit int96Unit = TimeUnit.NANOSECOND;
    private boolean uuidAsString;
    private boolean decimalsAsDouble;
    private int maxPageBytes = DEFAULT_MAX_PAGE_BYTES;
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private int maxLevelsPerBatch = DEFAULT_MAX_LEVELS_PER_BATCH;
    private boolean useArrowSchemaHint = true;
    private org.apache.arrow.vector.types.pojo.Schema arrowSchema;
    private DictionaryMode dictionaryMode = DictionaryMode.AUTO;
    private List<String> dictionaryColumns = List.of();
    private Filter filter;
    private boolean pruneOnly;
    private long rowOffset;
    private long rowLimit = Long.MAX_VALUE;
    private java.util.concurrent.Executor executor;
    private boolean decodeAhead;

    /**
     * The columns to read: top-level names or dotted leaf paths (default all).
     *
     * @param names the columns
     * @return this builder
     */
    public Builder columns(String... names) {
      this.columns = List.of(names);
      return this;
    }

    /**
     * The columns to read: top-level names or dotted leaf paths (default all).
     *
     * @param names the columns
     * @return this builder
     */
    public Builder columns(List<String> names) {
      this.columns = List.copyOf(names);
      return this;
    }

    /**
     * Leaf columns to read by index, beside {@link #columns}.
     *
     * @param indices leaf column indices
     * @return this builder
     */
    public Builder columnIndices(int... indices) {
      this.columnIndices = java.util.Arrays.stream(indices).boxed().toList();
      return this;
    }

    /**
     * The row groups to read, in this order (default all).
     *
     * @param indices row group indices
     * @return this builder
     */
    public Builder rowGroups(int... indices) {
      this.rowGroups = java.util.Arrays.stream(indices).boxed().toList();
      return this;
    }

    /**
     * Rows per batch at most (default {@link #DEFAULT_BATCH_SIZE}).
     *
     * @param rows the batch size, at least 1
     * @return this builder
     */
    public Builder batchSize(int rows) {
      this.batchSize = rows;
      return this;
    }

    /**
     * Whether page CRCs are checked (default true).
     *
     * @param verify false to skip the check
     * @return this builder
     */
    public Builder verifyCrc(boolean verify) {
      this.verifyCrc = verify;
      return this;
    }

    /**
     * The unit of INT96 timestamps (nanoseconds by default).
     *
     * @param unit the unit
     * @return this builder
     */
    public Builder int96Unit(TimeUnit unit) {
      this.int96Unit = unit;
      return this;
    }

    /**
     * Reads UUID columns as 36-character strings instead of FixedSizeBinary(16).
     *
     * @param asString true for strings
     * @return this builder
     */
    public Builder uuidAsString(boolean asString) {
      this.uuidAsString = asString;
      return this;
    }

    /**
     * Reads decimals as Float64 instead of Decimal128/256 (rounded).
     *
     * @param asDouble true for doubles
     * @return this builder
     */
    public Builder decimalsAsDouble(boolean asDouble) {
      this.decimalsAsDouble = asDouble;
      return this;
    }

    /**
     * The largest decompressed page accepted (default {@link #DEFAULT_MAX_PAGE_BYTES}); a header
     * claiming more is an error.
     *
     * @param bytes the limit
     * @return this builder
     */
    public Builder maxPageBytes(int bytes) {
      this.maxPageBytes = bytes;
      return this;
    }

    /**
     * Threads that decode the columns of a batch, the caller's included (default: the core count).
     *
     * @param threads at least 1
     * @return this builder
     */
    public Builder parallelism(int threads) {
      this.parallelism = threads;
      return this;
    }

    /**
     * The most level entries one nested column may have in a batch ({@link
     * #DEFAULT_MAX_LEVELS_PER_BATCH}).
     *
     * @param entries at least 1
     * @return this builder
     */
    public Builder maxLevelsPerBatch(int entries) {
      this.maxLevelsPerBatch = entries;
      return this;
    }

    /**
     * Whether the writer's Arrow schema ({@code ARROW:schema}) restores Arrow types the Parquet
     * schema cannot say (default true; like nanoparquet's {@code nanoparquet.use_arrow_metadata}).
     *
     * @param use false to read the Parquet schema as it is
     * @return this builder
     */
    public Builder useArrowSchemaHint(boolean use) {
      this.useArrowSchemaHint = use;
      return this;
    }

    /**
     * An Arrow schema to apply as the hint instead of the file's {@code ARROW:schema} (null: the
     * file's).
     *
     * @param schema the hint, or null
     * @return this builder
     */
    public Builder arrowSchema(org.apache.arrow.vector.types.pojo.Schema schema) {
      this.arrowSchema = schema;
      return this;
    }

    /**
     * How dictionary columns are read (default {@link DictionaryMode#AUTO}).
     *
     * @param mode the mode
     * @return this builder
     */
    public Builder dictionaryMode(DictionaryMode mode) {
      this.dictionaryMode = mode;
      return this;
    }

    /**
     * String or binary columns to read dictionary-encoded whatever the hint says.
     *
     * @param names top-level names or dotted paths
     * @return this builder
     */
    public Builder dictionaryColumns(String... names) {
      this.dictionaryColumns = List.of(names);
      return this;
    }

    /**
     * Reads only the rows for which {@code filter} is true (null: every row). Row groups and pages
     * that cannot match are skipped by their statistics, Bloom filters, dictionaries and page
     * index; the filter columns need not be among those read. A filter that names an unknown column
     * or a literal the column cannot hold fails before anything is read.
     *
     * @param filter the filter, or null
     * @return this builder
     */
    public Builder filter(Filter filter) {
      this.filter = filter;
      return this;
    }

    /**
     * Reads {@link #filter(Filter)} from SQL, as {@link Filter#parse}.
     *
     * @param sql a filter in SQL, such as {@code x > 5 AND s = 'a'}
     * @return this builder
     * @throws dev.parrow.arrow.filter.FilterSyntaxException if the SQL is not a filter
     */
    public Builder filter(String sql) {
      this.filter = Filter.parse(sql);
      return this;
    }

    /**
     * With a filter, returns every row of the row groups and pages pruning kept, not only the
     * matching ones (default false): for callers that apply the filter themselves.
     *
     * @param pruneOnly true to skip the exact filtering
     * @return this builder
     */
    public Builder pruneOnly(boolean pruneOnly) {
      this.pruneOnly = pruneOnly;
      return this;
    }

    /**
     * Reads only rows [offset, offset + limit) of the file (numbered across its row groups),
     * without decoding the pages before them where the page headers or offset index give their row
     * counts.
     *
     * @param offset the first row, from 0
     * @param limit how many rows at most
     * @return this builder
     */
    public Builder rows(long offset, long limit) {
      this.rowOffset = offset;
      this.rowLimit = limit;
      return this;
    }

    /** {@return the options} */
    public ReadOptions build() {
      return new ReadOptions(
          columns,
          columnIndices,
          rowGroups,
          batchSize,
          verifyCrc,
          new TypeOptions(
              int96Unit,
              uuidAsString,
              decimalsAsDouble,
              binaryAsString,
              uuidAsExtension,
              float16AsFloat,
              int96OutOfRangeAsNull,
              unsignedAsSigned,
              fixedSizeBinaryAsBinary),
          maxPageBytes,
          parallelism,
          maxLevelsPerBatch,
          useArrowSchemaHint,
          arrowSchema,
          dictionaryMode,
          dictionaryColumns,
          filter,
          pruneOnly,
          rowOffset,
          rowLimit,
          requestedOrder,
          executor,
          decodeAhead);
    }

    /**
     * Decode the next two batches on a helper thread (with {@code parallelism - 1} more) while the
     * caller works on the one it has (default off), as Arrow C++'s scanner reads batches ahead: a
     * caller that spends longer on each batch than the read takes (formats it, computes on it) then
     * finds the next one ready. Without it the reader already reads and decompresses the pages
     * ahead on idle cores, which is what a caller doing little per batch gains most from; there
     * decoding ahead measured no faster, so it is asked for, not assumed. Each batch is decoded
     * into vectors of the reader's own and handed over in the root without a copy (their buffers
     * swapped), so the root's buffers are still reused; three batches of vectors exist instead of
     * one. Not for files read with dictionary vectors (whose dictionary a later batch may replace),
     * and off within a dataset's readers, whose files are read ahead on threads of their own.
     * {@link ParquetArrowReader#stats} counts the batches handed out, not those decoded ahead.
     *
     * @param ahead true to decode ahead
     * @return this builder
     */
    public Builder decodeAhead(boolean ahead) {
      this.decodeAhead = ahead;
      return this;
    }

    /**
     * Runs the reader's helper work on the caller's executor instead of Parrow's own daemon
     * threads: the columns of a batch that the calling thread does not decode itself ({@code
     * parallelism - 1} helpers at most) and the pages read ahead (at most {@code parallelism} at a
     * time). The calling thread still decodes, and takes over whatever no helper has started, so an
     * executor that is busy, small, or rejects work slows a read but never stalls it. Readers of a
     * dataset open their files on threads of their own; each file's reader uses this executor.
     *
     * @param executor the executor, or null for Parrow's own threads (the default)
     * @return this builder
     */
    public Builder executor(java.util.concurrent.Executor executor) {
      this.executor = executor;
      return this;
    }

    /**
     * Gives the top-level fields in the order {@link #columns} first names them (a dotted path
     * places its top-level field), as pyarrow and SQL do, instead of the file's order.
     *
     * @param requested true for the order named
     * @return this builder
     */
    public Builder requestedOrder(boolean requested) {
      this.requestedOrder = requested;
      return this;
    }

    /**
     * Marks UUID columns (FixedSizeBinary(16)) as the canonical {@code arrow.uuid} extension type
     * in their field metadata, so that consumers over the C Data Interface or IPC (DuckDB, Arrow
     * C++, pyarrow) see UUIDs, as their own read of the file gives them; the vectors stay
     * FixedSizeBinaryVector.
     *
     * @param asExtension true to mark them
     * @return this builder
     */
    public Builder uuidAsExtension(boolean asExtension) {
      this.uuidAsExtension = asExtension;
      return this;
    }

    /**
     * Reads FLOAT16 columns as Float32 (exactly) instead of Float16, for consumers with no
     * half-float type: DuckDB refuses Arrow's float16 over the C Data Interface.
     *
     * @param asFloat true for Float32
     * @return this builder
     */
    public Builder float16AsFloat(boolean asFloat) {
      this.float16AsFloat = asFloat;
      return this;
    }

    /**
     * Reads unsigned integers as the next wider signed type (UINT_8 as Int16, UINT_16 as Int32,
     * UINT_32 as Int64) and UINT_64 as Decimal(20, 0), every value exact, as Spark's Parquet reader
     * maps them, for consumers with no unsigned types (default false: Arrow's unsigned types).
     *
     * @param widen true to widen
     * @return this builder
     */
    public Builder unsignedAsSigned(boolean widen) {
      this.unsignedAsSigned = widen;
      return this;
    }

    /**
     * Reads FIXED_LEN_BYTE_ARRAY columns that map to FixedSizeBinary as Binary instead, for
     * consumers with no fixed-size binary type, as Spark's reader reads them (default false).
     *
     * @param asBinary true for Binary
     * @return this builder
     */
    public Builder fixedSizeBinaryAsBinary(boolean asBinary) {
      this.fixedSizeBinaryAsBinary = asBinary;
      return this;
    }

    /**
     * Reads an INT96 timestamp that {@link #int96Unit} cannot hold in 64 bits as null instead of
     * failing (default false). Values are never wrapped; a REQUIRED column, which cannot hold a
     * null, still fails.
     *
     * @param asNull true for nulls
     * @return this builder
     */
    public Builder int96OutOfRangeAsNull(boolean asNull) {
      this.int96OutOfRangeAsNull = asNull;
      return this;
    }

    /**
     * Reads BYTE_ARRAY columns that carry no annotation as Utf8 instead of Binary: Impala, Hive and
     * old parquet-java wrote text that way (DuckDB's {@code binary_as_string}). The bytes are kept
     * as they are; invalid UTF-8 is not checked.
     *
     * @param asString true for Utf8
     * @return this builder
     */
    public Builder binaryAsString(boolean asString) {
      this.binaryAsString = asString;
      return this;
    }
  }
}
