package dev.parrow.storage;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where S3 is and who asks it: the endpoint, the region and where the credentials requests are
 * signed with come from (AWS Signature Version 4).
 *
 * @param endpoint the S3-compatible endpoint ({@code http://127.0.0.1:9000}), or null for AWS's own
 *     ({@code https://BUCKET.s3.REGION.amazonaws.com})
 * @param region the region the signature names
 * @param credentials where the credentials come from (asked before each request), or null to send
 *     requests unsigned (public buckets)
 * @param pathStyle whether the bucket goes in the path ({@code ENDPOINT/BUCKET/KEY}) rather than in
 *     the host name; S3-compatible stores mostly need it
 */
public record S3Settings(
    URI endpoint, String region, AwsCredentialsProvider credentials, boolean pathStyle) {

  /**
   * Checks the settings.
   *
   * @param endpoint the S3-compatible endpoint
   * @param region the region the signature names
   * @param credentials where the credentials come from, or null
   * @param pathStyle whether the bucket goes in the path
   */
  public S3Settings {
    if (region == null || region.isEmpty()) {
      throw new IllegalArgumentException("an S3 region is needed");
    }
  }

  /**
   * Settings with fixed credentials.
   *
   * @param endpoint the S3-compatible endpoint, or null for AWS's own
   * @param region the region the signature names
   * @param accessKeyId the access key, or null to send requests unsigned
   * @param secretAccessKey the secret key
   * @param sessionToken the session token of temporary credentials, or null
   * @param pathStyle whether the bucket goes in the path
   */
  public S3Settings(
      URI endpoint,
      String region,
      String accessKeyId,
      String secretAccessKey,
      String sessionToken,
      boolean pathStyle) {
    this(
        endpoint,
        region,
        accessKeyId == null
            ? null
            : AwsCredentialsProvider.of(
                new AwsCredentials(accessKeyId, secretAccessKey, sessionToken, null)),
        pathStyle);
  }

  /**
   * Settings as the AWS tools find them: the credentials from {@link
   * AwsCredentialsProvider#defaultChain()} (the environment, a web identity token, the profile with
   * its {@code credential_process} or SSO, the container endpoint, the instance metadata service);
   * the region from {@code AWS_REGION}, {@code AWS_DEFAULT_REGION} or the profile's {@code region}
   * in the config file ({@code AWS_CONFIG_FILE}, else {@code ~/.aws/config}), else us-east-1; the
   * endpoint from {@code AWS_ENDPOINT_URL_S3}, {@code AWS_ENDPOINT_URL} or the profile's {@code
   * endpoint_url}, used path-style. With no credentials anywhere, requests go unsigned. Found once
   * per process.
   *
   * @return the settings
   */
  public static S3Settings fromEnvironment() {
    return Environment.SETTINGS;
  }

  /** The environment's settings, found once: the chain then keeps its credentials fresh. */
  private static final class Environment {
    static final S3Settings SETTINGS =
        from(System.getenv(), Path.of(System.getProperty("user.home"), ".aws"));
  }

  static S3Settings from(Map<String, String> env, Path awsDirectory) {
    AwsProfile profile = AwsProfile.of(env, awsDirectory);
    AwsCredentialChain chain = AwsCredentialChain.of(env, profile);
    String endpoint =
        AwsCredentialChain.first(
            env.get("AWS_ENDPOINT_URL_S3"),
            env.get("AWS_ENDPOINT_URL"),
            profile.get("endpoint_url"));
    return new S3Settings(
        endpoint == null ? null : URI.create(endpoint), chain.region(), chain, endpoint != null);
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
   * The same settings with other credentials.
   *
   * @param provider where the credentials come from, or null for unsigned requests
   * @return the settings
   */
  public S3Settings withCredentials(AwsCredentialsProvider provider) {
    return new S3Settings(endpoint, region, provider, pathStyle);
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
}
