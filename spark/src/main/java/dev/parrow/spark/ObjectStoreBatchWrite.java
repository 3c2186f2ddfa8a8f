package dev.parrow.spark;

import dev.parrow.storage.PendingFile;
import dev.parrow.storage.Store;
import dev.parrow.storage.Stores;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The commit protocol for a dataset in an object store ({@code s3://}, {@code az://}, {@code
 * abfss://}), where nothing can be renamed: each task attempt writes its files under the dataset's
 * prefix as uploads whose parts are all sent but which are not completed (S3 multipart uploads,
 * Azure uncommitted blocks), which no listing shows, and hands them to the driver in its commit
 * message. The driver completes those of the committed attempts when Spark commits the job (after
 * removing the old data for an overwrite), and throws away those it is given when Spark aborts it;
 * failed and losing attempts throw away their own.
 *
 * <p>An object store has no atomic commit of many objects: the files appear one after the other
 * while the driver completes them (a completion is one small request each), and a driver that dies
 * in the middle leaves the dataset with part of the files; a task that dies leaves an upload that
 * never becomes an object (S3 keeps its parts until a lifecycle rule removes them, Azure a week).
 */
final class ObjectStoreBatchWrite implements BatchWrite {
  /** What a task attempt wrote: its staged files. */
  record Staged(List<PendingFile> files) implements WriterCommitMessage, Serializable {
    private static final long serialVersionUID = 1L;
  }

  private final String path;
  private final LogicalWriteInfo info;
  private final List<String> partitionBy;
  private final boolean truncate;
  private final Store store;

  ObjectStoreBatchWrite(
      String path, LogicalWriteInfo info, List<String> partitionBy, boolean truncate) {
    this.path = path.replaceAll("/+$", "");
    this.info = info;
    this.partitionBy = partitionBy;
    this.truncate = truncate;
    this.store = Stores.of(path, Datasets.remote(info.options()));
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo physical) {
    HashMap<String, String> carried = Datasets.carried(info.options());
    // A wrong encryption option fails the job here, before any task writes.
    Datasets.writeOptions(carried);
    return new ParrowWriterFactory(
        path, true, info.schema(), partitionBy, SQLConf.get().sessionLocalTimeZone(), carried);
  }

  @Override
  public boolean useCommitCoordinator() {
    return true;
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    List<PendingFile> staged = staged(messages);
    List<String> published = new ArrayList<>();
    try {
      if (truncate) {
        removeData(staged);
      }
      for (PendingFile f : staged) {
        store.publish(f);
        published.add(f.location());
      }
    } catch (IOException | RuntimeException e) {
      // What was published goes again, the rest is thrown away: the job leaves what it found.
      for (String location : published) {
        try {
          store.delete(location);
        } catch (IOException | RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
      }
      discard(staged.subList(published.size(), staged.size()), e);
      throw e instanceof IOException io
          ? new UncheckedIOException("committing the write to " + path + " failed", io)
          : (RuntimeException) e;
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    RuntimeException failure = new RuntimeException("aborting the write to " + path);
    discard(staged(messages), failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }

  private static List<PendingFile> staged(WriterCommitMessage[] messages) {
    List<PendingFile> out = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      if (m instanceof Staged s) {
        out.addAll(s.files());
      }
    }
    return out;
  }

  private void discard(List<PendingFile> files, Throwable failure) {
    for (PendingFile f : files) {
      try {
        store.discard(f);
      } catch (IOException | RuntimeException e) {
        failure.addSuppressed(e);
      }
    }
  }

  /** The dataset's objects, but those under names starting with '.' or '_' and the new ones. */
  private void removeData(List<PendingFile> keep) throws IOException {
    java.util.Set<String> fresh = new java.util.HashSet<>();
    keep.forEach(f -> fresh.add(f.location()));
    for (String location : store.list(path + "/")) {
      String relative = location.substring(path.length() + 1);
      boolean hidden = false;
      for (String part : relative.split("/")) {
        hidden |= part.startsWith("_") || part.startsWith(".");
      }
      if (!hidden && !fresh.contains(location)) {
        store.delete(location);
      }
    }
  }
}
