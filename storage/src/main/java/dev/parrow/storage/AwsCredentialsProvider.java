package dev.parrow.storage;

import java.io.IOException;
import java.util.Objects;

/**
 * Where S3 credentials come from. Asked before every request, so a provider of temporary
 * credentials hands out fresh ones before the old expire ({@link #refreshing} does the caching).
 * {@link #defaultChain()} looks where the AWS SDKs look.
 */
@FunctionalInterface
public interface AwsCredentialsProvider {
  /**
   * The credentials to sign the next request with.
   *
   * @return the credentials, or null to send requests unsigned (public buckets)
   * @throws IOException if they cannot be found or fetched
   */
  AwsCredentials credentials() throws IOException;

  /**
   * Always the same credentials.
   *
   * @param credentials the credentials
   * @return the provider
   */
  static AwsCredentialsProvider of(AwsCredentials credentials) {
    Objects.requireNonNull(credentials, "credentials");
    return new AwsCredentialsProvider() {
      @Override
      public AwsCredentials credentials() {
        return credentials;
      }

      @Override
      public String toString() {
        return credentials.toString();
      }
    };
  }

  /**
   * Fetches credentials from {@code source} the first time and again five minutes before they
   * expire (credentials without an expiry are kept); requests in between share them. A failed
   * refresh while the old credentials are still valid keeps the old ones.
   *
   * @param source where fresh credentials come from
   * @return the caching provider
   */
  static AwsCredentialsProvider refreshing(AwsCredentialsProvider source) {
    Refreshing<AwsCredentials> cache =
        new Refreshing<>(source::credentials, AwsCredentials::expiration);
    return cache::get;
  }

  /**
   * The chain the AWS SDKs follow, from the process's environment and {@code ~/.aws} (see {@link
   * AwsCredentialChain}): the environment, a web identity token (EKS), the profile (keys, {@code
   * credential_process}, SSO), the container endpoint (ECS), the instance metadata service (EC2,
   * IMDSv2). The first that gives credentials is used from then on, refreshed before they expire;
   * when none does, requests go unsigned.
   *
   * @return the provider
   */
  static AwsCredentialsProvider defaultChain() {
    return AwsCredentialChain.fromEnvironment();
  }
}
