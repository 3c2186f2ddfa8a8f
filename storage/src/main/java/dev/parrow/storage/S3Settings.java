package dev.parrow.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where S3 is and who asks it: the endpoint, the region and the credentials requests are signed
 * with (AWS Signature Version 4).
 *
 * @param endpoint the S3-compatible endpoint ({@code http://127.0.0.1:9000}), or null for AWS's own
 *     ({@code https://BUCKET.s3.REGION.amazonaws.com})
 * @param region the region the signature names
 * @param accessKeyId the access key, or null to send requests unsigned (public buckets)
 * @param secretAccessKey the secret key
 * @param sessionToken the session token of temporary credentials, or null
 * @param pathStyle whether the bucket goes in the path ({@code ENDPOINT/BUCKET/KEY}) rather than in
 *     the host name; S3-compatible stores mostly need it
 */
public record S3Settings(
    URI endpoint,
    String region,
    String accessKeyId,
    String secretAccessKey,
    String sessionToken,
    boolean pathStyle) {

  /**
   * Checks the settings.
   *
   * @param endpoint the S3-compatible endpoint
   * @param region the region the signature names
   * @param accessKeyId the access key, or null to send requests unsigned
   * @param secretAccessKey the secret key
   * @param sessionToken the session token of temporary credentials, or null
   * @param pathStyle whether the bucket goes in the path
   */
  public S3Settings {
    if (region == null || region.isEmpty()) {
      throw new IllegalArgumentException("an S3 region is needed");
    }
    if (accessKeyId != null && secretAccessKey == null) {
      throw new IllegalArgumentException("an S3 access key needs its secret key");
    }
  }

  /**
   * Settings as the AWS tools find them: the credentials from {@code AWS_ACCESS_KEY_ID}, {@code
   * AWS_SECRET_ACCESS_KEY} and {@code AWS_SESSION_TOKEN}, else from the profile ({@code
   * AWS_PROFILE}, else {@code default}) of the shared credentials file ({@code
   * AWS_SHARED_CREDENTIALS_FILE}, else {@code ~/.aws/credentials}); the region from {@code
   * AWS_REGION}, {@code AWS_DEFAULT_REGION} or the profile's {@code region} in the config file
   * ({@code AWS_CONFIG_FILE}, else {@code ~/.aws/config}), else us-east-1; the endpoint from {@code
   * AWS_ENDPOINT_URL_S3}, {@code AWS_ENDPOINT_URL} or the profile's {@code endpoint_url}, used
   * path-style. With no credentials anywhere, requests go unsigned.
   *
   * @return the settings
   */
  public static S3Settings fromEnvironment() {
    return from(System.getenv(), Path.of(System.getProperty("user.home"), ".aws"));
  }

  static S3Settings from(Map<String, String> env, Path awsDirectory) {
    String profile = env.getOrDefault("AWS_PROFILE", "default");
    Map<String, String> credentials =
        section(
            path(env.get("AWS_SHARED_CREDENTIALS_FILE"), awsDirectory.resolve("credentials")),
            List.of(profile));
    Map<String, String> config =
        section(
            path(env.get("AWS_CONFIG_FILE"), awsDirectory.resolve("config")),
            List.of("profile " + profile, profile));
    String key = env.get("AWS_ACCESS_KEY_ID");
    String secret = env.get("AWS_SECRET_ACCESS_KEY");
    String token = env.get("AWS_SESSION_TOKEN");
    if (key == null || secret == null) {
      key = credentials.get("aws_access_key_id");
      secret = credentials.get("aws_secret_access_key");
      token = credentials.get("aws_session_token");
    }
    String region =
        first(env.get("AWS_REGION"), env.get("AWS_DEFAULT_REGION"), config.get("region"));
    String endpoint =
        first(
            env.get("AWS_ENDPOINT_URL_S3"),
            env.get("AWS_ENDPOINT_URL"),
            config.get("endpoint_url"));
    return new S3Settings(
        endpoint == null ? null : URI.create(endpoint),
        region == null ? "us-east-1" : region,
        key,
        key == null ? null : secret,
        key == null ? null : token,
        endpoint != null);
  }

  /**
   * Settings for an S3-compatible store, path-style.
   *
   * @param endpoint the store's endpoint
   * @param region the region to sign for
   * @param accessKeyId the access key
   * @param secretAccessKey the secret key
   * @return the settings
   */
  public static S3Settings of(
      URI endpoint, String region, String accessKeyId, String secretAccessKey) {
    return new S3Settings(endpoint, region, accessKeyId, secretAccessKey, null, true);
  }

  /**
   * The HTTP URI of an object.
   *
   * @param bucket the bucket
   * @param key the object's key
   * @return where to send requests for it
   */
  public URI objectUri(String bucket, String key) {
    String path = SigV4.encodePath(key);
    if (endpoint == null) {
      return URI.create("https://" + bucket + ".s3." + region + ".amazonaws.com/" + path);
    }
    String base = endpoint.toString().replaceAll("/+$", "");
    return pathStyle
        ? URI.create(base + "/" + bucket + "/" + path)
        : URI.create(
            endpoint.getScheme() + "://" + bucket + "." + endpoint.getRawAuthority() + "/" + path);
  }

  private static Path path(String override, Path fallback) {
    return override == null || override.isEmpty() ? fallback : Path.of(override);
  }

  private static String first(String... values) {
    for (String v : values) {
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return null;
  }

  /** The keys of the first of {@code names} that is a section of the INI file, lowercased. */
  private static Map<String, String> section(Path file, List<String> names) {
    Map<String, Map<String, String>> sections = new HashMap<>();
    try {
      if (!Files.isRegularFile(file)) {
        return Map.of();
      }
      Map<String, String> current = null;
      for (String raw : Files.readAllLines(file)) {
        String line = raw.strip();
        if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
          continue;
        }
        if (line.startsWith("[") && line.endsWith("]")) {
          current =
              sections.computeIfAbsent(
                  line.substring(1, line.length() - 1).strip(), k -> new HashMap<>());
        } else if (current != null && line.contains("=")) {
          int eq = line.indexOf('=');
          current.put(
              line.substring(0, eq).strip().toLowerCase(Locale.ROOT),
              line.substring(eq + 1).strip());
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    for (String n : names) {
      if (sections.containsKey(n)) {
        return sections.get(n);
      }
    }
    return Map.of();
  }
}
