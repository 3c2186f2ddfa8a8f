package dev.parrow.storage;

import java.io.IOException;
import java.util.List;

/**
 * One kind of storage: local files, HTTP(S) servers, S3, Azure Blob Storage. {@link Stores#of}
 * chooses the store for a location by its scheme; a new kind of storage (GCS) is one more
 * implementation there.
 */
public interface Store {
  /**
   * The location as this store names the files it lists, so that their names hold any character:
   * the local store gives a {@code file:} URI as a path; the others give it as it is.
   *
   * @param location a location this store holds
   * @return the same location in the store's own form
   */
  default String canonical(String location) {
    return location;
  }

  /**
   * Opens a file to read.
   *
   * @param location the file
   * @return the open file
   * @throws IOException if it cannot be opened
   */
  InputFile open(String location) throws IOException;

  /**
   * A file to write, whole or not at all: nothing appears at {@code location} until {@link
   * OutputFile#commit}, and an aborted write leaves nothing behind.
   *
   * @param location the file
   * @return the output, whose commit may also be made in two halves (a dataset stages each file and
   *     publishes them all at the end)
   * @throws IOException if the store cannot write there
   */
  StagedOutputFile create(String location) throws IOException;

  /**
   * A file to write that is made only if no file is at {@code location} when it is committed (a
   * put-if-absent, what a table format's commit needs): the commit then fails with {@link
   * java.nio.file.FileAlreadyExistsException} and leaves the file there as it was. Local files: a
   * hard link of the finished temporary file; S3: PutObject or CompleteMultipartUpload with {@code
   * If-None-Match: *}; Azure: Put Blob or Put Block List with {@code If-None-Match: *}.
   *
   * @param location the file
   * @return the output (its commit may fail as above)
   * @throws IOException if the store cannot write there
   * @throws UnsupportedOperationException for a store that makes no conditional write
   */
  default StagedOutputFile createIfAbsent(String location) throws IOException {
    throw new UnsupportedOperationException(location + ": this store makes no put-if-absent");
  }

  /**
   * Makes the directories a file written at {@code location} needs, as Hadoop's file systems do
   * when they create a file (table formats' file interfaces expect it). Object stores have no
   * directories: nothing to make.
   *
   * @param location a file to be written
   * @throws IOException if a directory cannot be made
   */
  default void makeParents(String location) throws IOException {}

  /**
   * Makes a file staged elsewhere the file ({@link StagedOutputFile#handOver}).
   *
   * @param file the staged file
   * @throws IOException if the store refuses
   */
  default void publish(PendingFile file) throws IOException {
    throw new UnsupportedOperationException(file.location() + ": nothing is staged here");
  }

  /**
   * Throws away a file staged elsewhere; nothing of it is left.
   *
   * @param file the staged file
   * @throws IOException if the store refuses
   */
  default void discard(PendingFile file) throws IOException {
    throw new UnsupportedOperationException(file.location() + ": nothing is staged here");
  }

  /**
   * Removes a file, if it is there (a dataset's files published before its commit failed).
   *
   * @param location the file
   * @throws IOException if the store cannot remove it
   */
  void delete(String location) throws IOException;

  /**
   * Every file under a directory or prefix, at any depth, sorted, each as {@code prefix} followed
   * by its path below it (with a {@code /} between when {@code prefix} has none).
   *
   * @param prefix the directory or prefix
   * @return the files' locations
   * @throws IOException if the store cannot list there
   */
  List<String> list(String prefix) throws IOException;

  /**
   * Whether a location names a directory or prefix of files rather than one file.
   *
   * @param location the location
   * @return true for a directory
   * @throws IOException if the store cannot tell
   */
  boolean isDirectory(String location) throws IOException;
}
