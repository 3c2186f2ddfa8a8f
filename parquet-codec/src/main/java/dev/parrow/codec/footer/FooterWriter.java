package dev.parrow.codec.footer;

import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Encodes a footer: the Thrift metadata, its length (little-endian) and the closing magic. */
public final class FooterWriter {
  private FooterWriter() {}

  /**
   * The bytes that end a Parquet file, after its last page or index.
   *
   * @param metaData the file's metadata
   * @return the Thrift metadata, its length and the magic
   */
  public static byte[] encode(FileMetaData metaData) {
    byte[] thrift = ThriftCodec.writeFileMetaData(metaData);
    ByteBuffer out =
        ByteBuffer.allocate(thrift.length + ParquetMagic.TRAILER_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    out.put(thrift).putInt(thrift.length).put(ParquetMagic.PLAIN);
    return out.array();
  }
}
