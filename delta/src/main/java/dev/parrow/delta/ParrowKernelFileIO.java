package dev.parrow.delta;

import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.Store;
import dev.parrow.storage.Stores;
import io.delta.kernel.defaults.engine.fileio.FileIO;
import io.delta.kernel.defaults.engine.fileio.InputFile;
import io.delta.kernel.defaults.engine.fileio.OutputFile;
import io.delta.kernel.defaults.engine.fileio.PositionOutputStream;
import io.delta.kernel.defaults.engine.fileio.SeekableInputStream;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parrow's storage as the file access of Delta Kernel's default engine ({@link FileIO}): local
 * files through {@code java.nio}, S3, Azure Blob Storage and HTTP(S) through Parrow's stores, with
 * no Hadoop file system. A commit ({@code writeAtomically} without overwrite) is a put-if-absent
 * ({@link dev.parrow.storage.Store#createIfAbsent}): locally a hard link of the finished file, on
 * S3 and Azure a conditional put; it fails when the version exists.
 */
final class ParrowKernelFileIO implements FileIO {
  private final RemoteOptions remote;

  ParrowKernelFileIO(RemoteOptions remote) {
    this.remote = remote;
  }

  static boolean isLocal(String path) {
    return path.startsWith("file:") || !Stores.isRemote(path);
  }

  /**
   * A local location as a path: a plain path, or a {@code file:} location in Hadoop's form ({@code
   * file:/dir/name}, characters as they are) or as a URI ({@code file:///dir/name}).
   */
  static Path local(String path) {
    if (path.startsWith("file://")) {
      return Path.of(path.substring("file://".length()));
    }
    return Path.of(path.startsWith("file:") ? path.substring("file:".length()) : path);
  }

  /** A local path as Kernel names files: Hadoop's {@code file:/dir/name}. */
  private static String location(Path p) {
    return "file:" + p.toAbsolutePath();
  }

  private Store store(String path) {
    return Stores.of(path, remote);
  }

  @Override
  public CloseableIterator<FileStatus> listFrom(String path) throws IOException {
    List<FileStatus> out = new ArrayList<>();
    if (isLocal(path)) {
      Path from = local(path);
      String first = from.getFileName().toString();
      Path dir = from.getParent();
      if (!Files.isDirectory(dir)) {
        throw new java.io.FileNotFoundException(dir + ": no such directory");
      }
      try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
        for (Path p : entries.sorted().toList()) {
          if (p.getFileName().toString().compareTo(first) >= 0) {
            out.add(status(p));
          }
        }
      }
    } else {
      int slash = path.lastIndexOf('/');
      String dir = path.substring(0, slash + 1);
      String first = path.substring(slash + 1);
      for (String location : store(path).list(dir)) {
        String name = location.substring(location.lastIndexOf('/') + 1);
        if (location.substring(dir.length()).indexOf('/') < 0 && name.compareTo(first) >= 0) {
          out.add(getFileStatus(location));
        }
      }
    }
    return Utils.toCloseableIterator(out.iterator());
  }

  private static FileStatus status(Path p) throws IOException {
    return FileStatus.of(location(p), Files.size(p), Files.getLastModifiedTime(p).toMillis());
  }

  @Override
  public FileStatus getFileStatus(String path) throws IOException {
    if (isLocal(path)) {
      return status(local(path));
    }
    try (dev.parrow.storage.InputFile f = store(path).open(path)) {
      return FileStatus.of(path, f.length(), 0);
    }
  }

  @Override
  public String resolvePath(String path) {
    return isLocal(path) ? location(local(path)) : path;
  }

  @Override
  public boolean mkdirs(String path) throws IOException {
    if (isLocal(path)) {
      Files.createDirectories(local(path));
    }
    return true;
  }

  @Override
  public InputFile newInputFile(String path, long size) {
    return new InputFile() {
      @Override
      public long length() throws IOException {
        return size >= 0 ? size : getFileStatus(path).getSize();
      }

      @Override
      public String path() {
        return path;
      }

      @Override
      public SeekableInputStream newStream() throws IOException {
        return new Stream(
            isLocal(path) ? dev.parrow.storage.InputFile.of(local(path)) : store(path).open(path));
      }
    };
  }

  @Override
  public OutputFile newOutputFile(String path) {
    return new OutputFile() {
      @Override
      public String path() {
        return path;
      }

      @Override
      public PositionOutputStream create(boolean overwrite) throws IOException {
        if (!overwrite && exists(path)) {
          throw new FileAlreadyExistsException(path);
        }
        return new Written(output(path, remote, false).openCommittingOnClose());
      }

      /**
       * A commit (no overwrite) is a put-if-absent: it appears whole, or fails with {@link
       * FileAlreadyExistsException} when the version exists (another writer's commit), leaving that
       * one as it was. Locally a hard link of the finished file; on S3 and Azure a conditional put
       * ({@code If-None-Match: *}).
       */
      @Override
      public void writeAtomically(CloseableIterator<String> lines, boolean overwrite)
          throws IOException {
        try (lines) {
          dev.parrow.storage.StagedOutputFile out = output(path, remote, !overwrite);
          boolean committed = false;
          try {
            try (OutputStream stream = out.open()) {
              writeLines(lines, stream);
            }
            out.commit();
            committed = true;
          } finally {
            if (!committed) {
              out.abort();
            }
          }
        }
      }
    };
  }

  private static void writeLines(CloseableIterator<String> lines, OutputStream out)
      throws IOException {
    while (lines.hasNext()) {
      out.write(lines.next().getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
  }

  /**
   * A file of a table to write, whole or not at all: a local one in its directory (made first, as
   * Hadoop's file system makes it: object stores have none), and, {@code ifAbsent}, made only where
   * no file is ({@link dev.parrow.storage.Store#createIfAbsent}).
   */
  static dev.parrow.storage.StagedOutputFile output(
      String path, RemoteOptions remote, boolean ifAbsent) throws IOException {
    if (isLocal(path)) {
      Files.createDirectories(local(path).getParent());
      return new dev.parrow.storage.AtomicFile(local(path), ifAbsent);
    }
    Store store = Stores.of(path, remote);
    return ifAbsent ? store.createIfAbsent(path) : store.create(path);
  }

  private boolean exists(String path) throws IOException {
    return exists(path, remote);
  }

  /** Whether a file is at {@code path}, locally or in an object store (its length asked). */
  static boolean exists(String path, RemoteOptions remote) throws IOException {
    if (isLocal(path)) {
      return Files.exists(local(path));
    }
    try (dev.parrow.storage.InputFile f = Stores.of(path, remote).open(path)) {
      f.length();
      return true;
    } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
      return false;
    }
  }

  @Override
  public boolean delete(String path) throws IOException {
    if (isLocal(path)) {
      return Files.deleteIfExists(local(path));
    }
    store(path).delete(path);
    return true;
  }

  @Override
  public Optional<String> getConf(String key) {
    return Optional.empty();
  }

  /** Kernel's seekable stream over Parrow's positional reads. */
  private static final class Stream extends SeekableInputStream {
    private final dev.parrow.storage.InputFile file;
    private final long length;
    private long position;

    Stream(dev.parrow.storage.InputFile file) throws IOException {
      this.file = file;
      this.length = file.length();
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void seek(long to) {
      position = to;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (position >= length) {
        return -1;
      }
      int n = (int) Math.min(len, length - position);
      file.readFully(position, ByteBuffer.wrap(b, off, n));
      position += n;
      return n;
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
      if (position + len > length) {
        throw new EOFException(file.name() + ": the file ends before byte " + (position + len));
      }
      file.readFully(position, ByteBuffer.wrap(b, off, len));
      position += len;
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }

  /** The stream of a file being written, counting its bytes; closing it makes the file. */
  private static final class Written extends PositionOutputStream {
    private final OutputStream out;
    private long position;

    Written(OutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      position += len;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
