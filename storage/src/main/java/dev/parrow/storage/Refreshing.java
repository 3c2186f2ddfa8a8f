package dev.parrow.storage;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;

/**
 * A credential or token fetched once and again before it expires, shared by every request: the one
 * cache behind refreshing AWS credentials and Azure tokens.
 *
 * @param <T> the credential
 */
final class Refreshing<T> {
  /** What fetches a fresh credential (null when the source has none). */
  interface Source<T> {
    T fetch() throws IOException;
  }

  /** How long before its expiry a credential is fetched again, as the AWS SDKs do. */
  static final Duration AHEAD = Duration.ofMinutes(5);

  private final Source<T> source;
  private final Function<T, Instant> expiry;
  private T current;
  private boolean fetched;

  Refreshing(Source<T> source, Function<T, Instant> expiry) {
    this.source = source;
    this.expiry = expiry;
  }

  /** The credential, fetched when there is none yet or it expires within {@link #AHEAD}. */
  synchronized T get() throws IOException {
    Instant now = Instant.now();
    if (fetched && !dueAt(current, now)) {
      return current;
    }
    try {
      current = source.fetch();
      fetched = true;
      return current;
    } catch (IOException e) {
      // A refresh that fails while the old credential still works is tried again next time.
      if (fetched && current != null && !expired(current, now)) {
        return current;
      }
      throw e;
    }
  }

  private boolean dueAt(T value, Instant now) {
    Instant until = value == null ? null : expiry.apply(value);
    return until != null && now.plus(AHEAD).isAfter(until);
  }

  private boolean expired(T value, Instant now) {
    Instant until = expiry.apply(value);
    return until != null && !now.isBefore(until);
  }
}
