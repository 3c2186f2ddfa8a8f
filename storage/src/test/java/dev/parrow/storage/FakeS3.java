package dev.parrow.storage;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * An S3 in memory on 127.0.0.1, path-style, for what writes need: PutObject, the multipart upload
 * calls, GET with ranges, ListObjectsV2 and ListMultipartUploads. It records every request, how
 * many parts were being received at once, and answers with a fault where {@link #fault} says so.
 */
final class FakeS3 implements AutoCloseable {
  /** One request as the server saw it. */
  record Seen(String method, String path, String query, Map<String, List<String>> headers) {}

  /** An answer to send instead of the normal one. */
  record Fault(int status, String body) {}

  final Map<String, byte[]> objects = new ConcurrentHashMap<>();
  final Map<String, String> etags = new ConcurrentHashMap<>();

  /** Requests that are carried out but whose answer is lost (the connection closes first). */
  volatile java.util.function.Predicate<Seen> loseAnswer = s -> false;

  final Map<String, Map<Integer, byte[]>> uploads = new ConcurrentHashMap<>();
  final ConcurrentLinkedQueue<Seen> seen = new ConcurrentLinkedQueue<>();
  final AtomicInteger receiving = new AtomicInteger();
  final AtomicInteger mostReceiving = new AtomicInteger();
  final AtomicLong bytesReceived = new AtomicLong();
  volatile long partMillis;

  /** A fault for a request, or null to answer normally. */
  volatile Function<Seen, Fault> fault = s -> null;

  private final HttpServer server;
  private final AtomicInteger ids = new AtomicInteger();
  private final java.util.Set<String> buckets = ConcurrentHashMap.newKeySet();

  FakeS3(String... buckets) throws IOException {
    this.buckets.addAll(List.of(buckets));
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    server.createContext("/", this::handle);
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "fake-s3");
              t.setDaemon(true);
              return t;
            }));
    server.start();
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  RemoteOptions.Builder options() {
    return RemoteOptions.builder()
        .s3(S3Settings.of(endpoint(), "us-east-1", "key", "secret"))
        .firstBackoff(java.time.Duration.ofMillis(1))
        .maxBackoff(java.time.Duration.ofMillis(5));
  }

  long count(String method, String queryPart) {
    return seen.stream()
        .filter(
            s -> s.method.equals(method) && (s.query == null ? "" : s.query).contains(queryPart))
        .count();
  }

  private void handle(HttpExchange x) throws IOException {
    try (x) {
      String method = x.getRequestMethod();
      String path = x.getRequestURI().getRawPath();
      String query = x.getRequestURI().getRawQuery();
      Seen s = new Seen(method, path, query, Map.copyOf(x.getRequestHeaders()));
      seen.add(s);
      byte[] body = x.getRequestBody().readAllBytes();
      bytesReceived.addAndGet(body.length);
      if (loseAnswer.test(s)) {
        LOSE.set(true);
      }
      Fault f = fault.apply(s);
      if (f != null) {
        send(x, f.status, f.body.getBytes(StandardCharsets.UTF_8));
        return;
      }
      String[] parts = path.replaceFirst("^/", "").split("/", 2);
      String bucket = parts[0];
      String key =
          parts.length > 1 ? java.net.URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
      if (!buckets.contains(bucket)) {
        send(x, 404, error("NoSuchBucket"));
        return;
      }
      Map<String, String> q = query(query);
      String name = bucket + "/" + key;
      switch (method) {
        case "PUT" -> {
          if (q.containsKey("partNumber")) {
            int now = receiving.incrementAndGet();
            mostReceiving.accumulateAndGet(now, Math::max);
            try {
              Thread.sleep(partMillis);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            } finally {
              receiving.decrementAndGet();
            }
            Map<Integer, byte[]> upload = uploads.get(q.get("uploadId"));
            if (upload == null) {
              send(x, 404, error("NoSuchUpload"));
              return;
            }
            int n = Integer.parseInt(q.get("partNumber"));
            upload.put(n, body);
            x.getResponseHeaders().add("ETag", "\"" + md5(body) + "\"");
            send(x, 200, new byte[0]);
          } else {
            // A conditional put (S3 since 2024): made only where no object is.
            if ("*".equals(x.getRequestHeaders().getFirst("If-None-Match"))
                && objects.putIfAbsent(name, body) != null) {
              send(x, 412, error("PreconditionFailed"));
              return;
            }
            objects.put(name, body);
            etags.put(name, md5(body));
            send(x, 200, new byte[0]);
          }
        }
        case "POST" -> {
          if (q.containsKey("uploads")) {
            String id = "upload-" + ids.incrementAndGet() + "+/=";
            uploads.put(id, new ConcurrentHashMap<>());
            send(
                x,
                200,
                ("<InitiateMultipartUploadResult><UploadId>"
                        + id
                        + "</UploadId></InitiateMultipartUploadResult>")
                    .getBytes(StandardCharsets.UTF_8));
          } else {
            Map<Integer, byte[]> upload = uploads.remove(q.get("uploadId"));
            if (upload == null) {
              send(x, 404, error("NoSuchUpload"));
              return;
            }
            String xml = new String(body, StandardCharsets.UTF_8);
            ByteArrayOutputStream whole = new ByteArrayOutputStream();
            ByteArrayOutputStream composite = new ByteArrayOutputStream();
            int count = xml.split("<Part>", -1).length - 1;
            for (int i = 1; i <= count; i++) {
              byte[] p = upload.get(i);
              if (p == null
                  || !xml.contains(
                      "<PartNumber>"
                          + i
                          + "</PartNumber><ETag>&quot;"
                          + md5(p)
                          + "&quot;</ETag>")) {
                send(x, 400, error("InvalidPart"));
                return;
              }
              whole.write(p);
              composite.write(java.util.HexFormat.of().parseHex(md5(p)));
            }
            objects.put(name, whole.toByteArray());
            etags.put(name, md5(composite.toByteArray()) + "-" + count);
            send(x, 200, "<CompleteMultipartUploadResult/>".getBytes(StandardCharsets.UTF_8));
          }
        }
        case "DELETE" -> {
          if (!q.containsKey("uploadId")) {
            objects.remove(name);
            send(x, 204, null);
          } else if (uploads.remove(q.get("uploadId")) == null) {
            send(x, 404, error("NoSuchUpload"));
          } else {
            send(x, 204, null);
          }
        }
        case "GET", "HEAD" -> {
          if (key.isEmpty() && q.containsKey("list-type")) {
            StringBuilder out = new StringBuilder("<ListBucketResult>");
            new TreeMap<>(objects)
                .keySet().stream()
                    .filter(k -> k.startsWith(bucket + "/" + q.getOrDefault("prefix", "")))
                    .forEach(
                        k ->
                            out.append("<Key>")
                                .append(k.substring(bucket.length() + 1))
                                .append("</Key>"));
            send(
                x,
                200,
                out.append("</ListBucketResult>").toString().getBytes(StandardCharsets.UTF_8));
            return;
          }
          byte[] object = objects.get(name);
          if (object == null) {
            send(x, 404, error("NoSuchKey"));
            return;
          }
          x.getResponseHeaders().add("ETag", "\"" + etags.get(name) + "\"");
          String range = x.getRequestHeaders().getFirst("Range");
          if (range == null) {
            send(x, 200, object);
            return;
          }
          String[] r = range.substring("bytes=".length()).split("-", -1);
          int from;
          int to;
          if (r[0].isEmpty()) {
            from = Math.max(0, object.length - Integer.parseInt(r[1]));
            to = object.length - 1;
          } else {
            from = Integer.parseInt(r[0]);
            to =
                r[1].isEmpty()
                    ? object.length - 1
                    : Math.min(object.length - 1, Integer.parseInt(r[1]));
          }
          x.getResponseHeaders()
              .add("Content-Range", "bytes " + from + "-" + to + "/" + object.length);
          send(x, 206, java.util.Arrays.copyOfRange(object, from, to + 1));
        }
        default -> send(x, 405, new byte[0]);
      }
    }
  }

  static String errorXml(String code) {
    return "<?xml version=\"1.0\"?><Error><Code>" + code + "</Code><Message>fake</Message></Error>";
  }

  private static byte[] error(String code) {
    return errorXml(code).getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> out = new java.util.HashMap<>();
    if (raw == null) {
      return out;
    }
    for (String p : raw.split("&")) {
      int eq = p.indexOf('=');
      out.put(
          java.net.URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8),
          eq < 0 ? "" : java.net.URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static final ThreadLocal<Boolean> LOSE = ThreadLocal.withInitial(() -> false);

  static String md5(byte[] bytes) {
    try {
      return java.util.HexFormat.of()
          .formatHex(java.security.MessageDigest.getInstance("MD5").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void send(HttpExchange x, int status, byte[] body) throws IOException {
    if (LOSE.get()) {
      LOSE.set(false);
      return; // closed without an answer
    }
    if (body == null || body.length == 0 || x.getRequestMethod().equals("HEAD")) {
      x.sendResponseHeaders(status, -1);
      return;
    }
    x.sendResponseHeaders(status, body.length);
    x.getResponseBody().write(body);
  }

  @Override
  public void close() {
    server.stop(0);
  }

  /** Keys of the objects held, sorted. */
  List<String> keys() {
    return new ArrayList<>(new TreeMap<>(objects).keySet());
  }
}
