package dev.parrow.storage;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file written whole or not at all: the bytes go to a temporary file beside the target, which is
 * synced to disk and renamed over the target on commit (an atomic rename within one directory), so
 * the target holds the previous file or the whole new one even when the process is killed or the
 * machine loses power.
 *
 * <p>A process killed mid-write leaves its temporary file behind; its name says whose it was
 * ({@code .<target>.parrow-<host>-<pid>-<uuid>.tmp}). The next write to the same target on the same
 * host removes those whose process is gone. Files of live processes, or of other hosts sharing the
 * directory, are never touched.
 *
 * <p>A process that exits before committing, for example on Ctrl-C or SIGTERM, removes its
 * temporary files in a shutdown hook, so only SIGKILL and power loss leave one for that clean-up.
 * The hook may run while another thread still writes: the rename on commit either happened before
 * the removal (the target is whole) or fails after it (the target is unchanged).
 */
public final class AtomicFile implements StagedOutputFile {
  private static final String HOST = hostTag();

  private final Path target;
  private final Path temporary;
  private final boolean ifAbsent;

  /**
   * A write of {@code target}, nothing created until {@link #open}.
   *
   * @param target the file to write
   */
  public AtomicFile(Path target) {
    this(target, false);
  }

  /**
   * A write of {@code target} that replaces a file there, or, with {@code ifAbsent}, is made only
   * if none is there when it is published.
   *
   * @param target the file to write
   * @param ifAbsent whether publishing fails with {@link java.nio.file.FileAlreadyExistsException}
   *     when the target exists (a hard link of the temporary file, which the file system makes only
   *     where no file is)
   */
  public AtomicFile(Path target, boolean ifAbsent) {
    this.ifAbsent = ifAbsent;
    this.target = target.toAbsolutePath();
    this.temporary =
        this.target.resolveSibling(
            "."
                + this.target.getFileName()
                + ".parrow-"
                + HOST
                + "-"
                + ProcessHandle.current().pid()
                + "-"
                + UUID.randomUUID()
                + ".tmp");
  }

  @Override
  public String name() {
    return target.toString();
  }

  /** {@return the temporary file the bytes go to until {@link #commit}} */
  public Path temporary() {
    return temporary;
  }

  @Override
  public OutputStream open() throws IOException {
    Path dir = target.getParent();
    if (!Files.isDirectory(dir)) {
      // Name the target and its directory, not the temporary file the JDK would name.
      throw new NoSuchFileException(
          target.toString(), null, "cannot write " + target + ": no directory " + dir);
    }
    removeStaleTemporaries(target);
    Unfinished.add(temporary);
    try {
      return Files.newOutputStream(
          temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (AccessDeniedException e) {
      Unfinished.remove(temporary);
      throw new AccessDeniedException(
          target.toString(), null, "cannot write " + target + ": permission denied in " + dir);
    } catch (IOException | RuntimeException e) {
      Unfinished.remove(temporary);
      throw e;
    }
  }

  @Override
  public void commit() throws IOException {
    sync();
    publish();
  }

  @Override
  public void stage() throws IOException {
    sync();
  }

  /**
   * The first half of {@link #commit}: the temporary file's bytes made durable. A writer of many
   * files (a dataset) syncs each as it is finished and publishes them all at the end.
   *
   * @throws IOException if the bytes cannot be synced
   */
  public void sync() throws IOException {
    try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  /**
   * The second half of {@link #commit}: the synced temporary file renamed over the target (or, if
   * absent only, linked as the target, then removed).
   *
   * @throws IOException if the file cannot be renamed or linked; {@link
   *     java.nio.file.FileAlreadyExistsException} when the target exists and may not be replaced
   *     (the temporary file is then still there, for {@link #abort})
   */
  @Override
  public void publish() throws IOException {
    if (ifAbsent) {
      Files.createLink(target, temporary);
      Files.delete(temporary);
    } else {
      Files.move(
          temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
    Unfinished.remove(temporary);
    syncDirectory(target.getParent());
  }

  @Override
  public void abort() throws IOException {
    Files.deleteIfExists(temporary);
    Unfinished.remove(temporary);
  }

  /**
   * The temporary files of this process not yet committed or aborted, removed by a shutdown hook
   * registered with the first of them.
   */
  private static final class Unfinished {
    private static final Set<Path> FILES = ConcurrentHashMap.newKeySet();

    static {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(Unfinished::removeAll, "parrow-remove-unfinished-outputs"));
    }

    static void add(Path p) {
      FILES.add(p);
    }

    static void remove(Path p) {
      FILES.remove(p);
    }

    private static void removeAll() {
      for (Path p : FILES) {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // Left for the next writer of the same target to remove.
        }
      }
    }
  }

  @Override
  public String toString() {
    return target.toString();
  }

  /** Makes the rename durable; not every platform can open a directory, and then it is skipped. */
  private static void syncDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Windows cannot open a directory as a channel; its rename is durable on its own.
    }
  }

  /**
   * Removes the temporary files that writers of {@code target} on this host left when they were
   * killed: those whose process no longer runs.
   *
   * @param target the file whose writers' leftovers are removed
   */
  public static void removeStaleTemporaries(Path target) {
    Path dir = target.toAbsolutePath().getParent();
    String prefix = "." + target.getFileName() + ".parrow-" + HOST + "-";
    Pattern ours = Pattern.compile(Pattern.quote(prefix) + "(\\d+)-[0-9a-f-]{36}\\.tmp");
    // A filter, not a glob: the file name may hold glob characters.
    try (DirectoryStream<Path> siblings =
        Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path p : siblings) {
        Matcher m = ours.matcher(p.getFileName().toString());
        if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // Clean-up is best effort: a file that cannot be listed or removed stays for later.
    }
  }

  /**
   * The host name in a form safe for a file name; from the kernel on Linux, since a name lookup can
   * wait on DNS.
   */
  private static String hostTag() {
    String name;
    try {
      name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    } catch (IOException | RuntimeException e) {
      try {
        name = InetAddress.getLocalHost().getHostName();
      } catch (IOException unknown) {
        name = "localhost";
      }
    }
    String safe = name.replaceAll("[^A-Za-z0-9.]", "_");
    return safe.isEmpty() ? "localhost" : safe;
  }
}
