package dev.parrow.storage;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4, with the JDK's own SHA-256 and HMAC and no SDK: the payload's hash is
 * signed as it is ({@link #payloadHash}), so a part uploaded is checked by the store too.
 */
final class SigV4 {
  private SigV4() {}

  /** The hash of an empty payload, which a GET sends. */
  static final String EMPTY_PAYLOAD =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /**
   * The headers to add to a request: {@code x-amz-date}, {@code x-amz-content-sha256}, {@code
   * x-amz-security-token} when there is a session token, and {@code Authorization}.
   *
   * @param headers the request's other headers to sign (names in any case), Host excluded
   * @param payloadHash the hex SHA-256 of the body ({@link #payloadHash})
   */
  static Map<String, String> sign(
      String method,
      URI uri,
      Map<String, String> headers,
      Instant now,
      AwsCredentials credentials,
      String region,
      String service,
      String payloadHash) {
    String stamp = STAMP.format(now);
    String day = stamp.substring(0, 8);
    TreeMap<String, String> signed = new TreeMap<>();
    for (Map.Entry<String, String> h : headers.entrySet()) {
      signed.put(h.getKey().toLowerCase(Locale.ROOT), h.getValue().strip());
    }
    signed.put("host", host(uri));
    signed.put("x-amz-content-sha256", payloadHash);
    signed.put("x-amz-date", stamp);
    if (credentials.sessionToken() != null) {
      signed.put("x-amz-security-token", credentials.sessionToken());
    }
    StringBuilder canonicalHeaders = new StringBuilder();
    for (Map.Entry<String, String> h : signed.entrySet()) {
      canonicalHeaders.append(h.getKey()).append(':').append(h.getValue()).append('\n');
    }
    String signedHeaders = String.join(";", signed.keySet());
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    String canonical =
        method
            + "\n"
            + path
            + "\n"
            + canonicalQuery(uri.getRawQuery())
            + "\n"
            + canonicalHeaders
            + "\n"
            + signedHeaders
            + "\n"
            + payloadHash;
    String scope = day + "/" + region + "/" + service + "/aws4_request";
    String toSign = "AWS4-HMAC-SHA256\n" + stamp + "\n" + scope + "\n" + hex(sha256(canonical));
    byte[] key =
        hmac(("AWS4" + credentials.secretAccessKey()).getBytes(StandardCharsets.UTF_8), day);
    key = hmac(key, region);
    key = hmac(key, service);
    key = hmac(key, "aws4_request");
    String signature = hex(hmac(key, toSign));
    Map<String, String> out = new LinkedHashMap<>();
    out.put("x-amz-date", stamp);
    out.put("x-amz-content-sha256", payloadHash);
    if (credentials.sessionToken() != null) {
      out.put("x-amz-security-token", credentials.sessionToken());
    }
    out.put(
        "Authorization",
        "AWS4-HMAC-SHA256 Credential="
            + credentials.accessKeyId()
            + "/"
            + scope
            + ", SignedHeaders="
            + signedHeaders
            + ", Signature="
            + signature);
    return out;
  }

  /** The hex SHA-256 of a request's body, as {@code x-amz-content-sha256} carries it. */
  static String payloadHash(byte[] body) {
    if (body.length == 0) {
      return EMPTY_PAYLOAD;
    }
    try {
      return hex(MessageDigest.getInstance("SHA-256").digest(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /** The Host header the JDK's HttpClient sends: the port only when it is not the scheme's. */
  static String host(URI uri) {
    int port = uri.getPort();
    boolean usual =
        port == -1
            || (port == 80 && "http".equalsIgnoreCase(uri.getScheme()))
            || (port == 443 && "https".equalsIgnoreCase(uri.getScheme()));
    return usual ? uri.getHost() : uri.getHost() + ":" + port;
  }

  /** An object key as a URI path: every byte but the unreserved ones and '/' percent-encoded. */
  static String encodePath(String key) {
    StringBuilder out = new StringBuilder();
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xFF);
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_'
          || c == '.'
          || c == '~'
          || c == '/') {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xFF));
      }
    }
    return out.toString();
  }

  private static String canonicalQuery(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return "";
    }
    TreeMap<String, String> params = new TreeMap<>();
    for (String p : rawQuery.split("&")) {
      int eq = p.indexOf('=');
      params.put(eq < 0 ? p : p.substring(0, eq), eq < 0 ? "" : p.substring(eq + 1));
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (out.length() > 0) {
        out.append('&');
      }
      out.append(e.getKey()).append('=').append(e.getValue());
    }
    return out.toString();
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static byte[] hmac(byte[] key, String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
