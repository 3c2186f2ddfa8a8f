package dev.parrow.codec.page;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.ChunkCrypto;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Walks the page headers of one column chunk without reading page data. It stops once the data
 * pages hold the chunk's value count or the chunk's bytes end; a page that would overrun the chunk,
 * a size that is negative, or a chunk that ends before its values are all there is an error naming
 * the page.
 */
public final class PageHeaderIterator implements Iterator<PageInfo> {
  /** Start small: nearly every header is under a hundred bytes. */
  static final int FIRST_WINDOW = 1024;

  /** Headers carry statistics and can grow, but not past this (Arrow C++ uses the same bound). */
  public static final int MAX_HEADER_LENGTH = 16 * 1024 * 1024;

  private final InputFile file;
  private final ChunkRange range;
  private final long expectedValues;
  private long position;
  private long valuesSeen;
  private int index;

  /** How the chunk's modules are decrypted, or null for a plaintext chunk. */
  private final ChunkCrypto crypto;

  /** Whether the chunk's first page is its dictionary page (its header's AAD says which). */
  private final boolean dictionaryFirst;

  public PageHeaderIterator(InputFile file, ChunkRange range, long expectedValues) {
    this(file, range, expectedValues, null, false);
  }

  /**
   * The headers of an encrypted chunk: each header a module decrypted with the chunk's crypto.
   *
   * @param file the file
   * @param range the chunk's bytes
   * @param expectedValues the chunk's value count
   * @param crypto how its modules are decrypted, or null for a plaintext chunk
   * @param dictionaryFirst whether its first page is the dictionary page
   */
  public PageHeaderIterator(
      InputFile file,
      ChunkRange range,
      long expectedValues,
      ChunkCrypto crypto,
      boolean dictionaryFirst) {
    this.file = file;
    this.range = range;
    this.expectedValues = expectedValues;
    this.position = range.start();
    this.crypto = crypto;
    this.dictionaryFirst = dictionaryFirst;
  }

  @Override
  public boolean hasNext() {
    if (valuesSeen >= expectedValues) {
      return false;
    }
    if (position >= range.end()) {
      throw new ParquetFormatException(
              "column chunk ends after " + valuesSeen + " of its " + expectedValues + " values")
          .inPage(index);
    }
    return true;
  }

  @Override
  public PageInfo next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    try {
      PageInfo page = readHeader();
      position = page.end();
      valuesSeen += valueCount(page.header());
      index++;
      return page;
    } catch (ParquetFormatException e) {
      throw e.inPage(index);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * How much of the chunk one read takes in when its pages are small: their headers and their bytes
   * then come from one read rather than two reads a page (a system call or a request each).
   */
  static final int SMALL_PAGES_READ = 64 << 10;

  /**
   * A page (header and data) this small makes the next header's read a {@link #SMALL_PAGES_READ}.
   */
  static final int SMALL_PAGE = 16 << 10;

  /** The bytes of the chunk read last (position 0 is {@link #readStart}); never written to. */
  private ByteBuffer read;

  private long readStart;
  private boolean smallPages;

  private PageInfo readHeader() throws IOException {
    if (crypto != null) {
      return readEncryptedHeader();
    }
    long available = range.end() - position;
    int window = (int) Math.min(available, FIRST_WINDOW);
    while (true) {
      ByteBuffer bytes = bytesAt(window, available);
      try {
        PageHeader header = ThriftCodec.readPageHeader(bytes);
        PageInfo page = new PageInfo(index, position, bytes.position(), header);
        check(page);
        smallPages = page.end() - page.offset() <= SMALL_PAGE;
        if (read != null && read.hasArray() && page.end() <= readStart + read.limit()) {
          page =
              new PageInfo(
                  index,
                  position,
                  page.headerLength(),
                  header,
                  read.array(),
                  read.arrayOffset() + (int) (page.dataOffset() - readStart));
        }
        return page;
      } catch (ParquetFormatException e) {
        // The header may just be longer than the window: retry with more before calling it corrupt.
        if (window == available || window >= MAX_HEADER_LENGTH || isCheckFailure(e)) {
          throw e;
        }
        window = (int) Math.min(Math.min(available, MAX_HEADER_LENGTH), (long) window * 4);
      }
    }
  }

  /**
   * An encrypted header: its module (length, nonce, ciphertext, tag) decrypted with the AAD of a
   * dictionary page header (the first page of a chunk that has one) or of the data page header of
   * its ordinal. Its "header length" is the module's.
   */
  private PageInfo readEncryptedHeader() throws IOException {
    long available = range.end() - position;
    if (available < 4) {
      throw new CheckFailure("encrypted page header cut short: " + available + " bytes");
    }
    int moduleLength = ChunkCrypto.moduleLength(bytesAt(4, available), available);
    ByteBuffer module = bytesAt(moduleLength, available);
    boolean dictionary = dictionaryFirst && index == 0;
    byte[] plain = crypto.pageHeader(module, dictionary, index - (dictionaryFirst ? 1 : 0));
    PageHeader header = ThriftCodec.readPageHeader(ByteBuffer.wrap(plain));
    if (crypto.writtenWithoutAad() && available - moduleLength >= 4) {
      // DuckDB's writer gives the page's size before encryption: its module's own length holds.
      ByteBuffer next = bytesAt(moduleLength + 4, available);
      header =
          header.withCompressedPageSize(
              ChunkCrypto.moduleLength(
                  next.position(moduleLength).slice(), available - moduleLength));
    }
    PageInfo page = new PageInfo(index, position, moduleLength, header);
    check(page);
    smallPages = page.end() - page.offset() <= SMALL_PAGE;
    return page;
  }

  /**
   * The chunk's bytes from {@link #position}, {@code length} of them: from the last read when it
   * holds them, else read now (with the pages after them when pages are small).
   */
  private ByteBuffer bytesAt(int length, long available) throws IOException {
    if (read == null || position < readStart || position + length > readStart + read.limit()) {
      int size =
          smallPages ? (int) Math.min(available, Math.max(length, SMALL_PAGES_READ)) : length;
      read = file.read(position, size).slice();
      readStart = position;
      if (read.limit() < length) {
        throw new java.io.EOFException(
            file.name()
                + ": "
                + read.limit()
                + " bytes at "
                + position
                + " where "
                + length
                + " were asked for");
      }
    }
    return read.duplicate()
        .position((int) (position - readStart))
        .limit((int) (position - readStart) + length)
        .slice();
  }

  private void check(PageInfo page) {
    PageHeader h = page.header();
    if (h.compressedPageSize() < 0 || h.uncompressedPageSize() < 0) {
      throw new CheckFailure(
          "page sizes are negative (compressed "
              + h.compressedPageSize()
              + ", uncompressed "
              + h.uncompressedPageSize()
              + ")");
    }
    if (page.end() > range.end()) {
      throw new CheckFailure(
          "page of "
              + h.compressedPageSize()
              + " bytes at offset "
              + page.dataOffset()
              + " runs past the end of its column chunk at "
              + range.end());
    }
    boolean hasBody =
        switch (h.type()) {
          case DATA_PAGE -> h.dataPageHeader() != null;
          case DATA_PAGE_V2 -> h.dataPageHeaderV2() != null;
          case DICTIONARY_PAGE -> h.dictionaryPageHeader() != null;
          case INDEX_PAGE -> true;
        };
    if (!hasBody) {
      throw new CheckFailure(h.type() + " page has no " + h.type() + " header");
    }
    if (h.type() == PageType.DICTIONARY_PAGE && h.dictionaryPageHeader().numValues() < 0) {
      throw new CheckFailure(
          "dictionary page claims " + h.dictionaryPageHeader().numValues() + " values");
    }
    if (valueCount(h) < 0) {
      throw new CheckFailure("page claims a negative value count " + valueCount(h));
    }
    if (h.type() == PageType.DATA_PAGE_V2) {
      DataPageHeaderV2 v2 = h.dataPageHeaderV2();
      long levels = (long) v2.definitionLevelsByteLength() + v2.repetitionLevelsByteLength();
      if (v2.definitionLevelsByteLength() < 0
          || v2.repetitionLevelsByteLength() < 0
          || levels > h.compressedPageSize()
          || levels > h.uncompressedPageSize()) {
        throw new CheckFailure(
            "v2 page level lengths (repetition "
                + v2.repetitionLevelsByteLength()
                + ", definition "
                + v2.definitionLevelsByteLength()
                + ") do not fit the page of "
                + h.compressedPageSize()
                + " bytes");
      }
      if (v2.numNulls() < 0 || v2.numRows() < 0 || v2.numNulls() > v2.numValues()) {
        throw new CheckFailure(
            "v2 page counts are inconsistent (values "
                + v2.numValues()
                + ", nulls "
                + v2.numNulls()
                + ", rows "
                + v2.numRows()
                + ")");
      }
    }
  }

  private static long valueCount(PageHeader h) {
    if (h.type() == PageType.DATA_PAGE) {
      return h.dataPageHeader().numValues();
    }
    if (h.type() == PageType.DATA_PAGE_V2) {
      return h.dataPageHeaderV2().numValues();
    }
    return 0;
  }

  private static boolean isCheckFailure(ParquetFormatException e) {
    return e instanceof CheckFailure;
  }

  /** A header that parsed but is wrong: a bigger window would not help. */
  private static final class CheckFailure extends ParquetFormatException {
    private static final long serialVersionUID = 1L;

    CheckFailure(String problem) {
      super(problem);
    }
  }
}
