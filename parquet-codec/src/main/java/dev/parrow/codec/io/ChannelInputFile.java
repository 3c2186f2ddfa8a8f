package dev.parrow.codec.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A local file read with positional {@link FileChannel} reads, which need no locking between
 * threads.
 */
final class ChannelInputFile implements InputFile {
  private final Path path;
  private final FileChannel channel;

  ChannelInputFile(Path path) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public long length() throws IOException {
    return channel.size();
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws IOException {
    long at = position;
    while (destination.hasRemaining()) {
      int n = channel.read(destination, at);
      if (n < 0) {
        throw new EOFException(
            path
                + ": end of file at byte "
                + at
                + " with "
                + destination.remaining()
                + " bytes still to read");
      }
      at += n;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
