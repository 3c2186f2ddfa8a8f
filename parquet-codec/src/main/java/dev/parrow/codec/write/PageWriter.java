package dev.parrow.codec.write;

import dev.parrow.codec.compression.Compressors;
import dev.parrow.codec.crypto.ChunkEncryptor;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.encoding.ByteSink;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.DictionaryPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageEncodingStats;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.thrift.ThriftCodec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Assembles the pages of one column chunk: data pages v1 (levels and values compressed together) or
 * v2 (levels uncompressed, values compressed), the dictionary page, each with its header and CRC.
 * Keeps the chunk's page bytes and what its metadata says of them: encodings, encoding statistics,
 * sizes.
 */
final class PageWriter {
  private final ColumnWriteOptions options;
  private final int maxDef;
  private final int maxRep;
  // Starts small and doubles: a wide schema has one writer per column.
  private final ByteSink pages = new ByteSink(1 << 10);
  private final List<PageEncodingStats> encodingStats = new ArrayList<>();
  private final Set<Encoding> encodings = new LinkedHashSet<>();
  private long uncompressedBytes;

  /** The chunk's encryption, or null when it is stored in plaintext. */
  private final ChunkEncryptor crypto;

  /** Data pages written: the ordinal of the next in its modules' AAD. */
  private int dataPages;

  PageWriter(ColumnWriteOptions options, int maxDef, int maxRep, ChunkEncryptor crypto) {
    this.options = options;
    this.maxDef = maxDef;
    this.maxRep = maxRep;
    this.crypto = crypto;
  }

  /** The data pages written so far, back to back. */
  ByteSink pages() {
    return pages;
  }

  /** Bytes of the data pages, headers included, before compression. */
  long uncompressedBytes() {
    return uncompressedBytes;
  }

  Set<Encoding> encodings() {
    return encodings;
  }

  List<PageEncodingStats> encodingStats() {
    return encodingStats;
  }

  /** Whether a dictionary-encoded data page has been written. */
  boolean usedDictionary() {
    return encodings.contains(Encoding.PLAIN_DICTIONARY)
        || encodings.contains(Encoding.RLE_DICTIONARY);
  }

  /** The encoding a data page of dictionary ids is marked with in this page version. */
  Encoding dictionaryIdsEncoding() {
    return options.pageVersion() == 1 ? Encoding.PLAIN_DICTIONARY : Encoding.RLE_DICTIONARY;
  }

  /**
   * Writes a data page of {@code entries} level entries ({@code rows} rows, {@code nulls} of them
   * null) whose values are {@code values} in {@code encoding}; {@code statistics} go in its header
   * (or null). {@code defs} is null when every entry is at the maximum definition level, {@code
   * reps} when every one is at repetition level 0.
   */
  void writeDataPage(
      int[] defs,
      int[] reps,
      int entries,
      int rows,
      int nulls,
      byte[] values,
      Encoding encoding,
      Statistics statistics) {
    if (options.pageVersion() == 1) {
      // Assembled and compressed in this thread's buffers, then copied into the chunk's bytes.
      PageScratch scratch = PageScratch.get();
      ByteSink body = scratch.body;
      ByteSink compressed = scratch.compressed;
      if (maxRep > 0) {
        levels(reps, 0, entries, maxRep, body);
      }
      if (maxDef > 0) {
        levels(defs, maxDef, entries, maxDef, body);
      }
      body.write(values);
      int length =
          Compressors.compressInto(
              options.codec(), options.level(), body.array(), 0, body.size(), compressed);
      DataPageHeader h =
          new DataPageHeader(entries, encoding, Encoding.RLE, Encoding.RLE, statistics);
      write(
          new PageHeader(
              PageType.DATA_PAGE,
              body.size(),
              length,
              crc(compressed.array(), length),
              h,
              null,
              null,
              null),
          compressed.array(),
          length);
      scratch.trim();
    } else {
      // Levels uncompressed, then the values compressed, all in this thread's buffer.
      PageScratch scratch = PageScratch.get();
      ByteSink body = scratch.body;
      if (maxRep > 0) {
        rleInto(reps, 0, entries, maxRep, body);
      }
      int repLength = body.size();
      if (maxDef > 0) {
        rleInto(defs, maxDef, entries, maxDef, body);
      }
      int defLength = body.size() - repLength;
      Compressors.compressInto(options.codec(), options.level(), values, 0, values.length, body);
      DataPageHeaderV2 h =
          new DataPageHeaderV2(
              entries, nulls, rows, encoding, defLength, repLength, true, statistics);
      write(
          new PageHeader(
              PageType.DATA_PAGE_V2,
              repLength + defLength + values.length,
              body.size(),
              crc(body.array(), body.size()),
              null,
              null,
              null,
              h),
          body.array(),
          body.size());
      scratch.trim();
    }
    encodings.add(encoding);
    encodings.add(Encoding.RLE);
    addEncodingStat(
        options.pageVersion() == 1 ? PageType.DATA_PAGE : PageType.DATA_PAGE_V2, encoding);
  }

  /**
   * A v1 page's levels into its body: their length (4 bytes, little-endian), then RLE. {@code
   * levels} null: every one is {@code whenNull}.
   */
  private static void levels(int[] levels, int whenNull, int entries, int max, ByteSink body) {
    int at = body.size();
    body.writeIntLE(0);
    rleInto(levels, whenNull, entries, max, body);
    int length = body.size() - at - 4;
    byte[] b = body.array();
    b[at] = (byte) length;
    b[at + 1] = (byte) (length >>> 8);
    b[at + 2] = (byte) (length >>> 16);
    b[at + 3] = (byte) (length >>> 24);
  }

  /** Levels RLE-encoded onto {@code out} ({@code levels} null: every one is {@code whenNull}). */
  private static void rleInto(int[] levels, int whenNull, int entries, int max, ByteSink out) {
    if (levels == null) {
      RleBitPackedEncoder.encodeRunInto(whenNull, entries, Bits.bitWidth(max), out);
    } else {
      RleBitPackedEncoder.encodeInto(levels, 0, entries, Bits.bitWidth(max), out);
    }
  }

  /**
   * The dictionary page of {@code count} PLAIN-encoded values, header and (compressed) body;
   * recorded first among the chunk's encoding statistics.
   *
   * @return the page's bytes and, in {@link #dictionaryUncompressed}, its size before compression
   */
  byte[] dictionaryPage(ByteSink plain, int count) {
    byte[] compressed =
        Compressors.compress(options.codec(), options.level(), plain.array(), 0, plain.size());
    Encoding encoding = options.pageVersion() == 1 ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN;
    Integer crc = crc(compressed);
    if (crypto != null) {
      compressed = crypto.page(compressed, true, -1);
    }
    PageHeader header =
        new PageHeader(
            PageType.DICTIONARY_PAGE,
            plain.size(),
            compressed.length,
            crc,
            null,
            null,
            new DictionaryPageHeader(count, encoding, false),
            null);
    byte[] h = ThriftCodec.writePageHeader(header);
    if (crypto != null) {
      h = crypto.pageHeader(h, true, -1);
    }
    byte[] page = new byte[h.length + compressed.length];
    System.arraycopy(h, 0, page, 0, h.length);
    System.arraycopy(compressed, 0, page, h.length, compressed.length);
    dictionaryUncompressed = h.length + plain.size();
    encodings.add(encoding);
    encodingStats.add(0, new PageEncodingStats(PageType.DICTIONARY_PAGE, encoding, 1));
    return page;
  }

  private long dictionaryUncompressed;

  long dictionaryUncompressed() {
    return dictionaryUncompressed;
  }

  private Integer crc(byte[] body) {
    return crc(body, body.length);
  }

  private Integer crc(byte[] body, int length) {
    if (!options.crc()) {
      return null;
    }
    CRC32 crc = new CRC32();
    crc.update(body, 0, length);
    return (int) crc.getValue();
  }

  /**
   * Writes a data page, the first {@code length} bytes of {@code body}. An encrypted chunk's page
   * becomes its module, which the header's compressed size then counts (the CRC stays that of the
   * unencrypted bytes, as parquet-java writes it), and the header its own module.
   */
  private void write(PageHeader header, byte[] body, int length) {
    if (crypto != null) {
      body = crypto.page(java.util.Arrays.copyOf(body, length), false, dataPages);
      length = body.length;
      header = header.withCompressedPageSize(length);
    }
    byte[] h = ThriftCodec.writePageHeader(header);
    if (crypto != null) {
      h = crypto.pageHeader(h, false, dataPages);
    }
    dataPages++;
    pages.write(h);
    pages.write(body, 0, length);
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
}
