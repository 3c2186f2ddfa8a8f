package dev.parrow.codec.crypto;

/**
 * The encryption of one column chunk's modules as a writer makes them: page headers, pages, the
 * page index, the Bloom filter and the column metadata, each with its AAD (the file's, the module
 * type, the row group and column ordinals, and a data page's ordinal in the chunk). The mirror of
 * {@link ChunkCrypto}: page data is AES-CTR under AES_GCM_CTR_V1, AES-GCM otherwise; every other
 * module is AES-GCM. Every module gets a fresh random nonce.
 */
public final class ChunkEncryptor {
  private final byte[] key;
  private final byte[] fileAad;
  private final int rowGroup;
  private final int column;
  private final boolean ctrPages;

  ChunkEncryptor(byte[] key, byte[] fileAad, int rowGroup, int column, boolean ctrPages) {
    this.key = key;
    this.fileAad = fileAad;
    this.rowGroup = rowGroup;
    this.column = column;
    this.ctrPages = ctrPages;
  }

  /**
   * A page header's module.
   *
   * @param header the header's Thrift bytes
   * @param dictionary whether it is the dictionary page's header
   * @param dataPage the data page's ordinal in the chunk (ignored for the dictionary page)
   * @return the module, its length prefix first
   */
  public byte[] pageHeader(byte[] header, boolean dictionary, int dataPage) {
    return Modules.sealGcm(
        key,
        header,
        0,
        header.length,
        Modules.pageAad(fileAad, true, dictionary, rowGroup, column, dataPage));
  }

  /**
   * A page's module; its length is what the page header gives as the page's compressed size.
   *
   * @param body the page's bytes as stored unencrypted (compressed)
   * @param dictionary whether it is the dictionary page
   * @param dataPage the data page's ordinal in the chunk (ignored for the dictionary page)
   * @return the module, its length prefix first
   */
  public byte[] page(byte[] body, boolean dictionary, int dataPage) {
    if (ctrPages) {
      return Modules.sealCtr(key, body, 0, body.length);
    }
    return Modules.sealGcm(
        key,
        body,
        0,
        body.length,
        Modules.pageAad(fileAad, false, dictionary, rowGroup, column, dataPage));
  }

  /**
   * The column index's module.
   *
   * @param thrift its Thrift bytes
   * @return the module
   */
  public byte[] columnIndex(byte[] thrift) {
    return gcm(thrift, Modules.COLUMN_INDEX);
  }

  /**
   * The offset index's module.
   *
   * @param thrift its Thrift bytes
   * @return the module
   */
  public byte[] offsetIndex(byte[] thrift) {
    return gcm(thrift, Modules.OFFSET_INDEX);
  }

  /**
   * The Bloom filter header's module.
   *
   * @param thrift its Thrift bytes
   * @return the module
   */
  public byte[] bloomFilterHeader(byte[] thrift) {
    return gcm(thrift, Modules.BLOOM_FILTER_HEADER);
  }

  /**
   * The Bloom filter bitset's module.
   *
   * @param bitset the bitset
   * @return the module
   */
  public byte[] bloomFilterBitset(byte[] bitset) {
    return gcm(bitset, Modules.BLOOM_FILTER_BITSET);
  }

  /** The column metadata's module (the footer's {@code encrypted_column_metadata}). */
  byte[] columnMetaData(byte[] thrift) {
    return gcm(thrift, Modules.COLUMN_META_DATA);
  }

  private byte[] gcm(byte[] plain, byte type) {
    return Modules.sealGcm(
        key, plain, 0, plain.length, Modules.aad(fileAad, type, rowGroup, column, -1));
  }
}
