package dev.parrow.codec.crypto;

import java.nio.ByteBuffer;

/**
 * The decryption of one encrypted column chunk's modules: page headers, pages, the page index and
 * the Bloom filter, each with its AAD (the file's, the module type, the row group and column
 * ordinals, and a data page's ordinal in the chunk). Page data is AES-CTR under AES_GCM_CTR_V1,
 * AES-GCM otherwise; every other module is AES-GCM.
 */
public final class ChunkCrypto {
  private final byte[] key;
  private final byte[] fileAad;
  private final int rowGroup;
  private final int column;
  private final boolean ctrPages;

  ChunkCrypto(byte[] key, byte[] fileAad, int rowGroup, int column, boolean ctrPages) {
    this.key = key;
    this.fileAad = fileAad;
    this.rowGroup = rowGroup;
    this.column = column;
    this.ctrPages = ctrPages;
  }

  /**
   * Whether the file was written with no AAD (DuckDB's writer), whose page headers give each page's
   * size before encryption rather than its module's.
   *
   * @return true for such a file
   */
  public boolean writtenWithoutAad() {
    return fileAad == null;
  }

  /**
   * The length a module at the buffer's position takes with its length prefix.
   *
   * @param module the module's first bytes (its length prefix at least)
   * @param available the bytes from the module's start to the end of where it must fit
   * @return the module's bytes, its length prefix included
   */
  public static int moduleLength(ByteBuffer module, long available) {
    return Modules.LENGTH_BYTES
        + Modules.declaredLength(module, (int) Math.min(available, Integer.MAX_VALUE));
  }

  /**
   * A page header's plaintext Thrift bytes.
   *
   * @param module the header module, from its length prefix
   * @param dictionary whether it is the dictionary page's header
   * @param dataPage the data page's ordinal in the chunk (ignored for the dictionary page)
   * @return the header's bytes
   */
  public byte[] pageHeader(ByteBuffer module, boolean dictionary, int dataPage) {
    return Modules.decryptGcm(
        module, key, Modules.pageAad(fileAad, true, dictionary, rowGroup, column, dataPage));
  }

  /**
   * Decrypts a page module into {@code out}.
   *
   * @param module the page module (its length prefix first)
   * @param length the module's bytes
   * @param dictionary whether it is the dictionary page
   * @param dataPage the data page's ordinal in the chunk (ignored for the dictionary page)
   * @param out where the plaintext goes, at least {@code length} bytes
   * @return the plaintext's length
   */
  public int page(byte[] module, int length, boolean dictionary, int dataPage, byte[] out) {
    int declared = Modules.declaredLength(ByteBuffer.wrap(module, 0, length), length);
    if (declared != length - Modules.LENGTH_BYTES) {
      throw new dev.parrow.codec.ParquetFormatException(
          "the encrypted page says it has "
              + declared
              + " bytes, its header "
              + (length - Modules.LENGTH_BYTES));
    }
    if (ctrPages) {
      return Modules.ctr(key, module, Modules.LENGTH_BYTES, declared, out);
    }
    return Modules.gcm(
        key,
        module,
        Modules.LENGTH_BYTES,
        declared,
        Modules.pageAad(fileAad, false, dictionary, rowGroup, column, dataPage),
        out);
  }

  /**
   * The column index's plaintext Thrift bytes.
   *
   * @param module the module, from its length prefix
   * @return the plaintext
   */
  public byte[] columnIndex(ByteBuffer module) {
    return Modules.decryptGcm(
        module, key, Modules.aad(fileAad, Modules.COLUMN_INDEX, rowGroup, column, -1));
  }

  /**
   * The offset index's plaintext Thrift bytes.
   *
   * @param module the module, from its length prefix
   * @return the plaintext
   */
  public byte[] offsetIndex(ByteBuffer module) {
    return Modules.decryptGcm(
        module, key, Modules.aad(fileAad, Modules.OFFSET_INDEX, rowGroup, column, -1));
  }

  /**
   * The Bloom filter header's plaintext Thrift bytes.
   *
   * @param module the module, from its length prefix
   * @return the plaintext
   */
  public byte[] bloomFilterHeader(ByteBuffer module) {
    return Modules.decryptGcm(
        module, key, Modules.aad(fileAad, Modules.BLOOM_FILTER_HEADER, rowGroup, column, -1));
  }

  /**
   * The Bloom filter's plaintext bitset.
   *
   * @param module the module, from its length prefix
   * @return the plaintext
   */
  public byte[] bloomFilterBitset(ByteBuffer module) {
    return Modules.decryptGcm(
        module, key, Modules.aad(fileAad, Modules.BLOOM_FILTER_BITSET, rowGroup, column, -1));
  }
}
