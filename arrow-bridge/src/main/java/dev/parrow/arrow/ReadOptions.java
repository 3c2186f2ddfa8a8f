package dev.parrow.arrow;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.TypeOptions;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * How a file is read, in three parts: what to read (columns or field ids, row groups, rows, a
 * selection of rows by position, a filter, a schema to read as, row numbers), how values are typed
 * ({@link TypeOptions}, which a dataset takes once in {@link DatasetOptions}), and how the read
 * runs (batch size, checks and limits, threads). {@link #builder()} makes them; a new option is one
 * field here and its consumer.
 */
public final class ReadOptions {
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

  // What to read.
  private final List<String> columns;
  private final List<Integer> columnIndices;
  private final List<Integer> fieldIds;
  private final org.apache.arrow.vector.types.pojo.Schema readAs;
  private final List<Integer> rowGroups;
  private final boolean requestedOrder;
  private final Filter filter;
  private final boolean pruneOnly;
  private final long rowOffset;
  private final long rowLimit;
  private final RowSelection selection;
  private final String rowNumbers;
  private final String filePaths;
  // How values are typed; null when the caller chose nothing (a dataset then applies its own).
  private final TypeOptions types;
  // How the read runs.
  private final int batchSize;
  private final boolean verifyCrc;
  private final int maxPageBytes;
  private final int maxLevelsPerBatch;
  private final int parallelism;
  private final Executor executor;
  private final boolean decodeAhead;
  private final BufferPool bufferPool;
  private final long bytesInFlight;

  private ReadOptions(Builder b) {
    if (b.batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, not " + b.batchSize);
    }
    if (b.maxPageBytes < 0) {
      throw new IllegalArgumentException("maxPageBytes must not be negative");
    }
    if (b.parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, not " + b.parallelism);
    }
    if (b.rowOffset < 0 || b.rowLimit < 0) {
      throw new IllegalArgumentException(
          "row offset and limit must not be negative, not " + b.rowOffset + " and " + b.rowLimit);
    }
    if (b.bytesInFlight < 0) {
      throw new IllegalArgumentException(
          "bytesInFlight must not be negative, not " + b.bytesInFlight);
    }
    if (b.maxLevelsPerBatch < 1) {
      throw new IllegalArgumentException(
          "maxLevelsPerBatch must be at least 1, not " + b.maxLevelsPerBatch);
    }
    this.columns = List.copyOf(b.columns);
    this.columnIndices = List.copyOf(b.columnIndices);
    this.fieldIds = List.copyOf(b.fieldIds);
    this.readAs = b.readAs;
    this.rowGroups = List.copyOf(b.rowGroups);
    this.requestedOrder = b.requestedOrder;
    this.filter = b.filter;
    this.pruneOnly = b.pruneOnly;
    this.rowOffset = b.rowOffset;
    this.rowLimit = b.rowLimit;
    this.selection = b.selection;
    this.rowNumbers = b.rowNumbers;
    this.filePaths = b.filePaths;
    this.types = b.types;
    this.batchSize = b.batchSize;
    this.verifyCrc = b.verifyCrc;
    this.maxPageBytes = b.maxPageBytes;
    this.maxLevelsPerBatch = b.maxLevelsPerBatch;
    this.parallelism = b.parallelism;
    this.executor = b.executor;
    this.decodeAhead = b.decodeAhead;
    this.bufferPool = b.bufferPool;
    this.bytesInFlight = b.bytesInFlight;
  }

  /**
   * {@return the defaults: every column and row, batches of 65,536 rows, CRCs checked, the default
   * type choices}
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
    b.fieldIds = fieldIds;
    b.readAs = readAs;
    b.rowGroups = rowGroups;
    b.requestedOrder = requestedOrder;
    b.filter = filter;
    b.pruneOnly = pruneOnly;
    b.rowOffset = rowOffset;
    b.rowLimit = rowLimit;
    b.selection = selection;
    b.rowNumbers = rowNumbers;
    b.filePaths = filePaths;
    b.types = types;
    b.batchSize = batchSize;
    b.verifyCrc = verifyCrc;
    b.maxPageBytes = maxPageBytes;
    b.maxLevelsPerBatch = maxLevelsPerBatch;
    b.parallelism = parallelism;
    b.executor = executor;
    b.decodeAhead = decodeAhead;
    b.bufferPool = bufferPool;
    b.bytesInFlight = bytesInFlight;
    return b;
  }

  /**
   * {@return the top-level field names or dotted leaf paths to read; empty = all. The fields come
   * in the file's order (as arrow-rs gives them), or in the order named when {@link
   * #requestedOrder} is set (as pyarrow and SQL give them)}
   */
  public List<String> columns() {
    return columns;
  }

  /** {@return the leaf column indices to read, beside {@link #columns}; empty = all} */
  public List<Integer> columnIndices() {
    return columnIndices;
  }

  /**
   * {@return the field ids ({@code PARQUET:field_id}) of the fields to read, at any depth, beside
   * {@link #columns}; empty = all}
   */
  public List<Integer> fieldIds() {
    return fieldIds;
  }

  /**
   * {@return the schema to read the file as, or null for the file's own; see {@link
   * Builder#readAs}}
   */
  public org.apache.arrow.vector.types.pojo.Schema readAs() {
    return readAs;
  }

  /** {@return the row group indices to read, in this order; empty = all} */
  public List<Integer> rowGroups() {
    return rowGroups;
  }

  /** {@return whether the top-level fields come in the order {@link #columns} names them} */
  public boolean requestedOrder() {
    return requestedOrder;
  }

  /** {@return the rows to read, or null for all; see {@link Filter}} */
  public Filter filter() {
    return filter;
  }

  /**
   * {@return whether, with a filter, every row of what pruning kept (row groups and pages that may
   * hold matches) is returned instead of exactly the matching rows}
   */
  public boolean pruneOnly() {
    return pruneOnly;
  }

  /**
   * {@return the first row of the file to read (rows are numbered across the row groups, in file
   * order); the filter, if any, applies to the rows selected}
   */
  public long rowOffset() {
    return rowOffset;
  }

  /** {@return how many rows from {@link #rowOffset} to read at most (Long.MAX_VALUE: all)} */
  public long rowLimit() {
    return rowLimit;
  }

  /**
   * {@return the rows the caller selected by position, or null for all; see {@link RowSelection}}
   */
  public RowSelection selection() {
    return selection;
  }

  /**
   * {@return the name of the column of row numbers added after the file's (each row's position in
   * the file, from 0, as an int64 that is never null), or null for none}
   */
  public String rowNumbers() {
    return rowNumbers;
  }

  /**
   * {@return the name of the column of each row's file path or URI in a dataset read, or null for
   * none}
   */
  public String filePaths() {
    return filePaths;
  }

  /** {@return how values are typed: the type choices of TYPE-MAPPING.md, hint and dictionaries} */
  public TypeOptions types() {
    return types == null ? TypeOptions.defaults() : types;
  }

  /** {@return whether the caller chose the type choices (a dataset applies its own otherwise)} */
  boolean typesChosen() {
    return types != null;
  }

  /** {@return the most rows in a batch; batches never span row groups} */
  public int batchSize() {
    return batchSize;
  }

  /** {@return whether the CRC of every page that has one is checked} */
  public boolean verifyCrc() {
    return verifyCrc;
  }

  /** {@return the largest decompressed page accepted (a header claiming more is an error)} */
  public int maxPageBytes() {
    return maxPageBytes;
  }

  /**
   * {@return the most level entries (values, nulls and empty lists) one nested column may have in a
   * batch: a batch holds whole rows, and a file can claim rows of any length, so this bounds the
   * memory a hostile file can make the reader take. Rows past it go to the next batch, which is
   * then smaller than the batch size; only a single row past it is an error}
   */
  public int maxLevelsPerBatch() {
    return maxLevelsPerBatch;
  }

  /**
   * {@return how many threads decode the row groups and columns of the read (the caller's
   * included); 1 decodes on the calling thread only. Results are the same whatever the value}
   */
  public int parallelism() {
    return parallelism;
  }

  /**
   * {@return where the reader runs its helper threads' work, or null for Parrow's own daemon
   * threads; see {@link Builder#executor}}
   */
  public Executor executor() {
    return executor;
  }

  /**
   * {@return about how many bytes of decoded batches the row groups read at once may hold ahead of
   * the caller; see {@link Builder#bytesInFlight}}
   */
  public long bytesInFlight() {
    return bytesInFlight;
  }

  /** {@return whether the next batches are decoded ahead; see {@link Builder#decodeAhead}} */
  public boolean decodeAhead() {
    return decodeAhead;
  }

  /**
   * {@return where the read takes its batches' memory from and gives it back to, or null; see
   * {@link Builder#bufferPool}}
   */
  public BufferPool bufferPool() {
    return bufferPool;
  }

  @Override
  public String toString() {
    return "ReadOptions[columns="
        + columns
        + ", columnIndices="
        + columnIndices
        + ", rowGroups="
        + rowGroups
        + ", filter="
        + filter
        + ", rowOffset="
        + rowOffset
        + ", rowLimit="
        + rowLimit
        + (fieldIds.isEmpty() ? "" : ", fieldIds=" + fieldIds)
        + (readAs == null ? "" : ", readAs=" + readAs)
        + (selection == null ? "" : ", selection=" + selection)
        + (rowNumbers == null ? "" : ", rowNumbers=" + rowNumbers)
        + ", types="
        + types()
        + ", batchSize="
        + batchSize
        + ", parallelism="
        + parallelism
        + "]";
  }

  /** Builds {@link ReadOptions}; each setter returns the builder. */
  public static final class Builder {
    private List<String> columns = List.of();
    private List<Integer> columnIndices = List.of();
    private List<Integer> fieldIds = List.of();
    private org.apache.arrow.vector.types.pojo.Schema readAs;
    private List<Integer> rowGroups = List.of();
    private boolean requestedOrder;
    private Filter filter;
    private boolean pruneOnly;
    private long rowOffset;
    private long rowLimit = Long.MAX_VALUE;
    private RowSelection selection;
    private String rowNumbers;
    private String filePaths;
    private TypeOptions types;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private boolean verifyCrc = true;
    private int maxPageBytes = DEFAULT_MAX_PAGE_BYTES;
    private int maxLevelsPerBatch = DEFAULT_MAX_LEVELS_PER_BATCH;
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private Executor executor;
    private boolean decodeAhead;
    private BufferPool bufferPool;
    private long bytesInFlight = defaultBytesInFlight();

    private Builder() {}

    /** 512 MiB, or a quarter of the JVM's memory when that is less. */
    private static long defaultBytesInFlight() {
      return Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 4);
    }

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
     * The fields to read by their field ids ({@code PARQUET:field_id}, as table formats name
     * columns), at any depth: a struct's member by its own id reads only that member. Beside {@link
     * #columns}; an id the file does not have is an error.
     *
     * @param ids the field ids
     * @return this builder
     */
    public Builder fieldIds(int... ids) {
      List<Integer> list = new java.util.ArrayList<>();
      for (int id : ids) {
        list.add(id);
      }
      this.fieldIds = List.copyOf(list);
      return this;
    }

    /**
     * Reads the file as {@code schema}, as a table format reads its data files: each field is
     * matched to the file's by field id ({@code PARQUET:field_id}) where both have ids, else by
     * name, at every depth; a field the file lacks is all nulls (it must be nullable); the schema's
     * names, order and metadata are kept; and a file's type that widens safely into the requested
     * one is widened: integers to wider ones (unsigned into signed), float to double, a decimal to
     * a wider precision at the same scale, a date to a timestamp. Anything else, and a nullable
     * field asked for as non-null, is an error naming the field, both types and the file. A filter
     * names the schema's fields. Values are read as values (no dictionaries), and the columns to
     * read are the schema's (not {@link #columns}).
     *
     * @param schema the schema to read as, or null for the file's own
     * @return this builder
     */
    public Builder readAs(org.apache.arrow.vector.types.pojo.Schema schema) {
      this.readAs = schema;
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
     * Rows per batch at most (default {@link #DEFAULT_BATCH_SIZE}). A batch of a row group is
     * smaller only at the row group's end, or when a column's values would not fit one batch (more
     * than 2 GiB of strings or binaries, fixed-size ones included, the most a Java array holds, or
     * more than {@link #maxLevelsPerBatch} level entries): the batches of that row group are then
     * made smaller until they fit, as Arrow C++ cuts such a column into chunks.
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
     * The most level entries one nested column may have in a batch ({@link
     * #DEFAULT_MAX_LEVELS_PER_BATCH}; a batch that would take more is read as smaller ones, and a
     * single row that takes more is an error), and the most element slots the fixed-size lists of a
     * hint may make there (null lists take their size's slots with no entries in the file).
     *
     * @param entries at least 1
     * @return this builder
     */
    public Builder maxLevelsPerBatch(int entries) {
      this.maxLevelsPerBatch = entries;
      return this;
    }

    /**
     * Threads that decode the read, the caller's included (default: the core count). A file of
     * several row groups has as many of them decoded at once as the threads and {@link
     * #bytesInFlight} allow, each on a thread of its own with its share of the others for its
     * columns, and its batches handed out in row group order: the rows and batches are those one
     * thread would read. A row group alone (or a read with dictionary vectors) has its columns
     * decoded in parallel.
     *
     * @param threads at least 1
     * @return this builder
     */
    public Builder parallelism(int threads) {
      this.parallelism = threads;
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
     * About how many bytes of decoded batches the row groups decoded at once may hold ahead of the
     * caller beyond two batches each (default 512 MiB, or a quarter of the JVM's memory when less).
     * A row group that has its two and no room waits until the caller takes its batches. Below 16
     * MiB (or half the reader's allocator's room, when that is less) one row group is read at a
     * time, with its columns in parallel.
     *
     * @param bytes at least 0
     * @return this builder
     */
    public Builder bytesInFlight(long bytes) {
      this.bytesInFlight = bytes;
      return this;
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
     * Takes the read's batches' memory from {@code pool} and gives it back there when the read
     * ends, so that the next read with the pool decodes into it instead of new memory (default
     * none: each read's memory is new, and goes back to the system when it ends). The reader's
     * allocator must be the pool's. A dataset's files all use it. See {@link BufferPool}.
     *
     * @param pool the pool, or null for none
     * @return this builder
     */
    public Builder bufferPool(BufferPool pool) {
      this.bufferPool = pool;
      return this;
    }

    /**
     * Reads only the rows of {@code selection} (by their position in the file), within the row
     * range and among those the filter keeps (default all rows).
     *
     * @param selection the rows, or null for all
     * @return this builder
     */
    public Builder select(RowSelection selection) {
      this.selection = selection;
      return this;
    }

    /**
     * Adds a column named {@code name} after the file's: each row's position in the file (from 0,
     * across the row groups, as an int64 that is never null), the same under row-group choices, row
     * ranges, selections, filters and threads. DuckDB names it {@code file_row_number}.
     *
     * @param name the column's name, or null for none
     * @return this builder
     */
    public Builder rowNumbers(String name) {
      this.rowNumbers = name;
      return this;
    }

    /**
     * In a dataset read ({@link ParquetDataset}), adds a column named {@code name} after the
     * others: each row's file, as the dataset lists it (a path or URI). A single file's reader
     * refuses it.
     *
     * @param name the column's name, or null for none
     * @return this builder
     */
    public Builder filePaths(String name) {
      this.filePaths = name;
      return this;
    }

    /**
     * The first row of the file to read, from 0 (default 0): rows are numbered across the row
     * groups, and the pages before it are skipped without decoding where the page headers or offset
     * index give their row counts.
     *
     * @param offset the first row
     * @return this builder
     */
    public Builder rowOffset(long offset) {
      this.rowOffset = offset;
      return this;
    }

    /**
     * How many rows from {@link #rowOffset} to read at most (default all).
     *
     * @param limit the most rows
     * @return this builder
     */
    public Builder rowLimit(long limit) {
      this.rowLimit = limit;
      return this;
    }

    /**
     * How values are typed (default {@link TypeOptions#defaults()}). A dataset's readers take the
     * dataset's type choices ({@link DatasetOptions.Builder#types}).
     *
     * @param types the type choices
     * @return this builder
     */
    public Builder types(TypeOptions types) {
      this.types = java.util.Objects.requireNonNull(types, "types");
      return this;
    }

    /**
     * Changes some type choices, keeping the others: {@code types(t -> t.int96Unit(MILLISECOND))}.
     *
     * @param change edits a builder holding the current choices
     * @return this builder
     */
    public Builder types(Consumer<TypeOptions.Builder> change) {
      TypeOptions.Builder b = (types == null ? TypeOptions.defaults() : types).toBuilder();
      change.accept(b);
      this.types = b.build();
      return this;
    }

    /** {@return the options} */
    public ReadOptions build() {
      return new ReadOptions(this);
    }
  }
}
