package dev.parrow.codec.thrift;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.BloomFilterHeader;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import java.nio.ByteBuffer;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads and writes the Thrift-encoded structures of a Parquet file. Every read consumes the encoded
 * struct from the buffer's position, advances the position past it, and turns any malformed
 * encoding into a {@link ParquetFormatException}; bytes after the struct are left alone.
 */
public final class ThriftCodec {
  private ThriftCodec() {}

  public static FileMetaData readFileMetaData(ByteBuffer buffer) {
    return read(buffer, FileMetaDataCodec::readFileMetaData);
  }

  public static byte[] writeFileMetaData(FileMetaData metaData) {
    return write(metaData, FileMetaDataCodec::writeFileMetaData);
  }

  public static dev.parrow.codec.metadata.FileCryptoMetaData readFileCryptoMetaData(
      ByteBuffer buffer) {
    return read(buffer, FileMetaDataCodec::readFileCryptoMetaData);
  }

  public static dev.parrow.codec.metadata.ColumnMetaData readColumnMetaData(ByteBuffer buffer) {
    return read(buffer, ColumnChunkCodec::readColumnMetaData);
  }

  public static byte[] writeColumnMetaData(dev.parrow.codec.metadata.ColumnMetaData metaData) {
    return write(metaData, ColumnChunkCodec::writeColumnMetaData);
  }

  public static byte[] writeFileCryptoMetaData(dev.parrow.codec.metadata.FileCryptoMetaData m) {
    return write(m, FileMetaDataCodec::writeFileCryptoMetaData);
  }

  public static PageHeader readPageHeader(ByteBuffer buffer) {
    return read(buffer, PageHeaderCodec::readPageHeader);
  }

  public static byte[] writePageHeader(PageHeader header) {
    return write(header, PageHeaderCodec::writePageHeader);
  }

  public static ColumnIndex readColumnIndex(ByteBuffer buffer) {
    return read(buffer, PageIndexCodec::readColumnIndex);
  }

  public static byte[] writeColumnIndex(ColumnIndex index) {
    return write(index, PageIndexCodec::writeColumnIndex);
  }

  public static OffsetIndex readOffsetIndex(ByteBuffer buffer) {
    return read(buffer, PageIndexCodec::readOffsetIndex);
  }

  public static byte[] writeOffsetIndex(OffsetIndex index) {
    return write(index, PageIndexCodec::writeOffsetIndex);
  }

  public static BloomFilterHeader readBloomFilterHeader(ByteBuffer buffer) {
    return read(buffer, BloomFilterHeaderCodec::readBloomFilterHeader);
  }

  public static byte[] writeBloomFilterHeader(BloomFilterHeader header) {
    return write(header, BloomFilterHeaderCodec::writeBloomFilterHeader);
  }

  private static <T> T read(ByteBuffer buffer, Function<ThriftReader, T> reader) {
    byte[] array;
    int offset;
    int length = buffer.remaining();
    if (buffer.hasArray()) {
      array = buffer.array();
      offset = buffer.arrayOffset() + buffer.position();
    } else {
      array = new byte[length];
      buffer.duplicate().get(array);
      offset = 0;
    }
    ThriftReader r = new ThriftReader(array, offset, length);
    T value;
    try {
      value = reader.apply(r);
    } catch (ParquetFormatException e) {
      throw e;
    } catch (RuntimeException e) {
      // libthrift signals some malformed input with unchecked exceptions (bad varints, negative
      // sizes).
      throw new ParquetFormatException("corrupt Thrift metadata: " + e, e);
    }
    buffer.position(buffer.position() + r.position());
    return value;
  }

  private static <T> byte[] write(T value, BiConsumer<ThriftWriter, T> writer) {
    ThriftWriter w = new ThriftWriter();
    writer.accept(w, value);
    return w.toByteArray();
  }
}
