package dev.parrow.storage;

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

  /**
   * The most bytes one read puts into a heap buffer. The JDK reads a heap buffer through a
   * temporary direct buffer of the read's size, which it allocates, zeroes and keeps per thread; a
   * page of tens of megabytes read whole would cost a cold buffer of that size on every new thread
   * and a copy out of memory no cache still holds. Pieces of this size reuse one small buffer that
   * stays in the cache between the read and the copy.
   */
  static final int HEAP_READ_PIECE = 256 << 10;

  @Override
  public void readFully(long position, ByteBuffer destination) throws IOException {
    long at = position;
    int end = destination.limit();
    while (destination.hasRemaining()) {
      FileChannel c = channel;
      int n;
      try {
        if (destination.isDirect()) {
          n = c.read(destination, at);
        } else {
          destination.limit((int) Math.min(end, (long) destination.position() + HEAP_READ_PIECE));
          try {
            n = c.read(destination, at);
          } finally {
            destination.limit(end);
          }
        }
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
