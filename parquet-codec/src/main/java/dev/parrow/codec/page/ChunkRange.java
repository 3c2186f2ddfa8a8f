package dev.parrow.codec.page;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.WriterVersion;

/**
 * The bytes of one column chunk: from its first page (the dictionary page when there is one) for
 * {@code total_compressed_size} bytes, checked to lie between the leading magic and the footer.
 */
public record ChunkRange(long start, long length) {
  /**
   * parquet-mr up to 1.2.8 left the dictionary page header out of the chunk's size (PARQUET-816,
   * IMPALA-694). Like Arrow C++, allow up to this many extra bytes for such files.
   */
  static final int OLD_PARQUET_MR_PADDING = 100;

  public long end() {
    return start + length;
  }

  public static ChunkRange of(ColumnMetaData meta, Footer footer) {
    long start = meta.dataPageOffset();
    Long dictionary = meta.dictionaryPageOffset();
    // A dictionary page precedes the data pages. Some writers store 0 for "no dictionary page", and
    // Arrow C++ stores data_page_offset 0 for chunks with no values but a dictionary page.
    if (dictionary != null && dictionary >= 4 && (dictionary < start || start < 4)) {
      start = dictionary;
    }
    long length = meta.totalCompressedSize();
    long limit = footer.metadataOffset();
    if (start < 4 || length < 0 || start > limit || length > limit - start) {
      throw new ParquetFormatException(
          "column chunk at offset "
              + start
              + " with "
              + length
              + " bytes lies outside the data region of the file (bytes 4 to "
              + limit
              + ")");
    }
    WriterVersion writer = WriterVersion.parse(footer.metaData().createdBy());
    if (writer.is("parquet-mr") && writer.before(1, 2, 9)) {
      length += Math.min(OLD_PARQUET_MR_PADDING, limit - (start + length));
    }
    return new ChunkRange(start, length);
  }
}
