package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * S3 objects: read as {@link HttpInputFile}s whose requests carry a Signature Version 4, and listed
 * by prefix (ListObjectsV2), so that a dataset can name {@code s3://BUCKET/PREFIX/}.
 */
public final class S3Files {
  private S3Files() {}

  /** The most bytes of one listing page (S3 sends at most 1,000 keys of up to 1 KiB each). */
  private static final long LISTING_LIMIT = 16 << 20;

  private static final Pattern KEY = Pattern.compile("<Key>([^<]*)</Key>");
  private static final Pattern NEXT =
      Pattern.compile("<NextContinuationToken>([^<]*)</NextContinuationToken>");

  static HttpInputFile open(URI s3, RemoteOptions options) throws IOException {
    Location l = Location.of(s3);
    if (l.key.isEmpty()) {
      throw new IllegalArgumentException(s3 + ": an S3 object is s3://BUCKET/KEY");
    }
    S3Settings settings = settings(options);
    return HttpInputFile.open(
        settings.objectUri(l.bucket, l.key), s3.toString(), options, signer(settings));
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
    Location l = Location.of(prefix);
    S3Settings settings = settings(options);
    RemoteRequests requests = new RemoteRequests(prefix.toString(), options, signer(settings));
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

  private record Location(String bucket, String key) {
    static Location of(URI s3) {
      String bucket = s3.getHost();
      if (bucket == null || bucket.isEmpty()) {
        throw new IllegalArgumentException(s3 + ": an S3 URI is s3://BUCKET/KEY");
      }
      String key = s3.getPath() == null ? "" : s3.getPath().replaceFirst("^/", "");
      return new Location(bucket, key);
    }
  }

  private static S3Settings settings(RemoteOptions options) {
    return options.s3() != null ? options.s3() : S3Settings.fromEnvironment();
  }

  private static RemoteRequests.Signer signer(S3Settings settings) {
    if (settings.accessKeyId() == null) {
      return RemoteRequests.Signer.NONE;
    }
    return (HttpRequest.Builder builder, URI uri, Map<String, String> headers) ->
        SigV4.sign("GET", uri, headers, Instant.now(), settings, "s3").forEach(builder::header);
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
