package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * S3 objects: read as {@link HttpInputFile}s whose requests carry a Signature Version 4, listed by
 * prefix (ListObjectsV2), so that a dataset can name {@code s3://BUCKET/PREFIX/}, and written whole
 * or not at all ({@link Upload}: one PutObject, or a multipart upload completed on commit).
 */
public final class S3Files {
  private S3Files() {}

  /** The most bytes of one listing page (S3 sends at most 1,000 keys of up to 1 KiB each). */
  private static final long LISTING_LIMIT = 16 << 20;

  private static final Pattern KEY = Pattern.compile("<Key>([^<]*)</Key>");
  private static final Pattern NEXT =
      Pattern.compile("<NextContinuationToken>([^<]*)</NextContinuationToken>");

  static HttpInputFile open(String s3, RemoteOptions options) throws IOException {
    Location l = Location.of(s3);
    if (l.key.isEmpty()) {
      throw new IllegalArgumentException(s3 + ": an S3 object is s3://BUCKET/KEY");
    }
    S3Settings settings = settings(options);
    return HttpInputFile.open(settings.objectUri(l.bucket, l.key), s3, options, signer(settings));
  }

  /**
   * The objects whose keys start with a prefix, as {@code s3://} URIs in key order.
   *
   * @param prefix {@code s3://BUCKET/PREFIX}
   * @param options the S3 settings (or the environment's), retries and timeouts
   * @return the objects' URIs (keys ending in '/', folder markers, left out)
   * @throws IOException if the listing fails
   */
  public static List<String> list(URI prefix, RemoteOptions options) throws IOException {
    return list(prefix.toString(), options);
  }

  /**
   * The objects whose keys start with a prefix, as {@code s3://} locations in key order.
   *
   * @param prefix {@code s3://BUCKET/PREFIX}, the prefix as it is written
   * @param options the S3 settings (or the environment's), retries and timeouts
   * @return the objects' locations, keys as they are (keys ending in '/', folder markers, left out)
   * @throws IOException if the listing fails
   */
  public static List<String> list(String prefix, RemoteOptions options) throws IOException {
    Location l = Location.of(prefix);
    S3Settings settings = settings(options);
    RemoteRequests requests = new RemoteRequests(prefix, options, signer(settings));
    String base = settings.objectUri(l.bucket, "").toString();
    List<String> out = new ArrayList<>();
    String token = null;
    do {
      String query = "list-type=2&prefix=" + encode(l.key);
      if (token != null) {
        query = "continuation-token=" + encode(token) + "&" + query;
      }
      URI uri = URI.create(base + "?" + query);
      String page =
          requests.get(
              uri,
              null,
              "listing",
              LISTING_LIMIT,
              response -> {
                byte[] body = response.body();
                if (response.statusCode() != 200) {
                  throw requests.statusError(response.statusCode(), body, "listing");
                }
                return new String(body, StandardCharsets.UTF_8);
              });
      Matcher keys = KEY.matcher(page);
      while (keys.find()) {
        String key = unescapeXml(keys.group(1));
        if (!key.endsWith("/")) {
          out.add("s3://" + l.bucket + "/" + key);
        }
      }
      Matcher next = NEXT.matcher(page);
      token =
          page.contains("<IsTruncated>true</IsTruncated>") && next.find()
              ? unescapeXml(next.group(1))
              : null;
    } while (token != null);
    return out;
  }

  /**
   * A location's bucket and key. The key is taken as it is written, not percent-decoded: keys are
   * what listings give and what a writer names, whatever characters they hold (a hive partition
   * value escaped as {@code k=a%2Fb}, a space), and {@link S3Settings#objectUri} encodes them.
   */
  private record Location(String bucket, String key) {
    static Location of(String s3) {
      if (!s3.regionMatches(true, 0, "s3://", 0, 5)) {
        throw new IllegalArgumentException(s3 + ": an S3 location is s3://BUCKET/KEY");
      }
      String rest = s3.substring(5);
      int slash = rest.indexOf('/');
      String bucket = slash < 0 ? rest : rest.substring(0, slash);
      if (bucket.isEmpty()) {
        throw new IllegalArgumentException(s3 + ": an S3 location is s3://BUCKET/KEY");
      }
      return new Location(bucket, slash < 0 ? "" : rest.substring(slash + 1));
    }
  }

  /**
   * An object to write, whole or not at all.
   *
   * @param s3 {@code s3://BUCKET/KEY}
   * @param options the S3 settings (or the environment's), retries, part size and parts in flight
   * @return the output
   */
  static StagedOutputFile create(String s3, RemoteOptions options) {
    return create(s3, options, false);
  }

  /**
   * An object to write, whole or not at all, and with {@code ifAbsent} only if no object is there
   * (a conditional PutObject, {@code If-None-Match: *}; S3 answers 412 when one is).
   */
  static StagedOutputFile create(String s3, RemoteOptions options, boolean ifAbsent) {
    Location l = Location.of(s3);
    if (l.key.isEmpty() || l.key.endsWith("/")) {
      throw new IllegalArgumentException(s3 + ": an S3 object to write is s3://BUCKET/KEY");
    }
    S3Settings settings = settings(options);
    return new Upload(
        s3,
        settings.objectUri(l.bucket, l.key),
        options,
        new RemoteRequests(s3, options, signer(settings)),
        ifAbsent);
  }

  /** Deletes an object (DeleteObject; S3 answers 204 whether it was there or not). */
  static void delete(String s3, RemoteOptions options) throws IOException {
    Location l = Location.of(s3);
    S3Settings settings = settings(options);
    RemoteRequests requests = new RemoteRequests(s3, options, signer(settings));
    requests.send(
        new RemoteRequests.Request(
            "DELETE",
            settings.objectUri(l.bucket, l.key),
            Map.of(),
            RemoteRequests.NO_BODY,
            "DeleteObject",
            1 << 20),
        response -> {
          int status = response.statusCode();
          if (status != 204 && status != 200 && status != 404) {
            throw requests.statusError(status, response.body(), "DeleteObject");
          }
          return null;
        });
  }

  /** Completes an upload staged elsewhere (CompleteMultipartUpload). */
  static void publish(PendingFile file, RemoteOptions options) throws IOException {
    upload(file, options).complete(file.parts());
  }

  /** Aborts an upload staged elsewhere (AbortMultipartUpload). */
  static void discard(PendingFile file, RemoteOptions options) throws IOException {
    upload(file, options).discard();
  }

  private static Upload upload(PendingFile file, RemoteOptions options) {
    Upload u = (Upload) create(file.location(), options, false);
    u.uploadId = file.uploadId();
    return u;
  }

  /**
   * A write to S3: a file smaller than a part is one PutObject on commit; a larger one is a
   * multipart upload begun with its first part, completed on commit and aborted on failure.
   */
  private static final class Upload extends PartedUpload {
    private static final Pattern UPLOAD_ID = Pattern.compile("<UploadId>([^<]*)</UploadId>");
    private final URI object;
    private final RemoteRequests requests;
    private volatile String uploadId;

    Upload(
        String name, URI object, RemoteOptions options, RemoteRequests requests, boolean ifAbsent) {
      super(name, options, ifAbsent);
      this.object = object;
      this.requests = requests;
    }

    @Override
    RemoteRequests sent() {
      return requests;
    }

    @Override
    int maxParts() {
      return 10_000;
    }

    @Override
    String uploadId() {
      return uploadId;
    }

    @Override
    void putWhole(byte[] body) throws IOException {
      boolean made =
          requests.send(
              new RemoteRequests.Request(
                  "PUT",
                  object,
                  ifAbsent() ? Map.of("If-None-Match", "*") : Map.of(),
                  body,
                  "PutObject",
                  1 << 20),
              response -> {
                if (ifAbsent() && response.statusCode() == 412) {
                  return false;
                }
                requests.expect(response, 200, "PutObject");
                return true;
              });
      if (!made) {
        checkOwnWrite(body, S3Files.open(name(), options()));
      }
    }

    @Override
    void begin() throws IOException {
      uploadId =
          requests.send(
              new RemoteRequests.Request(
                  "POST",
                  URI.create(object + "?uploads"),
                  Map.of(),
                  RemoteRequests.NO_BODY,
                  "CreateMultipartUpload",
                  1 << 20),
              response -> {
                requests.expect(response, 200, "CreateMultipartUpload");
                Matcher m = UPLOAD_ID.matcher(new String(response.body(), StandardCharsets.UTF_8));
                if (!m.find()) {
                  throw new RemoteRequests.BadAnswer(
                      requests.name() + ": CreateMultipartUpload answered no UploadId");
                }
                return unescapeXml(m.group(1));
              });
    }

    @Override
    String sendPart(int number, byte[] body) throws IOException {
      String what = "part " + number;
      return requests.send(
          new RemoteRequests.Request(
              "PUT",
              URI.create(object + "?partNumber=" + number + "&uploadId=" + encode(uploadId)),
              Map.of(),
              body,
              what,
              1 << 20),
          response -> {
            requests.expect(response, 200, what);
            return response
                .headers()
                .firstValue("ETag")
                .orElseThrow(
                    () ->
                        new RemoteRequests.BadAnswer(
                            requests.name() + ": the store answered " + what + " without an ETag"));
          });
    }

    @Override
    void complete(List<String> partIds) throws IOException {
      StringBuilder xml = new StringBuilder("<CompleteMultipartUpload>");
      for (int i = 0; i < partIds.size(); i++) {
        xml.append("<Part><PartNumber>")
            .append(i + 1)
            .append("</PartNumber><ETag>")
            .append(escapeXml(partIds.get(i)))
            .append("</ETag></Part>");
      }
      xml.append("</CompleteMultipartUpload>");
      try {
        sendCompletion(xml.toString());
      } catch (RemoteFileException e) {
        // A retry after a completion whose answer was lost finds the upload gone: the object
        // is then there, with the ETag S3 gives an object made of these parts.
        if (!(e.status() == 404 && e.getMessage().contains("NoSuchUpload") && madeOf(partIds))) {
          throw e;
        }
      }
    }

    private void sendCompletion(String xml) throws IOException {
      requests.send(
          new RemoteRequests.Request(
              "POST",
              URI.create(object + "?uploadId=" + encode(uploadId)),
              Map.of("Content-Type", "application/xml"),
              xml.getBytes(StandardCharsets.UTF_8),
              "CompleteMultipartUpload",
              1 << 20),
          response -> {
            requests.expect(response, 200, "CompleteMultipartUpload");
            // S3 may answer 200 and an error in the body, after the headers went out.
            String code = StoreErrors.code(response.body());
            if (new String(response.body(), StandardCharsets.UTF_8).contains("<Error>")) {
              if (code.equals("InternalError") || code.equals("SlowDown")) {
                throw new RemoteRequests.Transient("CompleteMultipartUpload answered " + code);
              }
              throw requests.statusError(400, response.body(), "CompleteMultipartUpload");
            }
            return null;
          });
    }

    /**
     * Whether the object is the one these parts make: its ETag is S3's for a multipart object, the
     * MD5 of the parts' MD5s and their count (known only where the parts' ETags are their MD5s).
     */
    private boolean madeOf(List<String> partIds) throws IOException {
      java.security.MessageDigest md5;
      try {
        md5 = java.security.MessageDigest.getInstance("MD5");
      } catch (java.security.NoSuchAlgorithmException e) {
        return false;
      }
      for (String id : partIds) {
        String hex = id.replace("\"", "");
        if (!hex.matches("[0-9a-fA-F]{32}")) {
          return false;
        }
        md5.update(java.util.HexFormat.of().parseHex(hex));
      }
      String expected = java.util.HexFormat.of().formatHex(md5.digest()) + "-" + partIds.size();
      String etag =
          requests.send(
              new RemoteRequests.Request(
                  "HEAD", object, Map.of(), RemoteRequests.NO_BODY, "HeadObject", 0),
              response ->
                  response.statusCode() == 200
                      ? response.headers().firstValue("ETag").orElse("")
                      : "");
      return etag.replace("\"", "").equalsIgnoreCase(expected);
    }

    @Override
    void discard() throws IOException {
      String id = uploadId;
      if (id == null) {
        return;
      }
      requests.send(
          new RemoteRequests.Request(
              "DELETE",
              URI.create(object + "?uploadId=" + encode(id)),
              Map.of(),
              RemoteRequests.NO_BODY,
              "AbortMultipartUpload",
              1 << 20),
          response -> {
            // 404: already gone (an earlier abort whose answer was lost).
            if (response.statusCode() != 204
                && response.statusCode() != 200
                && response.statusCode() != 404) {
              throw requests.statusError(
                  response.statusCode(), response.body(), "AbortMultipartUpload");
            }
            return null;
          });
    }
  }

  /** The settings of the options, else the environment's (found once per process). */
  static S3Settings settings(RemoteOptions options) {
    return options.s3() != null ? options.s3() : S3Settings.fromEnvironment();
  }

  private static RemoteRequests.Signer signer(S3Settings settings) {
    AwsCredentialsProvider provider = settings.credentials();
    if (provider == null) {
      return RemoteRequests.Signer.NONE;
    }
    return (method, uri, headers, body) -> {
      AwsCredentials credentials = provider.credentials();
      if (credentials == null) {
        return Map.of(); // the chain found none: unsigned, as for a public bucket
      }
      return SigV4.sign(
          method,
          uri,
          headers,
          Instant.now(),
          credentials,
          settings.region(),
          "s3",
          SigV4.payloadHash(body));
    };
  }

  private static String escapeXml(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** A query value as SigV4 wants it: every byte but the unreserved ones percent-encoded. */
  private static String encode(String value) {
    return SigV4.encodePath(value).replace("/", "%2F");
  }

  private static String unescapeXml(String s) {
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&");
  }
}
