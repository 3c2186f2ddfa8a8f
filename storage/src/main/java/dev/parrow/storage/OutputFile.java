package dev.parrow.storage;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Where a writer's bytes go. {@link #commit} makes them the file; {@link #abort} throws them away.
 * For a path, the bytes go to a temporary file beside it, moved into place atomically on commit, so
 * the path holds the previous file or the whole new one, never part of one.
 */
public interface OutputFile {
  /** {@return a name for messages: the path, or where the bytes go} */
  default String name() {
    return toString();
  }

  /**
   * The stream to write to (called once).
   *
   * @return the stream
   * @throws IOException if the target cannot be created
   */
  OutputStream open() throws IOException;

  /**
   * The bytes written are complete: make them the file (the stream is closed first).
   *
   * @throws IOException if the bytes cannot be made the file
   */
  void commit() throws IOException;

  /**
   * Discard what was written (the stream is closed first); nothing of it is left behind.
   *
   * @throws IOException if what was written cannot be removed
   */
  void abort() throws IOException;

  /**
   * The stream to write to, whose close makes the bytes the file ({@link #commit}); a close or
   * commit that fails aborts instead, leaving nothing behind. For callers that are handed only a
   * stream to close (a table format's file interfaces).
   *
   * @return the stream (called once, as {@link #open})
   * @throws IOException if the target cannot be created
   */
  default OutputStream openCommittingOnClose() throws IOException {
    return new CommittingStream(this, open());
  }

  /**
   * The file at {@code path}, written whole or not at all: the bytes go to a temporary file beside
   * it, synced and renamed over the path on commit. A process that exits first (Ctrl-C, SIGTERM)
   * removes it in a shutdown hook; one left by a killed process (SIGKILL) is removed by the next
   * write to the same path (see {@link dev.parrow.storage.AtomicFile}).
   *
   * @param path the file to write
   * @return the output
   */
  static OutputFile of(Path path) {
    return new dev.parrow.storage.AtomicFile(path);
  }

  /**
   * The file at a location of any store that writes ({@link Stores#of}): a path or {@code file:}
   * URI (as {@link #of(Path)}), {@code s3://BUCKET/KEY} (a multipart upload completed on commit),
   * {@code az://CONTAINER/PATH} or {@code abfss://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH} (a
   * block blob committed on commit); each written whole or not at all.
   *
   * @param location where to write
   * @param options the object stores' settings, retries and part sizes
   * @return the output
   * @throws IOException if the store cannot write there
   */
  static OutputFile of(String location, RemoteOptions options) throws IOException {
    return Stores.of(location, options).create(location);
  }
}
