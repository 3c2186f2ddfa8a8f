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

  /** A name for messages: the path, or a description of where the bytes came from. */
  String name();

  long length() throws IOException;

  /**
   * Fills {@code destination} from its position to its limit with the bytes at {@code position}.
   *
   * @throws java.io.EOFException if the file ends first
   */
  void readFully(long position, ByteBuffer destination) throws IOException;

  /** Reads {@code length} bytes at {@code position} into a new heap buffer. */
  default ByteBuffer read(long position, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    readFully(position, buffer);
    return buffer.flip();
  }

  static InputFile of(Path path) throws IOException {
    return new ChannelInputFile(path);
  }

  /**
   * The remaining bytes of {@code bytes}; the buffer is not copied, so do not change it meanwhile.
   */
  static InputFile of(ByteBuffer bytes, String name) {
    return new ByteBufferInputFile(bytes, name);
  }

  static InputFile of(byte[] bytes) {
    return new ByteBufferInputFile(
        ByteBuffer.wrap(bytes), "<" + bytes.length + " bytes in memory>");
  }
}
