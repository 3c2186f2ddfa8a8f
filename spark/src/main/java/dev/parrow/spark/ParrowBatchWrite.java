package dev.parrow.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The commit protocol. Each task attempt writes its files (each one atomic) into a directory of its
 * own under {@code PATH/_parrow_staging/QUERY/}, which readers leave out; only when Spark commits
 * the job does the driver move the files of the committed attempts (one per partition, Spark's
 * commit coordinator sees to that) into place, after removing the old data for an overwrite.
 * Failed, aborted and losing speculative attempts leave nothing in the output: their directories
 * are removed with the staging directory, on commit or abort.
 */
final class ParrowBatchWrite implements BatchWrite {
  /** What a task attempt wrote: its staging directory and its files, relative to it. */
  record Committed(String directory, List<String> files)
      implements WriterCommitMessage, Serializable {
    private static final long serialVersionUID = 1L;
  }

  private final Path path;
  private final LogicalWriteInfo info;
  private final List<String> partitionBy;
  private final boolean truncate;
  private final Path staging;

  ParrowBatchWrite(String path, LogicalWriteInfo info, List<String> partitionBy, boolean truncate) {
    this.path = Path.of(path.startsWith("file:") ? java.net.URI.create(path).getPath() : path);
    this.info = info;
    this.partitionBy = partitionBy;
    this.truncate = truncate;
    this.staging = this.path.resolve("_parrow_staging").resolve(info.queryId());
  }

  /**
   * The marker of a running job in its staging directory. It goes first when the job commits or
   * aborts, so that a task that finishes later (Spark does not wait for the tasks of a failed job)
   * sees it gone and removes what it wrote: a task either finds the marker after its files are
   * complete, and then the driver's cleanup, which starts after the marker is gone, finds those
   * files, or it does not, and cleans up itself.
   */
  static Path jobMarker(Path staging) {
    return staging.resolve("_job");
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo physical) {
    try {
      Files.createDirectories(staging);
      if (!Files.exists(jobMarker(staging))) {
        Files.createFile(jobMarker(staging));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the staging directory " + staging, e);
    }
    HashMap<String, String> carried = Datasets.carried(info.options());
    // A wrong encryption option fails the job here, before any task writes.
    Datasets.writeOptions(carried);
    return new ParrowWriterFactory(
        staging.toString(),
        false,
        info.schema(),
        partitionBy,
        SQLConf.get().sessionLocalTimeZone(),
        carried);
  }

  @Override
  public boolean useCommitCoordinator() {
    return true;
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    try {
      Files.deleteIfExists(jobMarker(staging));
      if (truncate) {
        removeData();
      }
      for (WriterCommitMessage m : messages) {
        if (m == null) {
          continue;
        }
        Committed c = (Committed) m;
        Path from = Path.of(c.directory());
        for (String file : c.files()) {
          Path target = path.resolve(file);
          Files.createDirectories(target.getParent());
          Files.move(from.resolve(file), target, StandardCopyOption.ATOMIC_MOVE);
        }
      }
      removeTree(staging);
      removeIfEmpty(staging.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("committing the write to " + path + " failed", e);
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      // Tasks still being killed remove their own directories when they stop (their abort), and
      // tasks still committing see the marker gone.
      Files.deleteIfExists(jobMarker(staging));
      removeTree(staging);
      removeIfEmpty(staging.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("cleaning up the aborted write to " + path + " failed", e);
    }
  }

  /** The dataset's files and directories (names starting with '.' or '_' are kept). */
  private void removeData() throws IOException {
    if (!Files.isDirectory(path)) {
      return;
    }
    List<Path> entries;
    try (Stream<Path> s = Files.list(path)) {
      entries = s.toList();
    }
    for (Path e : entries) {
      String name = e.getFileName().toString();
      if (!name.startsWith("_") && !name.startsWith(".")) {
        removeTree(e);
      }
    }
  }

  static void removeTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    List<Path> all;
    try (Stream<Path> s = Files.walk(root)) {
      all = new ArrayList<>(s.toList());
    } catch (UncheckedIOException e) {
      // Removed under the walk by a concurrent cleanup: nothing of it is left to remove here.
      return;
    }
    all.sort(Comparator.reverseOrder());
    for (Path p : all) {
      try {
        Files.deleteIfExists(p);
      } catch (java.nio.file.DirectoryNotEmptyException e) {
        // A task still running wrote into it meanwhile; it removes its own files when it ends.
      }
    }
  }

  static void removeIfEmpty(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.findAny().isPresent()) {
          return;
        }
      }
      try {
        Files.deleteIfExists(dir);
      } catch (java.nio.file.DirectoryNotEmptyException e) {
        // Another attempt wrote into it meanwhile; its own cleanup comes later.
      }
    }
  }
}
