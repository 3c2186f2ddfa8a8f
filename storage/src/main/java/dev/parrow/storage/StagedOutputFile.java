package dev.parrow.storage;

import java.io.IOException;

/**
 * An output whose commit comes in two halves, so that a writer of many files (a dataset) makes each
 * file's bytes durable as it finishes it and all of them visible at the end: {@link #stage} keeps
 * the bytes without making them the file (a synced temporary file; an object store's parts, all
 * sent), {@link #publish} makes them the file (a rename; the upload completed).
 */
public interface StagedOutputFile extends OutputFile {
  /**
   * The first half of {@link #commit}: the bytes written are complete and kept, not yet the file.
   *
   * @throws IOException if they cannot be kept
   */
  void stage() throws IOException;

  /**
   * The second half of {@link #commit}: the staged bytes become the file.
   *
   * @throws IOException if they cannot
   */
  void publish() throws IOException;

  /**
   * After {@link #stage}: the staged file handed over, for {@link Store#publish} or {@link
   * Store#discard} to end, here or in another process. This output then no longer discards it
   * (neither on abort nor at exit): the new owner does.
   *
   * @return the pending file
   * @throws UnsupportedOperationException where the staged bytes cannot be handed over (local
   *     files, whose temporary files belong to this process)
   */
  default PendingFile handOver() {
    throw new UnsupportedOperationException(name() + ": a staged local file cannot be handed over");
  }

  @Override
  default void commit() throws IOException {
    stage();
    publish();
  }
}
