package dev.parrow.arrow.internal.threads;

import java.io.IOException;

/** Failures caught on another thread (a task's, a producer's), thrown to the caller who waited. */
public final class Failures {
  private Failures() {}

  /**
   * Throws {@code failure} as it was when it is an {@link IOException}, an unchecked exception or
   * an error (the caller's reader then names what failed as it would on one thread); any other kind
   * inside an IOException that names {@code where}.
   *
   * @param failure what a task threw
   * @param where the file or stream it worked on
   * @throws IOException always, unless {@code failure} is unchecked
   */
  public static void rethrow(Throwable failure, String where) throws IOException {
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new IOException(where + ": " + failure, failure);
  }
}
