package dev.parrow.storage;

import dev.parrow.storage.threads.ParrowThreads;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file read over HTTP(S) with range requests, through the JDK's HttpClient. S3 objects are read
 * by the same code with signed requests ({@link Stores#of}).
 *
 * <p>Opening asks for the last {@link RemoteOptions#tailBytes} of the file, which gives its length
 * and usually the whole footer in one request. Reads are served from the ranges a reader announced
 * with {@link #prefetch} (fetched in parallel, merged and cut by {@link RangePlan}) or, when not
 * announced, fetched as they come. Transient failures (a refused or reset connection, a timeout, a
 * body shorter than asked for, 408, 429, 5xx) are retried with exponential backoff; other statuses
 * fail at once with a {@link RemoteFileException} naming the URI. A read never returns fewer bytes
 * than asked for, and an answer longer than asked for is refused rather than held. Safe for
 * concurrent reads.
 */
public final class HttpInputFile implements InputFile, RemoteTraffic {
  /** Daemon threads for prefetches, shared by every remote file: they only wait on the network. */
  private static final Executor FETCHERS = ParrowThreads.executor(ParrowThreads.Work.FETCH, null);

  private static final Pattern CONTENT_RANGE =
      Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)|bytes \\*/(\\d+)");

  private final URI uri;
  private final String name;
  private final RemoteOptions options;
  private final RemoteRequests requests;
  private final long length;
  private final FileRange tailRange;
  private final byte[] tail;
  private final List<Fetch> fetches = new CopyOnWriteArrayList<>();

  /** One planned request and its body, once fetched. */
  private record Fetch(FileRange range, CompletableFuture<byte[]> body) {}

  private HttpInputFile(
      URI uri,
      String name,
      RemoteOptions options,
      RemoteRequests.Signer signer,
      boolean lengthFirst)
      throws IOException {
    this.uri = uri;
    this.name = name;
    this.options = options;
    this.requests = new RemoteRequests(name, options, signer);
    Tail t = lengthFirst ? fetchTailAfterLength() : fetchTail();
    this.length = t.length;
    this.tailRange = new FileRange(t.length - t.bytes.length, t.bytes.length);
    this.tail = t.bytes;
  }

  /**
   * Opens a file over HTTP(S) with the default options.
   *
   * @param uri an http or https URI
   * @return the open file
   * @throws IOException if the server cannot be reached or refuses the file
   */
  public static HttpInputFile open(URI uri) throws IOException {
    return open(uri, RemoteOptions.defaults());
  }

  /**
   * Opens a file over HTTP(S).
   *
   * @param uri an http or https URI
   * @param options retries, timeouts and request planning
   * @return the open file
   * @throws IOException if the server cannot be reached or refuses the file
   */
  public static HttpInputFile open(URI uri, RemoteOptions options) throws IOException {
    String scheme =
        uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException(uri + ": not an http or https URI");
    }
    return new HttpInputFile(uri, uri.toString(), options, RemoteRequests.Signer.NONE, false);
  }

  static HttpInputFile open(
      URI uri, String name, RemoteOptions options, RemoteRequests.Signer signer)
      throws IOException {
    return new HttpInputFile(uri, name, options, signer, false);
  }

  /**
   * Opens a file on a server that takes no suffix ranges ({@code bytes=-N}), as Azure Blob Storage:
   * a HEAD for the length first, then the tail by its offsets.
   */
  static HttpInputFile openLengthFirst(
      URI uri, String name, RemoteOptions options, RemoteRequests.Signer signer)
      throws IOException {
    return new HttpInputFile(uri, name, options, signer, true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return length;
  }

  /** {@return how many requests this file has sent, retries included} */
  @Override
  public long requests() {
    return requests.requests();
  }

  /** {@return how many body bytes this file has received} */
  public long bytesFetched() {
    return requests.bytes();
  }

  @Override
  public long bytesSent() {
    return requests.bytesSent();
  }

  @Override
  public long bytesReceived() {
    return requests.bytes();
  }

  @Override
  public Prefetch prefetch(List<FileRange> ranges) {
    List<FileRange> wanted = new ArrayList<>();
    for (FileRange r : ranges) {
      if (!tailRange.covers(r.offset(), r.length()) && r.length() > 0) {
        wanted.add(r);
      }
    }
    List<Fetch> mine = new ArrayList<>();
    for (FileRange r : RangePlan.coalesce(wanted, options.holeLimit(), options.rangeLimit())) {
      CompletableFuture<byte[]> body =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return fetch(r.offset(), Math.toIntExact(r.length()));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              FETCHERS);
      mine.add(new Fetch(r, body));
    }
    fetches.addAll(mine);
    AtomicInteger open = new AtomicInteger(1);
    return () -> {
      if (open.getAndSet(0) == 1) {
        fetches.removeAll(mine);
        for (Fetch f : mine) {
          f.body.cancel(false);
        }
      }
    };
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws IOException {
    if (position < 0 || position > length - destination.remaining()) {
      throw new EOFException(
          name
              + ": "
              + destination.remaining()
              + " bytes at "
              + position
              + " lie past the end of the file ("
              + length
              + " bytes)");
    }
    long at = position;
    while (destination.hasRemaining()) {
      requests.checkOpen();
      int want = destination.remaining();
      if (tailRange.covers(at, 1)) {
        int n = (int) Math.min(want, tailRange.end() - at);
        destination.put(tail, (int) (at - tailRange.offset()), n);
        at += n;
        continue;
      }
      Fetch f = fetchHolding(at);
      byte[] body = f == null ? null : await(f);
      if (body != null) {
        int n = (int) Math.min(want, f.range.end() - at);
        destination.put(body, (int) (at - f.range.offset()), n);
        at += n;
        continue;
      }
      long next = Math.min(nextFetchStart(at), tailRange.offset());
      int n = (int) Math.min(want, Math.max(1, next - at));
      destination.put(fetch(at, n));
      at += n;
    }
  }

  @Override
  public void close() {
    requests.close();
    for (Fetch f : fetches) {
      f.body.cancel(false);
    }
    fetches.clear();
  }

  private Fetch fetchHolding(long at) {
    for (Fetch f : fetches) {
      if (f.range.covers(at, 1)) {
        return f;
      }
    }
    return null;
  }

  private long nextFetchStart(long at) {
    long next = Long.MAX_VALUE;
    for (Fetch f : fetches) {
      if (f.range.offset() > at) {
        next = Math.min(next, f.range.offset());
      }
    }
    return next;
  }

  /** The body of a prefetch, or null when it was dropped meanwhile (the caller fetches itself). */
  private byte[] await(Fetch f) throws IOException {
    try {
      return RemoteRequests.await(f.body, name, "read");
    } catch (CancellationException e) {
      return null;
    }
  }

  private record Tail(long length, byte[] bytes) {}

  /** The file's length and last bytes, from one request for a suffix of the file. */
  private Tail fetchTail() throws IOException {
    String range = "bytes=-" + options.tailBytes();
    return requests.get(
        uri,
        range,
        range,
        options.tailBytes(),
        response -> {
          int status = response.statusCode();
          byte[] body = response.body();
          if (status == 200) {
            return new Tail(body.length, body);
          }
          if (status == 206 || status == 416) {
            long[] cr = contentRange(response, range);
            if (status == 416) {
              return new Tail(cr[2], new byte[0]);
            }
            if (cr[2] < 0
                || cr[1] != cr[2] - 1
                || (cr[0] > 0 && cr[1] - cr[0] + 1 < options.tailBytes())) {
              throw new RemoteRequests.Transient(
                  "the answer to " + range + " held bytes " + cr[0] + "-" + cr[1] + " of " + cr[2]);
            }
            checkBody(body, cr[1] - cr[0] + 1, range);
            return new Tail(cr[2], body);
          }
          throw requests.statusError(status, body, range);
        });
  }

  /** The length from a HEAD request, then the last bytes in one request for their range. */
  private Tail fetchTailAfterLength() throws IOException {
    long total =
        requests.send(
            new RemoteRequests.Request(
                "HEAD", uri, java.util.Map.of(), RemoteRequests.NO_BODY, "the length", 0),
            response -> {
              if (response.statusCode() != 200) {
                throw requests.statusError(response, "the length");
              }
              long n = response.headers().firstValueAsLong("Content-Length").orElse(-1);
              if (n < 0) {
                throw new RemoteRequests.BadAnswer(name + ": the answer to HEAD gave no length");
              }
              return n;
            });
    int tailLength = (int) Math.min(total, options.tailBytes());
    return new Tail(total, fetchRange(total - tailLength, tailLength, total));
  }

  /** Exactly {@code length} bytes at {@code offset}, in one request (retried when transient). */
  private byte[] fetch(long offset, int length) throws IOException {
    return fetchRange(offset, length, this.length);
  }

  private byte[] fetchRange(long offset, int length, long fileLength) throws IOException {
    if (length == 0) {
      return new byte[0];
    }
    String range = "bytes=" + offset + "-" + (offset + length - 1);
    return requests.get(
        uri,
        range,
        range,
        length,
        response -> {
          int status = response.statusCode();
          byte[] body = response.body();
          if (status == 206) {
            long[] cr = contentRange(response, range);
            if (cr[0] != offset) {
              throw new RemoteRequests.BadAnswer(
                  name + ": asked for " + range + ", got bytes from " + cr[0]);
            }
            if (cr[1] != offset + length - 1) {
              throw new RemoteRequests.Transient(
                  "the answer to " + range + " held bytes " + cr[0] + "-" + cr[1]);
            }
            checkBody(body, length, range);
            return body;
          }
          if (status == 200 && body.length == fileLength) {
            // The server ignores Range and sent the whole file; its part is still exact.
            return java.util.Arrays.copyOfRange(body, (int) offset, (int) offset + length);
          }
          throw requests.statusError(status, body, range);
        });
  }

  private void checkBody(byte[] body, long expected, String range) throws RemoteRequests.Transient {
    if (body.length != expected) {
      throw new RemoteRequests.Transient(
          "the answer to " + range + " held " + body.length + " of " + expected + " bytes");
    }
  }

  /** start, end (inclusive) and total of a Content-Range header; total -1 when unknown. */
  private long[] contentRange(RemoteRequests.Response response, String range) throws IOException {
    String header = response.headers().firstValue("Content-Range").orElse("");
    Matcher m = CONTENT_RANGE.matcher(header.trim());
    if (!m.matches()) {
      throw new RemoteRequests.BadAnswer(
          name + ": asked for " + range + ", got Content-Range '" + header + "'");
    }
    if (m.group(4) != null) {
      long total = Long.parseLong(m.group(4));
      return new long[] {0, -1, total};
    }
    long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
    return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), total};
  }
}
