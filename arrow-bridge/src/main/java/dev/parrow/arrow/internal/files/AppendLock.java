package dev.parrow.arrow.internal.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Serializes the appends to one file, in this process and across processes: an append copies the
 * file, so two at once would each keep only their own rows. A semaphore per path orders this
 * process's appenders (a JVM cannot lock one file twice), and an OS lock on {@code
 * .NAME.parrow-lock} beside the file orders processes; the OS drops it when a process dies. The
 * lock file stays, empty, for the next append.
 */
public final class AppendLock implements AutoCloseable {
  private static final ConcurrentHashMap<Path, Semaphore> IN_PROCESS = new ConcurrentHashMap<>();

  private final Semaphore semaphore;
  private final FileChannel channel;
  private final FileLock lock;

  private AppendLock(Semaphore semaphore, FileChannel channel, FileLock lock) {
    this.semaphore = semaphore;
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits until no other append to {@code target} runs, here or in another process. */
  public static AppendLock acquire(Path target) throws IOException {
    Path path = target.toAbsolutePath().normalize();
    Semaphore semaphore = IN_PROCESS.computeIfAbsent(path, p -> new Semaphore(1));
    try {
      semaphore.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to append to " + target);
    }
    FileChannel channel = null;
    try {
      channel =
          FileChannel.open(
              path.resolveSibling("." + path.getFileName() + ".parrow-lock"),
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE);
      return new AppendLock(semaphore, channel, channel.lock());
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        channel.close();
      }
      semaphore.release();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
      channel.close();
    } finally {
      semaphore.release();
    }
  }
}
