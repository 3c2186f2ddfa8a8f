package dev.parrow.codec.page;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.compression.Decompressor;
import dev.parrow.codec.compression.Decompressors;
import dev.parrow.codec.encoding.MsbBitPackedDecoder;
import dev.parrow.codec.io.InputFile;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
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
    this.file = file;
    this.column = column;
    this.headers = new PageHeaderIterator(file, range, meta.numValues());
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

  /** A header read ahead by {@link #peekType}, not yet consumed. */
  private PageInfo pending;

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
      return pending.header().dataPageHeaderV2().numRows();
    }
    if (type != PageType.DATA_PAGE) {
      return -1;
    }
    if (column.maxRepetitionLevel() == 0) {
      return pending.header().dataPageHeader().numValues();
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
    if (pending == null) {
      throw new IllegalStateException("no page to skip");
    }
    var type = pending.header().type();
    if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
      dataPagesSkipped++;
    }
    pending = null;
  }

  /** The next dictionary or data page, or null after the last. */
  public Page next() {
    while (pending != null || headers.hasNext()) {
      PageInfo info = pending != null ? pending : headers.next();
      pending = null;
      try {
        Page page = read(info);
        if (page != null) {
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

  private Page read(PageInfo info) throws IOException {
    PageHeader h = info.header();
    if (skipDictionary && h.type() == PageType.DICTIONARY_PAGE) {
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
    if (storedBuffer.length < storedLength) {
      storedBuffer = new byte[storedLength];
    }
    byte[] stored = storedBuffer;
    file.readFully(info.dataOffset(), ByteBuffer.wrap(stored, 0, storedLength));
    bytesRead += storedLength;
    if (h.type() == PageType.DATA_PAGE || h.type() == PageType.DATA_PAGE_V2) {
      dataPages++;
    }
    if (verifyCrc && h.crc() != null) {
      CRC32 crc = new CRC32();
      crc.update(stored, 0, storedLength);
      if ((int) crc.getValue() != h.crc()) {
        throw new ParquetFormatException(
            "page CRC mismatch: the header says "
                + String.format("%08x", h.crc())
                + ", the page's bytes give "
                + String.format("%08x", (int) crc.getValue())
                + "; the page is damaged, or to read it as it is turn the check off"
                + " (ReadOptions.verifyCrc(false); --no-verify-crc in the CLI)");
      }
    }
    return switch (h.type()) {
      case DICTIONARY_PAGE -> {
        byte[] data = decompress(stored, 0, storedLength, h.uncompressedPageSize());
        var d = h.dictionaryPageHeader();
        if (d.encoding() != Encoding.PLAIN && d.encoding() != Encoding.PLAIN_DICTIONARY) {
          throw new ParquetFormatException(
              "dictionary page encoded as " + d.encoding() + ", not PLAIN");
        }
        yield new Page.Dictionary(info.index(), data, 0, h.uncompressedPageSize(), d.numValues());
      }
      case DATA_PAGE ->
          dataV1(
              info.index(),
              h,
              decompress(stored, 0, storedLength, h.uncompressedPageSize()),
              h.uncompressedPageSize());
      case DATA_PAGE_V2 -> dataV2(info.index(), h, stored, storedLength);
      case INDEX_PAGE -> null;
    };
  }

  /**
   * The page's bytes decompressed: in {@code stored} itself when uncompressed, else in the reused
   * buffer.
   */
  private byte[] decompress(byte[] stored, int offset, int length, int uncompressedSize) {
    if (uncompressed && offset == 0) {
      if (length != uncompressedSize) {
        throw new ParquetFormatException(
            "uncompressed page of " + length + " bytes but the header says " + uncompressedSize);
      }
      return stored;
    }
    if (decompressedBuffer.length < uncompressedSize) {
      decompressedBuffer = new byte[uncompressedSize];
    }
    byte[] out = decompressedBuffer;
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

  private Page.Data dataV2(int index, PageHeader h, byte[] stored, int storedLength) {
    DataPageHeaderV2 d = h.dataPageHeaderV2();
    int repLength = d.repetitionLevelsByteLength();
    int defLength = d.definitionLevelsByteLength();
    int levels = repLength + defLength;
    int valuesStored = storedLength - levels;
    int valuesSize = h.uncompressedPageSize() - levels;
    byte[] values;
    int valuesOffset;
    if (d.valuesCompressed() && !uncompressed) {
      values = decompress(stored, levels, valuesStored, valuesSize);
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
