package dev.parrow.codec.page;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.compression.Decompressor;
import dev.parrow.codec.compression.Decompressors;
import dev.parrow.codec.crypto.ChunkCrypto;
import dev.parrow.codec.encoding.MsbBitPackedDecoder;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.zip.CRC32;

/**
 * Reads the pages of one column chunk: each page's stored bytes, its CRC checked where it has one
 * and checking is on, decompressed to exactly the size its header gives, its level and value
 * sections located. Index pages are skipped.
 */
public final class PageReader {
  private final InputFile file;
  private final ColumnDescriptor column;
  private final PageHeaderIterator headers;
  private final Decompressor decompressor;
  private final boolean uncompressed;
  private final boolean verifyCrc;
  private final int maxPageBytes;
  private final long chunkUncompressedBytes;

  /**
   * Page buffers reused from page to page: a page's sections are only read until the next page is
   * requested (the column reader copies values out), so one of each per chunk is enough.
   */
  private byte[] storedBuffer = new byte[0];

  private byte[] decompressedBuffer = new byte[0];

  /** Where page arrays come from and go back to: this reader's own, or its column's. */
  private PageBuffers buffers = new PageBuffers();

  /** The page read ahead that {@link #next} handed out last, whose arrays go back on the next. */
  private Page handedOut;

  /**
   * @param verifyCrc check the CRC of every page that has one
   * @param maxPageBytes the largest (decompressed) page to accept: a header claiming more is an
   *     error before anything is allocated
   */
  public PageReader(
      InputFile file,
      ColumnDescriptor column,
      ColumnMetaData meta,
      ChunkRange range,
      boolean verifyCrc,
      int maxPageBytes) {
    this(file, column, meta, range, verifyCrc, maxPageBytes, null);
  }

  /** How the chunk's pages are decrypted, or null for a plaintext chunk. */
  private final ChunkCrypto crypto;

  /** Whether the chunk's first page is its dictionary page (the data pages' ordinals follow it). */
  private final boolean dictionaryFirst;

  /**
   * The pages of a chunk that may be encrypted.
   *
   * @param file the file
   * @param column the leaf column
   * @param meta the chunk's metadata
   * @param range the chunk's bytes
   * @param verifyCrc check the CRC of every page that has one
   * @param maxPageBytes the largest (decompressed) page to accept
   * @param crypto how the chunk's headers and pages are decrypted, or null for a plaintext chunk
   */
  public PageReader(
      InputFile file,
      ColumnDescriptor column,
      ColumnMetaData meta,
      ChunkRange range,
      boolean verifyCrc,
      int maxPageBytes,
      ChunkCrypto crypto) {
    this.file = file;
    this.column = column;
    this.crypto = crypto;
    this.dictionaryFirst =
        meta.dictionaryPageOffset() != null
            && meta.dictionaryPageOffset() > 0
            && meta.dictionaryPageOffset() < meta.dataPageOffset();
    this.headers = new PageHeaderIterator(file, range, meta.numValues(), crypto, dictionaryFirst);
    this.decompressor = Decompressors.forCodec(meta.codec());
    this.uncompressed = meta.codec() == dev.parrow.codec.metadata.CompressionCodec.UNCOMPRESSED;
    this.verifyCrc = verifyCrc;
    this.maxPageBytes = maxPageBytes;
    this.chunkUncompressedBytes = meta.totalUncompressedSize();
  }

  private boolean skipDictionary;
  private int dataPages;
  private long bytesRead;

  /** Data pages read so far (decompressed and handed out). */
  public int dataPagesRead() {
    return dataPages;
  }

  /** Stored bytes of the pages read so far, headers not included. */
  public long bytesRead() {
    return bytesRead;
  }

  /**
   * Passes over the chunk's dictionary page (its reader already has the dictionary): not read, not
   * decompressed.
   */
  public void skipDictionaryPage() {
    skipDictionary = true;
  }

  /**
   * Takes page arrays from, and gives them back to, {@code shared}: the page readers of one column,
   * one row group after another, then reuse each other's. Call before the first page is read.
   */
  public void shareBuffers(PageBuffers shared) {
    this.buffers = shared;
  }

  /**
   * Hands the arrays of the pages read so far back to this reader's {@link PageBuffers}: for a
   * caller done with the chunk (no page handed out is read any more).
   */
  public void release() {
    recycleHandedOut();
    buffers.give(storedBuffer);
    buffers.give(decompressedBuffer);
    storedBuffer = new byte[0];
    decompressedBuffer = new byte[0];
  }

  /**
   * Gives back the arrays of the page read ahead that was handed out last. A dictionary page's
   * values are decoded (copied) before the next page is asked for, as its reused buffer would be
   * overwritten by it too.
   */
  private void recycleHandedOut() {
    if (handedOut != null) {
      handedOut.arrays().forEach(buffers::give);
      handedOut = null;
    }
  }

  /** A header read ahead by {@link #peekType}, not yet consumed. */
  private PageInfo pending;

  /**
   * Pages being read and decompressed on another thread ({@link #readAhead}), in file order; they
   * come before {@link #pending} and before any header not yet read.
   */
  private final ArrayDeque<Ahead> ahead = new ArrayDeque<>();

  /** A page read ahead: its header, and its page once read. */
  private record Ahead(PageInfo info, FutureTask<Page> page) {}

  /** Where pages are read ahead, while they are; null before {@link #readAhead} and after. */
  private Executor aheadExecutor;

  private long aheadLimit;

  /** Decompressed bytes of the pages in {@link #ahead}. */
  private long aheadBytes;

  /**
   * Reads the chunk's pages ahead on {@code executor}, while the caller decodes something else: at
   * least one, and more while their decompressed sizes stay within {@code maxBytes}; each page
   * handed out makes room for the next, so that the read-ahead keeps going through the chunk. Each
   * is read, checked and decompressed into arrays of its own, and handed out by {@link #next} in
   * order, with the errors reading it gave; one not started yet when it is asked for is read on the
   * asking thread. The headers are read on the thread that calls this or {@link #next}; a header
   * that cannot be read ends the read-ahead, and the page is read again in turn, which reports it.
   */
  public void readAhead(Executor executor, long maxBytes) {
    if (pending != null || !ahead.isEmpty() || dataPages > 0 || dataPagesSkipped > 0) {
      throw new IllegalStateException("pages are read ahead only before the chunk's first");
    }
    aheadExecutor = executor;
    aheadLimit = maxBytes;
    topUpAhead();
  }

  /** Starts reading pages ahead until {@link #aheadLimit} bytes are (at least one page is). */
  private void topUpAhead() {
    while (aheadExecutor != null
        && pending == null
        && (ahead.isEmpty() || aheadBytes < aheadLimit)) {
      PageInfo info;
      try {
        if (!headers.hasNext()) {
          aheadExecutor = null;
          return;
        }
        info = headers.next();
      } catch (RuntimeException e) {
        aheadExecutor = null;
        return;
      }
      if (info.header().type() == PageType.INDEX_PAGE) {
        continue;
      }
      FutureTask<Page> task = new FutureTask<>(() -> read(info, true));
      ahead.add(new Ahead(info, task));
      aheadBytes += Math.max(0, info.header().uncompressedPageSize());
      aheadExecutor.execute(task);
    }
  }

  /**
   * Gives up the pages read ahead and not handed out yet, and reads no more ahead: those whose read
   * has not started never run. For a reader closed, or a chunk no longer wanted.
   */
  public void dropReadAhead() {
    aheadExecutor = null;
    while (!ahead.isEmpty()) {
      dropAhead();
    }
  }

  /** The header of the next page: the first read ahead, or the one {@link #peekType} read. */
  private PageInfo head() {
    return ahead.isEmpty() ? pending : ahead.peekFirst().info();
  }

  /** Drops the first page read ahead (its read may still run; its result is ignored). */
  private Ahead dropAhead() {
    Ahead a = takeAhead();
    a.page().cancel(false);
    return a;
  }

  private Ahead takeAhead() {
    Ahead a = ahead.pollFirst();
    aheadBytes -= Math.max(0, a.info().header().uncompressedPageSize());
    return a;
  }

  private int dataPagesSkipped;
  private OffsetIndex offsetIndex;
  private long groupRows;

  /**
   * Lets {@link #peekDataPageRows} tell the rows of data pages whose header does not (v1 pages of
   * nested columns) from the chunk's offset index.
   */
  public void useOffsetIndex(OffsetIndex index, long rowGroupRows) {
    this.offsetIndex = index;
    this.groupRows = rowGroupRows;
  }

  /** Data pages passed over by {@link #skipPage}. */
  public int dataPagesSkipped() {
    return dataPagesSkipped;
  }

  /**
   * The type of the next page (a dictionary page this reader was told to skip, and index pages, are
   * passed over), or null after the last; its header is read, not its data.
   */
  public PageType peekType() {
    while (!ahead.isEmpty()) {
      PageType type = ahead.peekFirst().info().header().type();
      if (!(skipDictionary && type == PageType.DICTIONARY_PAGE)) {
        return type;
      }
      dropAhead();
    }
    while (pending == null) {
      if (!headers.hasNext()) {
        return null;
      }
      PageInfo info = headers.next();
      var type = info.header().type();
      if (type == PageType.INDEX_PAGE || (skipDictionary && type == PageType.DICTIONARY_PAGE)) {
        continue;
      }
      pending = info;
    }
    return pending.header().type();
  }

  /**
   * The rows of the next page when it is a data page and its row count is known without reading it
   * (a v2 header's, a flat column's value count, or the offset index), else -1.
   */
  public long peekDataPageRows() {
    var type = peekType();
    if (type == PageType.DATA_PAGE_V2) {
      return head().header().dataPageHeaderV2().numRows();
    }
    if (type != PageType.DATA_PAGE) {
      return -1;
    }
    if (column.maxRepetitionLevel() == 0) {
      return head().header().dataPageHeader().numValues();
    }
    // The data pages before this one, read or skipped, give its place in the offset index.
    int ordinal = dataPages + dataPagesSkipped;
    if (offsetIndex != null && ordinal < offsetIndex.pageLocations().size()) {
      var pages = offsetIndex.pageLocations();
      long next = ordinal + 1 < pages.size() ? pages.get(ordinal + 1).firstRowIndex() : groupRows;
      return next - pages.get(ordinal).firstRowIndex();
    }
    return -1;
  }

  /** Passes over the page {@link #peekType} found, without reading its data. */
  public void skipPage() {
    PageInfo skipped = head();
    if (skipped == null) {
      throw new IllegalStateException("no page to skip");
    }
    var type = skipped.header().type();
    if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
      dataPagesSkipped++;
    }
    // A reader passing over pages would waste the work of reading more ahead (a selective filter
    // on a chunk of many pages): the pages already read ahead stay, no more are.
    aheadExecutor = null;
    if (!ahead.isEmpty()) {
      dropAhead();
    } else {
      pending = null;
    }
  }

  /** The next dictionary or data page, or null after the last. */
  public Page next() {
    recycleHandedOut();
    while (!ahead.isEmpty()) {
      Ahead a = takeAhead();
      topUpAhead();
      Page page;
      try {
        // Read here if no read-ahead thread has started it (they may be busy with the next row
        // group's pages); else wait for it.
        a.page().run();
        page = a.page().get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        a.page().cancel(false);
        throw new UncheckedIOException(
            new java.io.InterruptedIOException(file.name() + ": interrupted waiting for a page"));
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof ParquetFormatException f) {
          throw f.inPage(a.info().index());
        }
        if (cause instanceof IOException io) {
          throw new UncheckedIOException(io);
        }
        if (cause instanceof RuntimeException r) {
          throw r;
        }
        throw (Error) cause;
      }
      if (page instanceof Page.Dictionary && skipDictionary) {
        page.arrays().forEach(buffers::give);
      } else if (page != null) {
        counted(a.info());
        handedOut = page;
        return page;
      }
    }
    while (pending != null || headers.hasNext()) {
      PageInfo info = pending != null ? pending : headers.next();
      pending = null;
      try {
        Page page = read(info, false);
        if (page != null) {
          counted(info);
          return page;
        }
      } catch (ParquetFormatException e) {
        throw e.inPage(info.index());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return null;
  }

  /** Counts a page handed out: its stored bytes, and it among the data pages read. */
  private void counted(PageInfo info) {
    bytesRead += info.header().compressedPageSize();
    PageType type = info.header().type();
    if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
      dataPages++;
    }
  }

  /**
   * Reads, checks and decompresses one page: into the buffers this reader reuses from page to page,
   * or, {@code fresh}, into arrays of its own (a page read ahead, on another thread).
   */
  private Page read(PageInfo info, boolean fresh) throws IOException {
    PageHeader h = info.header();
    if (!fresh && skipDictionary && h.type() == PageType.DICTIONARY_PAGE) {
      return null;
    }
    if (h.uncompressedPageSize() > maxPageBytes) {
      throw new ParquetFormatException(
          "page claims "
              + h.uncompressedPageSize()
              + " bytes, more than the limit of "
              + maxPageBytes
              + " (ReadOptions.maxPageBytes; --max-page-bytes in the CLI)");
    }
    // No page is larger than its whole chunk: a header claiming more is corrupt, and must not make
    // us
    // allocate its claim.
    if (chunkUncompressedBytes > 0 && h.uncompressedPageSize() > chunkUncompressedBytes) {
      throw new ParquetFormatException(
          "page claims "
              + h.uncompressedPageSize()
              + " bytes, more than its column "
              + "chunk's total of "
              + chunkUncompressedBytes);
    }
    int storedLength = h.compressedPageSize();
    byte[] stored;
    if (fresh) {
      stored = buffers.take(storedLength);
    } else {
      if (storedBuffer.length < storedLength) {
        buffers.give(storedBuffer);
        storedBuffer = buffers.take(storedLength);
      }
      stored = storedBuffer;
    }
    if (info.stored() != null) {
      System.arraycopy(info.stored(), info.storedAt(), stored, 0, storedLength);
    } else {
      file.readFully(info.dataOffset(), ByteBuffer.wrap(stored, 0, storedLength));
    }
    // Writers differ on what an encrypted page's CRC covers (the module as stored, or the page
    // before encryption): the stored bytes' is taken here, the plaintext's below.
    boolean crcOfStored =
        crypto != null && verifyCrc && h.crc() != null && crc(stored, storedLength) == h.crc();
    if (crypto != null) {
      // The page module decrypted: from here on the page is as a plaintext file stores it.
      // Decrypted into an array of the same pool, which takes the stored one's place.
      boolean dictionary = h.type() == PageType.DICTIONARY_PAGE;
      byte[] plain = buffers.take(storedLength);
      int plainLength =
          crypto.page(
              stored, storedLength, dictionary, info.index() - (dictionaryFirst ? 1 : 0), plain);
      buffers.give(stored);
      if (!fresh) {
        storedBuffer = plain;
      }
      stored = plain;
      storedLength = plainLength;
    }
    if (verifyCrc && h.crc() != null && !crcOfStored) {
      int crc = crc(stored, storedLength);
      if (crc != h.crc()) {
        throw new ParquetFormatException(
            "page CRC mismatch: the header says "
                + String.format("%08x", h.crc())
                + ", the page's bytes give "
                + String.format("%08x", crc)
                + "; the page is damaged, or to read it as it is turn the check off"
                + " (ReadOptions.verifyCrc(false); --no-verify-crc in the CLI)");
      }
    }
    Page page =
        switch (h.type()) {
          case DICTIONARY_PAGE -> {
            byte[] data = decompress(stored, 0, storedLength, h.uncompressedPageSize(), fresh);
            var d = h.dictionaryPageHeader();
            if (d.encoding() != Encoding.PLAIN && d.encoding() != Encoding.PLAIN_DICTIONARY) {
              throw new ParquetFormatException(
                  "dictionary page encoded as " + d.encoding() + ", not PLAIN");
            }
            yield new Page.Dictionary(
                info.index(), data, 0, h.uncompressedPageSize(), d.numValues());
          }
          case DATA_PAGE ->
              dataV1(
                  info.index(),
                  h,
                  decompress(stored, 0, storedLength, h.uncompressedPageSize(), fresh),
                  h.uncompressedPageSize());
          case DATA_PAGE_V2 -> dataV2(info.index(), h, stored, storedLength, fresh);
          case INDEX_PAGE -> null;
        };
    if (fresh && (page == null || !page.arrays().contains(stored))) {
      // Decompressed elsewhere: the stored bytes are done with.
      buffers.give(stored);
    }
    return page;
  }

  private static int crc(byte[] bytes, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }

  /**
   * The page's bytes decompressed: in {@code stored} itself when uncompressed, else in the reused
   * buffer.
   */
  private byte[] decompress(
      byte[] stored, int offset, int length, int uncompressedSize, boolean fresh) {
    if (uncompressed && offset == 0) {
      if (length != uncompressedSize) {
        throw new ParquetFormatException(
            "uncompressed page of " + length + " bytes but the header says " + uncompressedSize);
      }
      return stored;
    }
    byte[] out;
    if (fresh) {
      out = buffers.take(uncompressedSize);
    } else {
      if (decompressedBuffer.length < uncompressedSize) {
        buffers.give(decompressedBuffer);
        decompressedBuffer = buffers.take(uncompressedSize);
      }
      out = decompressedBuffer;
    }
    if (length == 0) {
      // Never feed an empty section to a decompressor (an empty Snappy stream is invalid).
      if (uncompressedSize != 0) {
        throw new ParquetFormatException(
            "empty compressed data for " + uncompressedSize + " bytes");
      }
      return out;
    }
    decompressor.decompress(stored, offset, length, out, 0, uncompressedSize);
    return out;
  }

  private Page.Data dataV1(int index, PageHeader h, byte[] data, int dataLength) {
    DataPageHeader d = h.dataPageHeader();
    int pos = 0;
    Page.Section rep = new Page.Section(data, 0, 0);
    Page.Section def = new Page.Section(data, 0, 0);
    if (column.maxRepetitionLevel() > 0) {
      rep =
          levelSection(
              data,
              dataLength,
              pos,
              d.repetitionLevelEncoding(),
              d.numValues(),
              column.maxRepetitionLevel(),
              "repetition");
      pos = rep.end();
    }
    if (column.maxDefinitionLevel() > 0) {
      def =
          levelSection(
              data,
              dataLength,
              pos,
              d.definitionLevelEncoding(),
              d.numValues(),
              column.maxDefinitionLevel(),
              "definition");
      pos = def.end();
    }
    return new Page.Data(
        index,
        d.numValues(),
        null,
        null,
        d.encoding(),
        rep,
        d.repetitionLevelEncoding(),
        def,
        d.definitionLevelEncoding(),
        new Page.Section(data, pos, dataLength - pos));
  }

  /**
   * v1 levels: RLE with a 4-byte length prefix, or BIT_PACKED whose length follows from the count.
   */
  private static Page.Section levelSection(
      byte[] data,
      int dataLength,
      int pos,
      Encoding encoding,
      int numValues,
      int maxLevel,
      String what) {
    if (encoding == Encoding.RLE) {
      if (dataLength - pos < 4) {
        throw new ParquetFormatException(what + " levels: page ends before their length");
      }
      int length = ByteBuffer.wrap(data, pos, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
      if (length < 0 || length > dataLength - pos - 4) {
        throw new ParquetFormatException(
            what
                + " levels of "
                + Integer.toUnsignedString(length)
                + " bytes do not fit in the page");
      }
      return new Page.Section(data, pos + 4, length);
    }
    if (encoding == Encoding.BIT_PACKED) {
      int length =
          MsbBitPackedDecoder.byteLength(
              numValues, dev.parrow.codec.encoding.Bits.bitWidth(maxLevel));
      if (length > dataLength - pos) {
        throw new ParquetFormatException(
            what + " levels of " + length + " bytes do not fit in the page");
      }
      return new Page.Section(data, pos, length);
    }
    throw new ParquetFormatException(
        what + " levels encoded as " + encoding + ", which levels cannot use");
  }

  private Page.Data dataV2(
      int index, PageHeader h, byte[] stored, int storedLength, boolean fresh) {
    DataPageHeaderV2 d = h.dataPageHeaderV2();
    int repLength = d.repetitionLevelsByteLength();
    int defLength = d.definitionLevelsByteLength();
    int levels = repLength + defLength;
    int valuesStored = storedLength - levels;
    int valuesSize = h.uncompressedPageSize() - levels;
    byte[] values;
    int valuesOffset;
    if (d.valuesCompressed() && !uncompressed) {
      values = decompress(stored, levels, valuesStored, valuesSize, fresh);
      valuesOffset = 0;
    } else {
      if (valuesStored != valuesSize) {
        throw new ParquetFormatException(
            "uncompressed values section of "
                + valuesStored
                + " bytes but the header says "
                + valuesSize);
      }
      values = stored;
      valuesOffset = levels;
    }
    return new Page.Data(
        index,
        d.numValues(),
        d.numNulls(),
        d.numRows(),
        d.encoding(),
        new Page.Section(stored, 0, repLength),
        Encoding.RLE,
        new Page.Section(stored, repLength, defLength),
        Encoding.RLE,
        new Page.Section(values, valuesOffset, valuesSize));
  }
}
