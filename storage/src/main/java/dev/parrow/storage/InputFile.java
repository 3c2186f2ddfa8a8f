package dev.parrow.storage;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

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
   * Announces ranges that reads will soon ask for. A remote file fetches them now, in parallel and
   * coalesced, and serves the reads from memory until the returned prefetch is closed; a local file
   * does nothing (the default).
   *
   * @param ranges the ranges, in any order
   * @return what to close once the reads are done
   */
  default Prefetch prefetch(List<FileRange> ranges) {
    return Prefetch.NONE;
  }

  /**
   * Opens a file by its location: an {@code http://}, {@code https://} or {@code s3://BUCKET/KEY}
   * URI, a {@code file:} URI, or a local path.
   *
   * @param location where the file is
   * @return the open file
   * @throws IOException if it cannot be opened
   */
  static InputFile open(String location) throws IOException {
    return open(location, RemoteOptions.defaults());
  }

  /**
   * Opens a file by its location, reading remote files with {@code options}; {@link Stores} chooses
   * the store.
   *
   * @param location a URI ({@code http}, {@code https}, {@code s3}, {@code az}, {@code abfss},
   *     {@code file}) or a local path
   * @param options how remote files are read
   * @return the open file
   * @throws IOException if it cannot be opened
   */
  static InputFile open(String location, RemoteOptions options) throws IOException {
    return Stores.of(location, options).open(location);
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
