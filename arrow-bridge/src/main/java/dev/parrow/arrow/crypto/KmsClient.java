package dev.parrow.arrow.crypto;

/**
 * A key management service as parquet-java's key tools use it: master keys stay in the KMS, which
 * unwraps (decrypts) the keys a file's key material holds wrapped with them. Implement it over a
 * team's KMS (Vault, a cloud KMS); {@link InMemoryKms} is the test one parquet-java and Arrow C++
 * use.
 */
public interface KmsClient {
  /**
   * Unwraps a key.
   *
   * @param wrappedKey the wrapped key, as the key material stores it (base64)
   * @param masterKeyId the master key it was wrapped with
   * @return the key's bytes
   */
  byte[] unwrapKey(String wrappedKey, String masterKeyId);

  /**
   * Wraps a key with a master key (for writers).
   *
   * @param key the key's bytes
   * @param masterKeyId the master key to wrap it with
   * @return the wrapped key (base64)
   */
  String wrapKey(byte[] key, String masterKeyId);
}
