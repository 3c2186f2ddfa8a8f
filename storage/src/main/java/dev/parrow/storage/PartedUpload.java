package dev.parrow.storage;

import dev.parrow.storage.threads.ParrowThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * An object written to a store in parts, whole or not at all: the bytes are cut into parts that are
 * sent while the writer goes on (S3's multipart upload, Azure's blocks), and the object is made of
 * them only on {@link #commit}. A file smaller than one part goes in one request on commit. At most
 * {@link RemoteOptions#partsInFlight} parts are held at once: the writer waits for a part to be
 * sent before it fills another, so memory stays bounded whatever the file's size.
 *
 * <p>{@link #abort}, a failed part or a failed commit discards the upload ({@link #discard}); so
 * does a shutdown hook for uploads still open when the process exits (Ctrl-C, SIGTERM). A killed
 * process (SIGKILL) leaves an upload that never becomes the object (S3 keeps its parts until a
 * lifecycle rule removes them; Azure drops uncommitted blocks after a week).
 */
abstract class PartedUpload implements StagedOutputFile, RemoteTraffic {
  /**
   * A part's buffer starts this small and doubles up to the part size: the many small files of a
   * partitioned dataset, each open at once, take what they hold, not a part each.
   */
  private static final int FIRST_BUFFER = 64 << 10;

  /** Daemon threads that wait on the network, shared with remote reads. */
  private static final Executor SENDERS = ParrowThreads.executor(ParrowThreads.Work.FETCH, null);

  private final String name;
  private final RemoteOptions options;
  private final boolean ifAbsent;
  private final Semaphore room;
  private final List<CompletableFuture<String>> parts = new ArrayList<>();
  private final Object lock = new Object();
  private byte[] buffer;
  private int filled;
  private boolean begun;
  private boolean opened;
  private boolean finished;
  private boolean staged;
  private List<String> partIds;
  private volatile IOException failure;

  /**
   * An upload.
   *
   * @param name the location, for messages
   * @param options part size, parts in flight, retries
   * @param ifAbsent whether the object is made only where none is (a put-if-absent): then it goes
   *     in one conditional request of at most one part, since a refused request is told from one
   *     that succeeded before its answer was lost by comparing the object's bytes with the body
   */
  PartedUpload(String name, RemoteOptions options, boolean ifAbsent) {
    this.name = name;
    this.options = options;
    this.ifAbsent = ifAbsent;
    this.room = new Semaphore(options.partsInFlight());
  }

  /** {@return whether the object is made only where none is, in one request} */
  boolean ifAbsent() {
    return ifAbsent;
  }

  /** {@return the options the upload was made with} */
  RemoteOptions options() {
    return options;
  }

  /**
   * A conditional put found an object there: the write is ours (a retry after an answer lost) when
   * the object holds the same bytes; else the file exists.
   */
  void checkOwnWrite(byte[] body, InputFile there) throws IOException {
    try (there) {
      long length = there.length();
      if (length == body.length) {
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(body.length);
        there.readFully(0, bytes);
        if (java.util.Arrays.equals(bytes.array(), body)) {
          return;
        }
      }
    }
    throw new java.nio.file.FileAlreadyExistsException(name, null, "the file exists");
  }

  // ---- what each store does

  /** Sends a whole object in one request (a file smaller than a part). */
  abstract void putWhole(byte[] body) throws IOException;

  /** Starts an upload of parts (S3: CreateMultipartUpload). */
  abstract void begin() throws IOException;

  /**
   * Sends part {@code number} (from 1); returns what the completion names it by (S3's ETag, Azure's
   * block id). Called on the upload's threads, several at once.
   */
  abstract String sendPart(int number, byte[] body) throws IOException;

  /** Makes the object of the parts sent, in order (S3: CompleteMultipartUpload). */
  abstract void complete(List<String> partIds) throws IOException;

  /** Throws away an upload begun and not completed (S3: AbortMultipartUpload). */
  abstract void discard() throws IOException;

  /** The largest part number the store takes. */
  abstract int maxParts();

  /** The requests of this upload, which count what they send and receive. */
  abstract RemoteRequests sent();

  @Override
  public long requests() {
    return sent().requests();
  }

  @Override
  public long bytesSent() {
    return sent().bytesSent();
  }

  @Override
  public long bytesReceived() {
    return sent().bytes();
  }

  // ---- the stream

  @Override
  public String name() {
    return name;
  }

  /** The URI, as summary lines and messages name the output. */
  @Override
  public String toString() {
    return name;
  }

  @Override
  public OutputStream open() throws IOException {
    synchronized (lock) {
      if (opened) {
        throw new IllegalStateException(name + ": opened twice");
      }
      opened = true;
    }
    Open.add(this);
    return new OutputStream() {
      private boolean closed;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
          throw new IOException(name + ": written after close");
        }
        append(b, off, len);
      }

      @Override
      public void close() {
        closed = true;
      }
    };
  }

  /** The size of part {@code number}: doubled every thousand parts, so a file may be huge. */
  private int partSize(int number) {
    long size = options.partSize() << Math.min(10, (number - 1) / 1000);
    return (int) Math.min(size, 1L << 30);
  }

  private void append(byte[] b, int off, int len) throws IOException {
    checkFailure();
    while (len > 0) {
      if (buffer == null) {
        // Each part holds a permit from its buffer's making to its sending's end: at most
        // partsInFlight buffers exist, the one being filled among them.
        takePermit();
        buffer = new byte[Math.min(FIRST_BUFFER, partSize(parts.size() + 1))];
        filled = 0;
      }
      int part = partSize(parts.size() + 1);
      if (filled == buffer.length) {
        buffer = java.util.Arrays.copyOf(buffer, (int) Math.min(part, 2L * buffer.length));
      }
      int n = Math.min(len, buffer.length - filled);
      System.arraycopy(b, off, buffer, filled, n);
      filled += n;
      off += n;
      len -= n;
      if (filled == part) {
        if (ifAbsent) {
          throw new IOException(
              name
                  + ": a put-if-absent is one request of at most "
                  + part
                  + " bytes (the part size)");
        }
        sendBuffer();
      }
    }
  }

  /** Waits for room for one more part's buffer (see {@link RemoteOptions#partsInFlight}). */
  private void takePermit() throws InterruptedIOException {
    try {
      room.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(name + ": the write was interrupted");
    }
  }

  /** The buffer's bytes as a request's body: the buffer itself when it is full. */
  private byte[] filledBytes() {
    return filled == buffer.length ? buffer : java.util.Arrays.copyOf(buffer, filled);
  }

  /** Hands the buffer to a sender; its permit is released when it has been sent. */
  private void sendBuffer() throws IOException {
    if (!begun) {
      begin();
      begun = true;
    }
    int number = parts.size() + 1;
    if (number > maxParts()) {
      throw new IOException(name + ": more than " + maxParts() + " parts; raise the part size");
    }
    if (buffer == null) {
      // An empty file staged as an upload: one empty part, with a permit like any other.
      takePermit();
      buffer = new byte[0];
    }
    byte[] part = filledBytes();
    buffer = null;
    filled = 0;
    CompletableFuture<String> sent =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                if (failure != null) {
                  throw new IOException(name + ": not sent, an earlier part failed");
                }
                return sendPart(number, part);
              } catch (IOException e) {
                if (failure == null) {
                  failure = e;
                }
                throw new UncheckedIOException(e);
              } finally {
                room.release();
              }
            },
            SENDERS);
    parts.add(sent);
  }

  private void checkFailure() throws IOException {
    IOException f = failure;
    if (f != null) {
      throw new IOException(f.getMessage(), f);
    }
  }

  /** One request for a file smaller than a part; else {@link #stage} and {@link #publish}. */
  @Override
  public void commit() throws IOException {
    if (!begun && failure == null) {
      end();
      boolean done = false;
      try {
        putWhole(buffer == null ? new byte[0] : filledBytes());
        done = true;
      } finally {
        buffer = null;
        Open.remove(this);
        if (!done) {
          quietDiscard();
        }
      }
      return;
    }
    stage();
    publish();
  }

  /**
   * Sends every part, the last one too (a file smaller than a part becomes an upload of one part),
   * and waits for them: the object is then made by {@link #publish} alone.
   */
  @Override
  public void stage() throws IOException {
    if (ifAbsent) {
      throw new UnsupportedOperationException(name + ": a put-if-absent cannot be staged");
    }
    end();
    boolean done = false;
    try {
      checkFailure();
      if (!begun || filled > 0) {
        sendBuffer();
      }
      List<String> ids = new ArrayList<>();
      for (CompletableFuture<String> p : parts) {
        ids.add(await(p));
      }
      partIds = ids;
      staged = true;
      done = true;
    } finally {
      if (!done) {
        Open.remove(this);
        quietDiscard();
      }
    }
  }

  /** The upload id where the store has one (S3), else null. */
  abstract String uploadId();

  @Override
  public PendingFile handOver() {
    if (!staged) {
      throw new IllegalStateException(name + ": hand over before stage");
    }
    staged = false;
    Open.remove(this);
    return new PendingFile(name, uploadId(), partIds);
  }

  /** Makes the object of the parts {@link #stage} sent. */
  @Override
  public void publish() throws IOException {
    if (!staged) {
      throw new IllegalStateException(name + ": publish before stage");
    }
    staged = false;
    boolean done = false;
    try {
      complete(partIds);
      done = true;
    } finally {
      Open.remove(this);
      if (!done) {
        quietDiscard();
      }
    }
  }

  /** No more bytes: the output is committed (or staged) once. */
  private void end() {
    synchronized (lock) {
      if (finished) {
        throw new IllegalStateException(name + ": already committed or aborted");
      }
      finished = true;
    }
  }

  /** Discards what was written; also a staged upload not yet published. */
  @Override
  public void abort() throws IOException {
    synchronized (lock) {
      if (finished && !staged) {
        return;
      }
      finished = true;
      staged = false;
    }
    buffer = null;
    Open.remove(this);
    if (begun) {
      waitForSenders();
      discard();
    }
  }

  /** Discards the upload after a failure, keeping the failure as what the caller sees. */
  private void quietDiscard() {
    buffer = null;
    if (begun) {
      waitForSenders();
      try {
        discard();
      } catch (IOException | RuntimeException e) {
        // The failure that brought us here is what the caller needs to see.
      }
    }
  }

  /** Parts still being sent are let finish, so that the discard after them removes them too. */
  private void waitForSenders() {
    for (CompletableFuture<String> p : parts) {
      try {
        p.get(options.requestTimeout().toMillis() * options.maxAttempts(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
        // failed or stuck: the discard follows all the same
      }
    }
  }

  private String await(CompletableFuture<String> part) throws IOException {
    return RemoteRequests.await(part, name, "write");
  }

  /** Uploads open in this process, discarded by a shutdown hook when it exits before they end. */
  private static final class Open {
    private static final Set<PartedUpload> UPLOADS = ConcurrentHashMap.newKeySet();

    static {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(Open::discardAll, "parrow-abort-unfinished-uploads"));
    }

    static void add(PartedUpload u) {
      UPLOADS.add(u);
    }

    static void remove(PartedUpload u) {
      UPLOADS.remove(u);
    }

    private static void discardAll() {
      for (PartedUpload u : UPLOADS) {
        try {
          if (u.begun) {
            u.discard();
          }
        } catch (IOException | RuntimeException e) {
          // best effort at exit
        }
      }
    }
  }
}
