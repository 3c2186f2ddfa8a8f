package dev.parrow.storage;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GET requests to one remote store, with what every request needs: the signature, a timeout, and
 * retries with exponential backoff and jitter for what is transient (a refused or reset connection,
 * a timeout, 408, 429, 5xx, and answers an {@link Answer} finds short). Other statuses fail at once
 * with a {@link RemoteFileException} naming the URI.
 */
final class RemoteRequests {
  /** Adds what a server needs to accept a request (S3's signature); nothing for plain HTTP. */
  interface Signer {
    Signer NONE = (builder, uri, headers) -> {};

    /**
     * @param headers the request's headers that are signed, besides the host
     */
    void sign(HttpRequest.Builder builder, URI uri, Map<String, String> headers) throws IOException;
  }

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
    IOException last = null;
    for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
      checkOpen();
      if (attempt > 1) {
        backoff(attempt);
      }
      try {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(options.requestTimeout()).GET();
        if (range != null) {
          b.header("Range", range);
        }
        if ("http".equalsIgnoreCase(uri.getScheme())) {
          b.version(HttpClient.Version.HTTP_1_1);
        }
        signer.sign(b, uri, range == null ? Map.of() : Map.of("Range", range));
        requests.incrementAndGet();
        HttpResponse<java.io.InputStream> response =
            client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        byte[] body;
        try (java.io.InputStream in = response.body()) {
          // Never more than asked for: a hostile or broken server cannot make the reader hold
          // more than the request's size.
          body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBody + 1));
        }
        bytes.addAndGet(body.length);
        int status = response.statusCode();
        if (status == 408 || status == 429 || status >= 500) {
          throw new Transient("status " + status);
        }
        if (body.length > maxBody) {
          throw new BadAnswer(
              name
                  + ": the answer to "
                  + what
                  + " is longer than the "
                  + maxBody
                  + " bytes asked for (status "
                  + status
                  + "; does the server ignore Range requests?)");
        }
        return answer.accept(new Response(status, response.headers(), body));
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
    throw new IOException(
        name
            + ": "
            + what
            + " failed after "
            + options.maxAttempts()
            + " attempts: "
            + (last.getMessage() == null ? last.getClass().getSimpleName() : last.getMessage()),
        last);
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

  /** The error for a status that is not retried, with S3's error code when the body has one. */
  RemoteFileException statusError(int status, byte[] body, String what) {
    String meaning =
        switch (status) {
          case 401, 403 -> "access denied";
          case 404 -> "not found";
          case 416 -> "range not satisfiable";
          default -> "unexpected answer";
        };
    String detail = new String(body, 0, Math.min(body.length, 300), StandardCharsets.UTF_8).strip();
    Matcher code = Pattern.compile("<Code>([^<]*)</Code>").matcher(detail);
    String reason = code.find() ? " (" + code.group(1) + ")" : "";
    return new RemoteFileException(
        name + ": " + meaning + ", HTTP " + status + reason + " for " + what, status);
  }

  private static HttpClient newClient(Duration connectTimeout) {
    return HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }
}
