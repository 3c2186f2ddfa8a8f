package dev.parrow.codec.write;

import dev.parrow.codec.compression.Compressors;
import dev.parrow.codec.crypto.ChunkEncryptor;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.encoding.ByteSink;
import dev.parrow.codec.encoding.DictionaryEncoder;
import dev.parrow.codec.encoding.PlainEncoder;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.encoding.ValueEncodings;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import java.util.Arrays;
import java.util.List;

/**
 * Writes one column chunk: level entries and their present values come in ({@link #write}), pages
 * go out, cut at a row boundary once they reach the page size; values are dictionary-encoded until
 * the dictionary outgrows its limit, then PLAIN. This class decides what each page holds; {@link
 * PageWriter} assembles the pages and {@link PageIndexBuilder} the page index. {@link #finish}
 * gives the chunk's bytes (dictionary page first) and its metadata.
 */
public final class ColumnChunkWriter {
  /**
   * A finished chunk: its dictionary page (empty when it has none), then its data pages (the first
   * {@code pagesLength} bytes of {@code pages}, not copied again), and metadata and page index
   * whose offsets count from the chunk's first byte (the column index is null when there are no
   * statistics or the type has no order), and the encryption of its modules (null when it is stored
   * in plaintext).
   */
  public record Chunk(
      byte[] dictionaryPage,
      byte[] pages,
      int pagesLength,
      ColumnMetaData metaData,
      ColumnIndex columnIndex,
      OffsetIndex offsetIndex,
      dev.parrow.codec.bloom.BloomFilter bloomFilter,
      ChunkEncryptor crypto) {

    public boolean hasDictionaryPage() {
      return dictionaryPage.length > 0;
    }

    /** The chunk's size in the file. */
    public long length() {
      return dictionaryPage.length + (long) pagesLength;
    }

    public void writeTo(java.io.OutputStream out) throws java.io.IOException {
      out.write(dictionaryPage);
      out.write(pages, 0, pagesLength);
    }

    /** The same chunk without its bytes (for the page index, written after the row groups). */
    public Chunk withoutBytes(ColumnMetaData placed, OffsetIndex placedIndex) {
      return new Chunk(
          new byte[0], new byte[0], 0, placed, columnIndex, placedIndex, bloomFilter, crypto);
    }
  }

  private static final int SLICE = 1024;

  private final ColumnDescriptor column;
  private final ColumnWriteOptions options;
  private final int maxDef;
  private final int maxRep;
  private final StatisticsBuilder statistics;

  /** For GEOMETRY and GEOGRAPHY chunks, their GeospatialStatistics; else null. */
  private final GeospatialStatisticsBuilder geospatial;

  private final PageWriter pages;

  /** The chunk's encryption, or null. */
  private final ChunkEncryptor crypto;

  /** The order the statistics follow (the footer's for the column). */
  private final ColumnOrder order;

  private final PageIndexBuilder pageIndex;

  /** The chunk's size statistics as pages are written, or null when none are written. */
  private final SizeStatisticsBuilder sizes;

  /** Where content-defined chunks end, or null when pages are cut by size alone. */
  private final ContentDefinedChunker chunker;

  // The page being filled.
  private int[] defs = new int[SLICE];
  private int[] reps = new int[SLICE];
  private int entries;
  private int rows;
  private final DenseValues pageValues;
  private long estimate;

  // The dictionary (every type but BOOLEAN, which has none) and whether the chunk still uses it.
  private boolean dictionaryOn;
  private final Encoding valueEncoding;
  private final DictionaryEncoder dictionary;
  private int[] pageIds = new int[SLICE];

  /** Set when the caller supplies the dictionary and ids ({@link #writeIndexed}). */
  private boolean indexed;

  private long valueCount;
  private long rowsWritten;

  /**
   * A writer of a chunk stored in plaintext.
   *
   * @param column the column
   * @param options how it is written
   */
  public ColumnChunkWriter(ColumnDescriptor column, ColumnWriteOptions options) {
    this(column, options, null);
  }

  /**
   * A writer of a chunk whose modules are encrypted.
   *
   * @param column the column
   * @param options how it is written
   * @param crypto the chunk's encryption, or null for plaintext
   */
  public ColumnChunkWriter(
      ColumnDescriptor column, ColumnWriteOptions options, ChunkEncryptor crypto) {
    this(column, options, crypto, ColumnOrder.TYPE_ORDER);
  }

  /**
   * A writer of a chunk whose statistics follow {@code order} (the column's in the footer: {@link
   * #columnOrder}).
   *
   * @param column the column
   * @param options how it is written
   * @param crypto the chunk's encryption, or null for plaintext
   * @param order TYPE_ORDER, IEEE_754_TOTAL_ORDER for a floating-point column, or
   *     INT96_TIMESTAMP_ORDER for an INT96 one (which gets statistics only so)
   */
  public ColumnChunkWriter(
      ColumnDescriptor column,
      ColumnWriteOptions options,
      ChunkEncryptor crypto,
      ColumnOrder order) {
    validate(column, options);
    this.crypto = crypto;
    this.order = order;
    this.column = column;
    this.options = options;
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
    this.statistics = new StatisticsBuilder(column, order, options.statisticsTruncateLength());
    this.geospatial =
        column.logicalType() instanceof dev.parrow.codec.metadata.LogicalType.GeometryType
            ? new GeospatialStatisticsBuilder(true)
            : column.logicalType() instanceof dev.parrow.codec.metadata.LogicalType.GeographyType
                ? new GeospatialStatisticsBuilder(false)
                : null;
    this.pages = new PageWriter(options, maxDef, maxRep, crypto);
    this.sizes = options.sizeStatistics() ? SizeStatisticsBuilder.of(column) : null;
    this.chunker =
        options.contentDefinedChunking() == null
            ? null
            : new ContentDefinedChunker(column, options.contentDefinedChunking());
    this.pageIndex = new PageIndexBuilder(statistics, sizes);
    this.pageValues = DenseValues.forColumn(column);
    this.valueEncoding = options.encoding() == null ? Encoding.PLAIN : options.encoding();
    this.dictionary =
        column.physicalType() == PhysicalType.BOOLEAN ? null : new DictionaryEncoder(column);
    this.dictionaryOn =
        options.dictionary() && dictionary != null && valueEncoding == Encoding.PLAIN;
    this.bloom =
        options.bloomFilter() == null || column.physicalType() == PhysicalType.BOOLEAN
            ? null
            : new BloomFilterBuilder(options.bloomFilter());
  }

  /** The chunk's Bloom filter as it fills, or null when none is written. */
  private final BloomFilterBuilder bloom;

  /** Entries of the dictionary of {@link #writeIndexed} already in the Bloom filter. */
  private int bloomHashed;

  /**
   * Fails, before anything is written, when the options cannot write this column (its codec, its
   * encoding).
   */
  public static void validate(ColumnDescriptor column, ColumnWriteOptions options) {
    Compressors.requireWritable(options.codec());
    ValueEncodings.checkWritable(
        options.encoding() == null ? Encoding.PLAIN : options.encoding(), column);
  }

  /**
   * Adds {@code n} level entries (whole rows: {@code reps[0]} is 0) and their present values (one
   * per entry whose definition level is the maximum). {@code defs} may be null when every entry is
   * at the maximum level (a required column, or an optional one with no nulls here), {@code reps}
   * when the column is not repeated.
   */
  public void write(int n, int[] defs, int[] reps, DenseValues values) {
    int chunkEnds = chunker == null ? 0 : chunker.cuts(n, defs, reps, values, null);
    inChunks(n, chunkEnds, (from, to, first) -> writeRange(from, to, defs, reps, values, first));
  }

  /** Adds entries [from, to), their values from {@code first} on; returns the value after them. */
  private interface Range {
    int add(int from, int to, int first);
  }

  /**
   * Adds entries [0, n) range by range, ending a page after each of the first {@code chunkEnds}
   * content-defined chunk ends ({@link ContentDefinedChunker#ends}); the size limits still cut
   * within a chunk.
   */
  private void inChunks(int n, int chunkEnds, Range range) {
    int from = 0;
    int first = 0;
    for (int c = 0; c < chunkEnds; c++) {
      int end = chunker.ends()[c];
      first = range.add(from, end, first);
      from = end;
      flushPage();
    }
    range.add(from, n, first);
  }

  /**
   * Adds entries [from, to) whose present values start at {@code firstValue}, cutting pages at the
   * size limits; returns the first value after them.
   */
  private int writeRange(
      int from, int to, int[] defs, int[] reps, DenseValues values, int firstValue) {
    int value = firstValue;
    for (int at = from; at < to; ) {
      int end = sliceEnd(at, to, reps);
      int present = append(at, end, defs, reps, values, value);
      value += present;
      pageRows += rowsIn(at, end, reps);
      at = end;
      if (estimate >= options.pageSizeBytes() || pageRows >= options.pageRows()) {
        flushPage();
      }
    }
    return value;
  }

  /**
   * Says which bytes of each value content-defined chunking hashes: what Arrow C++ hashes for the
   * Arrow vector the values came from. Without it, each value's stored bytes. No effect without
   * {@link ColumnWriteOptions#contentDefinedChunking}.
   *
   * @param bytes the bytes hashed per value (per id, for {@link #writeIndexed})
   */
  public void hashValuesAs(ValueBytes bytes) {
    if (chunker != null) {
      chunker.hashValuesAs(bytes);
    }
  }

  /**
   * Adds {@code n} level entries whose present values are given as ids into {@code dictionary},
   * which becomes the chunk's dictionary page as it is (in order, unused entries included): no
   * value is hashed. A later call may pass a dictionary that extends this one; any other change
   * needs a new chunk.
   */
  public void writeIndexed(int n, int[] defs, int[] reps, int[] ids, DenseValues dictionary) {
    if (this.dictionary == null) {
      throw new IllegalArgumentException("a BOOLEAN column has no dictionary");
    }
    if (!accepts(dictionary)) {
      throw new IllegalArgumentException(
          indexed
              ? "the dictionary changed within a column chunk"
              : "a chunk takes either values or dictionary ids");
    }
    indexed = true;
    this.dictionary.extendWith(dictionary);
    if (bloom != null && dictionary.size() > bloomHashed) {
      bloom.add(dictionary, bloomHashed, dictionary.size() - bloomHashed);
      bloomHashed = dictionary.size();
    }
    int size = dictionary.size();
    int chunkEnds = chunker == null ? 0 : chunker.cuts(n, defs, reps, null, ids);
    inChunks(
        n, chunkEnds, (from, to, first) -> writeIdRange(from, to, defs, reps, ids, size, first));
  }

  /** {@link #writeRange} for ids into a dictionary of {@code size} entries. */
  private int writeIdRange(
      int from, int to, int[] defs, int[] reps, int[] ids, int size, int firstId) {
    int id = firstId;
    for (int at = from; at < to; ) {
      int end = sliceEnd(at, to, reps);
      int before = entries;
      int present = levels(at, end, defs, reps);
      if (pageIds.length < indexedCount + present) {
        pageIds = Arrays.copyOf(pageIds, Math.max(indexedCount + present, pageIds.length * 2));
      }
      for (int k = 0; k < present; k++) {
        int value = ids[id++];
        if (value < 0 || value >= size) {
          throw new IllegalArgumentException(
              "dictionary index " + value + " outside a dictionary of " + size);
        }
        pageIds[indexedCount + k] = value;
      }
      indexedCount += present;
      estimate += 4L * present + (entries - before) / 4 + 1;
      pageRows += rowsIn(at, end, reps);
      at = end;
      if (estimate >= options.pageSizeBytes() || pageRows >= options.pageRows()) {
        flushPage();
      }
    }
    return id;
  }

  private int indexedCount;

  /**
   * Where the slice of entries starting at {@code at} ends: about {@link #SLICE} on, at a row start
   * (pages hold whole rows).
   */
  private int sliceEnd(int at, int n, int[] reps) {
    int rowsLeft = options.pageRows() - pageRows;
    if (reps == null) {
      return Math.min(n, at + Math.min(SLICE, Math.max(rowsLeft, 1)));
    }
    // Whole rows: stop before the row that would pass the page's row limit.
    int end = at;
    int rows = 0;
    while (end < n && (end - at < SLICE || reps[end] != 0)) {
      if (reps[end] == 0) {
        if (rows == rowsLeft && rows > 0) {
          break;
        }
        rows++;
      }
      end++;
    }
    return end;
  }

  /** Rows in the page being filled. */
  private int pageRows;

  private static int rowsIn(int at, int end, int[] reps) {
    if (reps == null) {
      return end - at;
    }
    int rows = 0;
    for (int i = at; i < end; i++) {
      if (reps[i] == 0) {
        rows++;
      }
    }
    return rows;
  }

  /**
   * Whether {@link #writeIndexed} takes ids into {@code d}: the chunk has no values yet, or d
   * extends its dictionary.
   */
  public boolean accepts(DenseValues d) {
    if (dictionary == null) {
      return false;
    }
    return indexed
        ? dictionary.isPrefixOf(d)
        : pageValues.size() == 0
            && valueCount == 0
            && dictionary.size() == 0
            && dictionary.isPrefixOf(d);
  }

  /**
   * Whether every entry of the page so far is a present value of its own row (a required column, or
   * an optional one without nulls): their levels are then not kept in {@link #defs} and {@link
   * #reps}, and the page's levels are written as one run.
   */
  private boolean flatPage = true;

  /** Appends the levels of entries [from, to); returns how many are present. */
  private int levels(int from, int to, int[] d, int[] r) {
    int k = to - from;
    if (d == null && r == null) {
      // A required flat column: every entry a present value of its own row.
      if (!flatPage) {
        keepLevels(k);
        Arrays.fill(this.defs, entries, entries + k, maxDef);
        Arrays.fill(this.reps, entries, entries + k, 0);
      }
      rows += k;
      entries += k;
      statistics.nulls(0);
      return k;
    }
    keepLevels(k);
    if (flatPage) {
      // The page's first entry that may not be: the levels before it kept from here on.
      flatPage = false;
      Arrays.fill(this.defs, 0, entries, maxDef);
      Arrays.fill(this.reps, 0, entries, 0);
    }
    int present = 0;
    for (int i = from; i < to; i++) {
      int def = d == null ? maxDef : d[i];
      this.defs[entries] = def;
      int rep = r == null ? 0 : r[i];
      this.reps[entries] = rep;
      if (rep == 0) {
        rows++;
      }
      if (def == maxDef) {
        present++;
      }
      entries++;
    }
    statistics.nulls(k - present);
    return present;
  }

  /** Room in {@link #defs} and {@link #reps} for {@code k} more entries. */
  private void keepLevels(int k) {
    if (entries + k > this.defs.length) {
      int capacity = Math.max(entries + k, this.defs.length * 2);
      this.defs = Arrays.copyOf(this.defs, capacity);
      this.reps = Arrays.copyOf(this.reps, capacity);
    }
  }

  private int append(int from, int to, int[] d, int[] r, DenseValues values, int firstValue) {
    int before = pageValues.size();
    int present = levels(from, to, d, r);
    pageValues.appendRange(values, firstValue, present);
    if (bloom != null) {
      bloom.add(values, firstValue, present);
    }
    estimate +=
        PlainEncoder.size(pageValues, before, pageValues.size(), column) + (to - from) / 4 + 1;
    return present;
  }

  private void flushPage() {
    if (entries == 0) {
      return;
    }
    int present = indexed ? indexedCount : pageValues.size();
    byte[] values;
    if (indexed) {
      values = rleIds(present);
      indexedCount = 0;
    } else {
      values = dictionaryOn ? dictionaryIds(present) : null;
    }
    // The statistics of a page of ids (the caller's, or byte arrays this writer encoded) come from
    // the entries it uses, each once.
    Statistics pageStatistics =
        pageStatistics(
            present,
            indexed || values != null && (statistics.comparesBytes() || geospatial != null));
    pageIndex.startPage(pages.pages().size(), rowsWritten, pageStatistics, present);
    Encoding encoding;
    if (values != null) {
      encoding = pages.dictionaryIdsEncoding();
    } else {
      values = ValueEncodings.encode(valueEncoding, pageValues, present, column);
      encoding = valueEncoding;
    }
    Statistics headerStatistics =
        options.statistics() && statistics.ordered() ? pageStatistics : null;
    if (sizes != null) {
      long bytes = 0;
      if (sizes.countsBytes()) {
        bytes =
            indexed
                ? SizeStatisticsBuilder.bytes(dictionary.entries(), pageIds, present)
                : SizeStatisticsBuilder.bytes(pageValues, present);
      }
      sizes.page(flatPage ? null : defs, flatPage ? null : reps, entries, present, bytes);
    }
    pages.writeDataPage(
        flatPage ? null : defs,
        flatPage ? null : reps,
        entries,
        rows,
        entries - present,
        values,
        encoding,
        headerStatistics);
    pageIndex.endPage(pages.pages().size());
    rowsWritten += rows;
    valueCount += entries;
    entries = 0;
    flatPage = true;
    pageRows = 0;
    rows = 0;
    estimate = 0;
    pageValues.clear();
  }

  /**
   * The statistics of the page being written; the chunk's take them in. With {@code byIds}, from
   * the dictionary entries the page's ids name ({@link #pageIds}), each once: min and max do not
   * depend on how often a value comes, so a low-cardinality page costs a pass over its ids, not a
   * comparison per value.
   */
  private Statistics pageStatistics(int present, boolean byIds) {
    StatisticsBuilder page =
        new StatisticsBuilder(column, order, options.statisticsTruncateLength());
    page.nulls(entries - present);
    if (byIds) {
      int distinct = distinctIds(present);
      for (int k = 0; k < distinct; k++) {
        int id = distinctIds[k];
        page.update(dictionary.entries(), id, id + 1);
        if (geospatial != null) {
          geospatial.add(dictionary.entries(), id, 1);
        }
      }
      page.countNaNs(dictionary.entries(), pageIds, present);
    } else {
      page.update(pageValues, 0, present);
      if (geospatial != null) {
        geospatial.add(pageValues, 0, present);
      }
    }
    statistics.mergeValues(page);
    return page.build();
  }

  /** Per dictionary entry, the last page ({@link #pageStamp}) whose ids named it. */
  private int[] idStamps = new int[0];

  private int pageStamp;
  private int[] distinctIds = new int[0];

  /**
   * Puts the distinct ids among the page's first {@code present} into {@link #distinctIds}, in the
   * order they first come (so that statistics see values in their order, as without the
   * dictionary), and returns how many there are.
   */
  private int distinctIds(int present) {
    int size = dictionary.size();
    if (idStamps.length < size) {
      idStamps = Arrays.copyOf(idStamps, Math.max(size, 2 * idStamps.length));
    }
    if (distinctIds.length < Math.min(size, present)) {
      distinctIds = new int[Math.max(Math.min(size, present), 2 * distinctIds.length)];
    }
    if (++pageStamp == Integer.MAX_VALUE) {
      Arrays.fill(idStamps, 0);
      pageStamp = 1;
    }
    int stamp = pageStamp;
    int[] stamps = idStamps;
    int[] out = distinctIds;
    int n = 0;
    for (int i = 0; i < present; i++) {
      int id = pageIds[i];
      if (stamps[id] != stamp) {
        stamps[id] = stamp;
        out[n++] = id;
      }
    }
    return n;
  }

  /**
   * The page's values as dictionary ids (bit width byte, then RLE), or null when the chunk falls
   * back.
   */
  private byte[] dictionaryIds(int present) {
    if (pageIds.length < present) {
      pageIds = new int[Math.max(present, pageIds.length * 2)];
    }
    if (dictionary.encode(pageValues, present, pageIds, options.dictionaryPageSizeLimit())
        < present) {
      // Past the limit: this page and the rest of the chunk are PLAIN.
      dictionaryOn = false;
      return null;
    }
    byte[] ids = rleIds(present);
    if (!dictionaryJudged && present > 0) {
      // As parquet-java does: the first page with values decides whether the dictionary pays. When
      // its entries and the page's ids take as much room as the page's values PLAIN, the values
      // are mostly distinct, and hashing the rest of the chunk would buy nothing.
      dictionaryJudged = true;
      if (dictionary.plainBytes() + ids.length
          >= PlainEncoder.size(pageValues, 0, present, column)) {
        dictionaryOn = false;
        return null;
      }
    }
    return ids;
  }

  /** Whether the first page with values has decided that the dictionary pays. */
  private boolean dictionaryJudged;

  /**
   * The page's dictionary ids: a bit width byte, then the RLE / bit-packed hybrid (encoded in this
   * thread's buffer, then copied once).
   */
  private byte[] rleIds(int present) {
    int bitWidth = Bits.bitWidth(Math.max(0, dictionary.size() - 1));
    PageScratch scratch = PageScratch.get();
    scratch.ids.writeByte(bitWidth);
    RleBitPackedEncoder.encodeInto(pageIds, 0, present, bitWidth, scratch.ids);
    byte[] ids = scratch.ids.toByteArray();
    scratch.trim();
    return ids;
  }

  /** Ends the chunk. Its dictionary page, if any, comes first. */
  public Chunk finish() {
    flushPage();
    byte[] dictionaryPage = new byte[0];
    // A dictionary page also when every dictionary-encoded page held only nulls (their ids refer to
    // none).
    boolean hasDictionary = indexed || pages.usedDictionary();
    if (hasDictionary) {
      ByteSink plain =
          new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, dictionary.plainBytes() + 16));
      PlainEncoder.encode(dictionary.entries(), 0, dictionary.size(), column, plain);
      dictionaryPage = pages.dictionaryPage(plain, dictionary.size());
    }
    ByteSink data = pages.pages();
    ColumnMetaData meta =
        new ColumnMetaData(
            column.physicalType(),
            List.copyOf(pages.encodings()),
            column.path(),
            options.codec(),
            valueCount,
            pages.uncompressedBytes() + pages.dictionaryUncompressed(),
            dictionaryPage.length + (long) data.size(),
            null,
            dictionaryPage.length,
            null,
            hasDictionary ? 0L : null,
            options.statistics() ? statistics.build() : null,
            List.copyOf(pages.encodingStats()),
            null,
            null,
            sizes == null ? null : sizes.build(),
            options.statistics() && geospatial != null ? geospatial.build() : null);
    ColumnIndex columnIndex =
        options.statistics() && statistics.ordered() ? pageIndex.columnIndex() : null;
    return new Chunk(
        dictionaryPage,
        data.array(),
        data.size(),
        meta,
        columnIndex,
        pageIndex.offsetIndex(dictionaryPage.length),
        bloom == null ? null : bloom.filter(),
        crypto);
  }

  /**
   * The order a column's statistics follow in a new file: IEEE 754's total order for FLOAT, DOUBLE
   * and FLOAT16 when {@code floatTotalOrder} (as parquet-java 1.18 writes them), INT96 timestamps'
   * chronological order for INT96 (parquet-format 2.13's INT96_TIMESTAMP_ORDER, as parquet-java
   * writes it after 1.18: readers that do not know the order ignore the statistics, as they must
   * under the type order), else the type's.
   *
   * @param column the column
   * @param floatTotalOrder whether floating-point columns take the total order
   * @return the column's order
   */
  public static ColumnOrder columnOrder(ColumnDescriptor column, boolean floatTotalOrder) {
    return columnOrder(column, floatTotalOrder, true);
  }

  /**
   * {@link #columnOrder(ColumnDescriptor, boolean)}, INT96 in its timestamp order only when {@code
   * int96TimestampOrder} (rows appended to a file whose footer gives INT96 the type order keep it,
   * without statistics).
   *
   * @param column the column
   * @param floatTotalOrder whether floating-point columns take the total order
   * @param int96TimestampOrder whether an INT96 column takes INT96_TIMESTAMP_ORDER
   * @return the column's order
   */
  public static ColumnOrder columnOrder(
      ColumnDescriptor column, boolean floatTotalOrder, boolean int96TimestampOrder) {
    if (column.physicalType() == dev.parrow.codec.metadata.PhysicalType.INT96) {
      return int96TimestampOrder ? ColumnOrder.INT96_TIMESTAMP_ORDER : ColumnOrder.TYPE_ORDER;
    }
    return floatTotalOrder && StatisticsBuilder.totalOrderApplies(column)
        ? ColumnOrder.IEEE_754_TOTAL_ORDER
        : ColumnOrder.TYPE_ORDER;
  }

  /** Bytes the chunk holds so far: its finished pages and an estimate of the page being filled. */
  public long bufferedBytes() {
    // A dictionary counts once a page uses it: one dropped after its first page is never written.
    boolean dictionaryPage = dictionary != null && (indexed || pages.usedDictionary());
    return pages.pages().size() + estimate + (dictionaryPage ? dictionary.plainBytes() : 0);
  }
}
