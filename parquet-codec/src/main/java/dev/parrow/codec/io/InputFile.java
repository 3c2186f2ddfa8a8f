package dev.parrow.codec.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A Parquet file's bytes, read by position. Implementations are safe for concurrent positional
 * reads.
 */
public interface InputFile extends Closeable {

  /**
   * A name for messages: the path, or a description of where the bytes came from.
   *
   * @return the name
   */
  String name();

  /**
   * The file's size.
   *
   * @return the size in bytes
   * @throws IOException if it cannot be read
   */
  long length() throws IOException;

  /**
   * Fills {@code destination} from its position to its limit with the bytes at {@code position}.
   *
   * @throws java.io.EOFException if the file ends first
   * @param position the file offset of the first byte
   * @param destination the buffer to fill
   */
  void readFully(long position, ByteBuffer destination) throws IOException;

  /**
   * Reads {@code length} bytes at {@code position} into a new heap buffer.
   *
   * @param position the file offset of the first byte
   * @param length how many bytes
   * @return a buffer holding them, ready to read
   * @throws IOException if the file cannot be read or ends first
   */
  default ByteBuffer read(long position, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    readFully(position, buffer);
    return buffer.flip();
  }

  /**
   * A local file, read with positional reads of one file channel.
   *
   * @param path the file
   * @return the open file
   * @throws IOException if it cannot be opened
   */
  static InputFile of(Path path) throws IOException {
    return new ChannelInputFile(path);
  }

  /**
   * The remaining bytes of {@code bytes}; the buffer is not copied, so do not change it meanwhile.
   *
   * @param bytes the file's bytes, from position to limit
   * @param name the name for messages
   * @return the file
   */
  static InputFile of(ByteBuffer bytes, String name) {
    return new ByteBufferInputFile(bytes, name);
  }

  /**
   * A whole array as a file, not copied.
   *
   * @param bytes the file's bytes
   * @return the file
   */
  static InputFile of(byte[] bytes) {
    return new ByteBufferInputFile(
        ByteBuffer.wrap(bytes), "<" + bytes.length + " bytes in memory>");
  }
}
