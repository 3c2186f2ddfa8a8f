package dev.parrow.codec.write;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.compression.Compressors;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.metadata.BoundaryOrder;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.DictionaryPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageEncodingStats;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Writes one column chunk: level entries and their present values come in ({@link #write}), pages go out,
 * cut at a row boundary once they reach the page size; BYTE_ARRAY values are dictionary-encoded until the
 * dictionary outgrows its limit, then PLAIN. {@link #finish} gives the chunk's bytes (dictionary page
 * first) and its metadata.
 */
public final class ColumnChunkWriter {
  /**
   * A finished chunk: its dictionary page (empty when it has none), then its data pages (the first
   * {@code pagesLength} bytes of {@code pages}, not copied again), and metadata and page index whose offsets
   * count from the chunk's first byte (the column index is null when there are no statistics or the type
   * has no order).
   */
  public record Chunk(byte[] dictionaryPage, byte[] pages, int pagesLength, ColumnMetaData metaData,
      ColumnIndex columnIndex, OffsetIndex offsetIndex) {

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
      return new Chunk(new byte[0], new byte[0], 0, placed, columnIndex, placedIndex);
    }
  }

  private static final int SLICE = 1024;

  private final ColumnDescriptor column;
  private final ColumnWriteOptions options;
  private final int maxDef;
  private final int maxRep;
  private final StatisticsBuilder statistics;
  // Starts small and doubles: a wide schema has one writer per column.
  private final ByteSink pages = new ByteSink(1 << 10);
  private final List<PageEncodingStats> encodingStats = new ArrayList<>();
  private final Set<Encoding> encodings = new LinkedHashSet<>();

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
  private final DictionaryBuilder dictionary;
  private int[] pageIds = new int[SLICE];
  /** Set when the caller supplies the dictionary and ids ({@link #writeIndexed}). */
  private boolean indexed;

  private long valueCount;
  // The page index: one entry per data page.
  private final List<PageLocation> locations = new ArrayList<>();
  private final List<Boolean> nullPages = new ArrayList<>();
  private final List<Bytes> pageMins = new ArrayList<>();
  private final List<Bytes> pageMaxs = new ArrayList<>();
  private final List<Long> pageNulls = new ArrayList<>();
  private long rowsWritten;
  private long uncompressedBytes;

  public ColumnChunkWriter(ColumnDescriptor column, ColumnWriteOptions options) {
    validate(column, options);
    this.column = column;
    this.options = options;
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
    this.statistics = new StatisticsBuilder(column);
    this.pageValues = ColumnReader.newValues(column);
    this.valueEncoding = options.encoding() == null ? Encoding.PLAIN : options.encoding();
    this.dictionary = column.physicalType() == PhysicalType.BOOLEAN ? null : new DictionaryBuilder(column);
    this.dictionaryOn = options.dictionary() && dictionary != null && valueEncoding == Encoding.PLAIN;
  }

  /** Fails, before anything is written, when the options cannot write this column (its codec, its encoding). */
  public static void validate(ColumnDescriptor column, ColumnWriteOptions options) {
    Compressors.requireWritable(options.codec());
    ValueEncoders.check(options.encoding() == null ? Encoding.PLAIN : options.encoding(), column);
  }

  /**
   * Adds {@code n} level entries (whole rows: {@code reps[0]} is 0) and their present values (one per
   * entry whose definition level is the maximum). {@code defs} and {@code reps} may be null when the
   * column has no such levels.
   */
  public void write(int n, int[] defs, int[] reps, DenseValues values) {
    int value = 0;
    for (int at = 0; at < n; ) {
      int end = sliceEnd(at, n, reps);
      int present = append(at, end, defs, reps, values, value);
      value += present;
      at = end;
      if (estimate >= options.pageSizeBytes()) {
        flushPage();
      }
    }
  }

  /**
   * Adds {@code n} level entries whose present values are given as ids into {@code dictionary}, which
   * becomes the chunk's dictionary page as it is (in order, unused entries included): no value is hashed.
   * A later call may pass a dictionary that extends this one; any other change needs a new chunk.
   */
  public void writeIndexed(int n, int[] defs, int[] reps, int[] ids, DenseValues dictionary) {
    if (this.dictionary == null) {
      throw new IllegalArgumentException("a BOOLEAN column has no dictionary");
    }
    if (!accepts(dictionary)) {
      throw new IllegalArgumentException(indexed ? "the dictionary changed within a column chunk"
          : "a chunk takes either values or dictionary ids");
    }
    indexed = true;
    this.dictionary.extendWith(dictionary);
    int id = 0;
    for (int at = 0; at < n; ) {
      int end = sliceEnd(at, n, reps);
      int before = entries;
      int present = levels(at, end, defs, reps);
      if (pageIds.length < indexedCount + present) {
        pageIds = Arrays.copyOf(pageIds, Math.max(indexedCount + present, pageIds.length * 2));
      }
      for (int k = 0; k < present; k++) {
        int value = ids[id++];
        if (value < 0 || value >= dictionary.size()) {
          throw new IllegalArgumentException("dictionary index " + value + " outside a dictionary of " + dictionary.size());
        }
        pageIds[indexedCount + k] = value;
      }
      indexedCount += present;
      estimate += 4L * present + (entries - before) / 4 + 1;
      at = end;
      if (estimate >= options.pageSizeBytes()) {
        flushPage();
      }
    }
  }

  private int indexedCount;

  /** Where the slice of entries starting at {@code at} ends: about {@link #SLICE} on, at a row start (pages hold whole rows). */
  private static int sliceEnd(int at, int n, int[] reps) {
    int end = Math.min(n, at + SLICE);
    while (end < n && reps != null && reps[end] != 0) {
      end++;
    }
    return end;
  }

  /** Whether {@link #writeIndexed} takes ids into {@code d}: the chunk has no values yet, or d extends its dictionary. */
  public boolean accepts(DenseValues d) {
    if (dictionary == null) {
      return false;
    }
    return indexed ? dictionary.isPrefixOf(d)
        : pageValues.size() == 0 && valueCount == 0 && dictionary.size() == 0 && dictionary.isPrefixOf(d);
  }

  /** Appends the levels of entries [from, to); returns how many are present. */
  private int levels(int from, int to, int[] d, int[] r) {
    int k = to - from;
    if (entries + k > this.defs.length) {
      int capacity = Math.max(entries + k, this.defs.length * 2);
      this.defs = Arrays.copyOf(this.defs, capacity);
      this.reps = Arrays.copyOf(this.reps, capacity);
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

  private int append(int from, int to, int[] d, int[] r, DenseValues values, int firstValue) {
    int before = pageValues.size();
    int present = levels(from, to, d, r);
    appendValues(values, firstValue, present, pageValues);
    estimate += valueBytes(before, pageValues.size()) + (to - from) / 4 + 1;
    return present;
  }

  private long valueBytes(int from, int to) {
    return switch (column.physicalType()) {
      case BOOLEAN -> (to - from + 7) / 8;
      case INT32, FLOAT -> 4L * (to - from);
      case INT64, DOUBLE -> 8L * (to - from);
      case INT96 -> 12L * (to - from);
      case FIXED_LEN_BYTE_ARRAY -> (long) column.typeLength() * (to - from);
      case BYTE_ARRAY -> {
        BinaryValues b = (BinaryValues) pageValues;
        yield b.offsets()[to] - b.offsets()[from] + 4L * (to - from);
      }
    };
  }

  /** Appends values [from, from + n) of {@code src} to {@code dest}, values of the same kind. */
  static void appendValues(DenseValues src, int from, int n, DenseValues dest) {
    if (n == 0) {
      return;
    }
    if (src instanceof Int32Values s) {
      Int32Values d = (Int32Values) dest;
      int at = d.reserve(n);
      System.arraycopy(s.values(), from, d.values(), at, n);
      d.added(n);
    } else if (src instanceof Int64Values s) {
      Int64Values d = (Int64Values) dest;
      int at = d.reserve(n);
      System.arraycopy(s.values(), from, d.values(), at, n);
      d.added(n);
    } else if (src instanceof BinaryValues s) {
      ((BinaryValues) dest).appendRange(s, from, n);
    } else if (src instanceof FixedWidthValues s) {
      FixedWidthValues d = (FixedWidthValues) dest;
      int at = d.reserve(n);
      System.arraycopy(s.bytes(), from * s.width(), d.bytes(), at, n * s.width());
      d.added(n);
    } else {
      BooleanValues s = (BooleanValues) src;
      BooleanValues d = (BooleanValues) dest;
      int at = d.reserve(n);
      System.arraycopy(s.values(), from, d.values(), at, n);
      d.added(n);
    }
  }

  private void flushPage() {
    if (entries == 0) {
      return;
    }
    int present = indexed ? indexedCount : pageValues.size();
    Statistics pageStatistics = pageIndexEntry(present);
    byte[] values;
    if (indexed) {
      values = rleIds(present);
      indexedCount = 0;
    } else {
      values = dictionaryOn ? dictionaryIds(present) : null;
    }
    Encoding encoding;
    if (values != null) {
      encoding = options.pageVersion() == 1 ? Encoding.PLAIN_DICTIONARY : Encoding.RLE_DICTIONARY;
    } else {
      values = ValueEncoders.encode(valueEncoding, pageValues, present, column);
      encoding = valueEncoding;
    }
    Statistics headerStatistics = options.statistics() && statistics.ordered() ? pageStatistics : null;
    byte[] repLevels = maxRep > 0 ? RleBitPackedEncoder.encode(reps, 0, entries, PageReader.bitWidth(maxRep)) : null;
    byte[] defLevels = maxDef > 0 ? RleBitPackedEncoder.encode(defs, 0, entries, PageReader.bitWidth(maxDef)) : null;
    int nulls = entries - present;
    if (options.pageVersion() == 1) {
      ByteSink body = new ByteSink(values.length + 64);
      if (repLevels != null) {
        body.writeIntLE(repLevels.length);
        body.write(repLevels);
      }
      if (defLevels != null) {
        body.writeIntLE(defLevels.length);
        body.write(defLevels);
      }
      body.write(values);
      byte[] compressed = Compressors.compress(options.codec(), options.level(), body.array(), 0, body.size());
      DataPageHeader h = new DataPageHeader(entries, encoding, Encoding.RLE, Encoding.RLE, headerStatistics);
      writePage(new PageHeader(PageType.DATA_PAGE, body.size(), compressed.length, crc(compressed), h, null, null,
          null), compressed);
    } else {
      byte[] r = repLevels == null ? new byte[0] : repLevels;
      byte[] d = defLevels == null ? new byte[0] : defLevels;
      byte[] compressed = Compressors.compress(options.codec(), options.level(), values, 0, values.length);
      byte[] body = new byte[r.length + d.length + compressed.length];
      System.arraycopy(r, 0, body, 0, r.length);
      System.arraycopy(d, 0, body, r.length, d.length);
      System.arraycopy(compressed, 0, body, r.length + d.length, compressed.length);
      DataPageHeaderV2 h = new DataPageHeaderV2(entries, nulls, rows, encoding, d.length, r.length, true,
          headerStatistics);
      writePage(new PageHeader(PageType.DATA_PAGE_V2, r.length + d.length + values.length, body.length, crc(body),
          null, null, null, h), body);
    }
    int last = locations.size() - 1;
    PageLocation at = locations.get(last);
    locations.set(last, new PageLocation(at.offset(), (int) (pages.size() - at.offset()), at.firstRowIndex()));
    rowsWritten += rows;
    encodings.add(encoding);
    encodings.add(Encoding.RLE);
    addEncodingStat(options.pageVersion() == 1 ? PageType.DATA_PAGE : PageType.DATA_PAGE_V2, encoding);
    valueCount += entries;
    entries = 0;
    rows = 0;
    estimate = 0;
    pageValues.clear();
  }

  /**
   * Records where the page about to be written starts and its statistics, for the page index and the page
   * header; the chunk's statistics take the page's in.
   */
  private Statistics pageIndexEntry(int present) {
    locations.add(new PageLocation(pages.size(), 0, rowsWritten));
    StatisticsBuilder page = new StatisticsBuilder(column);
    page.nulls(entries - present);
    if (indexed) {
      for (int i = 0; i < present; i++) {
        page.update(dictionary.entries(), pageIds[i], pageIds[i] + 1);
      }
    } else {
      page.update(pageValues, 0, present);
    }
    statistics.mergeValues(page);
    Statistics s = page.build();
    nullPages.add(present == 0);
    pageMins.add(s.minValue() == null ? Bytes.EMPTY : s.minValue());
    pageMaxs.add(s.maxValue() == null ? Bytes.EMPTY : s.maxValue());
    pageNulls.add(s.nullCount());
    return s;
  }

  /** The page's values as dictionary ids (bit width byte, then RLE), or null when the chunk falls back. */
  private byte[] dictionaryIds(int present) {
    if (pageIds.length < present) {
      pageIds = new int[Math.max(present, pageIds.length * 2)];
    }
    if (dictionary.encode(pageValues, present, pageIds, options.dictionaryPageSizeLimit()) < present) {
      // Past the limit: this page and the rest of the chunk are PLAIN.
      dictionaryOn = false;
      return null;
    }
    return rleIds(present);
  }

  /** The page's dictionary ids: a bit width byte, then the RLE / bit-packed hybrid. */
  private byte[] rleIds(int present) {
    int bitWidth = PageReader.bitWidth(Math.max(0, dictionary.size() - 1));
    byte[] rle = RleBitPackedEncoder.encode(pageIds, 0, present, bitWidth);
    byte[] out = new byte[rle.length + 1];
    out[0] = (byte) bitWidth;
    System.arraycopy(rle, 0, out, 1, rle.length);
    return out;
  }

  private Integer crc(byte[] body) {
    if (!options.crc()) {
      return null;
    }
    CRC32 crc = new CRC32();
    crc.update(body);
    return (int) crc.getValue();
  }

  private void writePage(PageHeader header, byte[] body) {
    byte[] h = ThriftCodec.writePageHeader(header);
    pages.write(h);
    pages.write(body);
    uncompressedBytes += h.length + header.uncompressedPageSize();
  }

  private void addEncodingStat(PageType type, Encoding encoding) {
    for (int i = 0; i < encodingStats.size(); i++) {
      PageEncodingStats s = encodingStats.get(i);
      if (s.pageType() == type && s.encoding() == encoding) {
        encodingStats.set(i, new PageEncodingStats(type, encoding, s.count() + 1));
        return;
      }
    }
    encodingStats.add(new PageEncodingStats(type, encoding, 1));
  }

  /** Ends the chunk. Its dictionary page, if any, comes first. */
  public Chunk finish() {
    flushPage();
    byte[] dictionaryPage = new byte[0];
    long dictionaryUncompressed = 0;
    // A dictionary page also when every dictionary-encoded page held only nulls (their ids refer to none).
    boolean hasDictionary = indexed || encodings.contains(Encoding.PLAIN_DICTIONARY)
        || encodings.contains(Encoding.RLE_DICTIONARY);
    if (hasDictionary) {
      ByteSink plain = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, dictionary.plainBytes() + 16));
      PlainEncoder.encode(dictionary.entries(), 0, dictionary.size(), column, plain);
      byte[] compressed = Compressors.compress(options.codec(), options.level(), plain.array(), 0, plain.size());
      Encoding encoding = options.pageVersion() == 1 ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN;
      PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, plain.size(), compressed.length, crc(compressed),
          null, null, new DictionaryPageHeader(dictionary.size(), encoding, false), null);
      byte[] h = ThriftCodec.writePageHeader(header);
      dictionaryPage = new byte[h.length + compressed.length];
      System.arraycopy(h, 0, dictionaryPage, 0, h.length);
      System.arraycopy(compressed, 0, dictionaryPage, h.length, compressed.length);
      dictionaryUncompressed = h.length + plain.size();
      encodings.add(encoding);
      encodingStats.add(0, new PageEncodingStats(PageType.DICTIONARY_PAGE, encoding, 1));
    }
    ColumnMetaData meta = new ColumnMetaData(column.physicalType(), List.copyOf(encodings), column.path(),
        options.codec(), valueCount, uncompressedBytes + dictionaryUncompressed,
        dictionaryPage.length + (long) pages.size(), null,
        dictionaryPage.length, null, hasDictionary ? 0L : null, options.statistics() ? statistics.build() : null,
        List.copyOf(encodingStats), null, null, null, null);
    List<PageLocation> placed = new ArrayList<>();
    for (PageLocation l : locations) {
      placed.add(new PageLocation(l.offset() + dictionaryPage.length, l.compressedPageSize(), l.firstRowIndex()));
    }
    ColumnIndex columnIndex = options.statistics() && statistics.ordered()
        ? new ColumnIndex(nullPages, pageMins, pageMaxs, boundaryOrder(), pageNulls, null, null, null) : null;
    return new Chunk(dictionaryPage, pages.array(), pages.size(), meta, columnIndex, new OffsetIndex(placed, null));
  }

  /**
   * ASCENDING when the non-null pages' mins and maxes never fall from page to page, DESCENDING when they
   * never rise, else UNORDERED: readers may then binary-search the column index.
   */
  private BoundaryOrder boundaryOrder() {
    boolean ascending = true;
    boolean descending = true;
    int previous = -1;
    for (int p = 0; p < nullPages.size(); p++) {
      if (nullPages.get(p)) {
        continue;
      }
      if (previous >= 0) {
        int mins = statistics.compareBounds(pageMins.get(previous), pageMins.get(p));
        int maxs = statistics.compareBounds(pageMaxs.get(previous), pageMaxs.get(p));
        ascending &= mins <= 0 && maxs <= 0;
        descending &= mins >= 0 && maxs >= 0;
      }
      previous = p;
    }
    return ascending ? BoundaryOrder.ASCENDING : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
  }

  /** Bytes the chunk holds so far: its finished pages and an estimate of the page being filled. */
  public long bufferedBytes() {
    return pages.size() + estimate + (dictionary == null ? 0 : dictionary.plainBytes());
  }
}
