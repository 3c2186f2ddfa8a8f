package dev.parrow.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP server on 127.0.0.1 that serves the files registered with it with range requests (as
 * object stores and static file servers do), counts the requests and body bytes, and misbehaves on
 * demand: the faults queued are applied to the next requests, one each.
 */
final class RangeServer implements AutoCloseable {
  /** What the server does wrong to one request. */
  enum Fault {
    /** Nothing wrong (to let some requests through before the faults that follow). */
    NONE,
    /** Closes the connection without an answer. */
    DROP,
    /** Answers 500. */
    ERROR_500,
    /** Answers 503. */
    ERROR_503,
    /** Waits longer than a test's request timeout before answering. */
    SLOW,
    /** Declares the whole range, sends half of it and closes the connection. */
    CUT_BODY,
    /** Declares and sends only half of the range asked for. */
    SHORT_BODY,
    /** Answers 403. */
    FORBIDDEN,
    /** Sends a body of 64 MiB for whatever range was asked (a broken or hostile server). */
    HUGE_BODY
  }

  private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

  private final java.util.Map<String, Path> files = new java.util.concurrent.ConcurrentHashMap<>();
  private final HttpServer server;
  final AtomicLong requests = new AtomicLong();
  final AtomicLong bytes = new AtomicLong();

  /** The requests for each file served, by its name. */
  final java.util.Map<String, AtomicLong> requestsByName =
      new java.util.concurrent.ConcurrentHashMap<>();

  final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
  volatile long latencyMillis;
  volatile long slowMillis = 3_000;

  RangeServer() throws IOException {
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    server.createContext("/", this::handle);
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "range-server");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  /** Serves {@code file} as {@code name} (a relative path, '/'-separated); its URI. */
  URI serve(String name, Path file) {
    files.put(name, file);
    return uri(name);
  }

  URI uri(String name) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/" + name);
  }

  void resetCounts() {
    requestsByName.clear();
    requests.set(0);
    bytes.set(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requests.incrementAndGet();
      if (System.getenv("RANGE_SERVER_LOG") != null) {
        System.err.println(
            "range-server "
                + exchange.getRequestURI()
                + " "
                + exchange.getRequestHeaders().getFirst("Range"));
      }
      if (latencyMillis > 0) {
        sleep(latencyMillis);
      }
      Fault fault = faults.poll();
      String name = exchange.getRequestURI().getPath().substring(1);
      requestsByName.computeIfAbsent(name, k -> new AtomicLong()).incrementAndGet();
      Path file = files.get(name);
      if (fault == Fault.DROP) {
        return; // closing the exchange without headers drops the connection
      }
      if (fault == Fault.ERROR_500 || fault == Fault.ERROR_503 || fault == Fault.FORBIDDEN) {
        int status = fault == Fault.ERROR_500 ? 500 : fault == Fault.ERROR_503 ? 503 : 403;
        exchange.sendResponseHeaders(status, -1);
        return;
      }
      if (fault == Fault.SLOW) {
        sleep(slowMillis);
      }
      if (fault == Fault.HUGE_BODY) {
        exchange.sendResponseHeaders(206, 64 << 20);
        try (OutputStream out = exchange.getResponseBody()) {
          byte[] junk = new byte[1 << 20];
          for (int i = 0; i < 64; i++) {
            out.write(junk);
          }
        } catch (IOException e) {
          // The client stops reading once it has more than it asked for.
        }
        return;
      }
      if (file == null || !Files.isRegularFile(file)) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      long size = Files.size(file);
      String header = exchange.getRequestHeaders().getFirst("Range");
      long start = 0;
      long end = size - 1;
      int status = 200;
      if (header != null) {
        Matcher m = RANGE.matcher(header);
        if (!m.matches()) {
          exchange.sendResponseHeaders(416, -1);
          return;
        }
        if (m.group(1).isEmpty()) {
          start = Math.max(0, size - Long.parseLong(m.group(2)));
        } else {
          start = Long.parseLong(m.group(1));
          end = m.group(2).isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(m.group(2)));
        }
        if (start >= size) {
          exchange.getResponseHeaders().add("Content-Range", "bytes */" + size);
          exchange.sendResponseHeaders(416, -1);
          return;
        }
        status = 206;
      }
      long length = end - start + 1;
      long sent = fault == Fault.SHORT_BODY ? length / 2 : length;
      if (status == 206) {
        exchange
            .getResponseHeaders()
            .add("Content-Range", "bytes " + start + "-" + (start + sent - 1) + "/" + size);
      }
      exchange.sendResponseHeaders(status, sent);
      long write = fault == Fault.CUT_BODY ? length / 2 : sent;
      try (FileChannel ch = FileChannel.open(file);
          OutputStream out = exchange.getResponseBody()) {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(write, 1 << 20));
        long at = start;
        long left = write;
        while (left > 0) {
          buffer.clear().limit((int) Math.min(buffer.capacity(), left));
          int n = ch.read(buffer, at);
          out.write(buffer.array(), 0, n);
          at += n;
          left -= n;
        }
        bytes.addAndGet(write);
        if (fault == Fault.CUT_BODY) {
          out.flush();
          throw new IOException("cut"); // leaves the connection broken mid-body
        }
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
