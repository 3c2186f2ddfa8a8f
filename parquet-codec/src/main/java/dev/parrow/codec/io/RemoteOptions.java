package dev.parrow.codec.io;

import java.time.Duration;

/**
 * How remote files (HTTP(S) and S3) are read: retries, timeouts and the planning of range requests.
 *
 * @param maxAttempts how many times one request is tried before its failure is reported (at least
 *     1); a connection error, a timeout, a short body, 408, 429 and 5xx are retried, other statuses
 *     are not
 * @param firstBackoff the wait before the first retry; each further wait doubles, with jitter
 * @param maxBackoff the longest wait between two tries
 * @param connectTimeout how long a connection may take to open
 * @param requestTimeout how long one request may take until its response headers arrive
 * @param holeLimit ranges separated by at most this many bytes are fetched in one request
 * @param rangeLimit the most bytes one request asks for; longer ranges are fetched in parallel
 *     parts
 * @param tailBytes how many bytes at the end of the file the first request asks for, so that the
 *     footer usually comes with it
 * @param s3 where S3 is and who asks it, or null for {@link S3Settings#fromEnvironment()}
 */
public record RemoteOptions(
    int maxAttempts,
    Duration firstBackoff,
    Duration maxBackoff,
    Duration connectTimeout,
    Duration requestTimeout,
    long holeLimit,
    long rangeLimit,
    int tailBytes,
    S3Settings s3) {

  /**
   * Checks the settings.
   *
   * @param maxAttempts how many times one request is tried before its failure is reported
   * @param firstBackoff the wait before the first retry
   * @param maxBackoff the longest wait between two tries
   * @param connectTimeout how long a connection may take to open
   * @param requestTimeout how long one request may take until its response headers arrive
   * @param holeLimit ranges separated by at most this many bytes are fetched in one request
   * @param rangeLimit the most bytes one request asks for
   * @param tailBytes how many bytes at the end of the file the first request asks for
   * @param s3 where S3 is and who asks it, or null for {@link S3Settings#fromEnvironment()}
   */
  public RemoteOptions {
    if (maxAttempts < 1 || holeLimit < 0 || rangeLimit < 1 || tailBytes < 8) {
      throw new IllegalArgumentException(
          "bad remote options: attempts "
              + maxAttempts
              + ", hole limit "
              + holeLimit
              + ", range limit "
              + rangeLimit
              + ", tail "
              + tailBytes);
    }
  }

  /**
   * Five tries from 100 ms apart up to 5 s, a 10 s connect and 60 s request timeout, holes of 8 KiB
   * merged, requests of at most 8 MiB, and the last 64 KiB read first.
   *
   * @return the defaults
   */
  public static RemoteOptions defaults() {
    return new RemoteOptions(
        5,
        Duration.ofMillis(100),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        8 << 10,
        8 << 20,
        64 << 10,
        null);
  }

  /**
   * With other retry settings.
   *
   * @param attempts tries per request
   * @param first the first wait
   * @param max the longest wait
   * @return the changed options
   */
  public RemoteOptions withRetries(int attempts, Duration first, Duration max) {
    return new RemoteOptions(
        attempts, first, max, connectTimeout, requestTimeout, holeLimit, rangeLimit, tailBytes, s3);
  }

  /**
   * With another request timeout.
   *
   * @param timeout how long one request may take until its headers arrive
   * @return the changed options
   */
  public RemoteOptions withRequestTimeout(Duration timeout) {
    return new RemoteOptions(
        maxAttempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        timeout,
        holeLimit,
        rangeLimit,
        tailBytes,
        s3);
  }

  /**
   * With other request planning.
   *
   * @param hole merge ranges this close
   * @param range the most bytes of one request
   * @return the changed options
   */
  public RemoteOptions withCoalescing(long hole, long range) {
    return new RemoteOptions(
        maxAttempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        requestTimeout,
        hole,
        range,
        tailBytes,
        s3);
  }

  /**
   * With explicit S3 settings instead of the environment's.
   *
   * @param settings the endpoint, region and credentials
   * @return the changed options
   */
  public RemoteOptions withS3(S3Settings settings) {
    return new RemoteOptions(
        maxAttempts,
        firstBackoff,
        maxBackoff,
        connectTimeout,
        requestTimeout,
        holeLimit,
        rangeLimit,
        tailBytes,
        settings);
  }
}
