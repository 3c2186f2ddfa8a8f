package dev.parrow.codec.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A local file read with positional {@link FileChannel} reads, which need no locking between
 * threads.
 *
 * <p>A FileChannel closes itself when a thread reading it is interrupted, which would fail every
 * other reader of the file. The interrupted read fails (InterruptedIOException); the others reopen
 * the file and go on, unless it was replaced on disk meanwhile (another inode), which they report.
 */
final class ChannelInputFile implements InputFile {
  private final Path path;
  private final Object fileKey;
  private volatile FileChannel channel;
  private volatile boolean closed;

  ChannelInputFile(Path path) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.fileKey = fileKey(path);
  }

  private static Object fileKey(Path path) throws IOException {
    return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public long length() throws IOException {
    while (true) {
      FileChannel c = channel;
      try {
        return c.size();
      } catch (ClosedChannelException e) {
        recover(c, e);
      }
    }
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws IOException {
    long at = position;
    while (destination.hasRemaining()) {
      FileChannel c = channel;
      int n;
      try {
        n = c.read(destination, at);
      } catch (ClosedChannelException e) {
        recover(c, e);
        continue;
      }
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

  /**
   * After {@code broken} was found closed: fails when this file was closed or this thread was
   * interrupted, and otherwise reopens the file (once, whichever reader gets here first) so that
   * the read can go on.
   */
  private synchronized void recover(FileChannel broken, ClosedChannelException cause)
      throws IOException {
    if (closed) {
      throw new IOException(path + ": the file was closed while it was being read", cause);
    }
    if (cause instanceof ClosedByInterruptException || Thread.currentThread().isInterrupted()) {
      reopen(broken);
      InterruptedIOException interrupted =
          new InterruptedIOException(path + ": the read was interrupted");
      interrupted.initCause(cause);
      throw interrupted;
    }
    reopen(broken);
  }

  private void reopen(FileChannel broken) throws IOException {
    if (channel != broken || closed) {
      return;
    }
    FileChannel fresh = FileChannel.open(path, StandardOpenOption.READ);
    if (!java.util.Objects.equals(fileKey, fileKey(path))) {
      fresh.close();
      throw new IOException(
          path + ": the file was replaced while it was being read (its reader was interrupted)");
    }
    channel = fresh;
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    channel.close();
  }
}
