package dev.parrow.storage;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Requests to one remote store, with what every request needs: the signature, a timeout, and
 * retries with exponential backoff and jitter for what is transient (a refused or reset connection,
 * a timeout, 408, 429, 5xx, and answers an {@link Answer} finds short). Other statuses fail at once
 * with a {@link RemoteFileException} naming the URI and saying what to do ({@link StoreErrors}).
 */
final class RemoteRequests {
  /**
   * What a server needs to accept a request (S3's or Azure's signature, a bearer token): headers to
   * add, and the query to use in place of the URI's (a SAS token); nothing for plain HTTP.
   */
  interface Signer {
    Signer NONE = (method, uri, headers, body) -> Map.of();

    /**
     * The headers to add to a request. Called for every attempt, so that refreshed credentials and
     * a fresh date go into each.
     *
     * @param method the HTTP method
     * @param uri the request's URI
     * @param headers the request's own headers, all of them signed
     * @param body the request's body (empty for none)
     */
    Map<String, String> sign(String method, URI uri, Map<String, String> headers, byte[] body)
        throws IOException;

    /** The URI to send the request to: the same, or with credentials in its query (a SAS). */
    default URI address(URI uri) {
      return uri;
    }
  }

  /** No body. */
  static final byte[] NO_BODY = new byte[0];

  /**
   * One request.
   *
   * @param method GET, PUT, POST, DELETE or HEAD
   * @param headers headers to send and sign (Host and Content-Length are the client's)
   * @param body the body to send, {@link #NO_BODY} for none
   * @param what the request, for messages ({@code bytes=0-99}, {@code listing}, {@code part 3})
   * @param maxBody the most bytes of the answer's body held
   */
  record Request(
      String method,
      URI uri,
      Map<String, String> headers,
      byte[] body,
      String what,
      long maxBody) {}

  /** What a request's answer means: a value, or an exception ({@link Transient} to retry). */
  interface Answer<T> {
    T accept(Response response) throws IOException;
  }

  /** An answer's status, headers and body (read up to the size the request allows). */
  record Response(int statusCode, java.net.http.HttpHeaders headers, byte[] body) {}

  /** A failure worth trying again. */
  static final class Transient extends IOException {
    private static final long serialVersionUID = 1L;

    Transient(String message) {
      super(message);
    }
  }

  /** An answer that does not fit the request (a wrong Content-Range): retrying would not help. */
  static final class BadAnswer extends IOException {
    private static final long serialVersionUID = 1L;

    BadAnswer(String message) {
      super(message);
    }
  }

  private static final Map<Duration, HttpClient> CLIENTS = new ConcurrentHashMap<>();

  private final String name;
  private final RemoteOptions options;
  private final Signer signer;
  private final HttpClient client;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong sent = new AtomicLong();
  private volatile boolean closed;

  /**
   * @param name what messages name (the URI the caller gave)
   */
  RemoteRequests(String name, RemoteOptions options, Signer signer) {
    this.name = name;
    this.options = options;
    this.signer = signer;
    this.client = CLIENTS.computeIfAbsent(options.connectTimeout(), RemoteRequests::newClient);
  }

  String name() {
    return name;
  }

  RemoteOptions options() {
    return options;
  }

  long requests() {
    return requests.get();
  }

  long bytes() {
    return bytes.get();
  }

  long bytesSent() {
    return sent.get();
  }

  /** Later requests fail, saying the file was closed. */
  void close() {
    closed = true;
  }

  void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(name + ": the file was closed while it was being read");
    }
  }

  /**
   * Sends a GET of {@code uri} (with a Range header when {@code range} is not null) until {@code
   * answer} accepts a response or the attempts run out.
   *
   * @param what the request, for messages ({@code bytes=0-99}, {@code listing})
   */
  <T> T get(URI uri, String range, String what, long maxBody, Answer<T> answer) throws IOException {
    return send(
        new Request(
            "GET", uri, range == null ? Map.of() : Map.of("Range", range), NO_BODY, what, maxBody),
        answer);
  }

  /**
   * Sends a request until {@code answer} accepts a response or the attempts run out. Requests that
   * change the store (PUT, POST, DELETE) are retried only when repeating them is harmless, which
   * holds for every request Parrow sends: parts and blocks have their number, a completion names
   * its parts, an abort of an aborted upload is refused as not found.
   */
  <T> T send(Request request, Answer<T> answer) throws IOException {
    IOException last = null;
    int lastStatus = 0;
    for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
      checkOpen();
      if (attempt > 1) {
        backoff(attempt);
      }
      try {
        URI uri = signer.address(request.uri());
        HttpRequest.BodyPublisher body =
            request.body().length == 0
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(request.body());
        HttpRequest.Builder b =
            HttpRequest.newBuilder(uri)
                .timeout(options.requestTimeout())
                .method(request.method(), body);
        request.headers().forEach(b::header);
        if ("http".equalsIgnoreCase(uri.getScheme())) {
          b.version(HttpClient.Version.HTTP_1_1);
        }
        signer
            .sign(request.method(), request.uri(), request.headers(), request.body())
            .forEach(b::header);
        requests.incrementAndGet();
        HttpResponse<java.io.InputStream> response =
            client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        byte[] answerBody;
        try (java.io.InputStream in = response.body()) {
          // Never more than asked for: a hostile or broken server cannot make the reader hold
          // more than the request's size.
          answerBody = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, request.maxBody() + 1));
        }
        bytes.addAndGet(answerBody.length);
        sent.addAndGet(request.body().length);
        int status = response.statusCode();
        if (status == 408 || status == 429 || status >= 500) {
          lastStatus = status;
          throw new Transient(StoreErrors.transientReason(status, answerBody));
        }
        if (answerBody.length > request.maxBody()) {
          throw new BadAnswer(
              name
                  + ": the answer to "
                  + request.what()
                  + " is longer than the "
                  + request.maxBody()
                  + " bytes asked for (status "
                  + status
                  + "; does the server ignore Range requests?)");
        }
        return answer.accept(new Response(status, response.headers(), answerBody));
      } catch (RemoteFileException | BadAnswer e) {
        throw e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(name + ": the read was interrupted");
      } catch (InterruptedIOException e) {
        if (Thread.currentThread().isInterrupted()) {
          throw e;
        }
        last = e; // HttpTimeoutException
      } catch (IOException e) {
        last = e;
      }
    }
    throw StoreErrors.gaveUp(name, request.what(), options.maxAttempts(), last, lastStatus);
  }

  private void backoff(int attempt) throws IOException {
    long first = options.firstBackoff().toMillis();
    long wait = Math.min(options.maxBackoff().toMillis(), first << Math.min(20, attempt - 2));
    wait = wait / 2 + ThreadLocalRandom.current().nextLong(wait / 2 + 1);
    try {
      Thread.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(name + ": the read was interrupted");
    }
  }

  /**
   * The value of a request run on another thread: its own IOException as it was, an interrupt as an
   * InterruptedIOException naming {@code name}.
   *
   * @param doing what was waited for, for the interrupt's message ("read", "write")
   */
  static <T> T await(java.util.concurrent.Future<T> future, String name, String doing)
      throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(name + ": the " + doing + " was interrupted");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause =
          e.getCause() instanceof java.io.UncheckedIOException u ? u.getCause() : e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException(name + ": " + cause, cause);
    }
  }

  /** The answer when its status is the one expected, else the error saying what it means. */
  Response expect(Response response, int status, String what) throws RemoteFileException {
    if (response.statusCode() != status) {
      throw statusError(response, what);
    }
    return response;
  }

  /** The error for a status that is not retried, saying what it means and what to do. */
  RemoteFileException statusError(int status, byte[] body, String what) {
    return StoreErrors.of(name, status, body, what);
  }

  /** The error for an answer that is not retried, with the error code of its headers too. */
  RemoteFileException statusError(Response response, String what) {
    return StoreErrors.of(
        name,
        response.statusCode(),
        response.body(),
        what,
        response.headers().firstValue("x-ms-error-code").orElse(""));
  }

  private static HttpClient newClient(Duration connectTimeout) {
    return HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }
}
