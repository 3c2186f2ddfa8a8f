package dev.parrow.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * Credentials that sign S3 requests.
 *
 * @param accessKeyId the access key
 * @param secretAccessKey the secret key
 * @param sessionToken the session token of temporary credentials, or null
 * @param expiration when temporary credentials expire, or null for ones that do not
 */
public record AwsCredentials(
    String accessKeyId, String secretAccessKey, String sessionToken, Instant expiration) {
  /**
   * Checks the credentials.
   *
   * @param accessKeyId the access key
   * @param secretAccessKey the secret key
   * @param sessionToken the session token, or null
   * @param expiration when they expire, or null
   */
  public AwsCredentials {
    Objects.requireNonNull(accessKeyId, "accessKeyId");
    Objects.requireNonNull(secretAccessKey, "secretAccessKey");
    if (accessKeyId.isEmpty() || secretAccessKey.isEmpty()) {
      throw new IllegalArgumentException("an access key and its secret key are needed");
    }
  }

  /**
   * Long-term credentials.
   *
   * @param accessKeyId the access key
   * @param secretAccessKey the secret key
   * @return the credentials
   */
  public static AwsCredentials of(String accessKeyId, String secretAccessKey) {
    return new AwsCredentials(accessKeyId, secretAccessKey, null, null);
  }

  /** Leaves the secret out, so that credentials in a log or a message give nothing away. */
  @Override
  public String toString() {
    return "AwsCredentials["
        + accessKeyId
        + (expiration == null ? "" : ", until " + expiration)
        + "]";
  }
}
