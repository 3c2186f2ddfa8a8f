package dev.parrow.storage;

import java.io.EOFException;
import java.nio.ByteBuffer;

/** Bytes already in memory. */
final class ByteBufferInputFile implements InputFile {
  private final ByteBuffer bytes;
  private final String name;

  ByteBufferInputFile(ByteBuffer bytes, String name) {
    this.bytes = bytes.slice();
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return bytes.remaining();
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws EOFException {
    int length = destination.remaining();
    if (position < 0 || position > bytes.limit() - (long) length) {
      throw new EOFException(
          name
              + ": "
              + length
              + " bytes at "
              + position
              + " are past the end ("
              + bytes.limit()
              + " bytes)");
    }
    destination.put(bytes.duplicate().position((int) position).limit((int) position + length));
  }

  @Override
  public void close() {}
}
