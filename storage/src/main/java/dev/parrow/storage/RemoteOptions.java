package dev.parrow.storage;

import java.time.Duration;
import java.util.Objects;

/**
 * How remote files (HTTP(S), S3, Azure) are read and written: retries, timeouts, the planning of
 * range requests, the parts writes are sent in, and each object store's settings. {@link
 * #builder()} makes them.
 */
public final class RemoteOptions {
  private static final RemoteOptions DEFAULTS = new Builder().build();

  private final int maxAttempts;
  private final Duration firstBackoff;
  private final Duration maxBackoff;
  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final long holeLimit;
  private final long rangeLimit;
  private final int tailBytes;
  private final int partSize;
  private final int partsInFlight;
  private final S3Settings s3;
  private final AzureSettings azure;

  private RemoteOptions(Builder b) {
    if (b.maxAttempts < 1
        || b.holeLimit < 0
        || b.rangeLimit < 1
        || b.tailBytes < 8
        || b.partSize < 1024
        || b.partsInFlight < 1) {
      throw new IllegalArgumentException(
          "bad remote options: attempts "
              + b.maxAttempts
              + ", hole limit "
              + b.holeLimit
              + ", range limit "
              + b.rangeLimit
              + ", tail "
              + b.tailBytes
              + ", part size "
              + b.partSize
              + ", parts in flight "
              + b.partsInFlight);
    }
    this.maxAttempts = b.maxAttempts;
    this.firstBackoff = Objects.requireNonNull(b.firstBackoff, "firstBackoff");
    this.maxBackoff = Objects.requireNonNull(b.maxBackoff, "maxBackoff");
    this.connectTimeout = Objects.requireNonNull(b.connectTimeout, "connectTimeout");
    this.requestTimeout = Objects.requireNonNull(b.requestTimeout, "requestTimeout");
    this.holeLimit = b.holeLimit;
    this.rangeLimit = b.rangeLimit;
    this.tailBytes = b.tailBytes;
    this.partSize = b.partSize;
    this.partsInFlight = b.partsInFlight;
    this.s3 = b.s3;
    this.azure = b.azure;
  }

  /**
   * Five tries with waits from 100 ms to 5 s, 10 s to connect, 60 s per request, ranges coalesced
   * across holes of 8 KiB up to 8 MiB per request, the last 64 KiB fetched first; writes in parts
   * of 8 MiB, four in flight.
   *
   * @return the defaults
   */
  public static RemoteOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxAttempts = maxAttempts;
    b.firstBackoff = firstBackoff;
    b.maxBackoff = maxBackoff;
    b.connectTimeout = connectTimeout;
    b.requestTimeout = requestTimeout;
    b.holeLimit = holeLimit;
    b.rangeLimit = rangeLimit;
    b.tailBytes = tailBytes;
    b.partSize = partSize;
    b.partsInFlight = partsInFlight;
    b.s3 = s3;
    b.azure = azure;
    return b;
  }

  /**
   * {@return how many times one request is tried before its failure is reported; a connection
   * error, a timeout, a short body, 408, 429 and 5xx are retried, other statuses are not}
   */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** {@return the wait before the first retry; each further wait doubles, with jitter} */
  public Duration firstBackoff() {
    return firstBackoff;
  }

  /** {@return the longest wait between two tries} */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** {@return how long a connection may take to open} */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** {@return how long one request may take until its response headers arrive} */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /** {@return the most bytes between two ranges fetched in one request} */
  public long holeLimit() {
    return holeLimit;
  }

  /** {@return the most bytes one request asks for; longer ranges are fetched in parallel parts} */
  public long rangeLimit() {
    return rangeLimit;
  }

  /**
   * {@return how many bytes at the end of the file the first request asks for, so that the footer
   * usually comes with it}
   */
  public int tailBytes() {
    return tailBytes;
  }

  /**
   * {@return the size of the parts a write to an object store is sent in (the first thousand; each
   * further thousand is twice the size, so that a file may outgrow S3's 10,000 parts)}
   */
  public int partSize() {
    return partSize;
  }

  /**
   * {@return how many parts of a write may be held at once, one being filled and the others being
   * sent: the memory a write to an object store takes is this times {@link #partSize}}
   */
  public int partsInFlight() {
    return partsInFlight;
  }

  /** {@return where S3 is and who asks it, or null for {@link S3Settings#fromEnvironment()}} */
  public S3Settings s3() {
    return s3;
  }

  /**
   * {@return the Azure storage account and its credentials, or null for {@link
   * AzureSettings#fromEnvironment()}}
   */
  public AzureSettings azure() {
    return azure;
  }

  /** Builds {@link RemoteOptions}; each setter returns the builder. */
  public static final class Builder {
    private int maxAttempts = 5;
    private Duration firstBackoff = Duration.ofMillis(100);
    private Duration maxBackoff = Duration.ofSeconds(5);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration requestTimeout = Duration.ofSeconds(60);
    private long holeLimit = 8 << 10;
    private long rangeLimit = 8 << 20;
    private int tailBytes = 64 << 10;
    private int partSize = 8 << 20;
    private int partsInFlight = 4;
    private S3Settings s3;
    private AzureSettings azure;

    private Builder() {}

    /**
     * How many times one request is tried (default 5, at least 1).
     *
     * @param attempts the tries
     * @return this builder
     */
    public Builder maxAttempts(int attempts) {
      this.maxAttempts = attempts;
      return this;
    }

    /**
     * The wait before the first retry (default 100 ms).
     *
     * @param wait the wait
     * @return this builder
     */
    public Builder firstBackoff(Duration wait) {
      this.firstBackoff = wait;
      return this;
    }

    /**
     * The longest wait between two tries (default 5 s).
     *
     * @param wait the wait
     * @return this builder
     */
    public Builder maxBackoff(Duration wait) {
      this.maxBackoff = wait;
      return this;
    }

    /**
     * How long a connection may take to open (default 10 s).
     *
     * @param timeout the timeout
     * @return this builder
     */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = timeout;
      return this;
    }

    /**
     * How long one request may take until its response headers arrive (default 60 s).
     *
     * @param timeout the timeout
     * @return this builder
     */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = timeout;
      return this;
    }

    /**
     * Ranges separated by at most this many bytes are fetched in one request (default 8 KiB).
     *
     * @param bytes the hole
     * @return this builder
     */
    public Builder holeLimit(long bytes) {
      this.holeLimit = bytes;
      return this;
    }

    /**
     * The most bytes one request asks for (default 8 MiB).
     *
     * @param bytes the limit
     * @return this builder
     */
    public Builder rangeLimit(long bytes) {
      this.rangeLimit = bytes;
      return this;
    }

    /**
     * How many bytes at the end of the file the first request asks for (default 64 KiB).
     *
     * @param bytes at least 8
     * @return this builder
     */
    public Builder tailBytes(int bytes) {
      this.tailBytes = bytes;
      return this;
    }

    /**
     * The size of the parts a write to an object store is sent in (default 8 MiB; S3 needs at least
     * 5 MiB, smaller sizes are for S3-compatible stores and tests).
     *
     * @param bytes at least 1 KiB
     * @return this builder
     */
    public Builder partSize(int bytes) {
      this.partSize = bytes;
      return this;
    }

    /**
     * How many parts of one write may be held at once (default 4, at least 1).
     *
     * @param parts the parts
     * @return this builder
     */
    public Builder partsInFlight(int parts) {
      this.partsInFlight = parts;
      return this;
    }

    /**
     * The Azure storage account and its credentials (default null: {@link
     * AzureSettings#fromEnvironment()}).
     *
     * @param settings the settings, or null
     * @return this builder
     */
    public Builder azure(AzureSettings settings) {
      this.azure = settings;
      return this;
    }

    /**
     * Where S3 is and who asks it (default null: {@link S3Settings#fromEnvironment()}).
     *
     * @param settings the settings, or null
     * @return this builder
     */
    public Builder s3(S3Settings settings) {
      this.s3 = settings;
      return this;
    }

    /** {@return the options} */
    public RemoteOptions build() {
      return new RemoteOptions(this);
    }
  }
}
