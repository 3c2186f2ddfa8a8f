package dev.parrow.codec.column;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.encoding.DictionaryDecoder;
import dev.parrow.codec.encoding.IntDecoder;
import dev.parrow.codec.encoding.MsbBitPackedDecoder;
import dev.parrow.codec.encoding.RleBitPackedDecoder;
import dev.parrow.codec.encoding.ValueEncodings;
import dev.parrow.codec.encoding.ValuesDecoder;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.page.Page;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DictionaryCodes;

/**
 * Reads one column chunk as levels and dense values: for each level entry (one per value slot,
 * nulls included) its repetition and definition level, and for each entry at the maximum definition
 * level its value, appended to a {@link DenseValues}. Batches may span pages; levels above the
 * column's maximum and pages with fewer levels or values than they claim are errors naming the
 * page.
 */
public final class ColumnReader {
  private final ColumnDescriptor column;
  private final PageReader pages;
  private final int maxDef;
  private final int maxRep;

  private DenseValues dictionary;
  private int pageIndex = -1;
  private int pageValuesLeft;
  private IntDecoder repetition;
  private IntDecoder definition;
  private ValuesDecoder decoder;
  private int[] scratch = new int[256];

  public ColumnReader(ColumnDescriptor column, PageReader pages) {
    this.column = column;
    this.pages = pages;
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
  }

  public ColumnDescriptor column() {
    return column;
  }

  /**
   * Reads up to {@code n} level entries. Definition levels go to {@code defs} when the column has
   * them (max definition level above 0), repetition levels to {@code reps} likewise; values are
   * appended to {@code values}.
   *
   * @return entries read; less than {@code n} only at the end of the chunk
   */
  public int read(int n, int[] defs, int[] reps, int offset, DenseValues values) {
    return readParts(
        n,
        (at, k) -> {
          if (maxRep > 0) {
            readLevels(repetition, reps, offset + at, k, maxRep, "repetition");
          }
          int present = k;
          if (maxDef > 0) {
            readLevels(definition, defs, offset + at, k, maxDef, "definition");
            present = 0;
            for (int i = offset + at, end = offset + at + k; i < end; i++) {
              if (defs[i] == maxDef) {
                present++;
              }
            }
          }
          readValues(values, present);
          return present;
        });
  }

  /**
   * Reads up to {@code n} entries of a flat optional column (max definition level 1, no
   * repetition): definition levels go straight into {@code validity} as bits from bit 0 (those bits
   * must be zero), values are appended to {@code values}. {@link #lastPresent()} then tells how
   * many entries were present.
   *
   * @return entries read; less than {@code n} only at the end of the chunk
   */
  public int readFlat(int n, byte[] validity, DenseValues values) {
    return readFlatAt(n, validity, 0, values);
  }

  /** {@link #readFlat}, the validity bits written from bit {@code bitOffset}. */
  private int readFlatAt(int n, byte[] validity, int bitOffset, DenseValues values) {
    if (maxDef != 1 || maxRep != 0) {
      throw new IllegalStateException(column.dottedPath() + " is not a flat optional column");
    }
    return readParts(
        n,
        (at, k) -> {
          int present;
          if (definition instanceof RleBitPackedDecoder rle) {
            int got = rle.readBits(validity, bitOffset + at, k);
            if (got < k) {
              throw new ParquetFormatException(
                  "the page has definition levels for only " + got + " of " + k + " more values");
            }
            present = rle.ones();
          } else {
            present = levelsToBits(validity, bitOffset + at, k);
          }
          readValues(values, present);
          return present;
        });
  }

  /**
   * Reads only the selected entries of the next {@code rows} of a flat column (no repetition, at
   * most one definition level): the runs {@code start[r]}, {@code length[r]} (ascending, within the
   * rows) are read, their validity bits (for an optional column) set one after another from bit 0
   * and their values appended; the rows between and after them are passed over, their values not
   * decoded where the encoding allows. {@link #lastPresent()} then tells how many values were
   * appended.
   *
   * @return the entries read: the runs' total
   */
  public int readFlatSelected(
      int rows, int[] start, int[] length, int runs, byte[] validity, DenseValues values) {
    if (maxRep != 0 || maxDef > 1) {
      throw new IllegalStateException(column.dottedPath() + " is not a flat column");
    }
    if (values instanceof DictionaryCodes) {
      return readFlatSelectedByRuns(rows, start, length, runs, validity, values);
    }
    // Page part by page part: the part's levels are decoded in bulk, and its values decoded only
    // as far as needed to append the selected ones (a dictionary's ids, not its values).
    int[] run = {0};
    int[] out = {0};
    if (skipValues == null) {
      skipValues = DenseValues.forColumn(column);
    }
    readParts(
        rows,
        (at, k) -> {
          int present = k;
          int[] defs = null;
          if (maxDef > 0) {
            present = presentOrLevels(k);
            // A part without nulls needs no per-entry walk: its entries are its values.
            defs = present == k ? null : scratch;
          }
          int end = at + k;
          int valueIndex = 0;
          int entry = at;
          int selectedPresent = 0;
          // At most k selected in the part: room once, not per run (a scattered selection's runs
          // are a row or two long). The cursor and count live in locals for the loop.
          int[] selected = selectedIndex = ensure(selectedIndex, k);
          int r = run[0];
          int o = out[0];
          int partStart = o;
          while (r < runs && start[r] < end) {
            int from = Math.max(start[r], at);
            int to = Math.min(start[r] + length[r], end);
            if (defs != null) {
              for (; entry < from; entry++) {
                valueIndex += defs[entry - at];
              }
              for (; entry < to; entry++) {
                if (defs[entry - at] != 0) {
                  Bits.set(validity, o);
                  selected[selectedPresent++] = valueIndex++;
                }
                o++;
              }
            } else {
              for (int e = from; e < to; e++) {
                selected[selectedPresent++] = e - at;
              }
              o += to - from;
            }
            if (start[r] + length[r] <= end) {
              r++;
            } else {
              break;
            }
          }
          if (defs == null && validity != null && o > partStart) {
            // No nulls in the part: every row taken from it is valid, set in one range.
            Bits.setRange(validity, partStart, o - partStart);
          }
          run[0] = r;
          out[0] = o;
          if (present > 0) {
            if (selectedPresent == 0) {
              decoder.skip(present, skipValues);
            } else {
              decoder.readSelected(values, present, selectedIndex, selectedPresent, skipValues);
            }
          }
          return selectedPresent;
        });
    return out[0];
  }

  private int[] selectedIndex = new int[256];

  private static int[] ensure(int[] a, int n) {
    return a.length >= n ? a : java.util.Arrays.copyOf(a, Math.max(n, a.length * 2));
  }

  /** {@link #readFlatSelected} run by run: into dictionary codes, whose fallback pages need it. */
  private int readFlatSelectedByRuns(
      int rows, int[] start, int[] length, int runs, byte[] validity, DenseValues values) {
    int at = 0;
    int out = 0;
    int present = 0;
    for (int r = 0; r < runs; r++) {
      if (start[r] > at) {
        skipRows(start[r] - at);
      }
      int k = length[r];
      int got = maxDef == 0 ? read(k, null, null, 0, values) : readFlatAt(k, validity, out, values);
      present += lastPresent;
      if (got < k) {
        throw new ParquetFormatException(
            "the column chunk ends " + (k - got) + " rows before the rows to read");
      }
      out += k;
      at = start[r] + k;
    }
    if (rows > at) {
      skipRows(rows - at);
    }
    lastPresent = present;
    return out;
  }

  /**
   * Reads whole records of a nested leaf: level entries until {@code records} records are complete
   * or the chunk ends, so a batch never splits a row. A record ends where the next entry with
   * repetition level 0 begins; levels are decoded ahead within the current page (never beyond it)
   * to find that entry, and values only for the entries taken. {@link #lastPresent()} then tells
   * how many values were appended.
   *
   * @return records read; less than {@code records} only at the end of the chunk
   */
  public int readRecords(int records, Levels out, DenseValues values) {
    out.clear();
    if (maxRep == 0) {
      // Every entry is a record.
      int at = out.reserve(records);
      int got = read(records, out.defs(), null, at, values);
      if (maxDef == 0) {
        java.util.Arrays.fill(out.defs(), at, at + got, 0);
      }
      out.added(got);
      return got;
    }
    int started = 0;
    int present = 0;
    while (true) {
      if (aheadPos == aheadEnd) {
        if (pageValuesLeft == 0) {
          if (!nextDataPage()) {
            break;
          }
          continue;
        }
        decodeAhead();
      }
      int i = aheadPos;
      int partPresent = 0;
      boolean boundary = false;
      for (; i < aheadEnd; i++) {
        if (aheadReps[i] > maxRep || aheadDefs[i] > maxDef) {
          throw levelAboveMaximum(aheadReps[i], aheadDefs[i]).inPage(pageIndex);
        }
        if (aheadReps[i] == 0) {
          if (started == records) {
            boundary = true;
            break;
          }
          started++;
        } else if (started == 0) {
          throw new ParquetFormatException(
                  "repetition level " + aheadReps[i] + " where a record must start")
              .inPage(pageIndex);
        }
        if (aheadDefs[i] == maxDef) {
          partPresent++;
        }
      }
      int k = i - aheadPos;
      int at = out.reserve(k);
      System.arraycopy(aheadDefs, aheadPos, out.defs(), at, k);
      System.arraycopy(aheadReps, aheadPos, out.reps(), at, k);
      out.added(k);
      aheadPos = i;
      try {
        readValues(values, partPresent);
      } catch (ParquetFormatException e) {
        throw e.inPage(pageIndex);
      }
      present += partPresent;
      if (boundary) {
        break;
      }
    }
    lastPresent = present;
    return started;
  }

  private static final int AHEAD = 1024;
  private int[] aheadDefs;
  private int[] aheadReps;
  private int aheadPos;
  private int aheadEnd;

  /**
   * Decodes the next levels of the current page (at most {@link #AHEAD}) into the look-ahead
   * buffers.
   */
  private void decodeAhead() {
    if (aheadDefs == null) {
      aheadDefs = new int[AHEAD];
      aheadReps = new int[AHEAD];
    }
    int k = Math.min(AHEAD, pageValuesLeft);
    try {
      // Levels above the maximum are caught by readRecords' scan, which visits every entry anyway.
      decodeLevels(repetition, aheadReps, 0, k, "repetition");
      decodeLevels(definition, aheadDefs, 0, k, "definition");
    } catch (ParquetFormatException e) {
      throw e.inPage(pageIndex);
    }
    pageValuesLeft -= k;
    aheadPos = 0;
    aheadEnd = k;
  }

  /**
   * What a read does with one part of a batch that lies in one page: k entries from entry {@code
   * at}.
   */
  private interface PagePart {
    /** Returns how many of the k entries are present. */
    int read(int at, int k);
  }

  /**
   * Walks up to {@code n} entries page by page, handing each page's share to {@code part}; errors
   * get the page's index. Sets {@link #lastPresent}.
   */
  private int readParts(int n, PagePart part) {
    int done = 0;
    int present = 0;
    while (done < n) {
      if (pageValuesLeft == 0) {
        if (!nextDataPage()) {
          break;
        }
        continue;
      }
      int k = Math.min(n - done, pageValuesLeft);
      try {
        present += part.read(done, k);
      } catch (ParquetFormatException e) {
        throw e.inPage(pageIndex);
      }
      pageValuesLeft -= k;
      done += k;
    }
    lastPresent = present;
    return done;
  }

  private DenseValues skipValues;
  private Levels skipLevels;

  /**
   * Passes over the next {@code rows} rows: whole data pages whose row count is known (see {@link
   * PageReader#peekDataPageRows}) are not read at all; within a page, levels are decoded to count
   * the values to pass, and the values decoded into a scratch buffer.
   *
   * @throws ParquetFormatException when the chunk ends first
   */
  public void skipRows(long rows) {
    long left = rows;
    if (skipValues == null) {
      skipValues = DenseValues.forColumn(column);
    }
    while (left > 0) {
      if (pageValuesLeft == 0 && aheadPos == aheadEnd) {
        dev.parrow.codec.metadata.PageType next = pages.peekType();
        if (next == null) {
          throw new ParquetFormatException(
              "the column chunk ends " + left + " rows before the rows to skip");
        }
        long pageRows = pages.peekDataPageRows();
        if (next != dev.parrow.codec.metadata.PageType.DICTIONARY_PAGE
            && pageRows >= 0
            && pageRows <= left) {
          pages.skipPage();
          left -= pageRows;
          continue;
        }
        if (next == dev.parrow.codec.metadata.PageType.DICTIONARY_PAGE) {
          // The dictionary alone: the data page after it may be skipped too.
          Page page = pages.next();
          pageIndex = page.index();
          try {
            readDictionary((Page.Dictionary) page);
          } catch (ParquetFormatException e) {
            throw e.inPage(pageIndex);
          }
        } else {
          nextDataPage();
        }
        continue;
      }
      if (maxRep == 0) {
        int k = (int) Math.min(left, pageValuesLeft);
        try {
          int present = maxDef > 0 ? presentOrLevels(k) : k;
          if (present > 0) {
            decoder.skip(present, skipValues);
          }
        } catch (ParquetFormatException e) {
          throw e.inPage(pageIndex);
        }
        pageValuesLeft -= k;
        left -= k;
      } else {
        if (skipLevels == null) {
          skipLevels = new Levels(1024, 1 << 26);
        }
        int want = (int) Math.min(left, 4096);
        skipValues.clear();
        int got = readRecords(want, skipLevels, skipValues);
        if (got < want) {
          throw new ParquetFormatException(
              "the column chunk ends " + (left - got) + " rows before the rows to skip");
        }
        left -= got;
      }
    }
    skipValues.clear();
  }

  private int lastPresent;

  /** Entries present (not null) in the last {@link #read} or {@link #readFlat}. */
  public int lastPresent() {
    return lastPresent;
  }

  /** The deprecated BIT_PACKED levels: decoded as ints, then set as bits. */
  private int levelsToBits(byte[] validity, int at, int k) {
    int present = definitionLevels(k);
    for (int i = 0; i < k; i++) {
      if (scratch[i] == 1) {
        Bits.set(validity, at + i);
      }
    }
    return present;
  }

  /**
   * How many of the next {@code k} entries are present: {@code k} without decoding anything when
   * their levels are one RLE run at the maximum (a page part without nulls), else as {@link
   * #definitionLevels} gives it, with the levels in {@link #scratch}.
   */
  private int presentOrLevels(int k) {
    if (definition instanceof RleBitPackedDecoder rle && rle.skipRepeated(maxDef, k)) {
      return k;
    }
    return definitionLevels(k);
  }

  /**
   * Decodes the next {@code k} definition levels into {@link #scratch} (checked against the
   * maximum); returns how many are at the maximum, that is, how many values are present.
   */
  private int definitionLevels(int k) {
    if (scratch.length < k) {
      scratch = new int[Math.max(k, scratch.length * 2)];
    }
    readLevels(definition, scratch, 0, k, maxDef, "definition");
    int present = 0;
    for (int i = 0; i < k; i++) {
      if (scratch[i] == maxDef) {
        present++;
      }
    }
    return present;
  }

  private ParquetFormatException levelAboveMaximum(int rep, int def) {
    return rep > maxRep
        ? new ParquetFormatException(
            "repetition level " + rep + " is above the column's maximum " + maxRep)
        : new ParquetFormatException(
            "definition level " + def + " is above the column's maximum " + maxDef);
  }

  private static void decodeLevels(IntDecoder decoder, int[] out, int offset, int k, String what) {
    int got = decoder.read(out, offset, k);
    if (got < k) {
      throw new ParquetFormatException(
          "the page has " + what + " levels for only " + got + " of " + k + " more values");
    }
  }

  private static void readLevels(
      IntDecoder decoder, int[] out, int offset, int k, int max, String what) {
    decodeLevels(decoder, out, offset, k, what);
    for (int i = offset, end = offset + k; i < end; i++) {
      if (out[i] > max) {
        throw new ParquetFormatException(
            what + " level " + out[i] + " is above the column's maximum " + max);
      }
    }
  }

  /**
   * Sizes byte-array value buffers from the chunk's size statistics before decoding (see {@link
   * #expectValueBytes}): the mean bytes of a present value, 0 when unknown.
   */
  private double bytesPerValue;

  /**
   * The bytes the chunk's size statistics may still have reserved: a file's claim is not trusted
   * beyond a few times its own size, over the whole chunk.
   */
  private long reserveBudget;

  /**
   * Takes the chunk's size statistics, where the writer gave them (Arrow C++ and Parrow do), to
   * size the buffer of a batch's BYTE_ARRAY values once before decoding rather than doubling it as
   * values arrive: the unencoded bytes over the present values (the definition level histogram
   * counts them). What it reserves over the chunk never passes a few times the chunk's own size,
   * nor 64 MiB.
   *
   * @param meta the chunk's metadata, or null
   */
  public void expectValueBytes(dev.parrow.codec.metadata.ColumnMetaData meta) {
    bytesPerValue = 0;
    if (meta == null
        || meta.sizeStatistics() == null
        || meta.sizeStatistics().unencodedByteArrayDataBytes() == null
        || column.physicalType() != dev.parrow.codec.metadata.PhysicalType.BYTE_ARRAY) {
      return;
    }
    long present = meta.numValues();
    java.util.List<Long> definitions = meta.sizeStatistics().definitionLevelHistogram();
    if (maxDef > 0) {
      if (definitions == null || definitions.size() != maxDef + 1) {
        return;
      }
      present = definitions.get(maxDef);
    }
    long bytes = meta.sizeStatistics().unencodedByteArrayDataBytes();
    if (present <= 0 || bytes <= 0) {
      return;
    }
    bytesPerValue = (double) bytes / present;
    reserveBudget = Math.min(64L << 20, 4 * Math.max(0, meta.totalUncompressedSize()));
  }

  private void readValues(DenseValues values, int count) {
    if (count == 0) {
      return;
    }
    if (bytesPerValue > 0 && values instanceof BinaryValues binary) {
      int room = binary.bytes().length - binary.byteLength();
      long wanted = Math.min(reserveBudget, (long) Math.ceil(count * bytesPerValue));
      if (wanted > room) {
        binary.reserveBytes((int) wanted);
        reserveBudget -= wanted;
      }
    }
    if (values instanceof DictionaryCodes codes && !(decoder instanceof DictionaryDecoder)) {
      // A page that is not dictionary-encoded: its values are kept beside the codes.
      codes.appendFallback(decoder, count);
    } else {
      decoder.read(values, count);
    }
  }

  /**
   * Hands the arrays of the chunk's pages back for the next chunk's pages (see {@link
   * PageReader#release}): for a caller done with this chunk.
   */
  public void releasePages() {
    pages.release();
  }

  /**
   * Only the chunk's dictionary: reads its first page and returns its values if it is a dictionary
   * page, else null. For a reader that wants every chunk's dictionary before it reads any data; use
   * a fresh ColumnReader for the data afterwards.
   */
  public DenseValues readDictionaryOnly() {
    Page page = pages.next();
    if (page instanceof Page.Dictionary d) {
      pageIndex = page.index();
      try {
        readDictionary(d);
      } catch (ParquetFormatException e) {
        throw e.inPage(pageIndex);
      }
      return dictionary;
    }
    return null;
  }

  /**
   * Reads the chunk with {@code known} as its dictionary, decoded before (by {@link
   * #readDictionaryOnly}); the page reader should then skip the dictionary page.
   */
  public void useDictionary(DenseValues known) {
    this.dictionary = known;
  }

  /**
   * The dictionary of the chunk being read (its values in page order), or null before or without
   * one.
   */
  public DenseValues dictionary() {
    return dictionary;
  }

  private boolean nextDataPage() {
    while (true) {
      Page page = pages.next();
      if (page == null) {
        return false;
      }
      pageIndex = page.index();
      try {
        if (page instanceof Page.Dictionary d) {
          readDictionary(d);
        } else {
          startDataPage((Page.Data) page);
          return true;
        }
      } catch (ParquetFormatException e) {
        throw e.inPage(pageIndex);
      }
    }
  }

  private void readDictionary(Page.Dictionary d) {
    if (dictionary != null) {
      throw new ParquetFormatException("a second dictionary page in one column chunk");
    }
    dictionary =
        DictionaryDecoder.readDictionary(
            column, d.data(), d.offset(), d.offset() + d.length(), d.numValues());
  }

  private void startDataPage(Page.Data page) {
    if (page.numValues() < 0) {
      throw new ParquetFormatException("data page claims " + page.numValues() + " values");
    }
    repetition =
        maxRep > 0 ? levels(page.repetitionLevels(), page.repetitionLevelEncoding(), maxRep) : null;
    definition =
        maxDef > 0 ? levels(page.definitionLevels(), page.definitionLevelEncoding(), maxDef) : null;
    Page.Section v = page.values();
    checkRequiredPlainSize(page, v);
    decoder =
        ValueEncodings.decoder(
            page.encoding(), column, v.buffer(), v.offset(), v.end(), page.numValues(), dictionary);
    pageValuesLeft = page.numValues();
  }

  /**
   * A page of a flat REQUIRED column holds one value per entry: PLAIN values of a fixed width then
   * take exactly that many bytes. More bytes mean a writer stored what the schema does not say
   * (definition levels of a column it wrote with nulls, parquet-testing's ARROW-GH-47662), which
   * read as values would give wrong ones; fewer, a page cut short.
   */
  private void checkRequiredPlainSize(Page.Data page, Page.Section values) {
    if (maxDef != 0 || maxRep != 0 || page.encoding() != Encoding.PLAIN) {
      return;
    }
    int width = column.byteWidth();
    long expected = (long) page.numValues() * width;
    if (width > 0 && values.length() != expected) {
      throw new ParquetFormatException(
          "the page of "
              + page.numValues()
              + " values of a REQUIRED column holds "
              + values.length()
              + " bytes of PLAIN values, not "
              + expected
              + (values.length() > expected
                  ? " (definition levels of a column written with nulls?)"
                  : ""));
    }
  }

  private static IntDecoder levels(Page.Section s, Encoding encoding, int maxLevel) {
    int bitWidth = Bits.bitWidth(maxLevel);
    return encoding == Encoding.BIT_PACKED
        ? new MsbBitPackedDecoder(s.buffer(), s.offset(), s.end(), bitWidth)
        : new RleBitPackedDecoder(s.buffer(), s.offset(), s.end(), bitWidth);
  }
}
